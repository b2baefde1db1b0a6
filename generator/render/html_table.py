"""The body of a measured table as HTML: a row per measured row, its values, then its computed ratios.

Written in Python rather than as Jinja macros because a table's cells are its rows × columns and
every table is shown on the results page and on the page of each option it measures. Writes what
the ``value_cell`` macro and the row loop of ``data_table`` in ``templates/_macros.j2`` wrote;
every value from data passes through :func:`text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator import schema
from generator.derive import anchors
from generator.escaping import text
from generator.render import verdict_html

if TYPE_CHECKING:
    from generator.render.page_html import PageHtml

_STALE = '<span class="dg-stale-mark"><span class="dg-symbol" aria-hidden="true">↻</span> stale</span>'


def value_cell(html: PageHtml, table_id: str, row: schema.Row, series_id: str) -> str:
    """One measured value: the value, its spread, its runs, a stale mark and the row's note for it."""
    sample = html.d.sample(table_id, row.id, series_id)
    ident = anchors.value(table_id, row.id, series_id)
    if not sample.measured:
        return f'<td id="{ident}" class="dg-nm">{text(sample.text())}</td>'
    out = [f'<td id="{ident}" class="dg-num-cell">{text(sample.text())}']
    spread = sample.spread_text()
    if spread:
        out.append(f' <span class="dg-spread">{text(spread)}</span>')
    if sample.runs is not None:
        out.append(f'<span class="dg-runs">{text(sample.runs_text())}</span>')
    if sample.stale:
        out.append(_STALE)
    note = row.notes.get(series_id)
    if note:
        out.append(f'<span class="dg-note">{html.md_inline(note)}</span>')
    out.append("</td>")
    return "".join(out)


def measured_rows(html: PageHtml, t: schema.MeasurementTable) -> str:
    """Every ``<tr>`` of a measured table's body, each followed by a newline."""
    view = html.d.tables[t.id]
    table_id = view.table.id
    tid = text(t.id)
    out = []
    for r, row in enumerate(t.rows):
        rid = text(row.id)
        cells = [
            f'<tr id="{tid}-row-{rid}"><th scope="row">{text(row.label)}'
            f'<a class="dg-ev-link" href="#ev-{tid}-{rid}">evidence</a></th>'
        ]
        cells += [value_cell(html, table_id, row, s.id) for s in t.series]
        for comp in t.comparisons:
            rc = view.ratios[comp.label][r]
            ident = anchors.ratio(t.id, row.id, comp.numerator, comp.denominator)
            cells.append(f'<td id="{ident}" class="dg-num-cell">{text(rc.text)}')
            if rc.spread:
                cells.append(f' <span class="dg-spread">{text(rc.spread)}</span>')
            if rc.verdict:
                cells.append(" " + verdict_html.badge(html, rc.verdict))
            cells.append(verdict_html.noise_note(html, rc.judged, True))
            cells.append("</td>")
        cells.append("</tr>\n")
        out.append("".join(cells))
    return "".join(out)
