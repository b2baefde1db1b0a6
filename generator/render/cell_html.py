"""Matrix cells as HTML: one ``<td>`` per option and column, and the rows of the comparison matrix.

Written in Python rather than as Jinja macros because the matrix holds paths × columns cells and
every option page repeats its row as a strip. Each function writes what the macro of the same name
in ``templates/_macros.j2`` wrote; every value from data passes through :func:`text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator import schema
from generator.derive import anchors, filters
from generator.derive.cells import Cell
from generator.escaping import text
from generator.render import verdict_html
from generator.render.history_view import HISTORY_URI
from generator.render.uris import option_uri

if TYPE_CHECKING:
    from generator.render.page_html import PageHtml


def table_link(html: PageHtml, table_id: str) -> str:
    """A link to a table on the results page, by its short label."""
    table = html.tables[table_id]
    return (
        f'<a class="dg-src" href="{text(html.link("results.md", table_id))}" '
        f'title="{text(table.title)}">{text(table.label)}</a>'
    )


def changed_mark(html: PageHtml, option_id: str, column_id: str) -> str:
    """When the cell's verdict last changed and what it was, linked to the history page."""
    mark = html.history.marks.get((option_id, column_id)) if html.history else None
    if not mark:
        return ""
    href = html.link(HISTORY_URI, f"{mark.anchor}-{option_id}-{column_id}")
    return f'<a class="dg-changed" href="{text(href)}">changed {text(mark.date)}, was {text(mark.before)}</a>'


def cell_td(html: PageHtml, cell: Cell, option_id: str) -> str:
    """One matrix cell, followed by a newline: its verdict (colour, symbol, word), details and sources."""
    label = text(cell.column.label)
    ident = anchors.cell(option_id, cell.column.id)
    v = cell.verdict
    if not v:
        return f'<td id="{ident}" class="dg-text" data-label="{label}">{html.md_inline(cell.text)}</td>\n'
    out = [f'<td id="{ident}" class="dg-cell dg-{text(v.colour)}']
    if v.judged:
        out.append(" dg-judged")
    if len(cell.parts) > 1:
        out.append(" dg-split")
    out.append(f'" data-level="{text(v.level)}"')
    if cell.value is not None:
        out.append(f' data-value="{text(cell.value)}"')
    elif v.level == "reference":
        out.append(f' data-value="1" data-rank="{text(filters.reference_rank(cell.column))}"')
    out.append(f' data-label="{label}">')
    if cell.parts:
        out.append(verdict_html.parts(html, cell))
        if cell.summary:
            out.append(f'<span class="dg-detail dg-summary">{text(cell.summary)}</span>')
    else:
        out.append(verdict_html.verdict_line(html, v))
    if cell.detail:
        out.append(f'<span class="dg-detail">{text(cell.detail)}</span>')
    out.append(verdict_html.noise_note(html, cell.judged))
    if cell.reason or cell.note:
        why = text(html.link(option_uri(option_id), "verdicts"))
        if cell.reason:
            out.append(verdict_html.cite(cell.source))
        out.append(f'<span class="dg-detail"><a href="{why}">{"why" if cell.reason else "note"}</a></span>')
    for t in cell.tables:
        out.append(f'<span class="dg-from">from {table_link(html, t)}</span>')
    out.append(changed_mark(html, option_id, cell.column.id))
    out.append("</td>\n")
    return "".join(out)


def matrix_rows(html: PageHtml, options: Sequence[schema.Option]) -> str:
    """The comparison matrix's body: a row per option, each line ending in a newline."""
    d = html.d
    out = []
    for option in options:
        rec = d.recommended(option.id)
        on = " ".join(filters.working_contexts(d.support[option.id]))
        mark = (
            f'<span class="dg-rec-mark"><span aria-hidden="true">★</span> Recommended: {text(rec.when)}</span>'
            if rec
            else ""
        )
        recommended = ' class="dg-recommended"' if rec else ""
        cells = "".join(cell_td(html, cell, option.id) for cell in d.cells[option.id])
        out.append(
            f'<tr id="{anchors.option_row(option.id)}" data-option="{text(option.id)}" data-on="{text(on)}"'
            f'{recommended}><th scope="row">{mark}'
            f'<a href="{text(html.link(option_uri(option.id)))}">{text(option.name)}</a>'
            f'<span class="dg-short">{html.md_inline(option.short)}</span></th>{cells}</tr>\n'
        )
    return "".join(out)
