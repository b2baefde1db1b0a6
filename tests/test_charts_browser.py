"""Charts in a real browser (Debian's Chromium): drawn, themed live, lazy, offline."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from quality.wait import wait_until
from tests.html import page as soup_of

PLOTLY = "plotly.min.js"


def _chart_pages(site: Path) -> dict[str, list[dict]]:
    """URL -> the spec of each figure on it, read from the built HTML."""
    out = {}
    for html in sorted(site.rglob("index.html")):
        url = html.parent.relative_to(site).as_posix()
        url = "" if url == "." else url + "/"
        specs = [json.loads(p["data-spec"]) for p in soup_of(site, url).select("figure.dg-chart .dg-chart-plot")]
        if specs:
            out[url] = specs
    return out


class Watch:
    """Console errors and every request a page makes."""

    def __init__(self, page, base: str) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.base = base
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.requests.append(r.url))

    @property
    def outside(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(self.base) and not u.startswith("data:")]

    def plotly_loads(self) -> int:
        return sum(1 for u in self.requests if u.endswith(PLOTLY))


@pytest.fixture(scope="module")
def instant_site(served_shipped: tuple[str, Path]) -> str:
    """The shipped site built for the URL it is served on.

    Material's instant navigation only takes over links to pages listed in
    sitemap.xml, and it matches them on protocol, host *and port* against
    ``site_url``; a site built for another port falls back to full page loads.
    """
    return served_shipped[0]


@pytest.fixture
def tab(browser) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()


def _draw_all(page) -> None:
    """Point at each chart in turn (what asks for the interactive chart) and wait until plotly drew it."""
    figures = page.locator("figure.dg-chart")
    for i in range(figures.count()):
        figures.nth(i).locator(".dg-chart-plot").hover()
        figures.nth(i).locator("svg.main-svg").first.wait_for(timeout=60000)


def _bars(spec: dict) -> int:
    return sum(1 for trace in spec["data"] for x in trace["x"] if x is not None)


def test_every_chart_page_draws_every_figure_with_its_bars(tab, served_site: str, shipped_site: Path) -> None:
    pages = _chart_pages(shipped_site)
    assert {"", "results/", "options/deepep-v2/", "options/uccl/"} <= set(pages)
    watch = Watch(tab, served_site)
    for url, specs in pages.items():
        tab.goto(served_site + url)
        _draw_all(tab)
        drawn = tab.evaluate(
            """() => [...document.querySelectorAll('figure.dg-chart')].map(f => ({
                bars: [...f.querySelectorAll('.barlayer .point path')]
                    .filter(p => p.getBoundingClientRect().width > 0).length,
                plot: f.querySelector('.dg-chart-plot').getBoundingClientRect().height,
                svg: f.querySelector('svg.main-svg').getBoundingClientRect().height,
            }))"""
        )
        assert [d["bars"] for d in drawn] == [_bars(s) for s in specs], url
        # The height reserved in the HTML is the height drawn: nothing below the chart moves.
        assert [round(d["plot"]) for d in drawn] == [s["layout"]["height"] for s in specs], url
        assert [round(d["svg"]) for d in drawn] == [s["layout"]["height"] for s in specs], url
    assert watch.errors == []
    assert watch.outside == []


def _backgrounds(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('figure.dg-chart')]"
        ".map(f => getComputedStyle(f.querySelector('svg.main-svg')).backgroundColor)"
    )


def _palette_background(page) -> str:
    """Material's background colour for the current scheme, resolved by the browser."""
    return page.evaluate(
        """() => { const p = document.createElement('span');
                   p.style.color = 'var(--md-default-bg-color)'; document.body.append(p);
                   const c = getComputedStyle(p).color; p.remove(); return c; }"""
    )


def _palette_background_after_toggle(page, before: str) -> str:
    wait_until(
        page,
        """b => { const p = document.createElement('span'); p.style.color = 'var(--md-default-bg-color)';
                  document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c !== b; }""",
        arg=before,
    )
    return _palette_background(page)


def test_charts_follow_the_palette_toggle_live(tab, served_site: str) -> None:
    watch = Watch(tab, served_site)
    tab.goto(served_site + "results/")
    _draw_all(tab)
    before = _backgrounds(tab)
    page_bg = _palette_background(tab)
    assert len(before) >= 3 and set(before) == {page_bg}
    scheme = tab.evaluate("document.body.getAttribute('data-md-color-scheme')")
    tab.locator("form[data-md-component=palette] label:visible").first.click()
    wait_until(tab, f"document.body.getAttribute('data-md-color-scheme') !== '{scheme}'")
    new_bg = _palette_background(tab)
    assert new_bg != page_bg
    wait_until(
        tab,
        """bg => [...document.querySelectorAll('figure.dg-chart')]
                 .every(f => getComputedStyle(f.querySelector('svg.main-svg')).backgroundColor === bg)""",
        arg=new_bg,
    )
    # Text follows too: the first title is drawn in the new foreground colour.
    fills = tab.evaluate(
        "() => [...document.querySelectorAll('figure.dg-chart .annotation-text')].map(t => getComputedStyle(t).fill)"
    )
    assert fills and len(set(fills) - {"rgb(0, 0, 0)", "rgba(0, 0, 0, 0.87)"}) > 0
    assert watch.errors == [] and watch.outside == []


def test_a_page_without_charts_requests_no_plotly(tab, served_site: str, shipped_site: Path) -> None:
    pages = _chart_pages(shipped_site)
    watch = Watch(tab, served_site)
    for url in ("methodology/", "bottom-line/", "options/gdaki/"):
        assert url not in pages
        tab.goto(served_site + url)
        tab.wait_for_load_state("networkidle")
        tab.mouse.wheel(0, 5000)
        tab.wait_for_timeout(300)
    assert watch.plotly_loads() == 0
    # Nor the scripts of the charts, the matrix tools or the decision helper: permalinks.js fetches them where needed.
    assert [u for u in watch.requests if u.endswith(("/charts.js", "/matrix.js", "/decide.js"))] == []
    assert watch.errors == [] and watch.outside == []


def test_plotly_waits_until_a_chart_is_touched(browser, served_site: str) -> None:
    """On a phone, scrolling past every chart loads no plotly: the SVG drawn at build time is the chart.
    A tap on one asks for the interactive chart, drawn in the same place."""
    context = browser.new_context(viewport={"width": 390, "height": 700}, is_mobile=True, has_touch=True)
    tab = context.new_page()
    watch = Watch(tab, served_site)
    tab.goto(served_site + "options/uccl/")
    tab.wait_for_load_state("networkidle")
    figure = tab.locator("figure.dg-chart").first
    figure.scroll_into_view_if_needed()
    tab.mouse.wheel(0, 100000)
    tab.wait_for_load_state("networkidle")
    assert watch.plotly_loads() == 0
    assert figure.locator("svg.dg-chart-svg rect.dg-svg-bar").count() > 0
    place = "f => { const r = f.getBoundingClientRect(); return [r.left, r.top + scrollY, r.width, r.height]; }"
    before = figure.evaluate(place)
    figure.locator(".dg-chart-plot").tap()
    figure.locator("svg.main-svg").first.wait_for(timeout=60000)
    assert watch.plotly_loads() == 1
    assert figure.evaluate(place) == before  # in the same place, the same size: nothing moved
    assert figure.locator("svg.dg-chart-svg").is_hidden()
    context.close()


def test_instant_navigation_loads_plotly_once_and_draws_on_each_page(tab, instant_site: str) -> None:
    watch = Watch(tab, instant_site)
    tab.goto(instant_site + "methodology/")
    tab.wait_for_load_state("networkidle")
    tab.evaluate("window.__sameVisit = true")
    for title in ("Measured results", "Overview", "DeepEP-V2", "Methodology", "UCCL"):
        heading = tab.locator("article h1").inner_text()
        tab.locator(f"nav.md-nav--primary a.md-nav__link:has-text('{title}')").first.click()
        wait_until(tab, "h => document.querySelector('article h1').innerText !== h", arg=heading)
        _draw_all(tab)
    # Material swapped the pages without a reload (the marker survived), and plotly came once.
    assert tab.evaluate("window.__sameVisit") is True
    assert tab.url.rstrip("/").endswith("options/uccl")
    assert watch.plotly_loads() == 1
    assert sum(1 for u in watch.requests if u.endswith("/charts.js")) == 1  # fetched on the first chart page
    # The palette toggle still re-themes the charts of a page reached by instant navigation.
    before = _palette_background(tab)
    tab.locator("form[data-md-component=palette] label:visible").first.click()
    wait_until(
        tab,
        """bg => [...document.querySelectorAll('figure.dg-chart')]
                 .every(f => getComputedStyle(f.querySelector('svg.main-svg')).backgroundColor === bg)""",
        arg=_palette_background_after_toggle(tab, before),
    )
    assert watch.errors == [] and watch.outside == []


def test_a_chart_in_a_hidden_box_is_drawn_when_shown_at_the_right_width(browser, served_site: str) -> None:
    """What a content tab does: the chart is hidden when the page loads and shown later."""
    context = browser.new_context(viewport={"width": 390, "height": 700})
    tab = context.new_page()
    tab.goto(served_site + "options/deepep-v2/")
    tab.wait_for_load_state("networkidle")
    last = tab.locator("figure.dg-chart").last
    last.evaluate("f => { f.style.display = 'none'; }")
    _draw_all_visible = tab.locator("figure.dg-chart:visible")
    for i in range(_draw_all_visible.count()):
        _draw_all_visible.nth(i).locator(".dg-chart-plot").hover()
        _draw_all_visible.nth(i).locator("svg.main-svg").first.wait_for(timeout=60000)
    assert last.locator("svg.main-svg").count() == 0
    last.evaluate("f => { f.style.display = ''; }")
    last.locator(".dg-chart-plot").hover()
    last.locator("svg.main-svg").first.wait_for(timeout=60000)
    box, svg = last.evaluate(
        "f => [f.querySelector('.dg-chart-plot').getBoundingClientRect().width,"
        " f.querySelector('svg.main-svg').getBoundingClientRect().width]"
    )
    assert box > 300 and abs(box - svg) < 1
    context.close()


def test_charts_keep_the_width_of_their_box_on_resize(tab, served_site: str) -> None:
    tab.goto(served_site + "options/deepep-v2/")
    _draw_all(tab)

    def widths() -> list[tuple[int, int]]:
        return tab.evaluate(
            """() => [...document.querySelectorAll('figure.dg-chart')].map(f => [
                Math.round(f.querySelector('.dg-chart-plot').getBoundingClientRect().width),
                Math.round(f.querySelector('svg.main-svg').getBoundingClientRect().width)])"""
        )

    wide = widths()
    assert all(box == svg for box, svg in wide)
    tab.set_viewport_size({"width": 390, "height": 800})
    wait_until(
        tab,
        """() => [...document.querySelectorAll('figure.dg-chart')].every(f =>
            Math.abs(f.querySelector('.dg-chart-plot').getBoundingClientRect().width
                     - f.querySelector('svg.main-svg').getBoundingClientRect().width) < 1)""",
    )
    narrow = widths()
    assert narrow[0][0] < wide[0][0] - 300
