"""The published site's Content-Security-Policy, in a real browser (Debian's Chromium), on both engines.

No page raises a violation when reached by Material's instant navigation, and the engine's scripts
(search, charts, matrix filters, compare view) still work under the policy. A script or handler injected
into a page is refused by it. (Every page opened directly, on every engine and guide, is checked for its
policy and violations by the quality gate's page sweep: tests/test_quality_browser.py.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from quality.serve import StaticServer
from quality.wait import wait_until

ENGINES = {"mkdocs": "shipped_site", "zensical": "zensical_site"}

#: Collects every violation the page reports, from the first script on.
_LISTEN = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.violatedDirective} ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));"""


@pytest.fixture(scope="module", params=list(ENGINES))
def csp_site(request: pytest.FixtureRequest) -> Iterator[tuple[Path, str]]:
    site: Path = request.getfixturevalue(ENGINES[request.param])
    server = StaticServer(site)
    yield site, server.url
    server.close()


@pytest.fixture
def tab(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(_LISTEN)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: console.append(f"page error: {e}"))
    yield page, console
    context.close()


def _violations(page: Page) -> list[str]:
    return page.evaluate("window.__csp")  # type: ignore[no-any-return]


def test_instant_navigation_raises_no_violation(csp_site: tuple[Path, str], tab: tuple[Page, list[str]]) -> None:
    """Material's instant navigation swaps pages in under the first page's policy: no violation either."""
    _, url = csp_site
    page, console = tab
    page.goto(url, wait_until="networkidle")
    for target in ("results/", "compare/", "authoring/"):
        page.locator(f"nav.md-nav--primary a[href$='{target}']").first.click()
        page.wait_for_url(re.compile(re.escape(target) + "$"))
        page.wait_for_load_state("networkidle")
    assert _violations(page) + console == []


def test_search_charts_filters_and_compare_work_under_the_policy(
    csp_site: tuple[Path, str], tab: tuple[Page, list[str]]
) -> None:
    _, url = csp_site
    page, console = tab
    page.goto(url, wait_until="networkidle")
    # Search: the engine's search loads its index and lists results (Material's in the header,
    # Zensical's in a dialog of its own, drawn in a shadow root).
    if page.locator("button.md-search__button").count():
        page.locator("button.md-search__button").click()
        page.locator("input[placeholder=Search]").fill("UCCL")
        wait_until(
            page,
            "[...document.body.children].some(e => e.shadowRoot && e.shadowRoot.textContent.includes('UCCL'))",
            timeout=60000,
        )
    else:
        # Material answers what is typed once its index is built (on a busy machine, seconds after the page
        # loads): wait for that, then type as a reader does.
        page.locator("input.md-search__input").focus()
        ready = "document.querySelector('.md-search-result__meta')?.textContent"
        wait_until(page, f"{ready} && !{ready}.includes('Initializing')", timeout=60000)
        page.locator("input.md-search__input").press_sequentially("UCCL", delay=20)
        wait_until(page, "document.querySelectorAll('.md-search-result__item').length > 0", timeout=60000)
    page.keyboard.press("Escape")
    # Matrix filters and the compare view (matrix.js, loaded on demand).
    page.goto(url + "?on=vllm&compare=dense,uccl", wait_until="networkidle")
    wait_until(page, "document.getElementById('matrix-status')?.textContent !== ''")
    hidden = page.evaluate("[...document.querySelectorAll('table.dg-matrix tbody tr')].filter(r => r.hidden).length")
    assert hidden > 0
    page.locator("#compare table").first.wait_for(timeout=60000)
    # Charts: plotly.js draws a figure of the results page once the pointer is on it.
    page.goto(url + "results/", wait_until="networkidle")
    figure = page.locator("figure.dg-chart").first
    figure.locator(".dg-chart-plot").hover()
    figure.locator("svg.main-svg").first.wait_for(timeout=60000)
    assert _violations(page) + console == []


def test_the_policy_refuses_an_injected_script(csp_site: tuple[Path, str], tab: tuple[Page, list[str]]) -> None:
    """The gate can fail: a script, a handler and a javascript: link added to a page are refused and reported."""
    _, url = csp_site
    page, _ = tab
    page.goto(url, wait_until="networkidle")
    page.evaluate("""() => {
        window.__ran = [];
        const s = document.createElement('script');
        s.textContent = 'window.__ran.push("script")';
        document.body.appendChild(s);
        document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.__ran.push(1)">');
        const a = document.createElement('a');
        a.href = 'javascript:window.__ran.push("link")';
        document.body.appendChild(a);
        a.click();
    }""")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__ran") == []
    found = _violations(page)
    assert len([v for v in found if v.startswith("script-src")]) >= 3, found
