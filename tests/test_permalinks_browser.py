"""Permalinks in a real browser (Debian's Chromium): the target is highlighted, the copy link copies it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from quality import axe
from quality.wait import wait_until
from tests.conftest import watched_tab

CELL = "cell_uccl_serving"
RATIO = "r_deepep-vs-uccl_conc256_deepep-v2_uccl"
COPIED = "document.getElementById('dg-copy-status')?.textContent.startsWith('Link copied')"


@pytest.fixture(scope="module")
def instant_site(served_shipped: tuple[str, Path]) -> str:
    """The shipped site built for the address it is served on, so Material's instant navigation takes over."""
    return served_shipped[0]


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    yield from watched_tab(
        browser, viewport={"width": 1280, "height": 800}, permissions=["clipboard-read", "clipboard-write"]
    )


def _targeted(page: Page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('.dg-target')].map(e => e.id)")


def _in_view(page: Page, ident: str) -> bool:
    return page.evaluate(
        """id => { const r = document.getElementById(id).getBoundingClientRect();
                   return r.top >= 0 && r.bottom <= innerHeight; }""",
        ident,
    )


def test_an_address_with_a_cell_anchor_opens_on_that_cell_highlighted(tab: Page, instant_site: str) -> None:
    tab.goto(f"{instant_site}results/#{RATIO}")
    wait_until(tab, "document.querySelector('.dg-target') !== null")
    assert _targeted(tab) == [RATIO]
    assert _in_view(tab, RATIO)
    outline = tab.evaluate(f"getComputedStyle(document.getElementById('{RATIO}')).outlineStyle")
    assert outline == "solid"


def test_the_copy_link_copies_the_cells_address_and_highlights_it(tab: Page, instant_site: str) -> None:
    tab.goto(instant_site)
    cell = tab.locator(f"#{CELL}")
    cell.hover()
    link = cell.locator("a.dg-permalink")
    label = link.get_attribute("aria-label") or ""
    assert label.startswith("Copy link to UCCL") and label.endswith(", Serving speed"), label
    link.click()
    wait_until(tab, COPIED)
    assert tab.evaluate("navigator.clipboard.readText()") == f"{instant_site}#{CELL}"
    assert tab.url == f"{instant_site}#{CELL}"
    assert _targeted(tab) == [CELL]


def test_the_copy_link_is_reached_with_the_keyboard_and_visible_on_focus(tab: Page, instant_site: str) -> None:
    tab.goto(instant_site)
    link = tab.locator(f"#{CELL} a.dg-permalink")
    assert link.evaluate("a => getComputedStyle(a).opacity") == "0"
    link.focus()
    tab.keyboard.press("Shift+Tab")
    tab.keyboard.press("Tab")
    assert tab.evaluate("document.activeElement.closest('td').id") == CELL
    wait_until(tab, f"getComputedStyle(document.querySelector('#{CELL} a.dg-permalink')).opacity === '1'")
    tab.keyboard.press("Enter")
    wait_until(tab, COPIED)
    assert tab.evaluate("navigator.clipboard.readText()") == f"{instant_site}#{CELL}"


def test_instant_navigation_to_a_cell_highlights_it(tab: Page, instant_site: str) -> None:
    tab.goto(instant_site + "methodology/")
    tab.wait_for_load_state("networkidle")
    tab.evaluate("window.__sameVisit = true")
    tab.evaluate(
        f"""() => {{ const a = document.createElement('a'); a.href = '../results/#{RATIO}'; a.id = 'go';
                    a.textContent = 'go'; document.querySelector('article').prepend(a); }}"""
    )
    tab.locator("#go").click()
    wait_until(tab, f"document.getElementById('{RATIO}') !== null && document.querySelector('.dg-target') !== null")
    assert tab.evaluate("window.__sameVisit") is True, "Material should have swapped the page in"
    assert _targeted(tab) == [RATIO]
    tab.go_back()
    wait_until(tab, "location.pathname.endsWith('/methodology/')")
    tab.go_forward()
    wait_until(tab, f"document.getElementById('{RATIO}') !== null")
    wait_until(tab, "document.querySelector('.dg-target') !== null")
    assert _targeted(tab) == [RATIO]


@pytest.mark.parametrize("palette", ["default", "slate"])
def test_a_targeted_cell_and_the_copy_status_pass_axe(tab: Page, instant_site: str, palette: str) -> None:
    tab.goto(f"{instant_site}#{CELL}")
    if palette == "slate":
        tab.locator("form[data-md-component=palette] label:visible").first.click()
        wait_until(tab, "document.body.dataset.mdColorScheme === 'slate'")
    tab.locator(f"#{CELL}").hover()
    tab.locator(f"#{CELL} a.dg-permalink").click()
    wait_until(tab, "document.getElementById('dg-copy-status')?.classList.contains('dg-shown')")
    tab.wait_for_timeout(300)  # the status has faded in
    violations = axe.violations(tab)
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations] == []


def test_a_malformed_fragment_leaves_the_permalinks_working(browser: Browser, instant_site: str) -> None:
    """``#%E0%A4%A`` is no valid escape: the script takes it as it stands and still adds every copy link."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{instant_site}results/#%E0%A4%A", wait_until="networkidle")
        links = page.evaluate("document.querySelectorAll('a.dg-permalink').length")
        page.goto(f"{instant_site}#%E0%A4%A", wait_until="networkidle")
        # the matrix's links are added once its script has run, which a busy machine may start after networkidle
        matrix_links = wait_until(page, "document.querySelectorAll('td.dg-cell a.dg-permalink').length")
    finally:
        page.close()
    assert errors == [] and links > 0 and matrix_links > 0
