"""What every kind of chart is once built: a figure, the sentence that says it, the tables behind it.

Its own module so that each kind of chart (:mod:`generator.render.charts` for the bar charts,
:mod:`generator.render.curve_chart` for sweeps) builds the same :class:`Chart` without importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.render.bar_svg import bar_svg
from generator.render.chart_spec import script_json
from generator.render.curve_svg import curve_svg


@dataclass(frozen=True)
class Chart:
    """One figure: its spec, the sentence that states its takeaway, the tables that hold its numbers."""

    id: str
    kind: str
    title: str
    takeaway: str
    tables: tuple[str, ...]
    options: tuple[str, ...]
    spec: dict[str, Any]
    height: int
    payload: str = field(repr=False)
    """The spec as JSON, safe to embed in the page (serialised once)."""
    svg: str = field(default="", repr=False)
    """The same figure drawn as SVG when the site is built (:mod:`.bar_svg`, :mod:`.curve_svg`): what a
    reader sees before plotly.js is loaded, in print and without scripts."""


def make_chart(
    ident: str,
    kind: str,
    title: str,
    takeaway: str,
    tables: list[str],
    options: list[str],
    spec: dict[str, Any],
    height: int,
) -> Chart:
    """A :class:`Chart` with its spec serialised for the page and drawn as SVG."""
    svg = (curve_svg if kind == "curve" else bar_svg)(ident, spec, title, takeaway)
    return Chart(ident, kind, title, takeaway, tuple(tables), tuple(options), spec, height, script_json(spec), svg)


#: Bar and curve colours, given to options by their place in the guide's ``order``. Each has at least
#: 3:1 contrast against Material's light (#fff) and dark (#1e2129) backgrounds, and the first
#: neighbours differ in hue and lightness.
PALETTE = ("#009E73", "#0072B2", "#8C6BB1", "#D55E00", "#B8860B", "#CC79A7", "#937860")
#: Series that belong to no option, and lines that belong to none (a Pareto frontier).
NEUTRAL = "#77777F"


def cap(sentence: str, names: tuple[str, ...]) -> str:
    """Capitalise a sentence that starts with a data label, unless the label is a name ("orjson", "numpy"):
    an option's or a series' label keeps the case it is written in."""
    if sentence.startswith(names):
        return sentence
    return sentence[:1].upper() + sentence[1:]
