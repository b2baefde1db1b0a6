"""The downloadable format's tables (:mod:`.data_format`): each measured table with its series, rows, values
and ratios, and each table of facts."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.render.data_format_matrix import FormatModel, Judged, Verdict


class Series(FormatModel):
    id: str
    label: str
    option: str | None
    provenance: str = Field(description="measured, published or derived (the series' own, else the table's)")
    campaign: str
    value_digits: int | None = Field(
        default=None, description="since 1.4: decimals its values are printed with (the series' own, else the table's)"
    )


class Spread(FormatModel):
    kind: Literal["min-max", "stdev", "ci95", "bound"]
    low: float
    high: float
    text: str = Field(description="as printed beside the value")


class Source(FormatModel):
    """Where a published number comes from: the ``source`` of campaign, table, series, row and value, field by field."""

    url: str | None
    repository: str | None
    path: str | None
    commit: str | None
    retrieved: str | None = Field(description="YYYY-MM-DD")
    quote: str | None
    text: str = Field(description="the fields as one line, as the evidence and the CSV print them")


class Value(FormatModel):
    value: float | None = Field(
        description="the value shown and compared (the table's statistic of the runs); null where not measured"
    )
    text: str = Field(description="as printed: the number, or 'not measured'")
    anchor: str
    note: str | None
    statistic: str | None = Field(
        description="how runs become the value: median, mean, min or max; null for one number with no runs behind it"
    )
    runs: list[float] | None = Field(description="every run's value, where the data lists them")
    runs_text: str = Field(description="as printed: '5 runs', 'runs not stated', ...")
    spread: Spread | None = Field(description="the spread around the value, where runs (or a stated bound) give one")
    stale: list[str] = Field(description="why the value is stale under the guide's freshness rules; empty: not stale")
    source: Source | None = Field(description="where the number comes from, as the data states it (since 1.1)")


class Ratio(FormatModel):
    numerator: str
    denominator: str
    label: str
    value: float | None = Field(description="numerator / denominator; null where a side is not measured")
    text: str = Field(description="as printed, rounded to the comparison's digits")
    spread: str = Field(description="the ratio's interval as printed (numerator over denominator); empty if none")
    verdict: Verdict | None
    judged: Judged | None = Field(description="the evidence behind the verdict; null where a side is not measured")
    anchor: str


class Row(FormatModel):
    id: str
    label: str
    context: str | None
    load: float | None = Field(default=None, description="since 1.7: the row's load, in a sweep table")
    at: dict[str, str | None] = Field(
        default_factory=dict,
        description="since 1.9: envelope dimension id -> the value its measured values state (null: none or several)",
    )
    values: dict[str, Value] = Field(description="series id -> value")
    ratios: list[Ratio]


class Comparison(FormatModel):
    numerator: str
    denominator: str
    label: str
    digits: int
    verdict_column: str | None


class Sweep(FormatModel):
    """since 1.7: the table's rows are one load sweep, judged at each load and drawn as curves"""

    load: str = Field(description="the workload key that varies (concurrency, request_rate)")
    label: str = Field(description="how a verdict names the load ('conc' in 'conc 8–32')")
    versus: str | None = Field(default=None, description="the sweep table the curve chart draws this one against")


class MeasurementTable(FormatModel):
    kind: Literal["measurements"]
    id: str
    title: str
    label: str = Field(
        default="", description="since 1.4: the table's short label, which a split matrix cell names its rows by"
    )
    quantity: str
    unit: str
    better: Literal["higher", "lower"]
    tags: list[str] = Field(default_factory=list, description="since 1.2: the comparison columns it feeds, by tag")
    digits: int = Field(default=2, description="since 1.2: decimals of every ratio computed from the table")
    statistic: Literal["median", "mean", "min", "max"] = Field(
        default="median", description="since 1.2: how a value's runs become the value"
    )
    spread: Literal["min-max", "stdev", "ci95"] = Field(
        default="min-max", description="since 1.2: the spread of a value with runs"
    )
    repetitions: int | None = Field(default=None, description="since 1.2: stated bound, at least this many runs")
    variance_below_pct: float | None = Field(
        default=None, description="since 1.2: stated bound, run-to-run variance under this percentage"
    )
    provenance: str
    campaign: str
    csv: str = Field(description="the table as CSV, relative to the site root")
    series: list[Series]
    comparisons: list[Comparison]
    rows: list[Row]
    sweep: Sweep | None = Field(default=None, description="since 1.7: a load sweep (null: not one)")


class Fact(FormatModel):
    id: str
    label: str
    value: float
    unit: str
    text: str = Field(description="as printed, with unit, sign and '~' for an approximate value")
    approx: bool
    provenance: str
    option: str | None
    note: str | None
    anchor: str
    stale: list[str] = Field(description="why the value is stale; empty: not stale")
    source: Source | None = Field(description="where the number comes from, as the data states it (since 1.1)")


class FactTable(FormatModel):
    kind: Literal["facts"]
    id: str
    title: str
    campaign: str
    csv: str
    facts: list[Fact]
