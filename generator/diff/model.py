"""What a diff says, as plain data: flips, changed numbers, added and removed records, edits.

The JSON report is these dataclasses as dictionaries, so their fields are its format.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from generator import numbers
from generator.derive.guide import Verdict


@dataclass(frozen=True)
class Judged:
    """A verdict as a reader sees it: symbol, word and colour name (never colour alone)."""

    level: str
    symbol: str
    word: str
    colour: str

    def __str__(self) -> str:
        return f"{self.symbol} {self.word} ({self.colour})"


def judged(v: Verdict | None) -> Judged | None:
    return None if v is None else Judged(v.level, v.symbol, v.word, v.colour)


@dataclass
class Flip:
    """A matrix cell whose verdict changed, and why."""

    option: str
    option_name: str
    column: str
    column_label: str
    before: Judged
    after: Judged
    value_before: float | None
    value_after: float | None
    detail_before: str
    detail_after: str
    because: list[str] = field(default_factory=list)


@dataclass
class ValueChange:
    """A measured value (a table cell or a single fact) that moved, appeared or went away."""

    table: str
    table_title: str
    row: str
    row_label: str
    series: str
    series_label: str
    unit: str
    before: float | str | None
    """``None``: the cell does not exist on that side; ``"not measured"``: it exists, empty."""
    after: float | str | None
    runs_before: str = ""
    """The runs and spread behind the value (``3 runs, 263.1–264.5``), when it has listed runs."""
    runs_after: str = ""
    text_before: str = ""
    """The value as the site prints it (its table's ``value_digits``), when it is a number."""
    text_after: str = ""

    def describe(self) -> str:
        before, after = self.shown_before(), self.shown_after()
        return f"{self.row_label}, {self.series_label}: {before} → {after}"

    def shown_before(self) -> str:
        """The value before as the site prints it, with its runs and spread when it has them:
        ``297.63 ops/s (3 runs, 297.63–301.18)``."""
        return _as_printed(self.before, self.text_before, self.unit) + (
            f" ({self.runs_before})" if self.runs_before else ""
        )

    def shown_after(self) -> str:
        runs = f" ({self.runs_after})" if self.runs_after else ""
        return _as_printed(self.after, self.text_after, self.unit) + runs


def _as_printed(value: float | str | None, text: str, unit: str) -> str:
    return f"{text} {unit}".strip() if text and not isinstance(value, str) and value is not None else shown(value, unit)


@dataclass(frozen=True)
class ColumnVerdict:
    """One matrix cell of a column that is on one side of a change only."""

    column: str
    column_label: str
    verdict: Judged | None


@dataclass
class ColumnVerdicts:
    """For one option, its verdicts in the columns a change removed (before) and added (after): how a
    restructured column (split, merged, renamed) reads for it."""

    option: str
    option_name: str
    before: list[ColumnVerdict]
    after: list[ColumnVerdict]


@dataclass
class RatioChange:
    """A computed ratio in a table that changed text or verdict."""

    table: str
    table_title: str
    row: str
    row_label: str
    comparison: str
    before: str | None
    after: str | None
    verdict_before: Judged | None
    verdict_after: Judged | None


@dataclass
class ClaimChange:
    """A number quoted in prose (``[[id]]``) whose computed text changed."""

    id: str
    table: str
    table_title: str
    before: str
    after: str


@dataclass
class Change:
    """A record added, removed or changed, with short human-readable details."""

    kind: str
    id: str
    name: str
    details: list[str] = field(default_factory=list)


@dataclass
class GuideDiff:
    base: str
    head: str
    base_commit: str | None
    head_commit: str | None
    noun: str = "path"
    """What the guide calls one of its options (``path``, ``bicycle``)."""
    flips: list[Flip] = field(default_factory=list)
    columns: list[ColumnVerdicts] = field(default_factory=list)
    """Per option, its verdicts in the columns removed and added, when the change restructures columns."""
    values: list[ValueChange] = field(default_factory=list)
    ratios: list[RatioChange] = field(default_factory=list)
    claims: list[ClaimChange] = field(default_factory=list)
    quote_flips: list[Any] = field(default_factory=list)
    """Sentences of the decision rules and the bottom line quoting a claim that now reads the other way
    (:class:`generator.diff.quotes.QuoteFlip`)."""
    recommendation: list[Change] = field(default_factory=list)
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    rules: list[Change] = field(default_factory=list)
    reading: list[Change] = field(default_factory=list)
    """Maps and ``metrics:`` that changed: how the values of kept files are found (:mod:`generator.diff.reading`)."""
    edits: list[Change] = field(default_factory=list)
    site: list[Any] = field(default_factory=list)
    """Changes to the site's other inputs (:class:`generator.diff.site.SiteChange`), protections lowered first."""
    unbacked: list[Any] = field(default_factory=list)
    """Sentences the change adds that state a comparison nothing backs (:class:`generator.sentences.Sentence`)."""

    @property
    def lowered(self) -> list[Any]:
        """The changes to the site's inputs that lower a protection."""
        return [c for c in self.site if c.lowers]

    @property
    def data_empty(self) -> bool:
        """Nothing changed in the guide's data (the site's other inputs may have)."""
        return not self.data_important and not self.edits

    @property
    def important(self) -> bool:
        """Anything a reviewer must look at: everything but text-only edits (and site changes that lower nothing)."""
        return self.data_important or bool(self.lowered)

    @property
    def data_important(self) -> bool:
        return bool(
            self.flips
            or self.columns
            or self.values
            or self.ratios
            or self.claims
            or self.quote_flips
            or self.recommendation
            or self.added
            or self.removed
            or self.unbacked
            or self.rules
            or self.reading
        )

    @property
    def empty(self) -> bool:
        return self.data_empty and not self.site


def shown(value: float | str | None, unit: str = "") -> str:
    """A measured value for a reader: ``263.9 ops/s``, ``not measured``, or ``—`` (absent)."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return f"{numbers.raw(value)} {unit}".strip()


def short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_pair(before: Any, after: Any, limit: int = 80) -> tuple[str, str]:
    """``before`` and ``after`` written as :func:`short` does, but where one is cut, both show the place where
    they first differ (a YAML tag or a word past the cut would otherwise look the same on both sides)."""
    a, b = (json.dumps(v, ensure_ascii=False, default=str, sort_keys=True) for v in (before, after))
    if len(a) <= limit and len(b) <= limit:
        return a, b
    same = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    start = max(0, same - limit // 4)

    def window(text: str) -> str:
        piece = text[start : start + limit - 2]
        return ("…" if start else "") + piece + ("…" if start + limit - 2 < len(text) else "")

    return window(a), window(b)


def by_id(items: Iterable[Any]) -> dict[str, Any]:
    return {item.id: item for item in items}
