"""Every page's Content-Security-Policy trusts the theme's inline scripts, found in its templates, and nothing
a page brings: not a script in its content, not one its title smuggles into <head>."""

from __future__ import annotations

import html as html_text
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from generator.adapters import csp
from quality.serve import StaticServer
from tests.conftest import hand_written_project, mkdocs_build

POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
INLINE = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>(.*?)</script>", re.DOTALL)

#: A heading written with entities: Markdown keeps it text, the theme's `striptags` (in <title>) unescapes it.
ENTITY_HEADING = "# &lt;/title&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;\n\nA page.\n"


def test_the_trusted_scripts_are_the_templates_rendered_for_the_page(tmp_path: Path) -> None:
    (tmp_path / "partials").mkdir()
    (tmp_path / "base.html").write_text(
        '<script>fixed()</script><script id="__config" type="application/json">{"a": 1}</script>'
        '<script src="a.js"></script>',
        encoding="utf-8",
    )
    (tmp_path / "partials" / "scope.html").write_text(
        '<script>scope("{{ config.extra.scope | d(base_url, true) }}")</script>', encoding="utf-8"
    )
    scripts = csp.ThemeScripts.of_theme([tmp_path, tmp_path / "missing"], None, {"config": {}})
    deep = scripts.hashes("../..")
    assert csp.script_hash("fixed()") in deep and csp.script_hash('scope("../..")') in deep
    assert csp.script_hash('scope("..")') not in deep
    assert csp.script_hash('{"a": 1}') not in deep
    assert len(deep) == 2
    page = f"<html><head>{csp.PLACEHOLDER}</head><body><script>evil()</script></body></html>"
    filled = scripts.fill(page, "..")
    assert csp.script_hash('scope("..")') in filled and csp.script_hash("evil()") not in filled
    assert csp.PLACEHOLDER not in filled
    assert scripts.fill("<p>no head</p>", "..") == "<p>no head</p>"


def _policies(site: Path) -> dict[Path, str]:
    found = {}
    for page in sorted(site.rglob("*.html")):
        match = POLICY.search(page.read_text(encoding="utf-8"))
        assert match is not None, f"{page.relative_to(site)} has no policy"
        found[page.relative_to(site)] = match.group(1)
    return found


@pytest.mark.parametrize("built", ["shipped_site", "example_site", "zensical_site"])
def test_every_page_allows_its_theme_scripts_and_the_policy_depends_only_on_where_it_is(
    request: pytest.FixtureRequest, built: str
) -> None:
    """Each inline script of each built page (the 404 template included) has its hash in the policy, and
    pages at the same depth carry the same policy, whatever their content."""
    site = request.getfixturevalue(built)
    policies = _policies(site)
    assert Path("404.html") in policies
    by_depth: dict[int, set[str]] = defaultdict(set)
    for rel, policy in policies.items():
        html = (site / rel).read_text(encoding="utf-8")
        missing = [s[:60] for s in INLINE.findall(html) if csp.script_hash(s) not in policy]
        assert missing == [], f"{rel}: inline scripts the policy blocks"
        if rel != Path("404.html"):
            by_depth[len(rel.parts)].add(policy)
    assert all(len(seen) == 1 for seen in by_depth.values()), {d: len(s) for d, s in by_depth.items()}


def _project(tmp_path: Path, page: str) -> Path:
    return hand_written_project(tmp_path, {"notes.md": page})


@pytest.fixture(scope="module")
def entity_heading_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A guide whose hand-written page's heading is written with entities, built by MkDocs and by Zensical."""
    root = tmp_path_factory.mktemp("entity-heading")
    config = _project(root, ENTITY_HEADING)
    done = mkdocs_build(config, root / "site")
    assert done.returncode == 0, done.stderr
    command = [
        sys.executable,
        "-m",
        "generator.adapters.zensical",
        "build",
        "-f",
        str(config),
        "--out",
        str(root / "z"),
    ]
    zensical = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert zensical.returncode == 0, zensical.stderr
    return {"mkdocs": root / "site", "zensical": root / "z" / "site"}


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_heading_written_with_entities_stays_text_in_the_head(
    entity_heading_sites: dict[str, Path], engine: str
) -> None:
    html = (entity_heading_sites[engine] / "notes" / "index.html").read_text(encoding="utf-8")
    head = html[: html.index("</head>")]
    assert "window.__pwned" in head  # the title is there, as text
    assert "<script>window.__pwned" not in html
    assert head.count("<title>") == 1 and head.count("</title>") == 1
    title = head[head.index("<title>") + 7 : head.index("</title>")]
    assert "<" not in title and html_text.unescape(title).startswith("</title><script>window.__pwned=1</script> - ")
    policy = POLICY.search(html)
    assert policy is not None and csp.script_hash("window.__pwned=1") not in policy.group(1)


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_entity_heading_runs_nothing_in_a_browser(
    browser: Browser, entity_heading_sites: dict[str, Path], engine: str
) -> None:
    with StaticServer(entity_heading_sites[engine]) as server:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "notes/", wait_until="load")
        assert page.evaluate("window.__pwned") is None
        assert "window.__pwned" in page.title()
        page.close()
    assert errors == []
