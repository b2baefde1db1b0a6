"""Shared and printed, in a real browser (Debian's Chromium): a helper permalink opens at its answer on a phone;
printed on Letter paper the home matrix fits the page and an answer takes at most four pages, without the table
of every answer; every judged cell, re-judged ones too, has its copy link; judgements are hatched wherever they
are drawn; no cell shows Markdown."""

from __future__ import annotations

import re
from pathlib import Path

from bs4 import BeautifulSoup
from playwright.sync_api import Browser, Page

from quality.wait import wait_until

#: Answers that settle the helper on dense (tests/test_decide_browser.py) and on an answer outside the envelope
#: with a runner-up, ruled-out paths and "also possible" ones: the longest kind of answer the shipped guide has.
DENSE = "fabric=efa&priority=throughput&framework=trtllm&scale=ep16&model=fits&fork=cannot"
OUTSIDE = "fabric=efa&priority=robustness&framework=vllm&scale=larger&model=too-big&fork=can"
#: Letter paper in CSS pixels (8.5 × 11 in at 96 px an inch), less half an inch of margin on each side.
LETTER_TEXT_WIDTH = int(7.5 * 96)
HATCHED = "repeating-linear-gradient"


def _pages(pdf: bytes) -> int:
    """The number of pages of a PDF Chromium wrote: its page objects."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_a_helper_permalink_opens_at_its_answer_on_a_phone(browser: Browser, served_shipped) -> None:
    base, _ = served_shipped
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        for query in (DENSE, OUTSIDE):
            page.goto(base + "decide/?" + query)
            page.locator(".dg-leaf-result").wait_for()
            wait_until(page, "window.scrollY > 0")
            box = page.evaluate(
                "(() => { const r = document.querySelector('.dg-leaf-result .dg-leaf-title').getBoundingClientRect();"
                " const h = document.querySelector('.md-header').getBoundingClientRect();"
                " return [r.top, r.bottom, h.bottom]; })()"
            )
            top, bottom, header = box
            assert header <= top and bottom <= 844, (query, box)  # the answer's title in sight, under the header
        # questions alone (nothing settled) open at the top: only an answer is scrolled to
        page.goto(base + "decide/?fabric=efa")
        page.locator(".dg-result-hint").wait_for()
        assert page.evaluate("window.scrollY") == 0
    finally:
        context.close()


def test_the_printed_home_matrix_fits_a_letter_page(browser: Browser, served_shipped) -> None:
    base, _ = served_shipped
    context = browser.new_context(viewport={"width": LETTER_TEXT_WIDTH, "height": 960})
    page = context.new_page()
    try:
        page.emulate_media(media="print")
        page.goto(base)
        over = page.evaluate(
            """(() => {
              const table = document.querySelector('table.dg-matrix'), wrap = table.parentElement;
              const edge = document.documentElement.clientWidth;
              const out = [];
              const right = table.getBoundingClientRect().right;
              if (right > edge + 1) out.push('table ends at ' + right);
              if (wrap.scrollWidth > wrap.clientWidth + 1) out.push('wrap ' + wrap.scrollWidth);
              table.querySelectorAll('th, td').forEach(c => {
                const past = c.getBoundingClientRect().right > edge + 1, clipped = c.scrollWidth > c.clientWidth + 1;
                if (past || clipped) out.push(c.id || c.textContent.slice(0, 30));
              });
              return out;
            })()"""
        )
        assert over == []
    finally:
        context.close()


def test_an_answer_prints_in_at_most_four_letter_pages_without_the_table_of_every_answer(
    tab: Page, served_shipped
) -> None:
    base, _ = served_shipped
    tab.emulate_media(media="print")
    tab.goto(base + "decide/")
    tab.locator(".dg-result-hint").wait_for()
    everything = _pages(tab.pdf(format="Letter"))
    assert tab.locator("table.dg-decisions").is_visible()  # with nothing answered the table is the page
    for query in (DENSE, OUTSIDE):
        tab.goto(base + "decide/?" + query)
        tab.locator(".dg-leaf-result").wait_for()
        assert not tab.locator("table.dg-decisions").is_visible()
        assert not tab.locator("h2#table").is_visible()
        assert tab.locator(".dg-leaf-result .dg-pick").first.is_visible()
        printed = _pages(tab.pdf(format="Letter"))
        assert printed <= 4 < everything, (query, printed, everything)


def test_judgements_are_hatched_in_the_compare_panel(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    tab.goto(base + "?compare=dense,uccl")
    tab.locator("#compare table").first.wait_for()
    drawn = tab.evaluate(
        "[...document.querySelectorAll('#compare .dg-judged')].map(e => getComputedStyle(e).backgroundImage)"
    )
    assert drawn and all(HATCHED in b for b in drawn), drawn
    # every badge that says "judgement" is one of them
    said = tab.evaluate(
        "[...document.querySelectorAll('#compare :is(.dg-badge, .dg-mark)')]"
        ".filter(e => /judgement/.test(e.textContent)).map(e => e.classList.contains('dg-judged'))"
    )
    assert said and all(said)


def test_judgements_are_hatched_in_your_numbers(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    tab.goto(base + "yours/")
    tab.wait_for_selector("#dg-yours-flips p")
    cells = tab.evaluate(
        "[...document.querySelectorAll('td.dg-yours-cell')].filter(td => /judgement:/.test(td.textContent))"
        ".map(td => [td.id, [...td.querySelectorAll('.dg-yours-part')].filter(p => /judgement:/.test(p.textContent))"
        ".map(p => getComputedStyle(p).backgroundImage + ' | ' + getComputedStyle(p.closest('td')).backgroundImage)])"
    )
    assert len(cells) >= 3
    for ident, parts in cells:
        assert parts and all(HATCHED in p for p in parts), (ident, parts)


def test_a_cell_re_judged_in_the_browser_keeps_its_copy_link_with_the_context(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    tab.add_init_script(
        "window.dgCopied = []; navigator.clipboard.writeText = t => (window.dgCopied.push(t), Promise.resolve());"
    )
    tab.goto(base + "?judge=vllm")
    tab.locator("table.dg-matrix td.dg-rejudged").first.wait_for()
    missing = tab.evaluate(
        "[...document.querySelectorAll('table.dg-matrix td[id^=\"cell_\"]')]"
        ".filter(td => !td.querySelector(':scope > a.dg-permalink')).map(td => td.id)"
    )
    assert missing == []
    cell = tab.locator("table.dg-matrix td.dg-rejudged").first
    ident = cell.get_attribute("id")
    cell.hover()
    cell.locator(":scope > a.dg-permalink").click()
    wait_until(tab, "window.dgCopied.length === 1")
    copied = tab.evaluate("window.dgCopied[0]")
    assert "judge=vllm" in copied and copied.endswith("#" + ident)
    # the link opens that cell judged as it was copied
    tab.goto(copied)
    tab.locator(f"td#{ident}.dg-rejudged").wait_for()


def test_no_cell_of_any_page_shows_markdown(shipped_site: Path, example_site: Path) -> None:
    shown = []
    for site in (shipped_site, example_site):
        for path in sorted(site.rglob("*.html")):
            for td in BeautifulSoup(path.read_text("utf-8"), "html.parser").select("td"):
                said = td.get_text(" ")
                if "`" in said or re.search(r"\]\(|\*\*", said):
                    shown.append(f"{path.relative_to(site)} {td.get('id')}: {' '.join(said.split())[:80]}")
    assert shown == []


def test_a_re_judged_cell_shows_no_markdown(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    tab.goto(base + "?judge=vllm")
    tab.locator("table.dg-matrix td.dg-rejudged").first.wait_for()
    said = tab.evaluate("[...document.querySelectorAll('table.dg-matrix td')].map(td => td.textContent)")
    assert said and not [t for t in said if "`" in t]
