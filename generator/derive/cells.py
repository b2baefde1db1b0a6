"""The verdicts and matrix cells every column kind produces, and the verdict styles they share.

A cell is built by its column's kind (:mod:`generator.derive.columns`); everything after derivation
(templates, charts, the diff, the downloads) reads these records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator import schema
from generator.derive.noise import Judged
from generator.model import Data


@dataclass(frozen=True)
class Verdict:
    level: schema.Level
    word: str
    symbol: str
    colour: str
    judged: bool = False
    """A stated judgement, no measurement: shown in the judgement style, with its source."""


@dataclass(frozen=True)
class Regime:
    """One measured context (or row) a comparison cell speaks for, and the table row behind it (both empty for
    a context that no row measures: a judgement's, or one "not measured")."""

    name: str
    table: str
    row: str
    swept: bool = False
    """A run of a sweep's loads (``conc 8–32``): the cell's line names it, since it is what the verdict is about."""


@dataclass(frozen=True)
class Part:
    """The verdict of some of a cell's regimes: ``✖ slower on Windows``."""

    verdict: Verdict
    regimes: tuple[Regime, ...]
    against: str = ""
    """What the verdict is measured against, as the cell's line says it (``vs road``, ``(best)``);
    empty for a part that is not measured."""
    opponent: str | None = None
    """The option id it is measured against (what a sort against one option reads); ``None`` for the best of a
    row, for the option's own best and for a part that is not measured."""
    reason: str | None = None
    """A judgement's reason (its part is a judgement)."""
    source: schema.Cite | None = None
    """The sentence of the source a judgement rests on."""

    @property
    def word(self) -> str:
        """The verdict's word with what it is measured against: ``tie vs road``."""
        return f"{self.verdict.word} {self.against}" if self.against else self.verdict.word

    @property
    def glance(self) -> str:
        """What the cell's line shows of the part: its word, and where every regime is a run of a sweep's loads,
        the loads too (``faster vs dense on conc 8–32``): a crossover reads at a glance."""
        if self.regimes and all(r.swept for r in self.regimes):
            return f"{self.word} on {', '.join(r.name for r in self.regimes)}"
        return self.word


@dataclass
class Cell:
    """One matrix cell: a verdict (or plain text), a short detail and where it comes from.

    A comparison cell over regimes whose verdicts differ has one ``part`` per
    verdict, worst first; its ``verdict`` (the cell's colour) is the worst.
    """

    column: schema.Column
    verdict: Verdict | None
    detail: str = ""
    text: str = ""
    tables: list[str] = field(default_factory=list)
    reason: str | None = None
    note: str | None = None
    value: float | None = None
    parts: list[Part] = field(default_factory=list)
    summary: str = ""
    """How several regimes were summarised, in words (``worst of 4 regimes``)."""
    source: schema.Cite | None = None
    judged: Judged | None = None
    """A ratio behind the cell whose interval crosses a band boundary (within noise), else the worst one."""
    coverage: str = ""
    """How many of the column's contexts the cell speaks for, when not all (``1 of 3 frameworks``)."""
    ranks: tuple[str, str] | None = None
    """A judgement's polarity: (``above`` or ``below``, the option it reads better or worse than), where a sort
    places the row."""


@dataclass
class SupportCell:
    context: schema.Context
    status: str
    verdict: Verdict
    note: str | None
    source: schema.Cite | None = None


#: The order a cell lists its parts in: worst first, neutral judgements and "not measured" last.
WORST_FIRST = {"bad": 0, "mid": 1, "good": 2, "reference": 3, "judged": 4, "unknown": 5}


def verdict(data: Data, outcome: schema.Outcome) -> Verdict:
    style = data.guide.levels[outcome.level]
    return Verdict(outcome.level, outcome.word, style.symbol, style.colour)


def judged_verdict(data: Data, column: schema.ComparisonColumn, judgement: schema.Judgement) -> Verdict:
    """A stated judgement: the ``judged`` style, or the band of the number it states."""
    judged = data.guide.levels["judged"]
    if judgement.value is not None:
        style = data.guide.levels[band(column, judgement.value).level]
        return Verdict(band(column, judgement.value).level, judgement.word, judged.symbol, style.colour, judged=True)
    if judgement.level in ("good", "mid", "bad"):  # a polarity: read by colour, drawn as a judgement
        style = data.guide.levels[judgement.level]
        return Verdict(judgement.level, judgement.word, judged.symbol, style.colour, judged=True)
    return Verdict("judged", judgement.word, judged.symbol, judged.colour, judged=True)


def judgement_word(data: Data) -> str:
    """The label every judgement carries: ``judgement``."""
    return data.guide.levels["judged"].word or "judgement"


def unknown_verdict(data: Data) -> Verdict:
    """The verdict of a cell with no measurement and no judgement."""
    style = data.guide.levels["unknown"]
    return Verdict("unknown", style.word or schema.NOT_MEASURED, style.symbol, style.colour)


def not_measured_in(data: Data, *contexts: str) -> Verdict:
    """The verdict of contexts none of a comparison cell's measured rows is in: ``not measured on Hill Town``."""
    style = data.guide.levels["unknown"]
    word = f"{style.word or schema.NOT_MEASURED} on {', '.join(data_context_name(data, c) for c in contexts)}"
    return Verdict("unknown", word, style.symbol, style.colour)


def band(column: schema.ComparisonColumn, value: float) -> schema.Band:
    """The first band whose minimum the value reaches; the last band catches the rest."""
    for b in column.bands:
        if b.min is None or value >= b.min:
            return b
    return column.bands[-1]


def reference_verdict(data: Data) -> Verdict:
    """The neutral verdict of the baseline option in its own column."""
    style = data.guide.levels["reference"]
    return Verdict("reference", style.word or "reference", style.symbol, style.colour)


def data_context_name(data: Data, context: str) -> str:
    return next((c.name for c in data.guide.contexts if c.id == context), context)


def line_word(cell: Cell) -> str:
    """Everything a cell's verdict says, in words: its one part's word with what it is measured against, or each
    part of a split cell with where it holds (``slower vs road on Hill Town · level vs folding on Flat Town``). A
    flip is a change of level or of these words, so a regime whose verdict changed under the same colour counts."""
    assert cell.verdict is not None
    if len(cell.parts) > 1:
        return " · ".join(
            f"{p.word} on {', '.join(r.name for r in p.regimes)}" if p.regimes else p.word for p in cell.parts
        )
    return cell.parts[0].word if cell.parts else cell.verdict.word
