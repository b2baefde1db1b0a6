"""Everything a hand-written page brings reaches the theme through one gate, on each engine: heading ids
(attr_list, slugs), table-of-contents labels, file names (nav titles), ids that shadow what the theme's or
the engine's scripts read, ``title`` text (``content.tooltips``), front matter from Material's ``meta``
plugin. Each is refused with ``file:line``, the build exits non-zero without a traceback and writes no
site. (The content itself: tests/test_page_gate.py and tests/test_sanitize.py.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.adapters import page_gate
from tests.conftest import hand_written_project, mkdocs_build, trusting

#: Each route: a hand-written file (name -> Markdown) and the refusal it must give, as ``file:line: text``.
ROUTES: dict[str, tuple[str, str, str]] = {
    "heading-id-breakout": (
        "idattr.md",
        "# Notes\n\n## Two { id='x\"><img src=x onerror=alert(1)>' }\n\ntext\n",
        "site_src/idattr.md:3: the id 'x\"><img src=x onerror=alert(1)>' is not a plain name",
    ),
    "heading-id-meta-refresh": (
        "idmeta.md",
        '# Notes\n\n## Three { #x"><meta/http-equiv=refresh/content=0;url=//e.example> }\n\ntext\n',
        "site_src/idmeta.md:3: the id 'x\"><meta/http-equiv=refresh/content=0;url=//e.example>' is not a plain",
    ),
    "toc-label": (
        "label.md",
        "# Notes\n\n## Four { data-toc-label='<img src=x onerror=alert(2)>' }\n\ntext\n",
        "site_src/label.md:3: the table-of-contents label '<img src=x onerror=alert(2)>' holds <, > or \"",
    ),
    "shadowing-id": (
        "shadow.md",
        "# Notes\n\nSome text.\n\n## Config { #__config }\n\ntext\n",
        "site_src/shadow.md:5: the id '__config' would shadow a name the theme's or the engine's scripts read",
    ),
    "window-named-id": (
        "plotly.md",
        '# Notes\n\n<p id="Plotly">x</p>\n',
        "site_src/plotly.md:3: the id 'Plotly' would shadow",
    ),
    "tooltip-title": (
        "tip.md",
        '# Notes\n\nSee [this](https://example.org/ "<img src=x onerror=alert(5)>").\n',
        "site_src/tip.md:3: a title '<img src=x onerror=alert(5)>' holds <",
    ),
    "file-name-markup": (
        "<b>fname.md",
        "plain text, no heading: the nav title is the file's name\n",
        "site_src/<b>fname.md:1: the file name holds '<>'",
    ),
    "file-name-attribute": (
        'x"onmouseover=alert(4).md',
        "plain\n",
        "site_src/x\"onmouseover=alert(4).md:1: the file name holds '\"()='",
    ),
    "hidden-meta-file": (
        "sub/.meta.yml",
        "template: redirect.html\nlocation: javascript:alert(6)\n",
        "site_src/sub/.meta.yml:1: the file name holds '.' (or a part starting with '.')",
    ),
}


def _zensical(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


@pytest.fixture(scope="module")
def refused(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    """The guide with every route's file, built by each engine: (the finished command, where its site was)."""
    root = tmp_path_factory.mktemp("page-brings")
    pages: dict[str, str | bytes] = {name: text for name, text, _ in ROUTES.values()}
    pages["sub/page.md"] = "# A page in sub\n"
    config = hand_written_project(root, pages)
    return {
        "mkdocs": (mkdocs_build(config, root / "site"), root / "site"),
        "zensical": (_zensical(config, root / "z"), root / "z"),
    }


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
@pytest.mark.parametrize("route", list(ROUTES))
def test_each_route_is_refused_with_file_and_line(
    refused: dict[str, tuple[subprocess.CompletedProcess[str], Path]], engine: str, route: str
) -> None:
    done, site = refused[engine]
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert ROUTES[route][2] in done.stderr, done.stderr[-3000:]
    assert not (site / "index.html").exists() and not (site / "site" / "index.html").exists()


def test_material_meta_plugin_front_matter_is_refused(tmp_path: Path) -> None:
    """Material's ``meta`` plugin gives every page of a folder front matter from a file there (here at the top,
    under a visible name the file-name rule lets through): ``template: redirect.html`` on a generated page
    (``results.md``) and on a hand-written one is refused, naming the page and the meta file."""
    config = hand_written_project(
        tmp_path,
        {"page.md": "# A page\n", "defaults.yml": "template: redirect.html\nlocation: javascript:alert(7)\n"},
    )
    meta = "plugins:\n  - meta:\n      meta_file: defaults.yml\n"
    text = trusting(config.read_text(encoding="utf-8"), "plugins.meta")  # another plugin is code (test_config_gate)
    config.write_text(text.replace("plugins:\n", meta), encoding="utf-8")
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    for page in ("page.md", "results.md"):
        said = f"site_src/{page}:1: front matter from outside the page (from defaults.yml): location, template"
        assert said in done.stderr, done.stderr[-3000:]
    assert not (tmp_path / "site" / "results" / "index.html").exists()


def test_the_gate_keeps_what_pages_need() -> None:
    """Plain ids, footnote ids, Unicode slugs and ordinary labels pass; the reserved names do not."""
    for ok in ("notes", "fn:1", "fnref:1", "résumé", "a.b-c_d", "matrix-layouts", "compare-two"):
        assert page_gate.id_problem(ok) is None, ok
    for bad in ("__config", "__md_scope", "dg-matrix", "Plotly", "matrix-status", 'x"y', "a b", "", "<p>"):
        assert page_gate.id_problem(bad) is not None, bad
    for ok in ("authoring.md", "guides/how-to_1.md", "img/a.png"):
        assert page_gate.name_problem(ok) is None, ok
    for bad in ("a b.md", "<b>.md", ".meta.yml", "sub/.hidden/x.md", "x'y.md", "é.md"):
        assert page_gate.name_problem(bad) is not None, bad


def test_zensical_finishing_step_never_unescapes_markup_into_a_title() -> None:
    """The logo links' titles are unescaped once after the check (Zensical escapes the already escaped site
    name again); a title escaped only once keeps its escape, so no quote or markup comes out of it."""
    from generator.adapters.zensical_finish import _logo_titles_once

    twice = '<a href="." title="R&amp;amp;D" class="md-header__button md-logo">'
    assert _logo_titles_once(twice) == '<a href="." title="R&amp;D" class="md-header__button md-logo">'
    once = '<a href="." title="x&quot; onmouseover=&quot;alert(1)&lt;b&gt;" class="md-header__button md-logo">'
    assert _logo_titles_once(once) == once
