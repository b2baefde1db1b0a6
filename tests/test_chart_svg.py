"""The SVG drawn at build time says what the plotly figure says: for every chart of both guides (every kind:
A/B, overview, headline, curve), the same marks in the same colours and order, the same labels, read from
the two specifications, not by eye. And every string from data reaches the SVG as text, never as markup."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator.derive.guide import Derived
from generator.pipeline import derive_guide
from generator.render import bar_svg, svg_text
from generator.render.chart_model import Chart, make_chart
from generator.render.chart_spec import Band, Bar, Panel, figure
from generator.render.charts import build_charts

ROOT = Path(__file__).resolve().parent.parent
GUIDES = {"shipped": ROOT / "data", "example": ROOT / "examples" / "json-libraries" / "data"}


@pytest.fixture(scope="module")
def derived() -> dict[str, Derived]:
    return {name: derive_guide(folder) for name, folder in GUIDES.items()}


@pytest.fixture(scope="module")
def charts(derived: dict[str, Derived]) -> list[Chart]:
    return [c for d in derived.values() for c in build_charts(d).all()]


def _svg(chart: Chart) -> BeautifulSoup:
    return BeautifulSoup(chart.svg, "html.parser")


def _lines(node) -> list[str]:  # type: ignore[no-untyped-def]
    return [t.get_text() for t in node.select("text")]


def test_every_kind_of_chart_is_drawn_as_svg(charts: list[Chart]) -> None:
    assert {c.kind for c in charts} == {"ab", "overview", "headline", "curve"}
    for c in charts:
        svg = _svg(c).svg
        assert svg["height"] == str(c.height) and svg["role"] == "img"
        assert svg.title.get_text() == c.title and svg.desc.get_text() == c.takeaway


def _bar_marks(spec: dict) -> list[tuple[str, float, str]]:
    """(colour, value, category) of every drawn bar of a plotly bar figure, in order."""
    out = []
    for trace in spec["data"]:
        for colour, value, label in zip(trace["marker"]["color"], trace["x"], trace["y"], strict=True):
            if value is not None:
                out.append((colour, value, label))
    return out


def test_bar_charts_draw_the_bars_whiskers_and_labels_of_their_figure(charts: list[Chart]) -> None:
    bars = [c for c in charts if c.kind != "curve"]
    assert len(bars) >= 4
    for c in bars:
        svg = _svg(c)
        marks = _bar_marks(c.spec)
        rects = svg.select("rect.dg-svg-bar")
        assert [r["fill"] for r in rects] == [colour for colour, _, _ in marks], c.id
        # Lengths: each bar's width is its value on its panel's axis.
        suffixes = [t["xaxis"][1:] for t in c.spec["data"] for v in t["x"] if v is not None]
        for rect, (_, value, _), suffix in zip(rects, marks, suffixes, strict=True):
            top = c.spec["layout"][f"xaxis{suffix}"]["range"][1]
            width = float(rect["width"].rstrip("%")) / 100
            assert width == pytest.approx((bar_svg.RIGHT - bar_svg.LEFT) * value / top, abs=1e-4), c.id
        hatched = sum(
            1
            for t in c.spec["data"]
            for v, shape in zip(t["x"], t["marker"].get("pattern", {}).get("shape", [""] * len(t["x"])), strict=True)
            if v is not None and shape
        )
        assert len(svg.select("rect.dg-svg-hatch")) == hatched, c.id
        whiskers = sum(
            1
            for t in c.spec["data"]
            if "error_x" in t
            for up, down in zip(t["error_x"]["array"], t["error_x"]["arrayminus"], strict=True)
            if up or down
        )
        assert len(svg.select("g.dg-svg-whisker")) == whiskers, c.id
        # Every line of every title, note and bar label, in the figure's order, and nothing else.
        wanted = [svg_text.plain(line) for a in c.spec["layout"]["annotations"] for line in a["text"].split("<br>")]
        assert _lines(svg) == wanted, c.id
        muted = [a for a in c.spec["layout"]["annotations"] if a.get("name") == "not-measured"]
        assert len(svg.select("text.dg-svg-muted")) == len(muted), c.id


def test_curve_charts_draw_the_curves_points_loads_legend_and_frontier_of_their_figure(
    charts: list[Chart],
) -> None:
    curves = [c for c in charts if c.kind == "curve"]
    assert curves
    for c in curves:
        svg = _svg(c)
        data = c.spec["data"]
        lines = svg.select("path.dg-svg-line")
        assert [p["stroke"] for p in lines] == [t["line"]["color"] for t in data], c.id
        assert [p.get("stroke-dasharray") is not None for p in lines] == [bool(t["line"].get("dash")) for t in data]
        # Each line goes through as many points as its trace has.
        assert [p["d"].count("L") + 1 for p in lines] == [len(t["x"]) for t in data], c.id
        points = svg.select("svg.dg-svg-point path")
        legend_markers = len(svg.select("svg.dg-svg-legend svg.dg-svg-point"))
        wanted_points = [t["marker"]["color"] for t in data if "marker" in t for _ in t["x"]]
        assert [p["fill"] for p in points][legend_markers:] == wanted_points, c.id
        assert [t.get_text() for t in svg.select("text.dg-svg-label")] == [
            svg_text.plain(label) for t in data for label in t.get("text", [])
        ], c.id
        texts = _lines(svg)
        assert texts[: len(data)] == [svg_text.plain(t["name"]) for t in data], c.id  # the legend, in order
        for axis in ("xaxis", "yaxis"):
            for line in c.spec["layout"][axis]["title"]["text"].split("<br>"):
                assert svg_text.plain(line) in texts, (c.id, axis)
            if c.spec["layout"][axis].get("type") == "log":
                assert set(c.spec["layout"][axis]["ticktext"]) & set(texts), (c.id, axis)
    assert any("Pareto frontier" in _lines(_svg(c)) for c in curves)


def test_the_svg_follows_the_palette_through_classes_not_fixed_colours(charts: list[Chart]) -> None:
    """Text, grid and axes take Material's colours (default and slate) from the stylesheet."""
    css = (ROOT / "generator" / "render" / "assets" / "stylesheets" / "charts.css").read_text(encoding="utf-8")
    for c in charts:
        svg = _svg(c)
        assert all("fill" not in t.attrs for t in svg.select("text")), c.id
        used = Counter(cls for node in svg.find_all(class_=True) for cls in node["class"])
        for cls in used:
            if cls not in (
                "dg-chart-svg",
                "dg-svg-bar",
                "dg-svg-hatch",
                "dg-svg-line",
                "dg-svg-point",
                "dg-svg-legend",
            ):
                assert f".{cls}" in css, cls
    assert "var(--md-default-fg-color)" in css


def test_strings_from_data_are_text_in_the_svg() -> None:
    hostile = '<script>alert(1)</script> & "q" \'s {x} [l](javascript:x)'
    bands = [Band(hostile, [Panel(hostile, [Bar(hostile, 2.0, '"><script>', hostile)], [hostile])], hostile)]
    spec, height = figure(bands)
    chart = make_chart("chart-ab-x", "ab", hostile, hostile, ["t"], [], spec, height)
    soup = BeautifulSoup(chart.svg, "html.parser")
    assert soup.find("script") is None and "<script" not in chart.svg
    assert soup.svg.title.get_text() == hostile
    assert hostile in _lines(soup)
    assert soup.select_one("rect.dg-svg-bar")["fill"] == '"><script>'
