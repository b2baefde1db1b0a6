"""What the Python-written parts of a page need to know about the page, and their entry points.

The hottest partials (matrix cells, verdict badges, measured rows, evidence, the support grid) are
written by plain Python functions rather than Jinja macros: a macro call and the escaping of every
printed value cost more than the HTML itself. A template reaches them through the ``html`` object
(a :class:`PageHtml` made for each page). Each function writes exactly what its macro wrote, and
every string from data goes through :func:`generator.escaping.text`, the ``finalize`` every template
value passes through.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from generator import schema
from generator.derive.cells import Cell, Verdict
from generator.derive.evidence import Sample
from generator.render import cell_html, chart_html, evidence_html, grid_html, html_table, verdict_html
from generator.render.chart_model import Chart
from generator.render.decide_view import SupportGrid
from generator.render.page_base import PageBase


class PageHtml(PageBase):
    """The partials written in Python for one page, as ``Markup`` for its templates."""

    def badge(self, v: Verdict, word: str | None = None) -> Markup:
        return Markup(verdict_html.badge(self, v, word))

    def verdict_line(self, v: Verdict) -> Markup:
        return Markup(verdict_html.verdict_line(self, v))

    def cite(self, source: schema.Cite | None) -> Markup:
        return Markup(verdict_html.cite(source))

    def noise_note(self, judged: object, in_table: bool = False) -> Markup:
        return Markup(verdict_html.noise_note(self, judged, in_table))

    def parts(self, cell: Cell, first_as_line: bool = True) -> Markup:
        return Markup(verdict_html.parts(self, cell, first_as_line))

    def table_link(self, table_id: str) -> Markup:
        return Markup(cell_html.table_link(self, table_id))

    def changed_mark(self, option_id: str, column_id: str) -> Markup:
        return Markup(cell_html.changed_mark(self, option_id, column_id))

    def cell_td(self, cell: Cell, option_id: str) -> Markup:
        return Markup(cell_html.cell_td(self, cell, option_id))

    def cells(self, option_id: str) -> Markup:
        """Every matrix cell of one option, as a row of ``<td>`` (the matrix and the option's strip)."""
        return Markup("".join(cell_html.cell_td(self, cell, option_id) for cell in self.d.cells[option_id]))

    def matrix_rows(self, options: Sequence[schema.Option], judged: str | None = None) -> Markup:
        return Markup(cell_html.matrix_rows(self, options, judged))

    def data_table(self, table_id: str, heading_level: int = 3, drawn: Sequence[Chart] = ()) -> Markup:
        """A table with its section (on the results page, and again on an option's page)."""
        return Markup(html_table.data_table(self, table_id, heading_level, drawn))

    def table_csv(self, t: schema.MeasurementTable | schema.FactTable) -> Markup:
        return Markup(html_table.table_csv(self, t))

    def figure(self, c: Chart) -> Markup:
        return Markup(chart_html.figure(self, c))

    def evidence_details(self, anchor: str, title: str, entries: Sequence[tuple[str | None, Sample, str]]) -> Markup:
        return Markup(evidence_html.details(self, anchor, title, entries))

    def evidence_block(self, t: schema.MeasurementTable) -> Markup:
        """A table's evidence (each row's details stay out of search: ``generator/adapters/search_cut.py``)."""
        return Markup(evidence_html.cached_block(self, t))

    def grid_rows(self, grid: SupportGrid) -> Markup:
        return Markup(grid_html.rows(self, grid))

    def grid_notes(self, grid: SupportGrid) -> Markup:
        return Markup(grid_html.notes(self, grid))
