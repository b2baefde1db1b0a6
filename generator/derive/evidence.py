"""The evidence behind every measured value: the value shown, its runs and spread, its set-up, its staleness.

Computed once per guide (:func:`samples`); tables, ratios, verdicts, charts,
prose and the diff all read the same :class:`Sample`, so a value is never
worked out twice in two ways. Nothing here invents a figure: where the data
states no runs, no version or no command, the sample says so.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field, replace

from generator import numbers, schema
from generator.derive import path_settings
from generator.derive.path_settings import PathSettings
from generator.derive.setups import SetupView, Stale, from_files, merge_setups, staleness
from generator.model import Data, facts, measurement_tables, runs_of

Key = tuple[str, str, str]
"""(table id, row id, series id); for a fact, (table id, fact id, :data:`FACT`)."""
FACT = "value"

#: Two-sided 95% quantiles of Student's t distribution by degrees of freedom (1.96 beyond 30).
_T95 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
    11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
    20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
    29: 2.045, 30: 2.042,
}  # fmt: skip

SPREAD_NAMES = {"min-max": "lowest–highest run", "stdev": "± one standard deviation", "ci95": "95% confidence interval"}


@dataclass(frozen=True)
class Sample:
    """One measured cell and the evidence behind it."""

    table: str
    row: str
    series: str
    value: float | None
    """The value shown and compared: the table's statistic of the runs, or the single value; None = not measured."""
    runs: tuple[float, ...] | None
    """Every run's value, when the data lists them (or their files)."""
    runs_at_least: int | None
    """The table's stated bound on runs, when runs are not listed."""
    low: float | None = None
    high: float | None = None
    """The spread as an interval around the value, when runs give one."""
    spread: str | None = None
    """Kind of ``low``/``high``: ``min-max``, ``stdev``, ``ci95``, or ``bound`` (a stated variance used as a spread)."""
    statistic: str | None = "median"
    """Which statistic of its runs the value is; ``None`` for one number that stands for no runs."""
    setup: SetupView = field(default_factory=SetupView)
    stale: tuple[Stale, ...] = ()
    from_files: bool = False
    files: tuple[str, ...] = ()
    """The raw result files the runs were read from, in run order."""
    accepted: tuple[str, ...] = ()
    """Runs filed although their own set-up differs from the row's: the author's reason and the differences."""
    digits: int = 0
    """Decimals a computed figure of this value is shown with: the runs' own, one more for means and spreads."""
    precision: int | None = None
    """Decimals every figure of this value is shown with, when its table or series sets ``value_digits``."""
    source: schema.Source | None = None
    """Where the number comes from: the ``source`` of campaign, table, series, row and value, merged field by field."""
    provenance: str = "measured"
    path: PathSettings | None = None
    """The general settings of the path the value measures (its option's ``needs``), not stated for this run."""

    @property
    def measured(self) -> bool:
        return self.value is not None

    @property
    def count(self) -> int | None:
        """How many runs stand behind the value, when known."""
        return len(self.runs) if self.runs is not None else None

    def runs_text(self) -> str:
        """``5 runs``, ``1 run``, ``at least 2 runs (stated)`` or ``runs not stated``."""
        if self.runs is not None:
            return f"{len(self.runs)} run{'s' if len(self.runs) != 1 else ''}"
        if self.runs_at_least is not None:
            n = self.runs_at_least
            return f"at least {n} run{'s' if n != 1 else ''} (stated, runs not listed)"
        return f"runs {schema.NOT_STATED}"

    def text(self) -> str:
        """The value as shown: a single value as the source wrote it, a statistic of runs to their precision."""
        if self.value is None:
            return schema.NOT_MEASURED
        if self.precision is not None:
            return numbers.fixed(self.value, self.precision)
        if self.runs is None or self.value in self.runs:
            return numbers.raw(self.value)
        return numbers.fixed(self.value, self.digits)

    def figure(self, x: float) -> str:
        """A figure of this value (a run, an end of its spread) as written: to the set precision, else as is."""
        return numbers.raw(x) if self.precision is None else numbers.fixed(x, self.precision)

    def spread_text(self) -> str:
        """The spread as written beside the value: ``263.1–264.5``, ``± 1.2``; empty when unknown."""
        if self.low is None or self.high is None or self.value is None:
            return ""
        digits = self.digits if self.precision is None else self.precision
        if self.spread == "min-max":
            return f"{self.figure(self.low)}–{self.figure(self.high)}"
        if self.spread == "ci95":
            return f"{numbers.fixed(self.low, digits)}–{numbers.fixed(self.high, digits)}"
        return f"± {numbers.fixed((self.high - self.low) / 2, digits)}"


def _statistic(runs: list[float], name: str) -> float:
    if name == "mean":
        return statistics.fmean(runs)
    if name == "min":
        return min(runs)
    if name == "max":
        return max(runs)
    return float(statistics.median(runs))


def _interval(runs: list[float], value: float, spread: str) -> tuple[float, float] | None:
    n = len(runs)
    if spread == "min-max":
        return (min(runs), max(runs)) if n >= 2 else None
    if n < 2:
        return None
    s = statistics.stdev(runs)
    if spread == "stdev":
        return value - s, value + s
    mean = statistics.fmean(runs)
    half = _T95.get(n - 1, 1.96) * s / math.sqrt(n)
    return mean - half, mean + half


def samples(data: Data) -> dict[Key, Sample]:
    """The evidence of every cell of every measured table."""
    campaigns = {c.id: c for c in data.campaigns}
    options = {o.id: o for o in data.options}
    out: dict[Key, Sample] = {}
    for t in measurement_tables(data):
        for s in t.series:
            camp = campaigns.get(s.campaign or t.campaign)
            for row in t.rows:
                if s.id not in row.values:
                    continue
                stated = from_files(data.file_setups.get((t.id, row.id, s.id), []))
                setup = merge_setups(camp.setup if camp else None, t.setup, s.setup, row.setup, stated)
                sample = _sample(data, t, row, s.id, setup)
                source = merge_sources(
                    camp.source if camp else None, t.source, s.source, row.source, row.sources.get(s.id)
                )
                path = path_settings.of(options, s.option, row.context)
                out[(t.id, row.id, s.id)] = replace(
                    sample, source=source, provenance=s.provenance or t.provenance, path=path
                )
    for ft, _, f in facts(data):
        camp = campaigns.get(ft.campaign)
        setup = merge_setups(camp.setup if camp else None, ft.setup, f.setup)
        digits = numbers.decimals(f.value) + 1
        stale = staleness(data, setup)
        out[(ft.id, f.id, FACT)] = Sample(
            ft.id,
            f.id,
            FACT,
            f.value,
            None,
            None,
            statistic=None,
            setup=setup,
            stale=stale,
            digits=digits,
            source=merge_sources(camp.source if camp else None, ft.source, f.source),
            provenance=f.provenance,
        )  # a fact's option is what it is about, not a path it was run on: no path settings
    return out


def merge_sources(*sources: schema.Source | None) -> schema.Source | None:
    """The sources from the most general to the most specific, merged field by field (like ``setup``).

    A row's ``path`` and ``quote`` keep the campaign's ``repository`` and ``commit``; a field a more
    specific level states replaces the general one. ``None`` when no level states a source.
    """
    stated = [s for s in sources if s is not None]
    if len(stated) < 2:
        return stated[0] if stated else None
    merged = stated[0]
    for s in stated[1:]:
        merged = merged.model_copy(
            update={k: v for k in schema.Source.model_fields if (v := getattr(s, k)) is not None}
        )
    return merged


def _sample(data: Data, t: schema.MeasurementTable, row: schema.Row, sid: str, setup: SetupView) -> Sample:
    raw = row.values[sid]
    stale = staleness(data, setup)
    series = next((s for s in t.series if s.id == sid), None)
    precision = series.value_digits if series is not None and series.value_digits is not None else t.value_digits
    if isinstance(raw, str):
        return Sample(t.id, row.id, sid, None, None, None, statistic=t.statistic, setup=setup)
    if isinstance(raw, schema.Runs):
        runs = runs_of(data, t, row, sid) or []
        value = _statistic(runs, t.statistic)
        interval = _interval(runs, value, t.spread)
        low, high = interval if interval else (None, None)
        return Sample(
            t.id,
            row.id,
            sid,
            value,
            tuple(runs),
            None,
            low,
            high,
            t.spread if interval else None,
            t.statistic,
            setup,
            stale,
            from_files=raw.files is not None,
            files=tuple(f.path for f in raw.files or ()),
            accepted=tuple(
                f"{f.path}: {f.accepted.reason} ({'; '.join(f.accepted.differences)})"
                for f in raw.files or ()
                if f.accepted is not None
            ),
            digits=max((numbers.decimals(r) for r in runs), default=0) + 1,
            precision=precision,
        )
    low = high = None
    kind = None
    if t.variance_below_pct is not None and _bound_as_spread(data, t):
        pct = t.variance_below_pct / 100
        low, high, kind = raw * (1 - pct), raw * (1 + pct), "bound"
    digits = numbers.decimals(raw) + 1
    statistic = t.statistic if t.repetitions is not None else None  # one number stands for no stated runs
    return Sample(
        t.id, row.id, sid, raw, None, t.repetitions, low, high, kind, statistic, setup, stale, digits=digits,
        precision=precision,
    )  # fmt: skip


def _bound_as_spread(data: Data, t: schema.MeasurementTable) -> bool:
    """Whether a comparison column this table feeds declares that stated bounds count as a spread."""
    return any(
        isinstance(c, schema.ComparisonColumn)
        and c.tag in t.tags
        and c.noise is not None
        and c.noise.stated_bound == "as-spread"
        for c in data.guide.columns
    )


def shown(found: dict[Key, Sample], t: schema.MeasurementTable, row: schema.Row, sid: str) -> float | str:
    """The value a reader sees for one cell, or ``not measured``."""
    sample = found.get((t.id, row.id, sid))
    if sample is None or sample.value is None:
        return schema.NOT_MEASURED
    return sample.value
