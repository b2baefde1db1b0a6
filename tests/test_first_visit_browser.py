"""A first visit in a real browser (Debian's Chromium), on the shipped guide and the example guide.

- The home page and every chart page draw their charts (the SVG written at build time) and weigh at most
  :data:`BUDGET` compressed after loading and scrolling to the end with no chart touched: no plotly.js.
- Pointing at a chart loads plotly.js and draws the interactive chart in the same place.
- With JavaScript off every chart is there.
- Served from another address than the one it was built for, the first screen says so, naming that
  address, and the charts are still there.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest

from quality.serve import StaticServer
from quality.wait import wait_until
from tests.conftest import BUILT_FOR
from tests.html import page as soup_of

KIB = 1024
BUDGET = 150 * KIB
PLOTLY = "plotly.min.js"
#: Where a figure is on the page and how big: [left, top in the document, width, height].
PLACE = "f => { const r = f.getBoundingClientRect(); return [r.left, r.top + scrollY, r.width, r.height]; }"


def _pages(site: Path) -> list[str]:
    """The home page and every page with a chart, as paths under the site."""
    found = [""]
    for html in sorted(site.rglob("index.html")):
        url = html.parent.relative_to(site).as_posix()
        url = "" if url == "." else url + "/"
        if url and soup_of(site, url).select("figure.dg-chart"):
            found.append(url)
    return found


@pytest.fixture(scope="module", params=["shipped", "example"])
def guide(request: pytest.FixtureRequest) -> tuple[str, str, Path]:
    """(name, the address it is served at and built for, the folder served)."""
    url, folder = request.getfixturevalue(f"served_{request.param}")
    return request.param, url, folder


def _charts(page) -> list[dict]:  # type: ignore[no-untyped-def]
    """What each figure shows: its SVG's size and marks, the height reserved for it, plotly's chart if any."""
    return page.evaluate(
        """() => [...document.querySelectorAll('figure.dg-chart')].map(f => {
            const svg = f.querySelector('svg.dg-chart-svg'), r = svg.getBoundingClientRect();
            return {reserved: parseFloat(f.querySelector('.dg-chart-plot').style.height),
                    width: r.width, height: r.height, shown: getComputedStyle(svg).display !== 'none',
                    marks: svg.querySelectorAll('rect.dg-svg-bar, path.dg-svg-line').length,
                    plotly: f.querySelectorAll('svg.main-svg').length}; })"""
    )


def _all_drawn(charts: list[dict]) -> bool:
    return bool(charts) and all(
        c["shown"] and c["width"] > 300 and c["height"] == c["reserved"] and c["marks"] > 0 for c in charts
    )


def test_home_and_chart_pages_draw_their_charts_within_the_budget_untouched(browser, guide) -> None:
    name, url, folder = guide
    pages = _pages(folder)
    assert len(pages) >= 3, pages
    weights = {}
    for path in pages:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        bodies: list[bytes] = []
        requests: list[str] = []
        # On the context: the search worker's requests (its index) are counted too.
        context.on("request", lambda r: requests.append(r.url))  # noqa: B023 - one context per page
        context.on("response", lambda r: bodies.append(r.body()) if r.ok else None)  # noqa: B023
        page = context.new_page()
        page.goto(url + path)
        page.wait_for_load_state("networkidle")
        page.mouse.move(1, 1)  # the pointer out of every chart
        for _ in range(12):
            page.keyboard.press("End")
            page.mouse.wheel(0, 20000)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        charts = _charts(page)
        if path:
            assert _all_drawn(charts), (name, path, charts)
        assert all(c["plotly"] == 0 for c in charts) and not [u for u in requests if u.endswith(PLOTLY)]
        weights[path] = sum(len(gzip.compress(b, compresslevel=6, mtime=0)) for b in bodies)
        context.close()
    over = {p: round(w / KIB, 1) for p, w in weights.items() if w > BUDGET}
    assert over == {}, (name, over)


def test_pointing_at_a_chart_loads_plotly_and_draws_it_in_the_same_place(browser, guide) -> None:
    name, url, folder = guide
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.goto(url + _pages(folder)[-1])
    page.wait_for_load_state("networkidle")
    figure = page.locator("figure.dg-chart").last
    figure.scroll_into_view_if_needed()
    before = figure.evaluate(PLACE)
    assert [u for u in requests if u.endswith(PLOTLY)] == []
    figure.locator(".dg-chart-plot").hover()
    figure.locator("svg.main-svg").first.wait_for(timeout=60000)
    wait_until(page, "f => f.classList.contains('dg-chart--drawn')", arg=figure.element_handle())
    assert len([u for u in requests if u.endswith(PLOTLY)]) == 1
    assert figure.evaluate(PLACE) == before, name
    plot, reserved, svg = figure.evaluate(
        "f => [f.querySelector('svg.main-svg').getBoundingClientRect().height,"
        " parseFloat(f.querySelector('.dg-chart-plot').style.height),"
        " getComputedStyle(f.querySelector('svg.dg-chart-svg')).display]"
    )
    assert round(plot) == reserved and svg == "none"  # the interactive chart took the SVG's place
    context.close()


@pytest.fixture(scope="module")
def no_script(browser) -> Iterator:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_with_javascript_off_every_chart_is_there_on_screen_and_in_print(no_script, guide) -> None:
    name, url, folder = guide
    for path in _pages(folder)[1:]:
        no_script.goto(url + path)
        for media in ("screen", "print"):
            no_script.emulate_media(media=media)
            charts = _charts(no_script)
            assert charts and all(
                c["shown"] and c["height"] == c["reserved"] and c["marks"] > 0 and c["width"] > 300 for c in charts
            ), (name, path, media, charts)
        no_script.emulate_media(media="screen")


def test_served_from_another_address_the_first_screen_says_why_and_charts_show(browser, guide, request) -> None:
    name, _, folder = guide
    built = request.getfixturevalue(f"{name}_site")  # built for BUILT_FOR, served here as it is, elsewhere
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    with StaticServer(built, built_for="") as other:
        assert other.url != BUILT_FOR
        page.goto(other.url + _pages(folder)[-1])
        line = page.locator(".dg-scripts-off")
        line.wait_for(state="visible", timeout=60000)
        box = line.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844  # on the first screen
        words = line.inner_text()
        assert "scripts are off" in words and BUILT_FOR in words, words
        assert "SITE_URL=" in words and "serve-built" in words
        assert _all_drawn(_charts(page)), name
    assert any("Content Security Policy" in e for e in errors)  # the theme's and the engine's scripts refused
    context.close()


def test_where_the_scripts_run_the_line_is_gone(browser, guide) -> None:
    name, url, folder = guide
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(url + _pages(folder)[-1])
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # longer than the line waits before it shows
    assert page.locator(".dg-scripts-off").count() == 0, name
    context.close()
