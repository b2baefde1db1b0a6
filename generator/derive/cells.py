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
    """One measured context (or row) a comparison cell speaks for, and the table row behind it."""

    name: str
    table: str
    row: str


@dataclass(frozen=True)
class Part:
    """The verdict of some of a cell's regimes: ``✖ slower on Windows``."""

    verdict: Verdict
    regimes: tuple[Regime, ...]


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


@dataclass
class SupportCell:
    context: schema.Context
    status: str
    verdict: Verdict
    note: str | None
    source: schema.Cite | None = None


def verdict(data: Data, outcome: schema.Outcome) -> Verdict:
    style = data.guide.levels[outcome.level]
    return Verdict(outcome.level, outcome.word, style.symbol, style.colour)


def judged_verdict(data: Data, column: schema.ComparisonColumn, judgement: schema.Judgement) -> Verdict:
    """A stated judgement: the ``judged`` style, or the band of the number it states."""
    judged = data.guide.levels["judged"]
    if judgement.value is not None:
        style = data.guide.levels[band(column, judgement.value).level]
        return Verdict(band(column, judgement.value).level, judgement.word, judged.symbol, style.colour, judged=True)
    return Verdict("judged", judgement.word, judged.symbol, judged.colour, judged=True)


def judgement_word(data: Data) -> str:
    """The label every judgement carries: ``judgement``."""
    return data.guide.levels["judged"].word or "judgement"


def unknown_verdict(data: Data) -> Verdict:
    """The verdict of a cell with no measurement and no judgement."""
    style = data.guide.levels["unknown"]
    return Verdict("unknown", style.word or schema.NOT_MEASURED, style.symbol, style.colour)


def not_measured_in(data: Data, context: str) -> Verdict:
    """The verdict of a comparison cell judged for a context none of its measured rows is in."""
    style = data.guide.levels["unknown"]
    word = f"{schema.NOT_MEASURED} on {data_context_name(data, context)}"
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
