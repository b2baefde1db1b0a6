"""``campaigns/*.yml`` and ``tables/*.yml``: where the measurements ran and the measured numbers."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import BaseModel, Discriminator, Field, PlainSerializer, Tag

from generator.schema.base import (
    Id,
    InlineProse,
    Label,
    Measurement,
    Model,
    PositiveNumber,
    Prose,
    Provenance,
    Word,
    Workload,
    WorkloadName,
    _value_kind,
)
from generator.schema.evidence import (
    Runs,
    Setup,
    Source,
    Spread,
    Statistic,
)

#: A cell of a measured table: one value, ``not measured``, or its repetitions.
Value = Annotated[
    Annotated[Measurement, Tag("single")] | Annotated["Runs", Tag("repetitions")],
    Discriminator(_value_kind),
    PlainSerializer(lambda v: v.model_dump(mode="json", exclude_none=True) if isinstance(v, BaseModel) else v),
]


# --- campaigns/*.yml -------------------------------------------------------


class EnvironmentFact(Model):
    """One labelled fact about where a campaign ran, shown as a row of its set-up table."""

    label: Label
    """What the fact is about, e.g. ``Machine`` or ``Operating system``."""
    value: InlineProse
    """The fact as the source states it; like other text, it may use inline Markdown (code in backticks)."""
    key: WorkloadName | None = None
    """The name a benchmark tool's result file states this fact under (a ``workload`` name such as
    ``nodes``), so that ``python -m generator import`` refuses a run whose file states another value."""


class Update(Model):
    date: dt.date
    """When."""
    note: Prose
    """What changed."""


class Campaign(Model):
    """``campaigns/<id>.yml``: where and on what the measurements ran."""

    id: Id
    """Id of the campaign; tables name it."""
    name: Label
    """Name shown to readers."""
    environment: list[EnvironmentFact] = Field(min_length=1)
    """Where and on what the measurements ran, as labelled facts; two campaigns with the same facts
    ran in the same environment."""
    summary: Prose
    """What the campaign is, in a paragraph."""
    method: list[Prose] = Field(default_factory=list)
    """How it measured, one point each."""
    updates: list[Update] = Field(default_factory=list)
    """Dated changes since it was first published."""
    setup: Setup | None = None
    """How its values were produced, for every table of the campaign (tables, series and rows override)."""
    source: Source | None = None
    """Where its published numbers come from (tables, series, rows and values override)."""


# --- tables/*.yml ----------------------------------------------------------


class Series(Model):
    """One column of values in a measured table.

    ``campaign`` names the campaign a series ran on when it is not the table's.
    """

    id: Id
    """Id of the series, used by rows, comparisons and claims."""
    label: Label
    """Name shown in the table header and charts."""
    option: Id | None = None
    """The option this series measures, if any."""
    provenance: Provenance | None = None
    """Where its values come from, when not the table's."""
    campaign: Id | None = None
    setup: Setup | None = None
    """How this series' values were produced, where it differs from the table."""
    source: Source | None = None
    """Where this series' published numbers come from, where it differs from the table's."""
    metrics: dict[Id, Label] = Field(default_factory=dict)
    """Per tool format, the number of an imported file that is this series' value (overrides the table's)."""
    value_digits: Annotated[int, Field(ge=0, le=6)] | None = None
    """Decimals of every measured value of this series as printed (overrides the table's ``value_digits``)."""
    workload: Workload = Field(default_factory=dict)
    """What every imported file of this series must state (``framework: engine-a``), on top of its option's: the build
    and ``python -m generator import`` refuse a file that states otherwise (``--repetition`` too)."""


class Comparison(Model):
    """A ratio shown in the table: numerator series over denominator series, row by row.

    Both sides must come from one campaign (same environment, same set-up), unless
    ``across_campaigns`` says why comparing runs of two campaigns is still fair;
    that reason is shown with the table.
    """

    numerator: Id
    """Series on top of the ratio."""
    denominator: Id
    """Series below."""
    label: Label
    """Header of the ratio column."""
    verdict_column: Id | None = None
    """The comparison column whose bands colour this ratio."""
    across_campaigns: Prose | None = None


class Row(Model):
    id: Id
    """Id of the row, used by claims."""
    label: Label
    """Row header."""
    context: Id | None = None
    """The context the row was measured in."""
    values: dict[Id, Value] = Field(min_length=1)
    """One value per series: a number, ``not measured``, or its repetitions (``runs:`` or ``files:``)."""
    notes: dict[Id, Prose] = Field(default_factory=dict)
    """A note on a series' value in this row."""
    setup: Setup | None = None
    """How this row's values were produced, where it differs from the series, table and campaign."""
    source: Source | None = None
    """Where this row's published numbers come from."""
    sources: dict[Id, Source] = Field(default_factory=dict)
    """Where one value of the row comes from, by series id; merged field by field over the row's and broader sources."""
    workload: Workload = Field(default_factory=dict)
    """What this row's runs ran (``concurrency: 32``), on top of the table's; checked on import."""
    metrics: dict[Id, Label] = Field(default_factory=dict)
    """Per tool format, the number of an imported file that is this row's value (``read.time`` on one
    row, ``write.time`` on another, from the same file); overrides the series' and the table's."""


class Sweep(Model):
    """The rows of a table are one load sweep: each row states its load in ``workload`` (``concurrency: 32``).

    Its comparisons are judged at each load both sides were measured at, and a cell sums them up by load
    range (``faster vs dense on conc 8–32 · slower vs dense on conc 64–256``); a load only one side has is shown
    as not compared. The table's chart draws one curve per option, its quantity against the load or, with
    ``versus``, against another sweep table's quantity at the same loads (with the Pareto frontier).
    """

    load: WorkloadName
    """The workload key that varies from row to row (``concurrency``, ``request_rate``); every row states it."""
    label: Word | None = None
    """How a verdict names the load (``conc`` in ``conc 8–32``); the key itself when unset."""
    versus: Id | None = None
    """A sweep table over the same loads whose quantity is the chart's other axis (throughput against
    per-user speed or latency); its rows are matched by context and load, its series by option."""


class MeasurementTable(Model):
    """A measured table: raw numbers only; every ratio is computed."""

    kind: Literal["measurements"]
    id: Id
    """Id of the table."""
    title: Label
    """Title shown above it."""
    label: Word
    """Short name in navigation and captions."""
    summary: Prose
    """What it measures."""
    campaign: Id
    """The campaign it ran on."""
    provenance: Provenance
    """Where its values come from: ``measured``, ``published`` or ``derived``."""
    quantity: Label
    """What is measured (e.g. ``encode time``)."""
    unit: Label
    """Unit of the values."""
    better: Literal["higher", "lower"]
    """Whether higher or lower values are better."""
    digits: Annotated[int, Field(ge=0, le=4)] = 2
    """Decimals of every ratio computed from this table, wherever it is printed (one number, one spelling)."""
    value_digits: Annotated[int, Field(ge=0, le=6)] | None = None
    """Decimals of every measured value of this table as printed (values, runs, spreads); unset: each value
    as the source wrote it, a statistic of runs to the runs' own precision. For values imported from a tool's
    files, which carry every digit of a float (``537.4142851849319``)."""
    tags: list[Id] = Field(default_factory=list)
    """Comparison columns this table feeds, by tag."""
    conditions: list[Prose] = Field(default_factory=list)
    """Conditions that held for every value."""
    repetitions: Annotated[int, Field(gt=0)] | None = None
    """A bound the source states: at least this many runs stand behind each value."""
    variance_below_pct: PositiveNumber | None = None
    """A bound the source states: run-to-run variance stayed under this percentage."""
    variance_of: Word | None = None
    """What the variance was measured on, when not the whole quantity (shown before "run-to-run variance")."""
    statistic: Statistic = "median"
    """Which statistic of a value's runs is shown and compared."""
    spread: Spread = "min-max"
    """The spread shown beside a value with runs: lowest–highest run, ± one standard deviation, or the
    95% confidence interval of the mean (needs 3 runs)."""
    setup: Setup | None = None
    """How the table's values were produced, where it differs from the campaign."""
    source: Source | None = None
    """Where the table's published numbers come from."""
    metrics: dict[Id, Label] = Field(default_factory=dict)
    """Per tool format (``aiperf``, ``vllm-bench``, ...), the number of an imported file that is the value
    (``output_token_throughput.avg``); ``python -m generator import`` writes it into each run file entry."""
    workload: Workload = Field(default_factory=dict)
    """What every run of this table ran, as the set-up facts a tool's result file states about itself
    (``concurrency: 32``); rows add their own. ``python -m generator import`` refuses a run whose file
    states otherwise."""
    series: list[Series] = Field(min_length=1)
    """The columns of values."""
    rows: list[Row] = Field(min_length=1)
    """The rows of values."""
    comparisons: list[Comparison] = Field(default_factory=list)
    """Ratios shown and judged."""
    sweep: Sweep | None = None
    """The rows are one load sweep (a load per row in ``workload``): judged at each load, drawn as curves."""


class Fact(Model):
    id: Id
    """Id, quoted in prose as a reference."""
    label: InlineProse
    """What the value is."""
    value: PositiveNumber
    """The value as the source states it."""
    unit: Label
    """Its unit."""
    approx: bool = False
    """Shown with a ``~``."""
    sign: Literal["", "+"] = ""
    """Shown with a ``+``."""
    qualifier: Word | None = None
    """A word the source writes after the number and unit, kept verbatim (e.g. ``SO``)."""
    provenance: Provenance
    """Where it comes from."""
    option: Id | None = None
    """The option it is about."""
    note: Prose | None = None
    """A note shown with it."""
    setup: Setup | None = None
    """How this value was produced, where it differs from the table and campaign."""
    source: Source | None = None
    """Where this published number comes from."""


class FactTable(Model):
    """Single measured quantities (a ceiling, a cost per unit of work)."""

    kind: Literal["facts"]
    id: Id
    """Id of the table."""
    title: Label
    """Title shown above it."""
    label: Word
    """Short name."""
    summary: Prose
    """What the facts are."""
    campaign: Id
    """The campaign they come from."""
    facts: list[Fact] = Field(min_length=1)
    """The facts."""
    setup: Setup | None = None
    """How the table's values were produced, where it differs from the campaign."""
    source: Source | None = None
    """Where the table's published numbers come from."""


#: A table file is either kind, told apart by its ``kind`` field.
Table = Annotated[MeasurementTable | FactTable, Field(discriminator="kind")]
