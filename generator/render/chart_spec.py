"""Lay out bar panels as a plotly figure, written as plain data.

A chart is a stack of *bands* (one per measured table, in the order of the
guide's comparison columns), each a stack of *panels* (one per table row), each a few
horizontal bars (one per series). Panels of one band measure the same unit and
share one value axis starting at zero, so bars compare across rows (a 362 µs
row is drawn longer than a 222 µs one). Only when a band's rows are
more than :data:`SHARED_SPAN` times apart (68.7 and 18201 ops/s), where the small
rows would vanish, does each panel get its own axis, and the band says so. Bars are horizontal
with their label and value written above them, left-aligned with the titles, so
the bars get the full width and long labels read well on a phone.

The figure is a plain ``{"data": [...], "layout": {...}}`` dict, never a
``plotly.graph_objects.Figure``: building one validates every attribute (about
0.8 ms a figure) and embeds a 7 KB template. The tests validate these dicts
with plotly instead. Colours of text, grid and background are left out: the
page's script fills them from the reader's palette and changes them live.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator import safe_json

# Pixel sizes of the layout. The figure's height follows from them, so the page
# can reserve the exact space before the chart is drawn (no layout shift).
BAR = 38
"""One bar's slot: its label line above, the bar itself (``BAR_WIDTH`` of the slot) and a gap."""
BAR_WIDTH = 0.46
#: Room above a panel's first bar slot for the part of its label that rises out of the slot.
LABEL_PAD = 12
HEADER_LINE = 17
PANEL_GAP = 14
BAND_TITLE = 24
BAND_GAP = 18
MARGIN = {"t": 6, "b": 4, "l": 4, "r": 12, "pad": 0}


@dataclass(frozen=True)
class Bar:
    """One bar: its category label, its value (``None``: not measured) and what is written at its end."""

    label: str
    value: float | None
    colour: str
    text: str = ""
    hatched: bool = False
    low: float | None = None
    high: float | None = None
    """The value's spread, drawn as a whisker from ``low`` to ``high``."""


@dataclass(frozen=True)
class Panel:
    """One row of a table: a title, optional lines under it (the computed ratio), its bars."""

    title: str
    bars: list[Bar]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Band:
    """One table (or one measure): a title, a line naming the quantity and which way is better, its panels."""

    title: str
    panels: list[Panel]
    subtitle: str = ""


NOT_MEASURED_NAME = "not-measured"
"""Annotation ``name`` the page script gives the muted text colour."""


def plotly_text(text: str) -> str:
    """Plotly renders a small HTML subset in text; data text must show literally."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: Largest ratio between the biggest values of two panels of a band for them to share an axis.
SHARED_SPAN = 10.0


def shares_axis(band: Band) -> bool:
    """Whether the panels of ``band`` are drawn on one value axis (see :data:`SHARED_SPAN`)."""
    tops = [max(v) for p in band.panels if (v := [b.value for b in p.bars if b.value is not None])]
    return not tops or max(tops) <= SHARED_SPAN * min(tops)


def figure(bands: list[Band]) -> tuple[dict[str, Any], int]:
    """The plotly figure for ``bands`` and its height in pixels."""
    data: list[dict[str, Any]] = []
    layout: dict[str, Any] = {}
    annotations: list[dict[str, Any]] = []
    # First pass in pixels from the top of the plot area; converted to paper fractions below.
    boxes: list[tuple[int, int, int]] = []  # (panel index, top px of bars, bottom px of bars)
    titles: list[tuple[str, int, bool]] = []  # (text, top px, is band title)
    y = 0
    panel_index = 0
    for b_i, band in enumerate(bands):
        if b_i:
            y += BAND_GAP
        head = [f"<b>{plotly_text(band.title)}</b>"] + ([plotly_text(band.subtitle)] if band.subtitle else [])
        titles.append(("<br>".join(head), y, True))
        y += BAND_TITLE + HEADER_LINE * (len(head) - 1)
        for p_i, panel in enumerate(band.panels):
            if p_i:
                y += PANEL_GAP
            lines = [f"<b>{plotly_text(panel.title)}</b>", *(plotly_text(n) for n in panel.notes)]
            titles.append(("<br>".join(lines), y, False))
            y += HEADER_LINE * len(lines) + LABEL_PAD
            top = y
            y += BAR * max(1, len(panel.bars))
            panel_index += 1
            boxes.append((panel_index, top, y))
            data.append(_trace(panel, panel_index))
            annotations += _bar_labels(panel, panel_index)
    height = y

    def frac(px: int) -> float:
        return round(1 - px / height, 4)

    all_panels = [(p, band) for band in bands for p in band.panels]
    for (k, top, bottom), (panel, band) in zip(boxes, all_panels, strict=True):
        suffix = "" if k == 1 else str(k)
        drawn = band.panels if shares_axis(band) else [panel]
        values = [max(b.value, b.high or 0) for p in drawn for b in p.bars if b.value is not None]
        layout[f"xaxis{suffix}"] = {
            "domain": [0, 1],
            "anchor": f"y{suffix}",
            "range": [0, max(values) if values else 1],
            "showticklabels": False,
            "showgrid": False,
            "showline": False,
            "zeroline": True,
            "zerolinewidth": 1,
            "fixedrange": True,
        }
        layout[f"yaxis{suffix}"] = {
            "domain": [frac(bottom), frac(top)],
            "anchor": f"x{suffix}",
            "type": "category",
            "autorange": "reversed",
            "showticklabels": False,
            "showgrid": False,
            "showline": False,
            "zeroline": False,
            "ticks": "",
            "fixedrange": True,
        }
    for text, top, is_band in titles:
        annotations.append(
            {
                "text": text,
                "xref": "paper",
                "yref": "paper",
                "x": 0,
                "y": frac(top),
                "xanchor": "left",
                "yanchor": "top",
                "align": "left",
                "showarrow": False,
                "font": {"size": 13 if is_band else 12},
            }
        )
    layout.update(
        {
            "height": height + MARGIN["t"] + MARGIN["b"],
            "margin": MARGIN,
            "showlegend": False,
            "bargap": round(1 - BAR_WIDTH, 2),
            "hovermode": False,
            "annotations": annotations,
        }
    )
    return {"data": data, "layout": layout}, layout["height"]


def _trace(panel: Panel, k: int) -> dict[str, Any]:
    suffix = "" if k == 1 else str(k)
    trace: dict[str, Any] = {
        "type": "bar",
        "orientation": "h",
        "x": [b.value for b in panel.bars],
        "y": [b.label for b in panel.bars],
        "xaxis": f"x{suffix}",
        "yaxis": f"y{suffix}",
        "hoverinfo": "skip",
        "marker": {"color": [b.colour for b in panel.bars], "line": {"width": 0}},
        "showlegend": False,
    }
    if any(b.hatched for b in panel.bars):
        trace["marker"]["pattern"] = {"shape": ["/" if b.hatched else "" for b in panel.bars]}
    whiskers = [_whisker(b) for b in panel.bars]
    if any(w is not None for w in whiskers):
        # The value's spread (lowest-highest run, ± a standard deviation, or a confidence interval),
        # the same one the table shows beside the value.
        trace["error_x"] = {
            "type": "data",
            "symmetric": False,
            "array": [w[1] if w else 0 for w in whiskers],
            "arrayminus": [w[0] if w else 0 for w in whiskers],
            "visible": True,
            "thickness": 1.5,
            "width": 4,
        }
    return trace


def _whisker(b: Bar) -> tuple[float, float] | None:
    """How far the spread reaches below and above the bar's end, when it has one."""
    if b.value is None or b.low is None or b.high is None:
        return None
    return round(b.value - b.low, 6), round(b.high - b.value, 6)


def _bar_labels(panel: Panel, k: int) -> list[dict[str, Any]]:
    """Each bar's label and value, written just above the bar where the bar starts.

    A series with no value gets a muted "not measured" and no bar, so a gap never reads as zero.
    """
    suffix = "" if k == 1 else str(k)
    lift = round(BAR * BAR_WIDTH / 2)
    out = []
    for b in panel.bars:
        measured = b.value is not None
        value = plotly_text(b.text) if measured else "<i>not measured</i>"
        label = {
            "text": f"{plotly_text(b.label)} · {value}",
            "xref": f"x{suffix}",
            "yref": f"y{suffix}",
            "x": 0,
            "y": b.label,
            "xanchor": "left",
            "yanchor": "bottom",
            "yshift": lift,
            "showarrow": False,
            "font": {"size": 12},
        }
        if not measured:
            label["name"] = NOT_MEASURED_NAME
        out.append(label)
    return out


def script_json(spec: dict[str, Any]) -> str:
    """Compact JSON that can sit in a single-quoted attribute as it is (see :mod:`generator.safe_json`).

    No entity escaping is needed on top: entity-escaped attributes made the HTML parsers of
    Markdown and of the search index about three times slower.
    """
    return safe_json.dumps(spec)
