"""The bar charts (A/B, overview, headline) as SVG, drawn from their plotly figure (:mod:`.chart_spec`).

Read from the figure, not from the bands it was laid out from, so the SVG and the interactive chart
cannot disagree: the same bars in the same colours and order, the same whiskers, the same titles,
notes and labels at the same heights (the figure's panels are placed in paper fractions of its
height, turned back into pixels here). Across the width the value axis runs from :data:`LEFT` to
:data:`RIGHT` of the chart's width (the figure's small pixel margins, as fractions), so the SVG needs
no script to fit its box; the plotly chart drawn over it later takes exactly its height.
"""

from __future__ import annotations

from typing import Any

from generator.escaping import text as esc
from generator.render.chart_spec import HEADER_LINE, NOT_MEASURED_NAME
from generator.render.svg_text import pct, root, text_block

#: Where a value of zero and the end of the value axis are, as fractions of the chart's width.
LEFT, RIGHT = 0.01, 0.97
#: Room under a bar label's baseline (plotly anchors the label's box, descenders included, at its bottom).
DESCENT = 0.3


def _suffix(ref: str) -> str:
    """``"x2"`` -> ``"2"``, ``"x"`` -> ``""``: the axis pair a trace or an annotation belongs to."""
    return ref[1:]


class _Frame:
    """Paper fractions and axis values of one figure turned into pixels (down) and width fractions (across)."""

    def __init__(self, layout: dict[str, Any]) -> None:
        self.top: float = layout["margin"]["t"]
        self.plot: float = layout["height"] - layout["margin"]["t"] - layout["margin"]["b"]
        self.layout = layout
        self.gap: float = layout.get("bargap", 0.2)

    def y(self, paper: float) -> float:
        return self.top + (1 - paper) * self.plot

    def across(self, suffix: str, value: float) -> float:
        top = self.layout[f"xaxis{suffix}"]["range"][1] or 1
        return LEFT + (RIGHT - LEFT) * max(0.0, value) / top

    def slots(self, suffix: str, categories: list[str]) -> dict[str, tuple[float, float]]:
        """Each category's centre and slot height in px (the first category on top: the axis is reversed)."""
        low, high = self.layout[f"yaxis{suffix}"]["domain"]
        top, bottom = self.y(high), self.y(low)
        slot = (bottom - top) / max(1, len(categories))
        return {c: (top + (i + 0.5) * slot, slot) for i, c in enumerate(categories)}


def _bars(frame: _Frame, trace: dict[str, Any], hatch: str) -> str:
    suffix = _suffix(trace["yaxis"])
    slots = frame.slots(suffix, trace["y"])
    colours = trace["marker"]["color"]
    shapes = trace["marker"].get("pattern", {}).get("shape", [""] * len(trace["x"]))
    error = trace.get("error_x")
    out = []
    first = min(c - s / 2 for c, s in slots.values())
    last = max(c + s / 2 for c, s in slots.values())
    zero = pct(LEFT)
    out.append(
        f'<line class="dg-svg-axis" x1="{zero}" x2="{zero}" y1="{round(first, 1)}" y2="{round(last, 1)}" '
        'stroke-width="1"/>'
    )
    for i, (value, label) in enumerate(zip(trace["x"], trace["y"], strict=True)):
        if value is None:
            continue
        centre, slot = slots[label]
        thick = slot * (1 - frame.gap)
        y, h = round(centre - thick / 2, 1), round(thick, 1)
        width = pct(frame.across(suffix, value) - LEFT)
        out.append(
            f'<rect class="dg-svg-bar" x="{zero}" y="{y}" width="{width}" height="{h}" fill="{esc(colours[i])}"/>'
        )
        if shapes[i]:
            out.append(
                f'<rect class="dg-svg-hatch" x="{zero}" y="{y}" width="{width}" height="{h}" fill="url(#{hatch})"/>'
            )
        if error is not None and (error["array"][i] or error["arrayminus"][i]):
            a = pct(frame.across(suffix, value - error["arrayminus"][i]))
            b = pct(frame.across(suffix, value + error["array"][i]))
            cy, cap = round(centre, 1), error.get("width", 4)
            stroke = f'stroke-width="{error.get("thickness", 1.5)}"'
            out.append(
                f'<g class="dg-svg-whisker">'
                f'<line x1="{a}" x2="{b}" y1="{cy}" y2="{cy}" {stroke}/>'
                f'<line x1="{a}" x2="{a}" y1="{cy - cap}" y2="{cy + cap}" {stroke}/>'
                f'<line x1="{b}" x2="{b}" y1="{cy - cap}" y2="{cy + cap}" {stroke}/></g>'
            )
    return "".join(out)


def _annotation(frame: _Frame, note: dict[str, Any], slots: dict[str, dict[str, tuple[float, float]]]) -> str:
    size = note.get("font", {}).get("size", 12)
    cls = "dg-svg-muted" if note.get("name") == NOT_MEASURED_NAME else "dg-svg-text"
    if note["yref"] == "paper":
        return text_block(note["text"], pct(LEFT), frame.y(note["y"]), size, HEADER_LINE, cls)
    # A bar's label: its box's bottom ``yshift`` px above the centre of the bar's slot.
    centre, _ = slots[_suffix(note["yref"])][note["y"]]
    bottom = centre - note.get("yshift", 0)
    x = pct(frame.across(_suffix(note["xref"]), note["x"]))
    return text_block(note["text"], x, bottom - size, size, 0, cls, dx="3")  # clear of the zero line


def bar_svg(ident: str, spec: dict[str, Any], title: str, desc: str) -> str:
    """The SVG of a bar chart's plotly ``spec``, named by ``title`` and described by ``desc``."""
    layout = spec["layout"]
    frame = _Frame(layout)
    hatch = f"{ident}-hatch"
    body = [
        f'<defs><pattern id="{esc(hatch)}" patternUnits="userSpaceOnUse" width="6" height="6">'
        '<path class="dg-svg-hatch-line" d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke-width="1.2"/></pattern></defs>'
    ]
    slots = {_suffix(t["yaxis"]): frame.slots(_suffix(t["yaxis"]), t["y"]) for t in spec["data"]}
    for trace in spec["data"]:
        body.append(_bars(frame, trace, esc(hatch)))
    for note in layout.get("annotations", []):
        body.append(_annotation(frame, note, slots))
    return root(ident, layout["height"], title, desc, "".join(body))
