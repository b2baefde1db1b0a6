"""Matrix cells as HTML: one ``<td>`` per option and column, and the rows of the comparison matrix.

Written in Python rather than as Jinja macros because the matrix holds paths × columns cells and
every option page repeats its row as a strip. Each function writes what the macro of the same name
in ``templates/_macros.j2`` wrote; every value from data passes through :func:`text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from generator import schema
from generator.derive import anchors, filters
from generator.derive.cells import WORST_FIRST, Cell
from generator.escaping import text
from generator.render import verdict_html
from generator.render.history_view import HISTORY_URI
from generator.render.page_base import PageBase
from generator.render.uris import option_uri


def table_link(html: PageBase, table_id: str) -> str:
    """A link to a table on the results page, by its short label."""
    table = html.tables[table_id]
    return (
        f'<a class="dg-src" href="{text(html.link("results.md", table_id))}" '
        f'title="{text(table.title)}">{text(table.label)}</a>'
    )


def changed_mark(html: PageBase, option_id: str, column_id: str) -> str:
    """When the cell's verdict last changed and what it was, linked to the history page."""
    mark = html.history.marks.get((option_id, column_id)) if html.history else None
    if not mark:
        return ""
    href = html.link(HISTORY_URI, f"{mark.anchor}-{option_id}-{column_id}")
    return f'<a class="dg-changed" href="{text(href)}">changed {text(mark.date)}, was {text(mark.before)}</a>'


def _open(cell: Cell, ident: str, label: str) -> str:
    """A verdict cell's ``<td ...>``: colour, level, the ratio a sort reads, and the column it sits in."""
    v = cell.verdict
    assert v is not None
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
    versus = _versus(cell)
    if versus:
        out.append(f' data-vs="{text(versus)}"')
    if cell.ranks is not None:  # a judgement's polarity: a sort places it next to the option it reads better/worse than
        out.append(f' data-{cell.ranks[0]}="{text(cell.ranks[1])}"')
    out.append(f' data-label="{label}">')
    return "".join(out)


def _versus(cell: Cell) -> str:
    """Each option the cell is measured (or judged) against, with the worst verdict against it: ``road:bad
    folding:mid``, what a sort against one option reads (``matrix.js``: ``versusOf``
    in ``assets/javascripts/matrix/30-judged-cell.js`` writes the same)."""
    worst: dict[str, str] = {}
    for p in cell.parts:
        if p.opponent is None:
            continue
        if p.opponent not in worst or WORST_FIRST[p.verdict.level] < WORST_FIRST[worst[p.opponent]]:
            worst[p.opponent] = p.verdict.level
    return " ".join(f"{o}:{level}" for o, level in worst.items())


def _details(html: PageBase, cell: Cell, option_id: str, changes: bool = True) -> str:
    """Everything a verdict cell says besides its verdict: detail, noise, source, note, tables, last change
    (``changes``: a cell judged for one context has no history of its own)."""
    out = []
    if cell.coverage:  # the contexts without an answer are a part of their own: "? not measured on Hill Town"
        out.append(f'<span class="dg-detail dg-coverage">answers for {text(cell.coverage)}</span>')
    if cell.detail:
        out.append(f'<span class="dg-detail">{text(cell.detail)}</span>')
    out.append(verdict_html.noise_note(html, cell.judged))
    if cell.source is not None and not cell.reason and not any(p.source for p in cell.parts):
        out.append(verdict_html.cite(cell.source))  # a stated answer (support) cites the sentence it rests on
    if cell.reason or cell.note:
        why = text(html.link(option_uri(option_id), "verdicts"))
        if cell.reason and not any(p.source for p in cell.parts):  # a part cites its own source
            out.append(verdict_html.cite(cell.source))
        out.append(f'<span class="dg-detail"><a href="{why}">{"why" if cell.reason else "note"}</a></span>')
    for t in cell.tables:
        out.append(f'<span class="dg-from">from {table_link(html, t)}</span>')
    for ident in html.d.cell_campaigns(cell):  # where it was measured: the set-up above the matrix, by name
        campaign = html.d.campaign(ident)
        if campaign is not None:
            href = text(html.link("methodology.md", ident))
            out.append(f'<span class="dg-from">measured on <a href="{href}">{text(campaign.name)}</a></span>')
    if changes:
        out.append(changed_mark(html, option_id, cell.column.id))
    return "".join(out)


def _verdicts(html: PageBase, cell: Cell) -> str:
    """The cell's verdict in full: each part with the regimes it holds for, and how they were summarised."""
    v = cell.verdict
    assert v is not None
    if not cell.parts:
        return verdict_html.verdict_line(html, v)
    summary = f'<span class="dg-detail dg-summary">{text(cell.summary)}</span>' if cell.summary else ""
    return verdict_html.parts(html, cell) + summary


def cell_td(html: PageBase, cell: Cell, option_id: str) -> str:
    """One matrix cell in full, followed by a newline: its verdict (colour, symbol, word), details and sources
    (an option's strip, where every detail is in sight)."""
    label = text(cell.column.label)
    ident = anchors.cell(option_id, cell.column.id)
    if not cell.verdict:
        return f'<td id="{ident}" class="dg-text" data-label="{label}">{html.md_inline(cell.text)}</td>\n'
    return f"{_open(cell, ident, label)}{_verdicts(html, cell)}{_details(html, cell, option_id)}</td>\n"


def caveat_marks(html: PageBase, option: schema.Option, judged: str | None) -> str:
    """The record's known failures (for any context, or the one judged for) as small marks of the colour key's
    middle level on the support cell's line: a caveat shows in the row, not only on the option's page."""
    style = html.d.data.guide.levels.get("mid")
    if style is None:
        return ""
    out = []
    said = {s.context.id for s in html.d.support.get(option.id, []) if s.verdict.level == "bad"}
    for f in option.failures:
        # a failure in the context judged for whose support already says it failed is said there, not twice
        if f.context is None or (f.context == judged and f.context not in said):
            out.append(
                f' <span class="dg-mark dg-caveat dg-{text(style.colour)}"><span class="dg-symbol" aria-hidden="true">'
                f"{text(style.symbol)}</span> caveat: {text(f.title)}</span>"
            )
    return "".join(out)


def compact_td(html: PageBase, cell: Cell, option_id: str, changes: bool = True, marks: str = "") -> str:
    """One matrix cell at a glance, followed by a newline: one line of colour, symbol and word (a split
    cell's other parts as small badges after it), the rest folded under that line.

    The fold is a ``<details>`` whose ``<summary>`` is the verdict line: one click, tap or key (Enter on the
    focused line) opens it, it needs no script, and print opens it (``guide.css``). It holds what
    :func:`cell_td` shows, so the compact matrix loses nothing.
    """
    label = text(cell.column.label)
    ident = anchors.cell(option_id, cell.column.id)
    if not cell.verdict:
        return f'<td id="{ident}" class="dg-text" data-label="{label}">{html.md_inline(cell.text)}</td>\n'
    head = verdict_html.glance(html, cell) + marks
    body = _details(html, cell, option_id, changes)
    if cell.parts and (len(cell.parts) > 1 or cell.parts[0].regimes):
        body = (
            verdict_html.parts(html, cell, first_as_line=False)
            + (f'<span class="dg-detail dg-summary">{text(cell.summary)}</span>' if cell.summary else "")
            + body
        )
    if not body:
        return f"{_open(cell, ident, label)}{head}</td>\n"
    return (
        f'{_open(cell, ident, label)}<details class="dg-more"><summary>{head}</summary>'
        f'<div class="dg-more-body">{body}</div></details></td>\n'
    )


def matrix_rows(html: PageBase, options: Sequence[schema.Option], judged: str | None = None) -> str:
    """The comparison matrix's body: a row per option, each line ending in a newline; ``judged``: a context,
    whose cells it shows instead of the published ones (``Derived.judged_for``), each option's link carrying
    it so the option's page judges its strip the same way."""
    d = html.d
    shown = d.cells if judged is None else d.judged_for(judged)
    query = "" if judged is None else f"?judge={quote(judged)}"
    out = []
    for option in options:
        rec = d.recommended(option.id, judged)
        where = d.recommended(option.id)
        contexts = " ".join(where.contexts) if where is not None else ""
        on = " ".join(filters.working_contexts(d.support[option.id]))
        name = text(option.name)
        mark = '<span class="dg-rec-mark"><span aria-hidden="true">★</span> Recommended</span>' if rec else ""
        when = f'<span class="dg-rec-when">Recommended: {text(rec.when)}.</span> ' if rec else ""
        recommended = ' class="dg-recommended"' if rec else ""
        if contexts:  # recommended for some contexts only: "Judge for" another one takes the mark off
            recommended += f' data-rec-contexts="{text(contexts)}"'
        caveats = caveat_marks(html, option, judged)
        tds = "".join(
            compact_td(
                html, cell, option.id, judged is None, caveats if isinstance(cell.column, schema.SupportColumn) else ""
            )
            for cell in shown[option.id]
        )
        # What the option is and when it is recommended, folded after its name (its page opens with the same line).
        about = (
            f'<details class="dg-more dg-about"><summary><span aria-hidden="true">about</span>'
            f'<span class="dg-sr-only">What {name} is</span></summary>'
            f'<span class="dg-short">{when}{html.md_inline(option.short)}</span></details>'
        )
        out.append(
            f'<tr id="{anchors.option_row(option.id)}" data-option="{text(option.id)}" data-on="{text(on)}"'
            f'{recommended}><th scope="row"><a href="{text(html.link(option_uri(option.id)) + query)}">{name}</a>'
            f"{mark}{about}</th>{tds}</tr>\n"
        )
    return "".join(out)
