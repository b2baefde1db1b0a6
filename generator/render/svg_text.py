"""What the SVG charts share: plotly's text written as SVG text, the root element with its text alternative.

The charts' SVG is drawn from the plotly figure itself (:mod:`generator.render.bar_svg`,
:mod:`generator.render.curve_svg`), so both say the same. Plotly's text is a small HTML subset the
specs write (``<b>``, ``<i>``, ``<br>``, with ``&``, ``<`` and ``>`` of data written as entities by
:func:`generator.render.chart_spec.plotly_text`): it is read back into runs of plain text here, and
every run is escaped again on its way into the SVG (:func:`generator.escaping.text`), so no string
from data reaches the page as markup.

Positions across the width are percentages of the chart's width, never pixels: the SVG fills its
box from a 390 px phone to a desktop column, as the plotly chart does, with no script. Colours of
text, grid and axes are classes the stylesheet fills from Material's palette (``charts.css``), so both
palettes (``default`` and ``slate``) apply, in print too; marks keep the colours of the spec.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from generator.escaping import text as esc

#: The tags the specs write into plotly text, and the line breaks between them.
_TAG = re.compile(r"(<br>|</?b>|</?i>)")


@dataclass(frozen=True)
class Run:
    """A piece of one line of text, bold and/or italic."""

    text: str
    bold: bool = False
    italic: bool = False


def lines(plotly: str) -> list[list[Run]]:
    """Plotly text as lines of runs, its entities resolved (the runs are plain text, escaped when written)."""
    out: list[list[Run]] = [[]]
    bold = italic = False
    for part in _TAG.split(plotly):
        if part == "<br>":
            out.append([])
        elif part in ("<b>", "</b>"):
            bold = part == "<b>"
        elif part in ("<i>", "</i>"):
            italic = part == "<i>"
        elif part:
            out[-1].append(Run(html.unescape(part), bold, italic))
    return out


def plain(plotly: str) -> str:
    """Plotly text as one plain line, lines joined by a space: what a reader or a test reads."""
    return " ".join("".join(r.text for r in line) for line in lines(plotly))


def tspans(line: list[Run]) -> str:
    """One line's runs as ``<tspan>`` elements (plain runs as escaped text)."""
    out = []
    for run in line:
        style = (' font-weight="700"' if run.bold else "") + (' font-style="italic"' if run.italic else "")
        out.append(f"<tspan{style}>{esc(run.text)}</tspan>" if style else esc(run.text))
    return "".join(out)


def text_block(plotly: str, x: str, top: float, size: int, step: int, cls: str = "dg-svg-text", **attrs: str) -> str:
    """Plotly text as ``<text>`` lines, the first line's top at ``top`` px, one line every ``step`` px."""
    extra = "".join(f' {k.replace("_", "-")}="{esc(v)}"' for k, v in attrs.items())
    out = []
    for i, line in enumerate(lines(plotly)):
        baseline = round(top + i * step + size * 0.95, 1)
        out.append(f'<text class="{cls}" x="{x}" y="{baseline}" font-size="{size}"{extra}>{tspans(line)}</text>')
    return "".join(out)


def pct(fraction: float) -> str:
    """A fraction of the chart's width as an SVG percentage."""
    return f"{round(fraction * 100, 3):g}%"


def root(ident: str, height: int, title: str, desc: str, body: str) -> str:
    """The ``<svg>`` of a chart, ``height`` px tall and as wide as its box, named by ``title`` and ``desc``."""
    ident = esc(ident)
    return (
        f'<svg class="dg-chart-svg" width="100%" height="{height}" role="img" '
        f'aria-labelledby="{ident}-svg-t {ident}-svg-d" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="{ident}-svg-t">{esc(title)}</title><desc id="{ident}-svg-d">{esc(desc)}</desc>'
        f"{body}</svg>"
    )
