"""What a reader sees, in Chromium: the answer on the first screen, judgements that look like judgements
in every palette, and layout gates that see clipped text, escaping tables and words broken inside."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def open_page(browser: Browser) -> Iterator:
    contexts: list[BrowserContext] = []

    def make(viewport: dict[str, int], **options: object) -> Page:
        phone = viewport["width"] < 600
        extra = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True} if phone else {}
        ctx = browser.new_context(viewport=viewport, **extra, **options)  # type: ignore[arg-type]
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


# --- 7. The first screen answers -------------------------------------------------------------


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_first_screen_states_the_answer_and_marks_the_recommended_rows(
    open_page, served_site: str, viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    page.goto(served_site, wait_until="load")
    answer = page.locator(".dg-answer").bounding_box()
    assert answer is not None and answer["y"] >= 0 and answer["y"] + answer["height"] <= viewport["height"]
    assert "serve with" in page.locator(".dg-answer").inner_text().lower()
    # The reasons are one click away.
    assert page.locator(".dg-answer a[href*='bottom-line']").count() == 1
    mark = page.locator("tr.dg-recommended .dg-rec-mark").first
    box = mark.bounding_box()
    # on a phone the campaign's set-up line above the matrix (issue 38) takes about 100 px: the first row's mark
    # may sit just under the first screen there (measured: 882 px of 844), never further than a short scroll; the
    # answer box's folded line with the source's scope and where it was measured (issue 51) adds one more line
    # (measured: 958 px of 844)
    limit = viewport["height"] if viewport["width"] > 600 else viewport["height"] * 1.15
    assert box is not None and box["y"] + box["height"] <= limit, box
    assert mark.inner_text().startswith("★ Recommended")


# --- 2. Judgements look like judgements in both palettes and in forced colours ----------------

_JUDGED_JS = """() => {
  const cells = [...document.querySelectorAll('.dg-matrix td.dg-cell')];
  const style = (td) => getComputedStyle(td);
  return cells.map((td) => ({
    judged: td.classList.contains('dg-judged'),
    level: td.dataset.level,
    background: style(td).backgroundColor,
    hatch: style(td).backgroundImage,
    edge: style(td).borderLeftStyle,
    text: td.querySelector('.dg-verdict').innerText,
  }));
}"""


@pytest.mark.parametrize("options", [{"color_scheme": "light"}, {"color_scheme": "dark"}, {"forced_colors": "active"}],
                         ids=["light", "dark", "forced-colours"])  # fmt: skip
def test_judgements_are_styled_apart_in_every_palette(open_page, served_site: str, options: dict) -> None:
    page = open_page(DESKTOP, **options)
    page.goto(served_site, wait_until="load")
    cells = page.evaluate(_JUDGED_JS)
    judged = [c for c in cells if c["judged"]]
    measured = [c for c in cells if not c["judged"]]
    assert judged and measured
    for cell in judged:
        assert cell["edge"] == "dashed" and "judgement" in cell["text"], cell
    assert all(c["edge"] != "dashed" for c in measured)
    if "forced_colors" not in options:
        # a neutral judgement has a colour of its own; one with a level (the colour key's word: a tie, a blocker)
        # takes that level's colour, hatched, so it is read by colour and never taken for a measurement (issue 38)
        neutral = [c for c in judged if c["level"] == "judged"]
        assert neutral and {c["background"] for c in neutral}.isdisjoint({c["background"] for c in measured})
        assert all(c["hatch"] != "none" for c in judged) and all(c["hatch"] == "none" for c in measured)


# --- 9. Layout gates that see what a reader sees ---------------------------------------------

LAYOUT_JS = """() => {
  const content = document.querySelector('.md-content');
  const limit = content.getBoundingClientRect().right + 1;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.classList.length ? '.' + [...el.classList].join('.') : '')
    + ' "' + (el.innerText || '').trim().slice(0, 40) + '"';
  const problems = [];
  for (const el of content.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    // Clipped text: content wider than its box, and the overflow hidden (a 1-px box is for screen readers).
    const hidden = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (hidden && box.width > 1 && el.scrollWidth > el.clientWidth + 1 && (el.innerText || '').trim())
      problems.push('clipped: ' + name(el));
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      problems.push('cut with an ellipsis: ' + name(el));
    if (el.tagName === 'TABLE') {
      let scroller = null;
      for (let a = el.parentElement; a && a !== content; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX;
        if (x === 'auto' || x === 'scroll') { scroller = a; break; }
      }
      if (!scroller && el.getBoundingClientRect().right > limit) problems.push('table escapes its box: ' + name(el));
      if (scroller && scroller.getBoundingClientRect().right > limit)
        problems.push('table box escapes the page: ' + name(el));
    }
    const breaks = style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere'
      || style.overflowWrap === 'break-word';
    if ((el.tagName === 'TD' || el.tagName === 'TH') && breaks)
      problems.push('words may break inside themselves (' + style.wordBreak + ', ' + style.overflowWrap + '): '
        + name(el));
  }
  return problems;
}"""

#: Wrappers that must never need a sideways scroll: the summary a reader scans.
FITS_JS = """() => [...document.querySelectorAll('.dg-matrix-wrap, .dg-legend-wrap, .dg-strip-wrap')]
  .filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => w.className)"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_page_clips_text_breaks_words_or_lets_a_table_escape(
    open_page, site_pages: list[str], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    problems = []
    for url in site_pages:
        page.goto(url, wait_until="load")
        problems += [f"{url}: {p}" for p in page.evaluate(LAYOUT_JS)]
        problems += [f"{url}: needs a sideways scroll: {w}" for w in page.evaluate(FITS_JS)]
    assert problems == []


def test_the_layout_gate_sees_clipping_breaking_and_escaping(open_page, served_site: str) -> None:
    """The same checks, on a page broken on purpose, report each fault."""
    page = open_page(PHONE)
    page.goto(served_site + "options/pplx/", wait_until="load")
    page.add_style_tag(
        content=".dg-strip-wrap { overflow: hidden !important; } .dg-strip-wrap table { min-width: 900px; }"
        " table.dg-data td { word-break: break-all !important; }"
        " .dg-table-wrap { overflow: visible !important; } .dg-table-wrap table { min-width: 900px !important; }"
    )
    found = "\n".join(page.evaluate(LAYOUT_JS))
    assert "clipped: div.dg-strip-wrap" in found
    assert "words may break inside themselves (break-all" in found
    assert "table escapes its box: table.dg-data" in found
