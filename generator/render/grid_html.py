"""The support grid as HTML: a row per option, a cell per context, and the numbered notes the cells link to.

Written in Python rather than in the template because the grid holds options × contexts cells.
Writes what the loops of ``templates/support.md.j2`` wrote; every value from data passes
through :func:`text`.
"""

from __future__ import annotations

from generator.escaping import text
from generator.render import verdict_html
from generator.render.decide_view import SupportGrid
from generator.render.page_base import PageBase
from generator.render.uris import option_uri


def rows(html: PageBase, grid: SupportGrid) -> str:
    """Every ``<tr>`` of the grid, each followed by a newline."""
    d = html.d
    out = []
    for option in d.ordered_options():
        oid, label = text(option.id), text(option.label)
        cells = [
            f'<tr><th scope="row"><a href="{text(html.link(option_uri(option.id)))}" '
            f'title="{text(option.name)}">{label}</a></th>'
        ]
        for s in d.support[option.id]:
            v, name = s.verdict, text(s.context.name)
            cells.append(
                f'<td class="dg-cell dg-{text(v.colour)}" data-level="{text(v.level)}" data-status="{text(s.status)}" '
                f'data-label="{name}"><span class="dg-verdict"><span class="dg-symbol" aria-hidden="true">'
                f"{text(v.symbol)}</span> {text(v.word)}</span>"
            )
            n = grid.number(option.id, s.context.id)
            if n:
                cells.append(
                    f'<a class="dg-fn" id="ref-{oid}-{text(s.context.id)}" href="#note-{n}" '
                    f'aria-label="note {n}: {label} on {name}">note {n}</a>'
                )
            cells.append("</td>")
        cells.append("</tr>\n")
        out.append("".join(cells))
    return "".join(out)


def notes(html: PageBase, grid: SupportGrid) -> str:
    """Every ``<li>`` of the grid's numbered notes, each followed by a newline."""
    out = []
    for note in grid.notes:
        first = note.cells[0]
        oid = text(note.option.id)
        out.append(
            f'<li id="note-{note.number}"><strong><a href="{text(html.link(option_uri(note.option.id), "support"))}">'
            f"{text(note.option.name)}</a> on {text(note.contexts)}</strong> {verdict_html.badge(html, first.verdict)} "
            f'{html.md_inline(first.note)} <a class="dg-fn-back" href="#ref-{oid}-{text(first.context.id)}" '
            'aria-label="Back to the grid">↩</a></li>\n'
        )
    return "".join(out)
