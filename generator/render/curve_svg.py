"""A sweep's curve chart as SVG, drawn from its plotly figure (:mod:`.curve_spec`).

Read from the figure, as :mod:`.bar_svg` reads the bar charts': the same curves in the same colours and
marker shapes, each point's load written beside it on the same side, the dashed Pareto frontier, the
legend's names in order, the axes' titles, their scale (linear, or logarithmic with the figure's own
ticks). Down the chart, positions are pixels of the figure's fixed height; across, fractions of the
chart's width (the plot from :data:`LEFT` to :data:`RIGHT`), so it fits a phone or a desktop column with
no script. Lines are drawn in a nested SVG that stretches with the width (``preserveAspectRatio="none"``)
with strokes that do not stretch (``vector-effect``); markers and labels are placed by percentage, so
neither is distorted. The legend takes two columns, which fit a 390 px phone.
"""

from __future__ import annotations

import math
from typing import Any

from generator.escaping import text as esc
from generator.render.svg_text import pct, plain, root, text_block

#: The plot area across the chart's width (room on the left for the value axis's tick labels).
LEFT, RIGHT = 0.12, 0.96
LEGEND_ROW = 20
TITLE_LINE = 15
TICK_TEXT = 18
#: Width units of the stretched box the lines are drawn in.
UNITS = 1000
#: Marker outlines around (0, 0) for plotly's symbols, radius about 4 px (size 8).
SYMBOL_PATHS = {
    "circle": "M4 0A4 4 0 1 1 -4 0A4 4 0 1 1 4 0Z",
    "square": "M-3.5 -3.5H3.5V3.5H-3.5Z",
    "diamond": "M0 -5L5 0L0 5L-5 0Z",
    "triangle-up": "M0 -4.5L4.5 3.5H-4.5Z",
    "cross": "M-1.5 -4.5H1.5V-1.5H4.5V1.5H1.5V4.5H-1.5V1.5H-4.5V-1.5H-1.5Z",
    "x": "M-3.5 -2L-2 -3.5L0 -1.5L2 -3.5L3.5 -2L1.5 0L3.5 2L2 3.5L0 1.5L-2 3.5L-3.5 2L-1.5 0Z",
}
#: Where a point's label sits (plotly's ``textposition``): anchor, and offset from the point in px.
_SIDES = {"top left": ("end", -5, -6), "bottom right": ("start", 5, 15)}


class _Scale:
    """One axis: values to fractions of its length (0 at the low end), its ticks and their labels."""

    def __init__(self, axis: dict[str, Any], values: list[float]) -> None:
        self.log = axis.get("type") == "log"
        f = math.log10 if self.log else float
        lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
        if self.log and "tickvals" in axis:
            self.ticks = [float(t) for t in axis["tickvals"]]
            self.labels = [str(t) for t in axis["ticktext"]]
        else:
            self.ticks = nice_ticks(lo, hi)
            self.labels = [f"{t:g}" for t in self.ticks]
        span = (f(hi) - f(lo)) or 1.0
        self.lo, self.hi = f(lo) - 0.06 * span, f(hi) + 0.06 * span
        self.f = f
        keep = [i for i, t in enumerate(self.ticks) if self.lo <= f(t) <= self.hi]
        self.ticks, self.labels = [self.ticks[i] for i in keep], [self.labels[i] for i in keep]

    def at(self, value: float) -> float:
        return (self.f(value) - self.lo) / (self.hi - self.lo)


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering ``lo``..``hi``, at most ``most``."""
    span = hi - lo or abs(hi) or 1.0
    raw = span / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    digits = max(0, -math.floor(math.log10(step)))
    first = math.ceil(lo / step - 1e-9) * step
    return [round(first + k * step, digits) for k in range(int((hi - first) / step + 1e-9) + 1)]


def _marker(x: str, y: float, symbol: str, colour: str) -> str:
    path = SYMBOL_PATHS.get(symbol, SYMBOL_PATHS["circle"])
    return (
        f'<svg class="dg-svg-point" x="{x}" y="{round(y, 1)}" width="1" height="1" overflow="visible">'
        f'<path d="{path}" fill="{esc(colour)}"/></svg>'
    )


def _legend(data: list[dict[str, Any]], top: float) -> str:
    out = []
    for i, trace in enumerate(data):
        x, y = pct(0.5 * (i % 2)), top + LEGEND_ROW * (i // 2)
        colour = esc(trace["line"]["color"])
        dash = ' stroke-dasharray="5 3"' if trace["line"].get("dash") else ""
        marker = trace.get("marker")
        icon = _marker("12", 0, marker.get("symbol", "circle"), marker["color"]) if marker else ""
        out.append(
            f'<svg class="dg-svg-legend" x="{x}" y="{round(y, 1)}" width="1" height="1" overflow="visible">'
            f'<line x1="0" x2="24" y1="0" y2="0" stroke="{colour}" stroke-width="2"{dash}/>{icon}</svg>'
        )
        out.append(text_block(trace["name"], x, y - 8, 12, 0, dx="30"))
    return "".join(out)


def curve_svg(ident: str, spec: dict[str, Any], title: str, desc: str) -> str:
    """The SVG of a curve chart's plotly ``spec``, named by ``title`` and described by ``desc``."""
    layout, data = spec["layout"], spec["data"]
    height: int = layout["height"]
    margin: dict[str, int] = layout["margin"]
    xs = [v for t in data for v in t["x"]]
    ys = [v for t in data for v in t["y"]]
    sx, sy = _Scale(layout["xaxis"], xs), _Scale(layout["yaxis"], ys)
    legend_top = margin["t"] + 10
    y_title = legend_top + LEGEND_ROW * math.ceil(len(data) / 2)
    y_lines = len(plain_lines(layout["yaxis"]["title"]["text"]))
    x_lines = len(plain_lines(layout["xaxis"]["title"]["text"]))
    top = y_title + TITLE_LINE * y_lines + 10
    bottom = height - margin["b"] - TITLE_LINE * x_lines - TICK_TEXT
    plot = bottom - top

    def down(value: float) -> float:
        return bottom - sy.at(value) * plot

    def across(value: float) -> float:
        return LEFT + (RIGHT - LEFT) * sx.at(value)

    body = [_legend(data, legend_top)]
    body.append(text_block(layout["yaxis"]["title"]["text"], pct(0), y_title, 12, TITLE_LINE))
    for t in sy.ticks:
        y = round(down(t), 1)
        body.append(f'<line class="dg-svg-grid" x1="{pct(LEFT)}" x2="{pct(RIGHT)}" y1="{y}" y2="{y}"/>')
    for t in sx.ticks:
        x = pct(across(t))
        body.append(f'<line class="dg-svg-grid" x1="{x}" x2="{x}" y1="{top}" y2="{bottom}"/>')
    body.append(
        f'<line class="dg-svg-axis" x1="{pct(LEFT)}" x2="{pct(LEFT)}" y1="{top}" y2="{bottom}"/>'
        f'<line class="dg-svg-axis" x1="{pct(LEFT)}" x2="{pct(RIGHT)}" y1="{bottom}" y2="{bottom}"/>'
    )
    for t, label in zip(sy.ticks, sy.labels, strict=True):
        body.append(text_block(label, pct(LEFT), down(t) - 7, 12, 0, text_anchor="end", dx="-6"))
    for t, label in zip(sx.ticks, sx.labels, strict=True):
        body.append(text_block(label, pct(across(t)), bottom + 3, 12, 0, text_anchor="middle"))
    middle = pct((LEFT + RIGHT) / 2)
    body.append(
        text_block(layout["xaxis"]["title"]["text"], middle, bottom + TICK_TEXT, 12, TITLE_LINE, text_anchor="middle")
    )
    # The lines, stretched with the width; the frontier last, over the curves it runs along.
    lines = []
    for trace in data:
        d = "".join(
            f"{'M' if i == 0 else 'L'}{round(UNITS * across(x), 2)} {round(down(y) - top, 2)}"
            for i, (x, y) in enumerate(zip(trace["x"], trace["y"], strict=True))
        )
        dash = ' stroke-dasharray="6 4"' if trace["line"].get("dash") else ""
        lines.append(
            f'<path class="dg-svg-line" d="{d}" fill="none" stroke="{esc(trace["line"]["color"])}" '
            f'stroke-width="{trace["line"].get("width", 2)}" vector-effect="non-scaling-stroke"{dash}/>'
        )
    body.append(
        f'<svg x="0" y="{top}" width="100%" height="{plot}" viewBox="0 0 {UNITS} {plot}" '
        f'preserveAspectRatio="none" overflow="visible">{"".join(lines)}</svg>'
    )
    for trace in data:
        if "marker" not in trace:
            continue
        anchor, dx, dy = _SIDES.get(trace.get("textposition", "top left"), _SIDES["top left"])
        for i, (x, y) in enumerate(zip(trace["x"], trace["y"], strict=True)):
            body.append(_marker(pct(across(x)), down(y), trace["marker"]["symbol"], trace["marker"]["color"]))
            if trace.get("text"):
                body.append(
                    text_block(
                        trace["text"][i],
                        pct(across(x)),
                        down(y) + dy - 12,
                        12,
                        0,
                        "dg-svg-label",
                        text_anchor=anchor,
                        dx=str(dx),
                    )
                )
    return root(ident, height, title, desc, "".join(body))


def plain_lines(plotly: str) -> list[str]:
    """The lines of a plotly text (an axis title), plain."""
    return [plain(line) for line in plotly.split("<br>")]
