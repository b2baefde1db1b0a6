"""A verdict as HTML: badge, the line a cell shows, a cell over disagreeing regimes, the noise note, the source.

Colour, symbol and word always go together. Each function writes what the macro of the same
name in ``templates/_macros.j2`` wrote; every value from data passes through :func:`text`.
"""

from __future__ import annotations

from generator import schema
from generator.derive.cells import Cell, Part, Verdict
from generator.derive.noise import Judged
from generator.escaping import text
from generator.render.page_base import PageBase

_SYMBOL = '<span class="dg-symbol" aria-hidden="true">'


def _judged_word(html: PageBase, v: Verdict) -> str:
    return f'<span class="dg-judged-word">{text(html.judgement_word)}:</span> ' if v.judged else ""


def badge(html: PageBase, v: Verdict, word: str | None = None) -> str:
    """``<span class="dg-badge dg-green">`` with the symbol and the word (and the judgement word); ``word``: the
    word with what it is measured against (``tie vs road``)."""
    judged = " dg-judged" if v.judged else ""
    return (
        f'<span class="dg-badge dg-{text(v.colour)}{judged}">{_SYMBOL}{text(v.symbol)}</span> '
        f"{_judged_word(html, v)}{text(v.word if word is None else word)}</span>"
    )


def verdict_line(html: PageBase, v: Verdict, word: str | None = None) -> str:
    """A cell's own verdict: its colour is the cell's, so symbol and word only (``word``: with its opponent)."""
    shown = v.word if word is None else word
    return f'<span class="dg-verdict">{_SYMBOL}{text(v.symbol)}</span> {_judged_word(html, v)}{text(shown)}</span>'


def cite(source: schema.Cite | None) -> str:
    """The quoted sentence a judgement rests on, folded."""
    if not source:
        return ""
    where = f' <span class="dg-cite-where">({text(source.where)})</span>' if source.where else ""
    return f'<details class="dg-cite"><summary>source</summary><q>{text(source.quote)}</q>{where}</details>'


def regimes(html: PageBase, part: Part) -> str:
    """The regimes a part holds for, each a link to its measured row (a context no row measures as plain text)."""
    return ", ".join(
        f'<a href="{text(html.link("results.md", r.table + "-row-" + r.row))}">{text(r.name)}</a>'
        if r.table
        else text(r.name)
        for r in part.regimes
    )


def _on(html: PageBase, part: Part) -> str:
    return f" on {regimes(html, part)}" if part.regimes else ""


def parts(html: PageBase, cell: Cell, first_as_line: bool = True) -> str:
    """A cell whose regimes disagree: the worst verdict as the cell's line, every other one as a badge."""
    out = []
    for i, p in enumerate(cell.parts):
        if i == 0 and first_as_line:
            v = p.verdict
            on = f' <span class="dg-on">{_on(html, p).strip()}</span>' if p.regimes else ""
            out.append(
                f'<span class="dg-verdict">{_SYMBOL}{text(v.symbol)}</span> {_judged_word(html, v)}{text(p.word)}'
                f"{on}</span>"
            )
        else:
            out.append(f'<span class="dg-part">{badge(html, p.verdict, p.word)}{_on(html, p)}</span>')
        if p.source is not None:
            out.append(cite(p.source))
    return "".join(out)


def noise_note(html: PageBase, judged: object, in_table: bool = False) -> str:
    """Why a verdict is uncertain (within noise, one run) and whether it rests on stale values."""
    if not isinstance(judged, Judged):
        return ""
    out = ""
    if judged.confidence == "within noise":
        if in_table:
            why = f": {text(judged.short_why())}"
        else:
            short = judged.short_why()
            extra = f"; {text(short)}" if short != "the spread crosses a band boundary" else ""
            why = f" ({text(judged.interval_text())}{extra})"
        out = f'<span class="dg-detail dg-noise">{_SYMBOL}≈</span> within noise{why}</span>'
    elif in_table and judged.confidence == "single run":
        out = f'<span class="dg-detail">{text(judged.short_why())}</span>'
    if judged.stale:
        out += (
            f'<span class="dg-detail dg-stale">{_SYMBOL}↻</span> stale: see '
            f'<a href="{text(html.link("stale.md"))}">stale values</a></span>'
        )
    return out


def glance(html: PageBase, cell: Cell) -> str:
    """A verdict cell in one line: the cell's verdict (symbol and word; its colour is the cell's), then each
    other part of a split cell as a small badge of its own colour, symbol and word."""
    v = cell.verdict
    assert v is not None
    first = cell.parts[0] if cell.parts else None
    if first is not None and first.verdict == v:
        out = [verdict_line(html, v, first.glance)]
        rest = cell.parts[1:]
    else:  # the cell's colour is a measured level; a neutral judgement or "not measured" sorted before it
        out = [verdict_line(html, v)]
        rest = [p for p in cell.parts if p.verdict != v]
    for p in rest:
        pv = p.verdict
        judged = " dg-judged" if pv.judged else ""
        out.append(
            f' <span class="dg-mark dg-{text(pv.colour)}{judged}">{_SYMBOL}{text(pv.symbol)}</span> '
            f"{_judged_word(html, pv)}{text(p.glance)}</span>"
        )
    return "".join(out)
