"""The same guide from three engines: MkDocs + Material (the plugin), Zensical (no plugins) and ProperDocs.

Each site is compared page by page with the MkDocs one (:mod:`quality.engines`): pages, navigation,
table of contents, headings, every table and matrix cell, every number and the whole text. A difference
fails unless ``quality.engines.DECLARED`` lists it with a reason.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup

from generator.adapters import zensical
from generator.build import ENGINE_CSS, ENGINE_JS, PLOTLY_DEST
from quality import engines, linkcheck, nu
from tests.conftest import FIXTURES, ROOT, mkdocs_build, write_site


def _matrix_cells(site: Path) -> list[str]:
    return engines.read_page(site, "index.html").matrix


def test_zensical_builds_the_shipped_guide_as_mkdocs_does(shipped_site: Path, zensical_site: Path) -> None:
    assert engines.pages(zensical_site) == engines.pages(shipped_site)
    assert len(engines.pages(shipped_site)) >= 15
    assert len(_matrix_cells(zensical_site)) >= 28
    problems = engines.undeclared(shipped_site, zensical_site)
    assert problems == [], "\n".join(map(str, problems))
    # The charts' plotly.js, which the plugin adds, is in the Zensical site too.
    assert (zensical_site / PLOTLY_DEST).is_file()
    assert (zensical_site / PLOTLY_DEST).read_bytes() == (shipped_site / PLOTLY_DEST).read_bytes()


#: Each guide's Zensical site, by the fixture that builds it: the shipped guide and the example guide.
ZENSICAL_SITES = {"shipped": "zensical_site", "example": "example_zensical_site"}


@pytest.mark.parametrize("guide", list(ZENSICAL_SITES))
def test_no_broken_link_or_anchor_in_the_zensical_site(guide: str, request: pytest.FixtureRequest) -> None:
    """Zensical reads links in HTML relative to the Markdown file; the adapter writes them so (for_zensical)."""
    report = linkcheck.check_site(request.getfixturevalue(ZENSICAL_SITES[guide]))
    assert report.broken == []
    assert report.checked > 100


@pytest.mark.parametrize("guide", list(ZENSICAL_SITES))
def test_every_zensical_page_is_valid_html(guide: str, request: pytest.FixtureRequest) -> None:
    assert [str(m) for m in nu.errors([request.getfixturevalue(ZENSICAL_SITES[guide])])] == []


def test_links_in_generated_html_are_rewritten_for_zensical() -> None:
    page = '<a href="./#verdicts">a</a> <a href="../pplx/">b</a> <a href="../../results/#t">c</a> <a href="#x">d</a>'
    assert zensical.for_zensical("options/uccl.md", page) == (
        '<a href="uccl/#verdicts">a</a> <a href="pplx/">b</a> <a href="../results/#t">c</a> <a href="#x">d</a>'
    )
    assert zensical.for_zensical("index.md", '<a href="options/uccl/">u</a>') == '<a href="options/uccl/">u</a>'
    assert zensical.for_zensical("results.md", '<a href="../options/uccl/">u</a>') == '<a href="options/uccl/">u</a>'


def test_zensical_keeps_the_navigation_order(shipped_site: Path, zensical_site: Path) -> None:
    nav = engines.read_page(zensical_site, "results/index.html").nav
    titles = [title for title, _ in nav]
    assert titles[:4] == ["Overview", "Which path?", "Bottom line", "Support by framework"]
    assert titles.index("Editing the guide") == len(titles) - 1  # hand-written pages after the generated ones
    assert nav == engines.read_page(shipped_site, "results/index.html").nav


def test_the_example_guide_builds_alike_on_both_engines(example_site: Path, example_zensical_site: Path) -> None:
    """The example guide (another topic, a baseline column, features): same pages, nav and numbers."""
    assert engines.pages(example_zensical_site) == engines.pages(example_site)
    assert len(engines.pages(example_site)) >= 10
    assert len(_matrix_cells(example_zensical_site)) >= 20
    problems = engines.undeclared(example_site, example_zensical_site)
    assert problems == [], "\n".join(map(str, problems))
    nav = engines.read_page(example_zensical_site, "results/index.html").nav
    assert nav == engines.read_page(example_site, "results/index.html").nav


def test_a_tiny_guide_builds_alike_on_both_engines(tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    config = write_site(tmp_path / "project", FIXTURES / "tiny-guide")
    mkdocs_site = tmp_path / "mkdocs-site"
    result = mkdocs_build(config, mkdocs_site)
    assert result.returncode == 0, result.stderr
    zensical_site = zensical.build(config, tmp_path / "zensical")
    assert engines.pages(zensical_site) == engines.pages(mkdocs_site)
    problems = engines.undeclared(mkdocs_site, zensical_site)
    assert problems == [], "\n".join(map(str, problems))


def test_the_derived_project_has_no_plugin_and_keeps_the_settings(zensical_site: Path) -> None:
    project = zensical_site.parent
    derived = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    shipped = zensical.read_config(ROOT / "mkdocs.yml")
    assert zensical.PLUGIN not in str(derived["plugins"]) and "search" in derived["plugins"]
    assert derived["markdown_extensions"] == shipped["markdown_extensions"]
    # What the plugin adds in MkDocs: the guide's own name and footer, the engine's stylesheets and scripts.
    site = zensical.guide_site(ROOT / "mkdocs.yml", shipped)
    assert (derived["site_name"], derived["copyright"]) == (site.name, site.footer)
    assert derived["extra_css"] == ENGINE_CSS and derived["extra_javascript"] == ENGINE_JS
    for key in ("palette", "features", "font", "language"):
        assert derived["theme"][key] == shipped["theme"][key]
    assert derived["nav"][0] == {"Overview": "index.md"}
    # Overrides: all of Material's but the ones declared Material-only.
    assert (project / "overrides" / "main.html").is_file()
    for path in zensical.MATERIAL_ONLY:
        assert not (project / "overrides" / path).exists()
    assert not (project / "docs" / "overrides").exists()


def test_zensical_header_search_works(zensical_site: Path) -> None:
    html = (zensical_site / "index.html").read_text(encoding="utf-8")
    assert 'class="md-search__button"' in html  # Zensical's own search, not Material's dialog markup
    assert "md-search__form" not in html


def test_the_comparison_sees_a_changed_number_and_a_moved_page(tmp_path: Path, zensical_site: Path) -> None:
    copy = tmp_path / "site"
    shutil.copytree(zensical_site, copy)
    page = copy / "results" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert "263.9" in html
    soup = BeautifulSoup(html.replace("263.9", "236.9", 1), "html.parser")
    soup.select("article a[href]")[-1]["href"] = "../nowhere/"  # a link in the page body leads elsewhere
    page.write_text(str(soup), encoding="utf-8")
    index = copy / "index.html"
    soup = BeautifulSoup(index.read_text(encoding="utf-8"), "html.parser")
    links = soup.select("nav.md-nav--primary a.md-nav__link[href]")
    first, second = links[1], links[-1]  # two pages of the navigation trade places
    first["href"], second["href"] = second["href"], first["href"]
    index.write_text(str(soup), encoding="utf-8")
    found = {(d.page, d.aspect) for d in engines.undeclared(zensical_site, copy)}
    assert ("results/index.html", "numbers") in found and ("results/index.html", "tables") in found
    assert ("results/index.html", "links") in found
    assert ("index.html", "nav") in found


def test_every_declared_difference_has_a_reason() -> None:
    for pattern, aspect, reason in engines.DECLARED:
        assert pattern and aspect and len(reason) > 20
    assert all(len(reason) > 20 for reason in engines.NOT_COMPARED.values())
    assert all(len(reason) > 20 for reason in zensical.MATERIAL_ONLY.values())


def test_a_data_error_stops_the_zensical_build_and_keeps_the_last_site(tmp_path: Path, data_copy: Path) -> None:
    (tmp_path / "project").mkdir()
    config = write_site(tmp_path / "project", data_copy)
    out = tmp_path / "zensical"
    command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    first = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    assert first.returncode == 0, first.stderr
    good = (out / "site" / "index.html").read_text(encoding="utf-8")
    option = data_copy / "options" / "uccl.yml"
    option.write_text(option.read_text(encoding="utf-8") + "\nlabel: twice\n", encoding="utf-8")
    second = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    assert second.returncode == 1
    assert "options/uccl.yml" in second.stderr and "label" in second.stderr
    assert "Traceback" not in second.stderr
    assert (out / "site" / "index.html").read_text(encoding="utf-8") == good
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".zensical")] == []


@pytest.mark.parametrize("engine", ["properdocs"])
def test_properdocs_runs_the_plugin_unchanged(tmp_path: Path, shipped_site: Path, engine: str) -> None:
    site = tmp_path / "site"
    command = [sys.executable, "-m", engine, "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)]
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr
    assert engines.pages(site) == engines.pages(shipped_site)
    differences = engines.compare(shipped_site, site)
    assert differences == [], "\n".join(map(str, differences))


def test_zensical_shows_a_site_name_with_markup_characters_escaped_once(tmp_path: Path) -> None:
    """``R&D <b>x</b> "q"``: every place the name is shown (title, header, logo links) reads it as written."""
    from tests.conftest import copy_project

    project = copy_project(tmp_path / "project")
    guide = project / "data" / "guide.yml"
    text = guide.read_text(encoding="utf-8")
    name = 'R&D <b>x</b> "q" guide'
    guide.write_text(text.replace("site_name: MoE all-to-all on AWS EFA", f"site_name: '{name}'"), encoding="utf-8")
    site = zensical.build(project / "mkdocs.yml", tmp_path / "zensical")
    soup = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    logos = soup.select("a.md-logo")
    assert len(logos) == 2 and [a["title"] for a in logos] == [name, name]
    assert [a["aria-label"] for a in logos] == [name, name]
    assert soup.select_one(".md-header__topic .md-ellipsis").get_text(strip=True) == name
    assert soup.title is not None and soup.title.get_text().endswith(name)
    assert soup.select("b") == []
