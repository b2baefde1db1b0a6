"""Live reload under the site's Content-Security-Policy, in a real browser, on ``mkdocs serve`` and on
``zensical serve`` (through :mod:`generator.adapters.zensical_serve`).

An open page reloads by itself when a data file changes (the edit shows), and again when a broken edit
brings the error banner, with no policy violation on the way. The served policy is the published one
plus the server's own reload script, and nothing else: the published pages' policy is unchanged.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from generator.adapters import csp
from quality.serve import BUILT_FOR
from tests.test_serve import ENGINES, REBUILD_SECONDS, Server, _serve

#: Collects every violation the page reports, from the first script on (each loaded document anew).
_LISTEN = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.violatedDirective} ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));"""
#: What each engine's reload script says on the console once it runs (MkDocs) or listens (Zensical).
_LISTENING = {"mkdocs": "Enabled live reload", "zensical": "Connected to ws://"}
_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
_MKDOCS_SCRIPT = re.compile(r"<script>(\nvar livereload = .*?)</script></body>", re.DOTALL)
_ZENSICAL_SCRIPT = re.compile(r'</html><script type="module">(.*)</script>\Z', re.DOTALL)
_SITES = {"mkdocs": "shipped_site", "zensical": "zensical_site"}


@pytest.fixture(params=ENGINES)
def live(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, Server]]:
    for server in _serve(tmp_path, request.param):
        yield request.param, server


def _sources(policy: str, directive: str) -> list[str]:
    for part in policy.split(";"):
        words = part.split()
        if words and words[0] == directive:
            return words[1:]
    raise AssertionError(f"no {directive} in {policy}")


def test_an_open_page_reloads_on_an_edit_and_on_a_broken_one_under_the_policy(
    live: tuple[str, Server], browser: Browser
) -> None:
    engine, server = live
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(_LISTEN)
    page: Page = context.new_page()
    console: list[str] = []
    refused: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.on("pageerror", lambda e: refused.append(f"page error: {e}"))
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    try:
        page.goto(server.url + "options/dense/", wait_until="load")
        heading = page.locator("article h1").first
        expect(heading).to_contain_text("Dense allgather / reduce-scatter")
        listening = _LISTENING[engine]
        _wait(lambda: any(listening in text for text in console), f"'{listening}' on the console", page)
        first = len(loads)

        record = server.project / "data" / "options" / "dense.yml"
        good = record.read_text(encoding="utf-8")
        record.write_text(good.replace("name: Dense allgather / reduce-scatter", "name: Dense collectives"), "utf-8")
        expect(heading).to_contain_text("Dense collectives", timeout=REBUILD_SECONDS * 1000)
        _wait(lambda: len(loads) > first, "load of the page again (it changed by itself, not reloaded?)", page)
        refused += page.evaluate("window.__csp")

        _wait(lambda: sum(listening in text for text in console) >= 2, "the reloaded page listening", page)
        broken = good.replace("label: dense\n", "label: dense\nlabel: again\n", 1)
        assert broken != good
        record.write_text(broken, "utf-8")
        banner = page.locator(".dg-data-errors")
        expect(banner).to_contain_text("duplicate key 'label'", timeout=REBUILD_SECONDS * 1000)
        expect(banner).to_contain_text("data/options/dense.yml")
        refused += page.evaluate("window.__csp")
    finally:
        context.close()
    policy_errors = [text for text in console if "Content Security Policy" in text]
    assert refused + policy_errors == []


def _wait(check: Callable[[], bool], what: str, page: Page) -> None:
    """Wait until ``check()`` holds (a condition on the page's events, polled; never a fixed time)."""
    deadline = time.monotonic() + REBUILD_SECONDS
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {REBUILD_SECONDS} s")
        page.wait_for_timeout(100)  # lets Playwright deliver the page's events meanwhile


def test_the_served_policy_is_the_published_one_plus_the_servers_reload_script(
    live: tuple[str, Server], request: pytest.FixtureRequest
) -> None:
    engine, server = live
    published: Path = request.getfixturevalue(_SITES[engine])
    built = (published / "options" / "dense" / "index.html").read_text(encoding="utf-8")
    built_policy = _POLICY.search(built)
    assert built_policy is not None
    # The published page: the theme's scripts, and no development server's script.
    assert "livereload" not in built and "WebSocket" not in built
    # The served pages name the script files under the server's own address, the built ones under site_url's.
    served = server.get("options/dense/")[1].replace(server.url, BUILT_FOR)
    served_policy = _POLICY.search(served)
    assert served_policy is not None
    script = (_MKDOCS_SCRIPT if engine == "mkdocs" else _ZENSICAL_SCRIPT).search(served)
    assert script is not None, f"no reload script of {engine} in the served page"
    reload_hash = csp.script_hash(script.group(1))
    built_sources = _sources(html.unescape(built_policy.group(1)), "script-src")
    served_sources = _sources(html.unescape(served_policy.group(1)), "script-src")
    assert reload_hash in served_sources and reload_hash not in built_sources
    # Every other directive is the published one, byte for byte.
    without_scripts = re.compile(r"script-src[^;]*")
    assert without_scripts.sub("", served_policy.group(1)) == without_scripts.sub("", built_policy.group(1))
    if engine == "mkdocs":
        # Exactly the published sources and the one script this answer carries.
        assert served_sources == [*built_sources, reload_hash]
    else:
        # One policy for every page of the project: the published sources are all in it, and each other one
        # is a theme script the published site allows on another page, or Zensical's reload script of a page.
        assert set(built_sources) <= set(served_sources)
        theme: set[str] = set()
        reloads: set[str] = set()
        for built_page in published.rglob("*.html"):
            found = _POLICY.search(built_page.read_text(encoding="utf-8"))
            assert found is not None, built_page
            theme.update(_sources(html.unescape(found.group(1)), "script-src"))
            rel = built_page.relative_to(published).as_posix()
            if rel.endswith("index.html"):
                for path in (rel[: -len("index.html")], rel):
                    status, text = server.get(path)
                    found = _ZENSICAL_SCRIPT.search(text)
                    assert found is not None, path
                    if status == 200:  # the history page needs the repository's git history, which the copy lacks
                        reloads.add(csp.script_hash(found.group(1)))
        assert reloads <= set(served_sources), "every page's reload script is allowed"
        assert set(served_sources) <= theme | reloads, "nothing but the theme's and the server's scripts"
