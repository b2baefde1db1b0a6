"""Search on both engines: the bulky generated blocks stay out of the index, and a reader still finds
every option by name and every table by title by typing it into the search box (issue 27).

The matrix, its tools, the support grid and its notes and the every-pair compare index carry
``data-search-exclude``, the attribute Material's search plugin and Zensical both document for a block to
leave out; each row of them has a page or section of its own that search finds. Each table's cells but its
row names, the charts and each value's evidence are left out as the index reads a page
(``generator/adapters/search_cut.py``), and no entry is longer than 5,000 characters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from bench.synth import option_id, write_guide
from generator.adapters import zensical
from generator.adapters.search_cut import LONGEST
from generator.model import measurement_tables
from generator.pipeline import derive_guide
from quality.search import Engine, close_search, search
from quality.serve import StaticServer
from tests.conftest import DATA, FIXTURES, PLOTLY_JS, mkdocs_build

#: Each engine's site of the shipped guide, by the fixture that builds it once per session.
SITES: dict[Engine, str] = {"mkdocs": "shipped_site", "zensical": "zensical_site"}


def index_items(site: Path, engine: Engine) -> list[dict[str, Any]]:
    """The search index's entries, as ``{"location", "title", "text"}``, of either engine."""
    if engine == "mkdocs":
        docs: list[dict[str, Any]] = json.loads((site / "search" / "search_index.json").read_text("utf-8"))["docs"]
        return docs
    items: list[dict[str, Any]] = json.loads((site / "search.json").read_text("utf-8"))["items"]
    return items


def _section(items: list[dict[str, Any]], location: str) -> str:
    found = [i["text"] for i in items if i["location"] == location]
    assert len(found) == 1, (location, [i["location"] for i in items][:40])
    return found[0]


def _marked(site: Path, engine: Engine, page: str) -> str:
    """Where the markers are to be seen: MkDocs keeps them in the page; Zensical reads them and leaves them
    out of its HTML, so they are looked for in the Markdown the adapter wrote (``docs/`` beside the site)."""
    if engine == "zensical":
        return (site.parent / "docs" / f"{page}.md").read_text("utf-8")
    folder = site if page == "index" else site / page.removesuffix("/index")
    return (folder / "index.html").read_text("utf-8")


@pytest.mark.parametrize("engine", list(SITES))
def test_the_bulky_blocks_are_marked_and_left_out_of_the_index(engine: Engine, request: pytest.FixtureRequest) -> None:
    site: Path = request.getfixturevalue(SITES[engine])
    overview = _marked(site, engine, "index")
    assert '<table class="dg-matrix" data-search-exclude data-columns=' in overview
    assert 'id="matrix-tools-box" data-search-exclude' in overview
    support = _marked(site, engine, "support")
    assert '<table class="dg-grid" data-search-exclude>' in support
    assert '<ol class="dg-grid-notes" data-search-exclude>' in support
    assert '<table class="dg-data dg-pairs" data-search-exclude>' in _marked(site, engine, "compare/index")
    results = _marked(site, engine, "results")
    guide = derive_guide(DATA)
    measured = list(measurement_tables(guide.data))
    # A measured table is never marked whole: search_cut alone marks its values (and its rows' evidence).
    assert all(f'id="{t.id}-table" role="region"' in results for t in measured) and len(measured) >= 3
    assert results.count('<table class="dg-data">') == results.count('<table class="dg-data"') >= len(measured)
    evidence = re.findall(r'<details\b[^>]*class="dg-ev"[^>]*>', results)
    assert evidence
    if engine == "mkdocs":  # the page as rendered; the search plugin reads it with the markers of search_cut
        assert not any("data-search-exclude" in d for d in evidence), evidence[:3]
    else:  # the markers added in the Markdown Zensical reads: each value cell and each row's evidence
        assert all(f'<td data-search-exclude id="v_{t.id}_' in results for t in measured)
        assert all(d.startswith("<details data-search-exclude ") for d in evidence), evidence[:3]

    items = index_items(site, engine)
    matrix = _section(items, "#matrix")
    # Not one row of the matrix, nor its tools' choices: the section keeps its own prose only.
    assert all(o.name not in matrix for o in guide.data.options), matrix[:300]
    assert "any verdict" not in matrix and "Sort by" not in matrix
    # The grid's cells and notes are gone; the page keeps its title and tagline.
    support_text = " ".join(i["text"] for i in items if i["location"].startswith("support/"))
    assert "Every " in support_text and "note 1" not in support_text
    assert all(o.name not in support_text for o in guide.data.options)
    # The compare index keeps its tagline, not its list of every pair.
    pairs = " ".join(i["text"] for i in items if i["location"].startswith("compare/") and "/" not in i["location"][8:])
    assert "Pick a pair" in pairs and "Compare with" not in pairs
    # A measured table's section keeps its summary, conditions, caption and row names, not the grid of values,
    # its column heads nor each value's evidence (issue 54); its copy on an option's page the same.
    for t in measured:
        text = _section(items, f"results/#{t.id}")
        assert "Values:" in text and all(row.label in text for row in t.rows), (t.id, text[:300])
        assert "(computed)" not in text and "Evidence:" not in text and "Reproduce" not in text, (t.id, text[:300])
        for option in {s.option for s in t.series if s.option}:
            copy = _section(items, f"options/{option}/#{t.id}")
            assert "Evidence:" not in copy and "Reproduce" not in copy, (option, t.id, copy[:300])
            assert copy.startswith(text[:40])  # the same summary


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> Iterator[dict[Engine, str]]:
    servers = {engine: StaticServer(request.getfixturevalue(name)) for engine, name in SITES.items()}
    yield {engine: s.url for engine, s in servers.items()}
    for s in servers.values():
        s.close()


def _finds(page: Page, engine: Engine, query: str, wanted: str) -> None:
    found = search(page, engine, query, wanted)
    close_search(page, engine)
    assert found.found, f"{engine}: searching {query!r} shows no link to {wanted}: {found.hrefs[:12]}"


@pytest.mark.parametrize("engine", list(SITES))
def test_search_finds_every_option_by_name_and_every_table_by_title(
    browser: Browser, served: dict[Engine, str], engine: Engine
) -> None:
    guide = derive_guide(DATA)
    base = served[engine]
    page = browser.new_page()
    page.goto(base)
    page.wait_for_load_state("networkidle")
    for option in guide.data.options:
        _finds(page, engine, option.name, f"{base}options/{option.id}/")
    for t in guide.data.tables:
        _finds(page, engine, t.title, f"{base}results/#{t.id}")
    page.close()


# --- a synthetic guide of 30 paths, built by both engines -------------------------------------------

SYNTH_PATHS = 30


def _both_engines(tmp: Path, name: str, data: Path) -> dict[Engine, Path]:
    """The guide of ``data`` (pages in ``tmp / "docs"``, made here if missing) built by MkDocs with the plugin
    and by Zensical, from one ``mkdocs.yml``."""
    (tmp / "docs").mkdir(exist_ok=True)
    config = tmp / "mkdocs.yml"
    config.write_text(
        f"""site_name: {name}
site_url: http://127.0.0.1:8000/
docs_dir: docs
theme:
  name: material
  font: false
plugins:
  - search
  - decision-guide:
      data_dir: {data}
      plotly_js: {PLOTLY_JS}
      trusted_configuration: [plugins.decision-guide.plotly_js]
markdown_extensions:
  - attr_list
  - md_in_html
  - toc
""",
        encoding="utf-8",
    )
    built = mkdocs_build(config, tmp / "site")
    assert built.returncode == 0, built.stderr
    return {"mkdocs": tmp / "site", "zensical": zensical.build(config, tmp / "zensical")}


@pytest.fixture(scope="module")
def synthetic_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[Engine, Path]:
    """A 30-path synthetic guide (``bench/synth.py``) built by MkDocs with the plugin and by Zensical."""
    tmp = tmp_path_factory.mktemp("synthetic-search")
    data = write_guide(tmp / "data", SYNTH_PATHS)
    return _both_engines(tmp, "Synthetic guide", data)


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_larger_guide_keeps_the_blocks_out_and_search_finds_a_path(
    engine: Engine, synthetic_sites: dict[Engine, Path], browser: Browser
) -> None:
    site = synthetic_sites[engine]
    items = index_items(site, engine)
    longest = max(items, key=lambda i: len(i["text"]))
    # Before the markers the matrix and the grid's notes were the longest entries, growing with the guide.
    assert longest["location"].split("#")[-1] not in ("matrix", "notes"), longest["location"]
    assert not re.search(r"path-00\d\d", _section(items, "#matrix"))
    server = StaticServer(site)
    try:
        page = browser.new_page()
        page.goto(server.url)
        page.wait_for_load_state("networkidle")
        last = option_id(SYNTH_PATHS - 1)
        _finds(page, engine, f"Synthetic path {SYNTH_PATHS - 1}", f"{server.url}options/{last}/")
        page.close()
    finally:
        server.close()


# --- what the index holds of a table, and how long an entry may be (issue 54) -----------------------

#: A hand-written section longer than an index entry may be: its words past the cut are not searched.
LONG_SECTION = "# Notes\n\n## A long list { #long }\n\n" + "".join(
    f"- Note {i}: a hand-written line about riding on a hill, long enough to add up.\n" for i in range(120)
)


@pytest.fixture(scope="module")
def tiny_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[Engine, Path]:
    """The tiny guide with a hand-written page holding one long section, built by MkDocs and by Zensical."""
    tmp = tmp_path_factory.mktemp("tiny-search")
    (tmp / "docs").mkdir()
    (tmp / "docs" / "notes.md").write_text(LONG_SECTION, encoding="utf-8")
    return _both_engines(tmp, "Tiny guide", FIXTURES / "tiny-guide")


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_no_entry_is_long_and_a_table_is_found_by_its_caption_and_row_names(
    engine: Engine, tiny_sites: dict[Engine, Path], browser: Browser
) -> None:
    site = tiny_sites[engine]
    items = index_items(site, engine)
    longest = max(items, key=lambda i: len(i["text"]))
    assert len(longest["text"]) <= LONGEST, (longest["location"], len(longest["text"]))
    notes = _section(items, "notes/#long")
    assert "Note 0:" in notes and "Note 119:" not in notes and len(notes) > LONGEST * 4 // 5  # cut, not dropped
    guide = derive_guide(FIXTURES / "tiny-guide")
    for t in measurement_tables(guide.data):
        text = _section(items, f"results/#{t.id}")
        # The caption and every row's name; not the values, the column heads, nor each value's evidence.
        assert f"{t.quantity} in {t.unit}, {t.better} is better." in text, (t.id, text[:400])
        assert all(row.label in text for row in t.rows), (t.id, text[:400])
        assert "(computed)" not in text and "Reproduce" not in text and "evidence" not in text, (t.id, text[:400])
    server = StaticServer(site)
    try:
        page = browser.new_page()
        page.goto(server.url)
        page.wait_for_load_state("networkidle")
        _finds(page, engine, "climb time in s", f"{server.url}results/#hill-repeats")
        _finds(page, engine, "Hill B, wet", f"{server.url}results/#hill-repeats")
        page.close()
    finally:
        server.close()
