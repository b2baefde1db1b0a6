"""The site as a PR preview: built with a sub-path ``site_url`` and served only under that prefix.

A host such as GitHub Pages serves the preview of pull request 7 at
``/pr-preview/pr-7/``. Here the shipped mkdocs.yml is built with that
``SITE_URL`` (and ``GUIDE_DIFF_BASE``, as the preview workflow sets it), served
on 127.0.0.1 under the prefix only, crawled by a link checker, and read in a
real browser with Material's instant navigation and search.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from quality.build import build_site
from quality.serve import StaticServer
from tests import linkcheck

PREFIX = "/pr-preview/pr-7/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of the shipped site built and served under ``/pr-preview/pr-7/``."""
    port = free_port()
    base = f"http://127.0.0.1:{port}{PREFIX}"
    site = tmp_path_factory.mktemp("preview") / "site"
    build_site(site, base, env={"GUIDE_DIFF_BASE": "HEAD"})
    server = StaticServer(site, prefix=PREFIX, port=port)
    yield base
    server.close()


def test_no_broken_link_under_the_sub_path(preview: str) -> None:
    pages = linkcheck.sitemap(preview)
    assert f"{preview}changes/" in pages and f"{preview}results/" in pages
    report = linkcheck.check(preview)
    assert report.problems == []
    assert report.pages >= len(pages) >= 13
    assert report.links > 50 * report.pages


def test_the_link_checker_finds_what_is_broken(tmp_path: Path) -> None:
    """A negative control: a link that 404s, one that leaves the prefix, a missing anchor, a page outside."""
    (tmp_path / "index.html").write_text(
        '<h1 id="top">x</h1><a href="missing/">a</a> <a href="/elsewhere/">b</a> <a href="#nope">c</a>'
        ' <a href="#top">d</a> <a href="https://example.invalid/">e</a> <img src="logo.png">',
        encoding="utf-8",
    )
    (tmp_path / "logo.png").write_bytes(b"\x89PNG")
    port = free_port()
    base = f"http://127.0.0.1:{port}{PREFIX}"
    (tmp_path / "sitemap.xml").write_text(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<url><loc>{base}</loc></url><url><loc>http://127.0.0.1:{port}/other/</loc></url></urlset>",
        encoding="utf-8",
    )
    server = StaticServer(tmp_path, prefix=PREFIX, port=port)
    try:
        report = linkcheck.check(base)
    finally:
        server.close()
    assert report.problems == [
        f"sitemap.xml: http://127.0.0.1:{port}/other/ is outside {base}",
        f"{base}: <a href='missing/'> answers 404",
        f"{base}: <a href='/elsewhere/'> leaves the sub-path {base}",
        f"{base}: <a href='#nope'>: no element with id 'nope' on {base}",
    ]
    assert (report.pages, report.links, report.external) == (1, 5, 1)


def test_a_browser_navigates_under_the_sub_path(browser, preview: str) -> None:
    """Instant navigation (no reload) between two pages, search, and every asset loads from the prefix."""
    page = browser.new_page()
    errors: list[str] = []
    failed: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(preview) else None)
    page.goto(preview)
    page.wait_for_load_state("networkidle")
    assert page.locator("table.dg-matrix tbody tr").count() == 7
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    page.evaluate("window.__samePage = 'kept'")

    # Search loads its index from the prefix and links under it.
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").press_sequentially("UCCL", delay=50)
    first = page.locator(".md-search-result__item article").first
    expect(first).to_be_visible()
    hrefs = page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")
    assert f"{preview}options/uccl/" in hrefs and all(h.startswith(preview) for h in hrefs)
    # The path's own page, wherever it ranks (the history page's commit titles can name it more often).
    page.locator(f'.md-search-result__item > a[href="{preview}options/uccl/"]').first.click()
    page.wait_for_url(f"{preview}options/uccl/")
    expect(page.locator("article.md-content__inner > h1")).to_contain_text("UCCL")

    # Two more pages through the navigation: the changes page and the results.
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="What changed in this PR").first.click()
    page.wait_for_url(f"{preview}changes/")
    expect(page.locator("article.md-content__inner > h1")).to_contain_text("What changed in this PR")
    page.locator("nav.md-nav--primary a.md-nav__link", has_text="Measured results").first.click()
    page.wait_for_url(f"{preview}results/")
    expect(page.locator("article.md-content__inner > h1")).to_contain_text("Measured results")
    page.wait_for_load_state("networkidle")
    assert page.locator("article.md-content__inner table").count() >= 4
    assert page.evaluate("window.__samePage") == "kept", "instant navigation fell back to full page loads"
    # Back to the overview through the history; its note links to the changes page.
    for _ in range(3):
        page.go_back()
    page.wait_for_url(preview)
    link = page.locator(".dg-preview a", has_text="What changed in this PR")
    expect(link).to_have_attribute("href", re.compile(rf"^(changes/|{re.escape(preview)}changes/)$"))

    assert errors == [] and failed == [] and outside == []
    page.close()
