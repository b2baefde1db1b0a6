"""The shipped guide, built with MkDocs into a temp dir, read as HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import DATA, ROOT, mkdocs_build, write_site
from tests.html import matrix_rows, page, text


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("shipped")
    config = write_site(tmp, DATA, docs=ROOT / "site_src", extra="exclude_docs: |\n  overrides/\n")
    out = tmp / "site"
    result = mkdocs_build(config, out)
    assert result.returncode == 0, result.stderr
    return out


def _options() -> list[dict]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((DATA / "options").glob("*.yml"))]


def test_every_path_has_a_matrix_row_and_a_page(site: Path) -> None:
    rows = matrix_rows(page(site, ""))
    options = _options()
    assert len(options) == 7
    assert sorted(rows) == sorted(o["name"] for o in options)
    for option in options:
        survey = page(site, f"options/{option['id']}/")
        assert text(survey.select_one("h1")) == option["name"]
        headings = [text(h).rstrip("¶").strip() for h in survey.select("h2")]
        assert headings[:4] == ["What is it?", "Does it serve on EFA?", "What was measured?", "When to pick it?"]


def test_matrix_rows_link_to_their_survey_pages(site: Path) -> None:
    soup = page(site, "")
    for link in soup.select("table.dg-matrix tbody th a"):
        target = (site / link["href"] / "index.html").resolve()
        assert target.is_file(), link["href"]


def test_every_verdict_cell_has_colour_symbol_and_word(site: Path) -> None:
    soup = page(site, "")
    cells = soup.select("table.dg-matrix td.dg-cell")
    assert len(cells) == 7 * 4
    for cell in cells:
        assert any(c in cell["class"] for c in ("dg-green", "dg-amber", "dg-red", "dg-grey", "dg-blue"))
        shown = [text(cell.select_one(".dg-verdict"))]
        if "dg-split" in cell["class"]:
            shown += [text(b) for b in cell.select(".dg-part > .dg-badge")]
            assert len(shown) >= 2
        for verdict in shown:
            symbol, word = verdict.split(" ", 1)
            assert symbol in {"✔", "◐", "✖", "?", "§"} and word


def test_transport_and_serving_disagree_for_uccl(site: Path) -> None:
    """The key lesson must be visible: UCCL is fast on the wire and ties when serving."""
    rows = matrix_rows(page(site, ""))
    uccl = rows["UCCL (raw-ibverbs wrapper)"]
    assert uccl[1].startswith("✔ fast")
    assert uccl[2].startswith("◐ tie")
    deepep = rows["DeepEP-V2 (ElasticBuffer, CPU proxy)"]
    assert deepep[1].startswith("✖ slow")
    assert "✖ slower vs dense on TRT-LLM" in deepep[2] and "◐ tie vs UCCL on SGLang" in deepep[2]
    dense = rows["Dense allgather / reduce-scatter"]
    assert "✔ faster vs DeepEP-V2 on TRT-LLM" in dense[2]


def test_results_page_shows_computed_ratios(site: Path) -> None:
    soup = page(site, "results/")
    body = text(soup.select_one("article"))
    for ratio in ["0.65×", "0.69×", "0.97×", "0.80×", "1.038×", "1.032×"]:
        assert ratio in body
    assert "0.97× ◐ tie" in body and "0.80× ✖ slower" in body
    assert "~14.7" not in body and "+14.7 ms/token" in body and "~8 GB/s" in body


def test_prose_numbers_are_computed_and_name_their_table(site: Path) -> None:
    home = page(site, "")
    lesson = home.select_one(".dg-lesson")
    numbers = {text(a): a["href"] for a in lesson.select("a.dg-num")}
    assert numbers == {
        "4.0× faster than": "results/#transport-microbench",
        "on par with": "results/#deepep-vs-uccl",
        "1.032–1.038×": "results/#deepep-vs-uccl",
    }
    bottom = text(page(site, "bottom-line/").select_one("article"))
    assert "Dense is 1.50× (geometric mean of 1.46–1.54×) faster than DeepEP on TRT-LLM" in bottom


def test_every_number_link_points_at_an_existing_table(site: Path) -> None:
    for html in site.rglob("index.html"):
        soup = page(site, str(html.parent.relative_to(site)) + "/" if html.parent != site else "")
        for a in soup.select("a.dg-num, a.dg-src"):
            url, anchor = a["href"].split("#")
            target = (html.parent / url / "index.html").resolve()
            assert target.is_file(), (html, a["href"])
            assert page(site, str(target.parent.relative_to(site)) + "/").find(id=anchor), (html, a["href"])


def test_not_measured_is_shown_honestly(site: Path) -> None:
    soup = page(site, "results/")
    micro = soup.find(id="transport-microbench").find_next("table")
    combine = next(tr for tr in micro.select("tbody tr") if text(tr.th) == "combine evidence")
    cells = [text(td) for td in combine.select("td")]
    assert cells[0] == "not measured" and cells[1] == "not measured" and cells[2].startswith("362")


def test_judgements_show_their_reason(site: Path) -> None:
    soup = page(site, "options/deepep-multicomm/")
    reasons = text(soup.select_one("dl.dg-reasons"))
    assert "Judgement, no number decides it" in reasons and "~8 GB/s" in reasons


def test_legend_explains_each_column(site: Path) -> None:
    legend = page(site, "").select_one("table.dg-legend")
    rows = {text(tr.th): text(tr) for tr in legend.select("tbody tr")}
    assert set(rows) == {"Serves on EFA", "Transport speed", "Serving speed", "Needs a fork", "Pick it when"}
    assert "ratio ≥ 1.05×" in rows["Serving speed"] and "ratio < 0.95×" in rows["Serving speed"]


def test_no_request_leaves_the_site(site: Path) -> None:
    """No Google Fonts, no CDN: every src/href in the HTML is relative or a local anchor."""
    for html in site.rglob("*.html"):
        for match in re.finditer(r'(?:src|href)="(https?:)?//([^"/]+)', html.read_text(encoding="utf-8")):
            host = match.group(2)
            is_load = match.group(0).startswith("src")
            assert not is_load or host == "127.0.0.1:8000", (html, host)
        assert "fonts.googleapis.com" not in html.read_text(encoding="utf-8")


def test_nothing_is_written_into_the_docs_dir(site: Path) -> None:
    generated = {"index.md", "results.md", "bottom-line.md", "methodology.md", "options"}
    assert not generated & {p.name for p in (ROOT / "site_src").iterdir()}
