"""What a reader takes away at a glance matches the source.

One test (or more) per way a summary could mislead: a cell that hides a loss, a judgement in a measured
colour, a legend that misses a word, "does not serve" where nothing was tried, a judgement the source does
not support, a decision rule that contradicts its own answers, the answer buried below the fold (tested in
the browser, ``test_trust_browser.py``), one number with several spellings, and charts that mislead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup, Tag

from generator import decide
from generator.pipeline import build_guide, derive_guide
from generator.render.charts import build_charts
from tests.conftest import DATA, FIXTURES
from tests.data_edits import edit, line_of, problems_in
from tests.html import page, text

SOURCE = DATA / "source.txt"


def _serving_cell(soup: BeautifulSoup, name: str) -> Tag:
    row = next(tr for tr in soup.select("table.dg-matrix tbody tr") if text(tr.select_one("th a")) == name)
    cell = next(td for td in row.select("td") if td.get("data-label") == "Serving speed")
    assert isinstance(cell, Tag)
    return cell


# --- 1. A summary cell never hides a loss ------------------------------------------------------


def test_the_shipped_matrix_shows_where_deepep_loses(shipped_site: Path) -> None:
    """DeepEP-V2 loses to dense on TRT-LLM: its serving cell is red and says so, whatever it ties elsewhere."""
    cell = _serving_cell(page(shipped_site, ""), "DeepEP-V2 (ElasticBuffer, CPU proxy)")
    assert "dg-red" in cell["class"]
    words = text(cell)
    # the compact cell's line: the worst verdict first, the tie as a badge after it; each part in its fold
    assert text(cell.select_one("summary")) == "✖ slower vs dense ◐ tie vs UCCL ◐ tie vs dense"
    parts = [text(p) for p in cell.select(".dg-more-body .dg-part")]
    assert parts[0].startswith("✖ slower vs dense on TRT-LLM") and parts[1].startswith("◐ tie vs UCCL on SGLang"), words
    # Each regime links to its measured row.
    hrefs = [a["href"] for a in cell.select(".dg-verdict a, .dg-part a")]
    assert "../results/#dense-vs-deepep-row-trtllm-conc4" in [h.removeprefix(".") for h in hrefs] or any(
        h.endswith("results/#dense-vs-deepep-row-trtllm-conc4") for h in hrefs
    )


@pytest.mark.parametrize("aggregate", ["split", "worst"])
def test_a_regime_that_loses_shows_in_colour_and_words(data_copy: Path, build_site, aggregate: str) -> None:
    """Whatever the column declares, one losing regime makes the cell red and names it."""
    guide = data_copy / "guide.yml"
    guide.write_text(guide.read_text(encoding="utf-8").replace("aggregate: split", f"aggregate: {aggregate}"))
    # UCCL now loses one SGLang regime to DeepEP-V2 and ties the other.
    edit(
        data_copy / "tables" / "deepep-vs-uccl.yml",
        "{deepep-v2: 2173.8, uccl: 2105.4}",
        "{deepep-v2: 2173.8, uccl: 1500}",
    )
    # the robustness rule that picks UCCL now trades serving speed on purpose, and must say so (issue 38)
    edit(data_copy / "decisions.yml", "    recommend: uccl\n    runner_up: deepep-multicomm\n",
         "    recommend: uccl\n    runner_up: deepep-multicomm\n    trades: [serving]\n")  # fmt: skip
    site = build_site(data_copy)
    cell = _serving_cell(page(site, ""), "UCCL (raw-ibverbs wrapper)")
    assert "dg-red" in cell["class"] and text(cell.select_one("summary")).startswith("✖ ")
    assert "✖ slower vs DeepEP-V2 on SGLang · conc 256" in [text(p) for p in cell.select(".dg-more-body .dg-part")]
    if aggregate == "worst":
        assert "worst of 2 regimes shown" in text(cell)
    else:
        assert "◐ tie vs DeepEP-V2 on SGLang · conc 32" in text(cell)


def test_prose_that_averages_regimes_says_where_each_side_wins(data_copy: Path) -> None:
    """DeepEP at 900 tok/s on TRT-LLM conc 32: dense wins conc 4 and loses conc 32; no "1.2× faster"."""
    edit(
        data_copy / "tables" / "dense-vs-deepep.yml", "{deepep: 545.04, dense: 794.56}", "{deepep: 900, dense: 794.56}"
    )
    pages = build_guide(data_copy)
    bottom = pages["bottom-line.md"]
    assert "1.20× faster than" not in bottom and "1.21× faster than" not in bottom
    assert re.search(
        r"Dense is <a [^>]*>1\.54× faster than \(TRT-LLM 0\.21 · conc 4 / ISL 120\) "
        r"but 1\.13× slower than \(TRT-LLM 0\.21 · conc 32 / ISL 120\)</a> DeepEP on TRT-LLM",
        bottom,
    ), bottom


# --- 2. Judgements look like judgements -------------------------------------------------------


def test_a_judgement_takes_the_judgement_style_not_a_measured_colour(shipped_site: Path) -> None:
    soup = page(shipped_site, "")
    row = next(tr for tr in soup.select("table.dg-matrix tbody tr") if "kernel-posted" in tr.th.a["href"])
    transport = next(td for td in row.select("td") if td.get("data-label") == "Transport speed")
    assert "dg-judged" in transport["class"] and "dg-blue" in transport["class"]
    assert not {"dg-green", "dg-amber", "dg-red"} & set(transport["class"])
    assert text(transport.select_one(".dg-verdict")) == "§ judgement: beats the proxy"
    # The legend shows the judgement style.
    legend = soup.select_one("table.dg-legend")
    assert legend.select(".dg-badge.dg-judged") and "beats the proxy" in text(legend)


def _verdict_rules(site: Path) -> str:
    """The methodology's "How verdicts are decided" section, as text."""
    section = page(site, "methodology/").select_one("#verdicts")
    assert section is not None
    parts = []
    for node in section.find_next_siblings():
        if node.name in ("h2", "h1"):
            break
        parts.append(text(node))
    return " ".join(parts)


def test_the_methodology_says_how_a_judgement_and_a_split_cell_look(shipped_site: Path, example_site: Path) -> None:
    rules = _verdict_rules(shipped_site)
    # The judgement style, in the symbol and word guide.yml gives the "judged" level.
    assert "carries the § symbol and the word judgement" in rules
    assert "takes the colour of the worst one" in rules and "(frameworks, or rows of a table)" in rules
    assert "within noise" in rules  # the shipped guide declares a noise rule
    # A guide that states no judgement and declares no noise rule does not describe them.
    example = _verdict_rules(example_site)
    assert "takes the colour of the worst one" in example
    assert "symbol and the word" not in example and "within noise" not in example


def test_a_judgement_in_a_measured_band_must_state_its_number(data_copy: Path) -> None:
    """A judgement's level is a polarity of the colour key (good, mid, bad: drawn hatched, as a judgement) or the
    band of the number it states; "unknown" or "reference" is neither."""
    option = data_copy / "options" / "kernel-posted.yml"
    edit(option, "    word: beats the proxy\n", "    word: beats the proxy\n    level: reference\n")
    line = line_of(option, "    level: reference")
    assert problems_in(data_copy) == [
        f"options/kernel-posted.yml:{line}: judgements.transport.level: level 'reference' is not a judgement's: "
        "give the colour key's level of the word (good, mid, bad) or leave `level` out for a neutral judgement"
    ]


def test_a_judgement_with_a_polarity_reads_by_colour_as_a_judgement(data_copy: Path) -> None:
    option = data_copy / "options" / "kernel-posted.yml"
    edit(option, "    word: beats the proxy\n", "    word: beats the proxy\n    level: good\n")
    cell = next(c for c in derive_guide(data_copy).cells["kernel-posted"] if c.column.id == "transport")
    assert cell.verdict is not None and cell.verdict.judged and cell.verdict.colour == "green"
    assert cell.verdict.symbol == "§"  # marked, never a measured verdict's symbol


def test_a_judgement_that_states_its_number_takes_that_band(data_copy: Path) -> None:
    option = data_copy / "options" / "kernel-posted.yml"
    edit(option, "    word: beats the proxy\n", "    word: beats the proxy\n    value: 0.9\n")
    cell = next(c for c in derive_guide(data_copy).cells["kernel-posted"] if c.column.id == "transport")
    assert cell.verdict is not None and cell.verdict.judged and cell.verdict.colour == "green"


# --- 3. The legend lists every word the matrix shows ------------------------------------------


def _cell_words(cell: Tag) -> list[str]:
    """Every verdict a matrix cell shows, as ``symbol word`` (support details: the word before the colon)."""
    shown = []
    verdict = cell.select_one(".dg-verdict")
    if verdict is not None:
        line = text(verdict)
        on = verdict.select_one(".dg-on")
        shown.append(line[: len(line) - len(text(on))].strip() if on is not None else line)
    shown += [text(b) for b in cell.select(".dg-part .dg-badge")]
    # what a verdict is measured against ("tie vs UCCL", "fast (best)") and where a context has no answer ("not
    # measured on TRT-LLM") follow the word the legend lists
    shown = [re.sub(r" (vs .+|\(best\))$", "", w) for w in shown]
    shown = [re.sub(r" on .+$", "", w) if w.startswith("?") else w for w in shown]
    details = [d for d in cell.select(".dg-detail") if ":" in text(d) and not d.select("a")]
    for detail in details:
        count = r"\s*(where measured: )?\d+ of \d+ "  # how many contexts a summary rests on: no verdict word
        parts = [part for part in text(detail).split(";") if not re.match(count, part)]
        shown += [f"§words {part.split(':')[0].strip()}" for part in parts]
    return shown


@pytest.mark.parametrize("guide", ["shipped", "tiny"])
def test_every_word_in_the_matrix_is_in_the_legend(guide: str, shipped_site: Path, build_site) -> None:
    site = shipped_site if guide == "shipped" else build_site(FIXTURES / "tiny-guide")
    soup = page(site, "")
    legend = {}
    for tr in soup.select("table.dg-legend tbody tr"):
        legend[text(tr.th)] = [text(b) for b in tr.select(".dg-badge")]
    assert legend
    missing = []
    for cell in soup.select("table.dg-matrix td.dg-cell"):
        column = cell["data-label"]
        for word in _cell_words(cell):
            if word.startswith("§words "):
                found = any(b.split(" ", 1)[1] == word[7:] for b in legend[column])
            else:
                found = word in legend[column]
            if not found:
                missing.append(f"{column}: {word}")
    assert missing == []


# --- 4. Support has three negative answers ----------------------------------------------------


def test_tried_and_failed_not_tried_and_cannot_run_are_told_apart(shipped_site: Path) -> None:
    grid = page(shipped_site, "support/").select_one("table.dg-grid")
    cells = {
        (text(tr.th), td["data-label"]): text(td.select_one(".dg-verdict"))
        for tr in grid.select("tbody tr")
        for td in tr.select("td")
    }
    assert cells[("UCCL", "vLLM")] == "✖ tried and failed"
    assert cells[("GDAKI/IBGDA", "vLLM")] == "✖ cannot run here"
    assert cells[("kernel-posted", "vLLM")] == "? not tried"
    assert cells[("UCCL", "TRT-LLM")] == "? not stated"
    matrix = text(page(shipped_site, "").select_one("table.dg-matrix"))
    assert "does not serve" not in matrix
    assert "cannot run here: TRT-LLM, vLLM, SGLang" in matrix and "not tried: TRT-LLM, vLLM, SGLang" in matrix


@pytest.mark.parametrize(("status", "needs"), [("no", "what failed"), ("cannot run", "why it cannot run")])
def test_a_negative_support_answer_says_what_or_why(data_copy: Path, status: str, needs: str) -> None:
    option = data_copy / "options" / "uccl.yml"
    edit(option, "  trtllm:\n    status: not measured\n    note: The source does not report a TRT-LLM run.\n",
         f'  trtllm:\n    status: "{status}"\n')  # fmt: skip
    line = line_of(option, f'    status: "{status}"')
    assert problems_in(data_copy) == [
        f"options/uccl.yml:{line}: support.trtllm.status: status '{status}' needs a note saying {needs}"
    ]


# --- 5. Every stated judgement cites the source; nothing the source does not say -------------------


def _normal(s: str) -> str:
    return " ".join(s.split())


def _quotes(value: object) -> list[str]:
    if isinstance(value, dict):
        found = [value["quote"]] if isinstance(value.get("quote"), str) else []
        return found + [q for v in value.values() for q in _quotes(v)]
    if isinstance(value, list):
        return [q for v in value for q in _quotes(v)]
    return []


def test_every_quote_in_the_data_is_in_the_source() -> None:
    source = _normal(SOURCE.read_text(encoding="utf-8"))
    quotes = [q for p in sorted(DATA.rglob("*.yml")) for q in _quotes(yaml.safe_load(p.read_text(encoding="utf-8")))]
    assert len(quotes) > 20
    assert [q for q in quotes if _normal(q) not in source] == []


def test_every_judgement_and_stated_verdict_shows_its_source(shipped_site: Path) -> None:
    soup = page(shipped_site, "")
    for cell in soup.select("table.dg-matrix td.dg-judged"):
        cite = cell.select_one("details.dg-cite")
        assert cite is not None and text(cite.q), text(cell)
    for option in (DATA / "options").glob("*.yml"):
        survey = page(shipped_site, f"options/{option.stem}/")
        record = yaml.safe_load(option.read_text(encoding="utf-8"))
        reasons = survey.select_one("dl.dg-reasons")
        for given in record.get("judgements", {}).values():
            for judgement in given if isinstance(given, list) else [given]:
                assert reasons is not None and _normal(judgement["source"]["quote"]) in text(reasons)
        fork = record["attributes"]["fork"]
        if fork["value"] != "not-stated":
            assert _normal(fork["source"]["quote"]) in text(survey.select_one(".dg-attr"))


def test_the_guide_says_only_what_the_source_says(shipped_site: Path) -> None:
    method = text(page(shipped_site, "methodology/").select_one("article"))
    assert "rented" not in method
    assert "DeepEP-V2 passed AIPerf" in method and "Serving runs were checked with AIPerf" not in method
    deepep = page(shipped_site, "options/deepep-v2/")
    # DeepEP-V2 is multi-comm's code with one setting changed: the two agree on "needs a fork", and say why
    assert "no fork" in text(deepep.select_one("table.dg-strip"))
    assert "one setting changed" in text(deepep.select_one("dl.dg-reasons"))
    assert "QP-cap tuning" in text(deepep.select_one("table.dg-needs"))
    assert "~8 GB/s SO" in text(page(shipped_site, "options/deepep-multicomm/").select_one("article"))
    for url in ("", "options/dense/"):
        assert "no measured serving regime on efa has deepep ahead of dense" in text(page(shipped_site, url)).lower()


# --- 6. Decision answers declare what they exclude ------------------------------------------


def test_simplicity_rules_out_forks_and_robustness_does_not() -> None:
    data = derive_guide(DATA).data
    simple = {"fabric": "efa", "priority": "simplicity", "framework": "sglang", "model": "too-big", "fork": "can"}
    outcome = decide.outcome(data, simple)
    assert outcome is not None and "uccl" not in [p.option for p in outcome.picks]
    assert "Needs a fork" in dict(outcome.ruled_out)["uccl"].label
    robust = {**simple, "priority": "robustness"}
    outcome = decide.outcome(data, robust)
    assert outcome is not None and outcome.picks[0].option == "uccl"


def test_a_rule_that_recommends_what_its_answers_exclude_fails_the_build(data_copy: Path) -> None:
    decisions = data_copy / "decisions.yml"
    edit(decisions, "priority: [robustness], model: [too-big], fork: [can], framework: [sglang]}",
         "priority: [simplicity, robustness], model: [too-big], fork: [can], framework: [sglang]}")  # fmt: skip
    problems = problems_in(data_copy)
    rules = yaml.safe_load(decisions.read_text(encoding="utf-8"))["rules"]
    index = next(i for i, r in enumerate(rules) if r["id"] == "capacity-robust-fork")
    lines = decisions.read_text(encoding="utf-8").splitlines()
    start = next(i for i, text_ in enumerate(lines, 1) if text_.strip() == "- id: capacity-robust-fork")
    line = next(i for i, text_ in enumerate(lines, 1) if i > start and text_.strip().startswith("recommend:"))
    assert len(problems) == 1
    assert problems[0].startswith(f"decisions.yml:{line}: rules[{index}].recommend: 'uccl' is ruled out")
    assert "priority=simplicity" in problems[0] and "Needs a fork (you chose operational simplicity)" in problems[0]


# --- 8. One number, one spelling -------------------------------------------------------------


def test_one_ratio_prints_one_way_everywhere(shipped_site: Path) -> None:
    """186 / 47 is "4.0×" in prose, captions and charts; never "~4×", "3.96×" or "3.957×"."""
    html = "\n".join(p.read_text(encoding="utf-8") for p in shipped_site.rglob("*.html"))
    assert "4.0×" in html
    for other in ("~4×", "3.96×", "3.957×", "3.9574×", "4×"):
        assert not re.search(rf"(?<![\d.]){re.escape(other)}", html), other


def test_a_claim_prints_the_same_as_its_table_cell() -> None:
    d = derive_guide(DATA)
    checked = 0
    for claim in d.data.claims.claims:
        if claim.phrase is None and claim.aggregate != "range" and len(claim.rows) == 1:
            view = d.tables[claim.table]
            comp = next(
                c
                for c in view.table.comparisons
                if (c.numerator, c.denominator) == (claim.numerator, claim.denominator)
            )
            row = next(i for i, r in enumerate(view.table.rows) if r.id == claim.rows[0])
            assert d.numbers[claim.id].text == view.ratios[comp.label][row].text
            checked += 1
    assert checked >= 2


def test_precision_is_declared_once_per_table(data_copy: Path) -> None:
    edit(data_copy / "claims.yml", "    rows: [dispatch]\n", "    rows: [dispatch]\n    digits: 0\n")
    line = line_of(data_copy / "claims.yml", "    digits: 0")
    assert problems_in(data_copy) == [f"claims.yml:{line}: claims[0].digits: unknown field"]


# --- 9. Charts: shared axes, captions from what was measured, one figure once ------------------


def test_panels_of_one_unit_share_an_axis_and_captions_say_what_was_measured() -> None:
    charts = build_charts(derive_guide(DATA))
    overview = next(c for c in charts.all() if c.kind == "overview")
    ranges = [v["range"] for k, v in overview.spec["layout"].items() if k.startswith("xaxis")]
    assert len(ranges) == 2 and ranges[0] == ranges[1] == [0, 362]
    assert "every" not in overview.title
    assert overview.title == "Transport speed: dispatch measured for 3 paths, combine measured for 1 path"


def test_no_page_draws_the_same_figure_twice(shipped_site: Path) -> None:
    """A table's A/B chart is left out where a headline chart on the same page already draws that table."""
    checked = 0
    for option in (DATA / "options").glob("*.yml"):
        soup = page(shipped_site, f"options/{option.stem}/")

        def tables(kind: str, soup: BeautifulSoup = soup) -> set[str]:
            return {
                a["href"].split("#")[-1].removesuffix("-table")
                for figure in soup.select(f"figure.dg-chart[data-chart={kind}]")
                for a in figure.select(".dg-chart-tables a")
            }

        heads = tables("headline")
        checked += bool(heads)
        assert not heads & tables("ab"), option.stem
    assert checked == 2  # DeepEP-V2 and UCCL carry the headline
