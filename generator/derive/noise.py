"""Verdicts that respect noise: a ratio judged with the spread of both of its sides.

A ratio of two measured values gets an interval when both values have a spread
(``low``/``high`` from their runs, or a stated bound the column's noise rule
accepts): ``[a.low / b.high, a.high / b.low]``, oriented so that above 1 is
better for ``a``. When that interval stays inside one band the verdict is
*clear*; when it crosses a band boundary the column's :class:`~generator.schema.NoiseRule`
decides the lower-confidence verdict, and the cell says why. Without an interval
the verdict rests on the values alone, and the reason says which evidence is
missing (one run, runs not listed, runs not stated).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator import numbers, schema
from generator.derive.evidence import Sample
from generator.derive.ratios import oriented, ratio

#: How sure a verdict is, from the evidence behind its ratio.
CLEAR = "clear"
WITHIN_NOISE = "within noise"
SINGLE = "single run"
BOUND = "bound only"
NOT_STATED = "runs not stated"


@dataclass(frozen=True)
class Judged:
    """A ratio, its interval when known, the outcome it gets and why."""

    value: float
    low: float | None
    high: float | None
    outcome: schema.Outcome | None
    confidence: str
    why: str
    """A short sentence for the cell: what the evidence is and what it did to the verdict."""
    stale: bool = False
    """Whether either side was measured on what the guide now calls stale."""
    better: str = "higher"
    """Which way the table's values are better: ``low`` and ``high`` are oriented (above 1 is better), and
    where lower is better they are printed turned back (:func:`spell_interval`)."""
    quantity: str = ""

    def short_why(self) -> str:
        """The reason in a few words, for a table cell: ``level rather than quicker``."""
        if self.confidence == WITHIN_NOISE:
            return self.why.split(", so ", 1)[1] if ", so " in self.why else "the spread crosses a band boundary"
        if self.confidence == SINGLE:
            return "one run: no spread"
        return ""

    def interval_text(self, digits: int = 2) -> str:
        if self.low is None or self.high is None:
            return ""
        return spell_interval(self.low, self.high, digits, self.better, self.quantity)


def spell_interval(low: float, high: float, digits: int, better: str, quantity: str) -> str:
    """An oriented interval (above 1 is better) as every page spells the ratio (:func:`numbers.times`):
    ``1.22–1.31×``; where lower is better, turned back: ``1.22–1.31× lower climb time``."""
    if better == "higher":
        return numbers.ratio_range(low, high, digits)
    return numbers.times_range(1 / high, 1 / low, digits, better, quantity)


def _edge(edge: float, better: str, quantity: str) -> str:
    """A band's edge in a sentence, spelled as the ratio it is compared with."""
    return f"{edge:g}×" if better == "higher" else numbers.times(1 / edge, 2, better, quantity)


def band_index(column: schema.ComparisonColumn, value: float) -> int:
    """Position of the band ``value`` falls in (0 = the highest band)."""
    for i, b in enumerate(column.bands):
        if b.min is None or value >= b.min:
            return i
    return len(column.bands) - 1


def interval(a: Sample, b: Sample, better: str) -> tuple[float, float] | None:
    """The oriented ratio interval of ``a`` against ``b``, when both sides have a spread."""
    if None in (a.low, a.high, b.low, b.high):
        return None
    assert a.low is not None and a.high is not None and b.low is not None and b.high is not None
    low, high = a.low / b.high, a.high / b.low
    return (low, high) if better == "higher" else (1 / high, 1 / low)


def _missing(a: Sample, b: Sample, names: tuple[str, str]) -> tuple[str, str]:
    """Which evidence is missing for an interval: the weakest side decides the words."""
    for sample, name in zip((a, b), names, strict=True):
        if sample.count == 1:
            return SINGLE, f"one run of {name}: no spread, so the verdict rests on a single measurement"
    bounds = [s for s in (a, b) if s.runs is None and s.runs_at_least is not None]
    if bounds:
        n = bounds[0].runs_at_least
        return BOUND, f"the source states at least {n} runs but lists none: no spread to judge the ratio by"
    if any(s.runs is None for s in (a, b)):
        return NOT_STATED, "runs not stated: the verdict takes the values as exact"
    return NOT_STATED, "no spread for one side: the verdict takes the values as exact"


def judge(
    column: schema.ComparisonColumn | None,
    a: Sample,
    b: Sample,
    better: str,
    names: tuple[str, str] = ("one side", "the other"),
    digits: int = 2,
    quantity: str = "",
) -> Judged:
    """Judge ``a`` against ``b`` (both measured) under ``column``'s bands and noise rule; ``quantity`` (what
    the values measure) spells the interval where lower is better."""
    assert a.value is not None and b.value is not None
    found = _judge(column, a, b, better, names, digits, quantity)
    return dataclasses.replace(found, stale=bool(a.stale or b.stale), better=better, quantity=quantity)


def _judge(
    column: schema.ComparisonColumn | None,
    a: Sample,
    b: Sample,
    better: str,
    names: tuple[str, str],
    digits: int,
    quantity: str,
) -> Judged:
    assert a.value is not None and b.value is not None
    raw = ratio(a.value, b.value)
    assert raw is not None  # both measured
    value = oriented(raw, better)
    bounds = interval(a, b, better)
    if column is None:
        low, high = bounds if bounds else (None, None)
        return Judged(value, low, high, None, CLEAR if bounds else NOT_STATED, "")
    point = column.bands[band_index(column, value)]
    if bounds is None:
        confidence, why = _missing(a, b, names)
        return Judged(value, None, None, point, confidence, why)
    low, high = bounds
    top, bottom = band_index(column, high), band_index(column, low)
    shown = spell_interval(low, high, digits, better, quantity)
    if top == bottom:
        return Judged(value, low, high, point, CLEAR, f"clear: the interval {shown} stays in '{point.word}'")
    edges = [column.bands[i].min for i in range(top, bottom) if column.bands[i].min is not None]
    crossed = ", ".join(_edge(edge, better, quantity) for edge in edges if edge is not None)
    outcome = lower_confidence(column, value, top, bottom)
    return Judged(
        value,
        low,
        high,
        outcome,
        WITHIN_NOISE,
        f"within noise: the interval {shown} crosses {crossed}, so '{outcome.word}' rather than '{point.word}'"
        if outcome.word != point.word
        else f"within noise: the interval {shown} crosses {crossed}",
    )


def lower_confidence(column: schema.ComparisonColumn, value: float, top: int, bottom: int) -> schema.Outcome:
    """The outcome a straddling ratio gets under the column's noise rule (the shown band without one)."""
    point = column.bands[band_index(column, value)]
    rule = column.noise
    if rule is None:
        return point
    if rule.straddle == "likely" and point.word in rule.likely:
        return rule.likely[point.word]
    tie = band_index(column, 1.0)
    nearest = min(range(top, bottom + 1), key=lambda i: abs(i - tie))
    return column.bands[nearest]
