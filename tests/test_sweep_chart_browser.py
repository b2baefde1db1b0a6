"""The sweep's curve chart in a real browser (Debian's Chromium): drawn in its reserved height, its points
telling their values under the pointer and leading to the table, at desktop width and on a phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from quality.wait import wait_until
from tests.test_charts_browser import Watch

FIGURE = "figure[data-chart=curve]"
POINTS = f"{FIGURE} .scatterlayer .trace .points path"


DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(DEVICES))
def device(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def tab(device: str, browser) -> Iterator:
    context = browser.new_context(**DEVICES[device])
    yield context.new_page()
    context.close()


def _drawn(page, base: str) -> None:
    page.goto(base + "results/")
    figure = page.locator(FIGURE)
    figure.locator(".dg-chart-plot").hover()  # plotly.js is loaded when a chart is asked for
    figure.locator("svg.main-svg").first.wait_for(timeout=60000)


def test_the_curve_chart_draws_every_point_in_its_reserved_height(
    tab, device: str, served_example: tuple[str, Path]
) -> None:
    base = served_example[0]
    watch = Watch(tab, base)
    _drawn(tab, base)
    drawn = tab.evaluate(
        f"""() => {{ const f = document.querySelector('{FIGURE}'), plot = f.querySelector('.dg-chart-plot');
            const spec = JSON.parse(plot.dataset.spec);
            return {{
                reserved: spec.layout.height,
                plot: plot.getBoundingClientRect().height,
                svg: f.querySelector('svg.main-svg').getBoundingClientRect().height,
                width: f.querySelector('svg.main-svg').getBoundingClientRect().width,
                points: f.querySelectorAll('.scatterlayer .trace .points path').length,
                labels: [...f.querySelectorAll('.scatterlayer .trace .textpoint')].map(t => t.textContent),
                legend: [...f.querySelectorAll('.legend .legendtext')].map(t => t.textContent),
                wanted: spec.data.reduce((n, t) => n + (t.text ? t.text.length : 0), 0),
                page: document.scrollingElement.scrollWidth,
            }}; }}"""
    )
    assert round(drawn["plot"]) == round(drawn["svg"]) == drawn["reserved"]
    assert drawn["points"] == len(drawn["labels"]) == drawn["wanted"] == 23  # 6 loads × 4, rustjson at 32 not drawn
    assert drawn["legend"] == ["json", "quickjson", "rustjson", "cjson-lite", "Pareto frontier"]
    width = DEVICES[device]["viewport"]["width"]
    assert drawn["width"] <= width and drawn["page"] <= width  # nothing pushes the page sideways
    assert watch.errors == [] and watch.outside == []


def test_a_point_tells_its_values_and_leads_to_its_table_cell(
    tab, device: str, served_example: tuple[str, Path]
) -> None:
    base = served_example[0]
    _drawn(tab, base)
    point = tab.locator(POINTS).nth(8)  # quickjson at 4 threads
    box = point.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if device == "phone":
        tab.touchscreen.tap(x, y)
    else:
        tab.mouse.move(x, y)
    hover = wait_until(tab, f"document.querySelector('{FIGURE} .hoverlayer .hovertext')?.textContent")
    assert "quickjson, threads 4" in hover and "1000 MB/s" in hover and "3.9 ms" in hover and "measured" in hover
    if device == "phone":
        # A finger has no hover: the tap shows the values and stays on the chart.
        assert tab.evaluate("location.hash") == ""
        return
    tab.mouse.click(x, y)
    wait_until(tab, "location.hash === '#v_parse-threads_t4_quickjson'")
    assert tab.evaluate("document.getElementById('v_parse-threads_t4_quickjson').textContent").startswith("1000")
