"""A chart as HTML: the plot box holding the chart drawn as SVG and carrying its plotly spec, and a caption
that says the takeaway in words.

The SVG (:mod:`generator.render.bar_svg`, :mod:`generator.render.curve_svg`) is the chart a reader sees
until they touch it, in print and without scripts; it is an image named by the chart's title and described
by its takeaway. The box's height is reserved, so nothing moves when plotly draws over it. The spec sits
in ``data-spec`` (single quotes): its JSON holds no ``<``, ``>``, ``&`` or ``'`` (:mod:`generator.safe_json`),
so it needs no escaping there. Not ``<script type="application/json">``: Material's instant navigation re-creates every
inline script of a new page as an executable one, which runs the JSON as JavaScript and loses the
spec. Writes what the ``figure`` macro of ``templates/_charts.j2`` wrote; every value from data
passes through :func:`text`.
"""

from __future__ import annotations

from generator.escaping import text
from generator.render.chart_model import Chart
from generator.render.page_base import PageBase


def figure(html: PageBase, c: Chart) -> str:
    """``<figure class="dg-chart">`` with its spec, title, takeaway and links to the tables behind it."""
    tables = "; ".join(f'<a href="{text(html.table_href(t))}">{text(html.tables[t].title)}</a>' for t in c.tables)
    count = "a table" if len(c.tables) == 1 else "tables"
    return (
        f'<figure class="dg-chart" id="{text(c.id)}" data-chart="{text(c.kind)}">\n'
        f'<div class="dg-chart-plot" style="height: {text(c.height)}px" '
        f"data-spec='{c.payload}'>{c.svg}</div>\n"
        f'<figcaption><span class="dg-chart-title">{text(c.title)}.</span> {text(c.takeaway)} '
        f'<span class="dg-chart-tables">The same numbers as {count}: {tables}.</span></figcaption>\n'
        "</figure>"
    )
