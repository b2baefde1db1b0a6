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


def badge(html: PageBase, v: Verdict) -> str:
    """``<span class="dg-badge dg-green">`` with the symbol and the word (and the judgement word)."""
    judged = " dg-judged" if v.judged else ""
    return (
        f'<span class="dg-badge dg-{text(v.colour)}{judged}">{_SYMBOL}{text(v.symbol)}</span> '
        f"{_judged_word(html, v)}{text(v.word)}</span>"
    )


def verdict_line(html: PageBase, v: Verdict) -> str:
    """A cell's own verdict: its colour is the cell's, so symbol and word only."""
    return f'<span class="dg-verdict">{_SYMBOL}{text(v.symbol)}</span> {_judged_word(html, v)}{text(v.word)}</span>'


def cite(source: schema.Cite | None) -> str:
    """The quoted sentence a judgement rests on, folded."""
    if not source:
        return ""
    where = f' <span class="dg-cite-where">({text(source.where)})</span>' if source.where else ""
    return f'<details class="dg-cite"><summary>source</summary><q>{text(source.quote)}</q>{where}</details>'


def regimes(html: PageBase, part: Part) -> str:
    """The regimes a part holds for, each a link to its measured row."""
    return ", ".join(
        f'<a href="{text(html.link("results.md", r.table + "-row-" + r.row))}">{text(r.name)}</a>' for r in part.regimes
    )


def parts(html: PageBase, cell: Cell, first_as_line: bool = True) -> str:
    """A cell whose regimes disagree: the worst verdict as the cell's line, every other one as a badge."""
    out = []
    for i, p in enumerate(cell.parts):
        if i == 0 and first_as_line:
            v = p.verdict
            out.append(
                f'<span class="dg-verdict">{_SYMBOL}{text(v.symbol)}</span> {text(v.word)} '
                f'<span class="dg-on">on {regimes(html, p)}</span></span>'
            )
        else:
            out.append(f'<span class="dg-part">{badge(html, p.verdict)} on {regimes(html, p)}</span>')
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
    out = [verdict_line(html, v)]
    for p in cell.parts[1:]:
        pv = p.verdict
        out.append(
            f' <span class="dg-mark dg-{text(pv.colour)}">{_SYMBOL}{text(pv.symbol)}</span> '
            f"{_judged_word(html, pv)}{text(pv.word)}</span>"
        )
    return "".join(out)
