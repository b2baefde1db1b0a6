"""Numbers quoted in prose (``claims.yml``): each claim's ratio over its rows, in the words its phrase gives.

A mean of ratios is geometric, a mean whose ratios lie far apart reads as their range, a mean whose rows fall on
both sides says where each side wins, and one within noise reads as a tie (:func:`claim_numbers`). A fact of a
facts table is quoted the same way, as its value. Split from :mod:`generator.derive.guide`, which holds them in
the derived guide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import geometric_mean
from typing import Literal

from generator import numbers, schema
from generator.derive.cells import band
from generator.derive.evidence import Key, Sample, shown
from generator.derive.noise import band_index, interval, lower_confidence
from generator.derive.ratios import ratio
from generator.model import Data, facts, measurement_tables


@dataclass(frozen=True)
class Number:
    """A number quoted in prose, with the table it comes from."""

    id: str
    text: str
    table: str
    table_title: str
    provenance: str
    reads: tuple[str, ...] = ()
    """For a claim read as a comparison: the sides its words state (``more``, ``less``, ``tie``), in order."""


#: A mean of ratios is geometric (as ClickBench and SPEC summarise): the mean of B/A is then the inverse of the
#: mean of A/B, so a claim read the other way round says the same thing.
_AGGREGATES: dict[str, Callable[[list[float]], float]] = {"mean": geometric_mean, "min": min, "max": max}


def _too_far_apart(data: Data, claim: schema.RatioClaim, known: list[float]) -> bool:
    """Whether a mean's ratios spread so far (the claim's ``range_beyond``, else the claims' default) that one
    number would stand for none of them: the text then gives the range."""
    limit = claim.range_beyond if "range_beyond" in claim.model_fields_set else data.claims.range_beyond
    return claim.aggregate == "mean" and limit is not None and len(known) > 1 and max(known) / min(known) > limit


Side = Literal["more", "less", "tie"]


def _side(data: Data, claim: schema.RatioClaim, digits: int, value: float) -> Side:
    """Which way a ratio reads: above 1, below 1, or a tie (the column's ``mid`` band, else rounding to 1)."""
    assert claim.phrase is not None
    column = next((c for c in data.guide.columns if c.id == claim.phrase.column), None)
    if isinstance(column, schema.ComparisonColumn):
        tie = band(column, value).level == "mid"
    else:
        tie = numbers.ratio(value, digits) == numbers.ratio(1.0, digits)
    if tie:
        return "tie"
    return "more" if value > 1 else "less"


def _phrase(data: Data, claim: schema.RatioClaim, digits: int, values: list[float], of: Sequence[float] = ()) -> str:
    """ "1.5× faster than", "2.0× slower than" or "on par with", from the values and the tie band; a mean
    ``of`` several ratios says what it is: "1.5× (geometric mean of 1.4–1.5×) faster than"."""
    assert claim.phrase is not None
    side = _side(data, claim, digits, values[0])
    words = getattr(claim.phrase, side)
    flip = side == "less"  # the same ratios, read the other way round
    shown = [1 / v for v in values] if flip else values
    if len(shown) == 1:
        spread = [1 / v for v in of] if flip else list(of)
        return str(words.replace("{ratio}", numbers.ratio(shown[0], digits) + _mean_note(spread, digits)))
    return str(words.replace("{ratio}", numbers.ratio_range(min(shown), max(shown), digits)))


def _mean_note(spread: list[float], digits: int, text: str | None = None) -> str:
    """What a geometric mean of several ratios is, with their range (``text``, else the plain ratios), or nothing
    when they all print as one number."""
    if len(spread) < 2 or numbers.ratio_range(min(spread), max(spread), digits).count("–") == 0:
        return ""
    shown = text if text is not None else numbers.ratio_range(min(spread), max(spread), digits)
    return f" (geometric mean of {shown})"


def _sides(data: Data, claim: schema.RatioClaim, digits: int, values: list[float]) -> tuple[Side, ...]:
    """The sides ratios read, in the order :func:`_split_phrase` names them (one when they agree)."""
    return tuple(dict.fromkeys(_side(data, claim, digits, v) for v in values))


def _split_phrase(data: Data, claim: schema.RatioClaim, digits: int, rows: list[tuple[str, float]]) -> str | None:
    """Where each side wins, when the rows of a mean fall on different sides; ``None`` when they agree."""
    sides: dict[Side, list[tuple[str, float]]] = {}
    for label, value in rows:
        sides.setdefault(_side(data, claim, digits, value), []).append((label, value))
    if len(sides) < 2:
        return None
    parts = [
        f"{_phrase(data, claim, digits, [v for _, v in members])} ({', '.join(label for label, _ in members)})"
        for members in sides.values()
    ]
    return " but ".join(parts)


def _claim_bounds(
    found: dict[Key, Sample], t: schema.MeasurementTable, claim: schema.RatioClaim
) -> tuple[float, float] | None:
    """The claim's interval: its aggregate over the rows' ratio intervals, when every measured row has one."""
    lows: list[float] = []
    highs: list[float] = []
    for r in claim.rows:
        a, b = found[(t.id, r, claim.numerator)], found[(t.id, r, claim.denominator)]
        if not (a.measured and b.measured):
            continue
        bounds = interval(a, b, "higher")
        if bounds is None:
            return None
        lows.append(bounds[0])
        highs.append(bounds[1])
    if not lows or claim.aggregate == "range" or min(lows) <= 0:  # a geometric mean needs positive ends
        return None
    agg = _AGGREGATES[claim.aggregate]
    return agg(lows), agg(highs)


def _noisy_phrase(data: Data, claim: schema.RatioClaim, value: float, bounds: tuple[float, float] | None) -> str | None:
    """The tie words and "(within noise)" when the claim's interval crosses a band boundary into a tie."""
    assert claim.phrase is not None
    column = next((c for c in data.guide.columns if c.id == claim.phrase.column), None)
    if bounds is None or not isinstance(column, schema.ComparisonColumn):
        return None
    top, bottom = band_index(column, bounds[1]), band_index(column, bounds[0])
    if top == bottom:
        return None
    outcome = lower_confidence(column, value, top, bottom)
    if outcome.level != "mid":
        return None
    return f"{claim.phrase.tie} (within noise)"


def claim_numbers(data: Data, found: dict[Key, Sample]) -> dict[str, Number]:
    tables = {t.id: t for t in measurement_tables(data)}
    out: dict[str, Number] = {}
    for claim in data.claims.claims:
        t = tables[claim.table]
        rows = {r.id: r for r in t.rows}
        measured = [
            (rows[r].label, v)
            for r in claim.rows
            if (v := ratio(shown(found, t, rows[r], claim.numerator), shown(found, t, rows[r], claim.denominator)))
            is not None
        ]
        known = [v for _, v in measured]
        reads: tuple[str, ...] = ()
        if not known:
            text = schema.NOT_MEASURED
        elif claim.aggregate == "range" and claim.phrase is None:
            text = numbers.times_range(min(known), max(known), t.digits, t.better, t.quantity)
        elif _too_far_apart(data, claim, known) or claim.aggregate == "range":
            text = numbers.times_range(min(known), max(known), t.digits, t.better, t.quantity)
            if claim.phrase is not None:
                text = _split_phrase(data, claim, t.digits, measured) or _phrase(data, claim, t.digits, known)
                reads = _sides(data, claim, t.digits, known)
        else:
            agg = _AGGREGATES[claim.aggregate](known)
            mean = known if claim.aggregate == "mean" else []
            spread = numbers.times_range(min(known), max(known), t.digits, t.better, t.quantity)
            text = numbers.times(agg, t.digits, t.better, t.quantity) + _mean_note(mean, t.digits, spread)
            if claim.phrase is not None:
                split = _split_phrase(data, claim, t.digits, measured) if claim.aggregate == "mean" else None
                text = split or _phrase(data, claim, t.digits, [agg], mean)
                reads = _sides(data, claim, t.digits, known) if split else (_side(data, claim, t.digits, agg),)
                noisy = _noisy_phrase(data, claim, agg, _claim_bounds(found, t, claim))
                text, reads = (noisy, ("tie",)) if noisy else (text, reads)
        out[claim.id] = Number(claim.id, text, t.id, t.title, "derived", reads)
    for ft, _, f in facts(data):
        text = numbers.quantity(f.value, f.unit, f.approx, f.sign) + (f" {f.qualifier}" if f.qualifier else "")
        out[f.id] = Number(f.id, text, ft.id, ft.title, f.provenance)
    return out
