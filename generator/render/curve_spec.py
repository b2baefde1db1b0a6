"""Lay out curves (one per option, a point per load) and a Pareto frontier as a plotly figure, written as data.

The figure is a plain dict like :mod:`generator.render.chart_spec`'s, with the same rule for colours: the
curves carry their option's colour and the frontier the neutral one, while text, grid and background are
left to the page's script, which fills them from the reader's palette. Unlike the bar charts, a curve chart
answers the pointer: each point's hover text gives its values, units and load, and a click on it goes to
its value in the table (``customdata`` holds the cell's anchor). Nothing can be dragged or zoomed
(``dragmode: false``, fixed ranges), so the page still scrolls under a finger.

Its height is fixed (:data:`HEIGHT`), so the page reserves it before the chart is drawn; the width follows
the page, from a 390 px phone to a desktop column. The legend sits above the plot and wraps on a phone.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from generator import numbers
from generator.render.chart_model import NEUTRAL
from generator.render.chart_spec import plotly_text

HEIGHT = 460
"""The figure's height in pixels, whatever the number of curves: the plot area, the legend above it, the axes."""
MARGIN = {"t": 8, "b": 8, "l": 8, "r": 16, "pad": 0}
#: An axis is logarithmic when its values span more than this factor (loads 1 to 32, latencies 0.7 to 210 ms).
LOG_SPAN = 8.0
FRONTIER = "Pareto frontier"
#: Marker shapes for the contexts of one option's curves (its colour stays the option's).
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "cross", "x")


@dataclass(frozen=True)
class Curve:
    """One option's points (in one context), in load order: where each is, its label, hover text and anchor."""

    name: str
    colour: str
    x: list[float]
    y: list[float]
    labels: list[str]
    """What is written beside each point: its load."""
    hover: list[str]
    """Each point's hover text: plain lines (escaped here), the first naming the point."""
    anchors: list[str]
    """Each point's value in its table (an id on the page)."""
    symbol: str = "circle"


@dataclass(frozen=True)
class Axis:
    """One axis: its title (quantity and unit), which way is better, and its values, for the scale."""

    title: str
    values: list[float]
    better: str = ""
    """``higher`` or ``lower``; empty for the load."""


def is_log(values: list[float]) -> bool:
    """Whether an axis over ``values`` is logarithmic: every value positive and the span over :data:`LOG_SPAN`."""
    positive = [v for v in values if v > 0]
    return bool(values) and len(positive) == len(values) and max(positive) > LOG_SPAN * min(positive)


#: Tick values of a logarithmic axis, densest first: 1-2-5 in each decade, then 1-3, then the decades alone.
_LOG_STEPS = ((1, 2, 5), (1, 3), (1,))
#: The most tick labels an axis gets (a 390 px phone has room for about that many under its plot).
MAX_TICKS = 7


def log_ticks(values: list[float]) -> list[float]:
    """Round tick values for a logarithmic axis over ``values``: the densest steps with at most
    :data:`MAX_TICKS` of them between the smallest and largest value (the axis's padding aside)."""
    lo, hi = min(values), max(values)
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    ticks: list[float] = []
    for steps in _LOG_STEPS:
        ticks = [t for e in range(first, last + 1) for m in steps if lo / 1.2 <= (t := float(f"{m}e{e}")) <= hi * 1.2]
        if len(ticks) <= MAX_TICKS:
            break
    return ticks


def _axis(axis: Axis) -> dict[str, Any]:
    lines = [axis.title] + ([f"{axis.better} is better"] if axis.better else [])
    out: dict[str, Any] = {
        # Which way is better on a line of its own: one long line runs off a phone's narrow plot.
        "title": {"text": "<br>".join(plotly_text(t) for t in lines), "font": {"size": 12}, "standoff": 6},
        "type": "linear",
        "automargin": True,
        "fixedrange": True,
        "showgrid": True,
        "zeroline": False,
        "showline": True,
        "ticks": "outside",
        "ticklen": 4,
        "tickfont": {"size": 12},
        "nticks": MAX_TICKS,
    }
    if is_log(axis.values):
        # Plotly's own log ticks label 2-9 of every decade in small digits beside "10k": round values read better.
        ticks = log_ticks(axis.values)
        out.update(type="log", tickmode="array", tickvals=ticks, ticktext=[numbers.raw(t) for t in ticks])
        del out["nticks"]
    return out


def _hover(text: str) -> str:
    """Hover text from plain lines: the first (what the point is) in bold."""
    head, *rest = (plotly_text(line) for line in text.split("\n"))
    return "<br>".join([f"<b>{head}</b>", *rest])


def _label_sides(curves: list[Curve]) -> list[str]:
    """Where each curve writes its loads: above and left of its points, but below and right for the lowest
    curve (by median y), so that the two lowest curves write away from each other, into the open."""
    medians = [statistics.median(c.y) if c.y else math.inf for c in curves]
    lowest = medians.index(min(medians)) if len(curves) > 1 else -1
    return ["bottom right" if i == lowest else "top left" for i in range(len(curves))]


def frontier_name(context: str | None) -> str:
    """The name of a context's frontier trace: ``Pareto frontier (Model A)``; :data:`FRONTIER` without contexts."""
    return FRONTIER if context is None else f"{FRONTIER} ({context})"


#: Dash patterns of the frontiers of several contexts, in context order (their colour stays the neutral one).
DASHES = ("dash", "dot", "dashdot", "longdash", "longdashdot")


def figure(
    curves: list[Curve], x: Axis, y: Axis, frontiers: list[tuple[str, list[tuple[float, float]]]] | None = None
) -> tuple[dict[str, Any], int]:
    """The plotly figure of ``curves`` on axes ``x`` and ``y``, with each of ``frontiers`` (a name and its points:
    one per context, since points of two contexts never trade against each other) joined by a dashed neutral
    line (sorted by ``x``), and its height in pixels."""
    data: list[dict[str, Any]] = []
    for curve, side in zip(curves, _label_sides(curves), strict=True):
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers+text",
                "name": plotly_text(curve.name),
                "x": curve.x,
                "y": curve.y,
                "text": [plotly_text(label) for label in curve.labels],
                "textposition": side,
                "textfont": {"size": 12},
                "cliponaxis": False,
                "line": {"color": curve.colour, "width": 2},
                "marker": {"color": curve.colour, "size": 8, "symbol": curve.symbol},
                "hovertext": [_hover(h) for h in curve.hover],
                "hoverinfo": "text",
                "customdata": curve.anchors,
            }
        )
    for k, (name, points) in enumerate(frontiers or []):
        if not points:
            continue
        # Drawn over the curves, since a frontier runs along one of them for most of its length.
        ordered = sorted(points)
        data.append(
            {
                "type": "scatter",
                "mode": "lines",
                "name": plotly_text(name),
                "x": [p[0] for p in ordered],
                "y": [p[1] for p in ordered],
                "line": {"color": NEUTRAL, "width": 2, "dash": DASHES[k % len(DASHES)]},
                "hoverinfo": "skip",
            }
        )
    layout: dict[str, Any] = {
        "height": HEIGHT,
        "margin": MARGIN,
        "font": {"size": 12},
        "showlegend": True,
        "legend": {
            "orientation": "h",
            "x": 0,
            "xanchor": "left",
            "y": 1.02,
            "yanchor": "bottom",
            "itemclick": False,
            "itemdoubleclick": False,
            "font": {"size": 12},
        },
        "hovermode": "closest",
        "hoverlabel": {"align": "left", "font": {"size": 12}},
        "dragmode": False,
        "xaxis": _axis(x),
        "yaxis": _axis(y),
    }
    return {"data": data, "layout": layout}, HEIGHT
