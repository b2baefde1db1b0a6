"""The "Which path?" page and the support grid, read from the built HTML (no JavaScript)."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from tests.conftest import DATA, FIXTURES, mkdocs_build, write_site
from tests.html import page, text


@pytest.fixture(scope="module")
def decisions() -> dict:
    return yaml.safe_load((DATA / "decisions.yml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def decide(shipped_site: Path) -> BeautifulSoup:
    return page(shipped_site, "decide/")


def flat(node: object) -> str:
    """Text as read, without the spaces ``text()`` puts between inline elements."""
    return " ".join(node.get_text().split())  # type: ignore[attr-defined]


def _rows(soup: BeautifulSoup) -> list[dict]:
    """Each row of the decision table: accepted answers per question (empty = any) and its cells."""
    rows = []
    for tr in soup.select("table.dg-decisions tbody tr"):
        cells = tr.select("td")
        accepted = {td["data-question"]: td["data-answers"].split() for td in cells if td.has_attr("data-question")}
        rows.append({"leaf": tr["data-leaf"], "accepted": accepted, "cells": [text(td) for td in cells], "tr": tr})
    return rows


def _row_for(rows: list[dict], combo: dict[str, str]) -> list[dict]:
    return [r for r in rows if all(not acc or combo[q] in acc for q, acc in r["accepted"].items())]


def test_the_static_table_answers_every_combination_exactly_once(decide: BeautifulSoup, decisions: dict) -> None:
    rows = _rows(decide)
    questions = decisions["questions"]
    assert [text(th) for th in decide.select("table.dg-decisions thead th")] == [
        *(q["label"] for q in questions),
        "Recommended",
        "Runner-up",
        "Ruled out",
    ]
    combos = [
        dict(zip([q["id"] for q in questions], chosen, strict=True))
        for chosen in itertools.product(*([a["id"] for a in q["answers"]] for q in questions))
    ]
    assert len(combos) == 288
    for combo in combos:
        assert len(_row_for(rows, combo)) == 1, combo
    # "any" is written out where a question does not matter.
    assert any(td.get_text() == "any" for r in rows for td in r["tr"].select("td.dg-any"))


def test_every_row_links_to_a_full_answer_on_the_page(decide: BeautifulSoup, shipped_site: Path) -> None:
    for row in _rows(decide):
        link = row["tr"].select_one("td.dg-rec a")
        assert link["href"] == f"#{row['leaf']}"
        card = decide.find(id=row["leaf"])
        assert card is not None and card.name == "section"
        assert text(card.select_one(".dg-pick-name")).startswith(text(card.select_one(".dg-leaf-picks a")))
        for a in card.select(".dg-pick-name a, .dg-ruled-out a, .dg-others a"):
            assert (shipped_site / "decide" / a["href"] / "index.html").resolve().is_file(), a["href"]


@pytest.mark.parametrize(
    ("combo", "recommended", "runner_up"),
    [
        ({"fabric": "efa", "priority": "throughput", "framework": "trtllm", "model": "fits", "fork": "cannot"},
         "dense", "none"),
        ({"fabric": "efa", "priority": "throughput", "framework": "vllm", "model": "fits", "fork": "cannot"},
         "dense", "DeepEP multi-comm"),
        ({"fabric": "efa", "priority": "robustness", "framework": "vllm", "model": "too-big", "fork": "can"},
         "dense", "DeepEP multi-comm"),
        ({"fabric": "efa", "priority": "transport", "framework": "vllm", "model": "fits", "fork": "cannot"},
         "UCCL", "pplx"),
        ({"fabric": "infiniband", "priority": "throughput", "framework": "sglang", "model": "too-big", "fork": "can"},
         "GDAKI/IBGDA", "none"),
    ],
)  # fmt: skip
def test_known_situations_in_the_table(decide: BeautifulSoup, combo: dict, recommended: str, runner_up: str) -> None:
    (row,) = _row_for(_rows(decide), {**combo, "scale": "ep16"})
    assert row["cells"][6:8] == [recommended, runner_up]


def test_an_answer_shows_its_computed_evidence_and_what_is_ruled_out(decide: BeautifulSoup) -> None:
    card = decide.find(
        id="when-fabric-efa--priority-throughput-or-simplicity-or-robustness--framework-trtllm--scale-ep16--model-fits--fork-cannot"
    )
    why = card.select_one(".dg-why")
    numbers = {text(a): a["href"] for a in why.select("a.dg-num")}
    # Ratios computed from the dense-vs-DeepEP table, linked to it; their values are tested with the claims.
    assert set(numbers.values()) == {"../results/#dense-vs-deepep"} and len(numbers) == 2
    pick = card.select_one(".dg-pick-recommended")
    assert flat(pick.select_one(".dg-pick-support")) == "TRT-LLM ✔ serves: Set TRTLLM_MOE_DISABLE_ALLTOALLV."
    # Judged for TRT-LLM, the reader's framework: its own rows only, so no "on <framework>" is needed.
    evidence = text(pick.select_one(".dg-evidence"))
    assert evidence.startswith("Serving speed ✔ faster") and "vs DeepEP-V2" in evidence and " on " not in evidence
    ruled = {text(li.a): flat(li) for li in card.select(".dg-ruled-out li")}
    assert set(ruled) == {
        "UCCL (raw-ibverbs wrapper)",
        "pplx kernels",
        "GPU-initiated GDAKI / IBGDA",
        "Native kernel-posted path (research)",
    }
    assert "Needs a fork ✖ fork" in ruled["UCCL (raw-ibverbs wrapper)"]
    assert "TRT-LLM ✖ cannot run here: No serving adapter exists for it." in ruled["pplx kernels"]
    assert "Listed for InfiniBand only, not AWS EFA" in ruled["GPU-initiated GDAKI / IBGDA"]


def test_uccl_on_vllm_is_ruled_out_by_its_deadlock(decide: BeautifulSoup) -> None:
    card = decide.find(
        id="when-fabric-efa--priority-throughput-or-simplicity-or-robustness--framework-vllm--scale-ep16--model-too-big"
    )
    ruled = {text(li.a): flat(li) for li in card.select(".dg-ruled-out li")}
    assert "vLLM ✖ tried and failed: Deadlocks." in ruled["UCCL (raw-ibverbs wrapper)"]


def test_the_form_and_its_data_are_in_the_page_but_hidden_without_javascript(
    decide: BeautifulSoup, decisions: dict
) -> None:
    form = decide.select_one("form.dg-decide-form")
    assert form.has_attr("hidden") and decide.select_one(".dg-decide-result").has_attr("hidden")
    for q in decisions["questions"]:
        radios = form.select(f'input[type=radio][name="{q["id"]}"]')
        assert [r["value"] for r in radios] == [a["id"] for a in q["answers"]]
        for r in radios:
            assert form.select_one(f'label[for="{r["id"]}"]') is not None
    # Not a <script>: Material's instant navigation would run it as JavaScript.
    assert decide.select("article script") == []
    payload = json.loads(decide.select_one("#dg-decide")["data-decide"])
    assert [q["id"] for q in payload["questions"]] == [q["id"] for q in decisions["questions"]]
    assert [leaf["id"] for leaf in payload["leaves"]] == [r["leaf"] for r in _rows(decide)]


def test_the_embedded_data_cannot_break_out_of_its_attribute(data_copy: Path, tmp_path: Path) -> None:
    hostile = '"><script>alert(1)</script> & <!--'
    path = data_copy / "options" / "uccl.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("name: UCCL (raw-ibverbs wrapper)", f"name: '{hostile}'"),
        encoding="utf-8",
    )
    config = write_site(tmp_path / "project", data_copy) if (tmp_path / "project").mkdir() is None else None
    result = mkdocs_build(config, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "decide" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in html
    soup = BeautifulSoup(html, "html.parser")
    payload = json.loads(soup.select_one("#dg-decide")["data-decide"])
    assert [hostile, "pplx kernels"] in [leaf["picks"] for leaf in payload["leaves"]]


def test_nav_lists_the_new_pages(shipped_site: Path) -> None:
    nav = [text(a) for a in page(shipped_site, "").select("nav.md-nav--primary a.md-nav__link")]
    assert "Which path?" in nav and "Support by framework" in nav
    assert nav.index("Which path?") < nav.index("Bottom line") < nav.index("Support by framework")


# --- the support grid ------------------------------------------------------------


def _options() -> dict[str, dict]:
    return {
        o["id"]: o
        for o in (yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "options").glob("*.yml")))
    }


def test_support_grid_shows_every_path_on_every_framework(shipped_site: Path) -> None:
    soup = page(shipped_site, "support/")
    grid = soup.select_one("table.dg-grid")
    assert [text(th) for th in grid.select("thead th")] == ["Path", "TRT-LLM", "vLLM", "SGLang"]
    options = _options()
    words = {
        "yes": "✔ serves",
        "with": "◐ with extras",
        "no": "✖ tried and failed",
        "cannot run": "✖ cannot run here",
        "not tried": "? not tried",
        "not measured": "? not stated",
    }
    colours = {
        "yes": "dg-green",
        "with": "dg-amber",
        "no": "dg-red",
        "cannot run": "dg-red",
        "not tried": "dg-grey",
        "not measured": "dg-grey",
    }
    rows = grid.select("tbody tr")
    assert len(rows) == len(options)
    for tr in rows:
        ident = tr.th.a["href"].strip("./").split("/")[-1]
        for td, ctx in zip(tr.select("td"), ["trtllm", "vllm", "sglang"], strict=True):
            status = options[ident]["support"][ctx]["status"]
            stated = options[ident]["support"][ctx].get("stated")  # a statement, not a run: drawn as a judgement
            assert text(td.select_one(".dg-verdict")) == (
                words[status].replace(words[status][0], "§", 1) if stated else words[status]
            )
            assert colours[status] in td["class"] and td["data-status"] == status


def test_every_note_is_reachable_from_its_cell_and_back(shipped_site: Path) -> None:
    soup = page(shipped_site, "support/")
    options = _options()
    refs = soup.select("table.dg-grid a.dg-fn")
    assert refs, "no notes in the grid"
    for a in refs:
        note = soup.find(id=a["href"][1:])
        assert note is not None and note.name == "li"
        option, ctx = a["id"][len("ref-") :].rsplit("-", 1)
        assert " ".join(options[option]["support"][ctx]["note"].replace("`", "").split()[:3]) in flat(note)
    for back in soup.select("ol.dg-grid-notes a.dg-fn-back"):
        assert soup.find(id=back["href"][1:]) is not None
    # The partial cell says with what: UCCL serves SGLang through a shadow module.
    uccl = next(tr for tr in soup.select("table.dg-grid tbody tr") if text(tr.th) == "UCCL")
    sglang = uccl.select("td")[2]
    assert text(sglang.select_one(".dg-verdict")) == "◐ with extras"
    assert "usercustomize" in text(soup.find(id=sglang.select_one("a.dg-fn")["href"][1:]))
    # A note shared by a whole row is numbered once.
    gdaki = next(tr for tr in soup.select("table.dg-grid tbody tr") if text(tr.th) == "GDAKI/IBGDA")
    assert len({a["href"] for a in gdaki.select("a.dg-fn")}) == 1


# --- another topic, with and without decisions ------------------------------------


def test_the_toy_guide_gets_its_own_decision_page(tmp_path: Path) -> None:
    config = (
        write_site(tmp_path / "project", FIXTURES / "tiny-guide") if (tmp_path / "project").mkdir() is None else None
    )
    site = tmp_path / "site"
    result = mkdocs_build(config, site)
    assert result.returncode == 0, result.stderr
    soup = page(site, "decide/")
    assert text(soup.select_one("h1")) == "Which bicycle?"
    assert [text(th) for th in soup.select("table.dg-decisions thead th")] == [
        "City", "Load", "Recommended", "Runner-up", "Ruled out",
    ]  # fmt: skip
    assert len(soup.select("table.dg-decisions tbody tr")) == 4
    assert text(page(site, "support/").select_one("h1")) == "Support by city"


def test_without_a_decisions_file_there_is_no_decision_page(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-guide", tiny)
    (tiny / "decisions.yml").unlink()
    config = write_site(tmp_path / "project", tiny) if (tmp_path / "project").mkdir() is None else None
    site = tmp_path / "site"
    result = mkdocs_build(config, site)
    assert result.returncode == 0, result.stderr
    assert not (site / "decide").exists() and (site / "support" / "index.html").is_file()


# --- the measured envelope and the reader's own context (issue 45) -------------------------------------


def _cards(decide: BeautifulSoup) -> list[tuple[dict, BeautifulSoup]]:
    """(accepted answers per question, the answer in full) for every row of the decision table."""
    return [(row["accepted"], decide.find(id=row["leaf"])) for row in _rows(decide)]


def test_an_answer_outside_the_measured_scale_says_so_and_one_inside_does_not(
    decide: BeautifulSoup, decisions: dict
) -> None:
    """Every measurement ran at one scale (the campaign's set-up states it); the helper asks the reader's, and an
    answer for another scale says where its evidence was measured and draws each verdict as not measured there."""
    guide = yaml.safe_load((DATA / "guide.yml").read_text(encoding="utf-8"))
    campaign = yaml.safe_load((DATA / "campaigns/efa-gda.yml").read_text(encoding="utf-8"))
    dimension = next(d for d in guide["envelope"] if d["id"] == "scale")
    labels = {v["id"]: v["label"] for v in dimension["values"]}
    measured = campaign["setup"]["envelope"][dimension["id"]]
    question = next(q for q in decisions["questions"] if q.get("dimension") == dimension["id"])
    assert [a["id"] for a in question["answers"]] == list(labels)
    seen = {"inside": 0, "outside": 0}
    for accepted, card in _cards(decide):
        scales = accepted[question["id"]]
        assert len(scales) == 1, "the scale always changes the answer: inside or outside the envelope"
        notes = [flat(p) for p in card.select(".dg-envelope")]
        evidence = card.select(".dg-evidence li")
        if scales == [measured]:
            seen["inside"] += 1
            assert notes == [] and not card.select(".dg-outside") and "not measured at" not in flat(card)
            continue
        seen["outside"] += 1
        gap = f"Measured at {labels[measured]}; not measured at {labels[scales[0]]}."
        assert len(notes) == 1 and gap in notes[0], card["id"]
        for li in evidence:
            assert li["class"] == ["dg-outside"], card["id"]
            badge = li.select_one(".dg-badge")
            assert "dg-grey" in badge["class"] and flat(badge).endswith(f"not measured at {labels[scales[0]]}")
            assert f"measured at {labels[measured]}:" in flat(li)
    assert seen["inside"] and seen["outside"] == 2 * seen["inside"]


def test_an_answer_for_one_framework_prints_no_other_frameworks_evidence(
    decide: BeautifulSoup, decisions: dict
) -> None:
    """The verdicts a pick prints are judged for the reader's framework: no row or judgement of another one."""
    framework = next(q for q in decisions["questions"] if q["id"] == "framework")
    names = {a["id"]: a["label"] for a in framework["answers"]}
    checked = 0
    for accepted, card in _cards(decide):
        chosen = accepted.get("framework", [])
        if len(chosen) != 1 or not card.select(".dg-pick-support"):
            continue  # no framework chosen, or no support filter applies (no context to judge for)
        for li in card.select(".dg-evidence li"):
            checked += 1
            for cite in li.select(".dg-cite"):  # the source's own sentence, quoted as it is, may name several
                cite.decompose()
            for other, name in names.items():
                if other != chosen[0]:
                    assert name not in flat(li), (card["id"], flat(li))
    assert checked > 50


# --- offered means supported (issue 51) ---------------------------------------------------------


def _offered(card: BeautifulSoup) -> dict[str, str]:
    """Each option under "Also possible here", by name: the item as read, its notes included."""
    return {text(li.select_one("a")): flat(li) for li in card.select(".dg-others > ul > li")}


def test_an_option_offered_as_possible_says_where_its_support_is_not_stated_and_what_failed(tmp_path: Path) -> None:
    """A guide with no code of its own: an option whose record does not state it serves the reader's city, or whose
    record carries a failure, is offered with that on the item itself; one stated as serving there is offered bare."""
    tiny = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-guide", tiny)
    rules = tiny / "decisions.yml"  # the cargo bike for every Hill Town commute: the road bike is only offered there
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "  - id: default\n",
            "  - {id: hill, when: {city: [hill-town]}, recommend: cargo, trades: [climb], why: Test fixture.}\n"
            "  - id: default\n",
        )
    )
    road = tiny / "options" / "road.yml"
    text_ = road.read_text(encoding="utf-8").replace(
        'hill-town: {status: "yes"}', 'hill-town: {status: "not measured"}'
    )
    road.write_text(text_ + "failures:\n  - {title: Chain snapped, detail: Snapped on the steepest climb.}\n")
    (tmp_path / "project").mkdir()
    site = tmp_path / "site"
    result = mkdocs_build(write_site(tmp_path / "project", tiny), site)
    assert result.returncode == 0, result.stderr
    cards = {tuple(sorted((q, tuple(a)) for q, a in acc.items())): card for acc, card in _cards(page(site, "decide/"))}
    hill = next(c for k, c in cards.items() if ("city", ("hill-town",)) in k and ("load", ("children",)) in k)
    offered = _offered(hill)
    assert set(offered) == {"Road bike", "Folding bike"}, offered
    assert "Support on Hill Town" in offered["Road bike"] and "untested" in offered["Road bike"]
    assert "Chain snapped: Snapped on the steepest climb." in offered["Road bike"]
    # Supported with extras: said too, with its note.
    assert (
        "Support on Hill Town" in offered["Folding bike"]
        and "with effort: Pushed up the steepest part." in offered["Folding bike"]
    )
    flat_town = next(c for k, c in cards.items() if ("city", ("flat-town",)) in k and ("load", ("children",)) in k)
    offered = _offered(flat_town)
    assert "Support on" not in offered["Folding bike"] and "Support on" not in offered["Road bike"]
    assert "Chain snapped" in offered["Road bike"]  # a failure on no one city meets every city


def test_the_shipped_helper_never_offers_a_path_as_possible_bare_where_its_record_is_silent_or_failed(
    decide: BeautifulSoup,
) -> None:
    """DeepEP multi-comm on TRT-LLM (support not stated) and DeepEP-V2 under a robustness priority (its
    long-prompt prefill crash) are offered only with that on their face."""
    checked = {"unstated": 0, "crash": 0}
    for accepted, card in _cards(decide):
        offered = _offered(card)
        if accepted.get("framework") == ["trtllm"] and "DeepEP multi-comm (EP_NUM_COMMS)" in offered:
            assert "Support on TRT-LLM ? not stated" in offered["DeepEP multi-comm (EP_NUM_COMMS)"], card["id"]
            checked["unstated"] += 1
        if (
            "robustness" in accepted.get("priority", ["robustness"])
            and "DeepEP-V2 (ElasticBuffer, CPU proxy)" in offered
        ):
            assert "Long-prompt prefill crash:" in offered["DeepEP-V2 (ElasticBuffer, CPU proxy)"], card["id"]
            checked["crash"] += 1
    assert checked["unstated"] and checked["crash"], checked
