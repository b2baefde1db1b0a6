"""The record format, declared once.

Every data file is validated against one of the models below, and the JSON
Schema files under ``schema/`` that editors use are exported from them
(``python -m generator schema``). The models know nothing of any one topic: every
guide shares them. A field's docstring is its description in the JSON Schema
(read at export by :mod:`generator.schema.docstrings`), so editors show it as help.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    StringConstraints,
    Tag,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from generator.number_range import LARGEST, SMALLEST, out_of_range, shown
from generator.workload import WORKLOAD_FIELDS

NOT_MEASURED = "not measured"

#: The data format this engine reads and writes, stated as ``format:`` in ``guide.yml``. A guide that states
#: no format is in the first release's format, ``1``. A change that breaks old data raises this number and
#: comes with its migration step (:mod:`generator.migrate.steps`), which ``python -m generator migrate`` runs.
FORMAT = 3
#: The format of a guide that states none: the first release's.
FIRST_FORMAT = 1

#: Unicode categories of characters a reader cannot see or that reorder what they see: format
#: characters (U+200B zero width space, U+202E right-to-left override, U+2066..U+2069 isolates,
#: U+FEFF), line and paragraph separators, private-use and surrogate code points.
_HIDDEN_CATEGORIES = {"Cf", "Zl", "Zp", "Co", "Cs"}


def _visible(value: str) -> str:
    """Text a reader sees as it is: no invisible or bidirectional control characters, no control characters."""
    for i, char in enumerate(value):
        category = unicodedata.category(char)
        if category in _HIDDEN_CATEGORIES or (category == "Cc" and char not in "\n\t"):
            name = unicodedata.name(char, "a control character")
            raise PydanticCustomError(
                "text",
                "contains U+{code} ({name}) at character {pos}, an invisible or bidirectional control character: "
                "remove it (it changes what a reader sees without showing itself)",
                {"code": f"{ord(char):04X}", "name": name, "pos": i + 1},
            )
    return value


Visible = AfterValidator(_visible)
Id = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40), Visible]
Label = Annotated[str, StringConstraints(min_length=1, max_length=200), Visible]
#: A one-line text shown in running text (an option's ``short`` and ``pick_when``, a fact's label): like
#: :data:`Prose`, it may use the inline Markdown subset and ``[[reference]]``s, rendered by the same function.
InlineProse = Annotated[str, StringConstraints(min_length=1, max_length=200), Visible]
#: Text that may use the inline Markdown subset and ``[[reference]]`` references.
Prose = Annotated[str, StringConstraints(min_length=1, max_length=4000), Visible]
#: ``judged``: a verdict that no number decides, stated by the source; styled apart from measured levels.
#: ``reference``: the neutral level of the option a baseline column compares everything with.
Level = Literal["good", "mid", "bad", "unknown", "judged", "reference"]
Provenance = Literal["measured", "published", "derived"]


def shown_value(value: Any) -> str:
    """How a wrong value is shown: ``the text '100' (write numbers without quotes)``."""
    if not isinstance(value, str):
        return repr(value)
    try:
        float(value)
    except ValueError:
        return f"the text {value!r}"
    return f"the text {value!r} (write numbers without quotes)"


def _positive_number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PydanticCustomError("number", "expected a number, got {got}", {"got": shown_value(value)})
    if value == 0:
        raise PydanticCustomError(
            "number", "expected a positive number, got 0 (nothing measured here is zero, and ratios divide by it)"
        )
    if why := out_of_range(value):
        raise PydanticCustomError("number", "{why}, got {got}", {"why": why, "got": shown(value)})
    return float(value)


def _measurement(value: Any) -> float | str:
    if value == NOT_MEASURED:
        return NOT_MEASURED
    if isinstance(value, str):
        raise PydanticCustomError(
            "measurement", "expected a positive number or 'not measured', got {got}", {"got": shown_value(value)}
        )
    return _positive_number(value)


#: The two kinds of a table value, as pydantic names them in error locations.
VALUE_TAGS = frozenset({"single", "repetitions"})


def _value_kind(value: Any) -> str:
    return "repetitions" if isinstance(value, dict) else "single"


PositiveNumber = Annotated[
    float,
    PlainValidator(_positive_number),
    WithJsonSchema({"type": "number", "minimum": SMALLEST, "maximum": LARGEST}),
]
Measurement = Annotated[
    float | str,
    PlainValidator(_measurement),
    WithJsonSchema({"oneOf": [{"type": "number", "minimum": SMALLEST, "maximum": LARGEST}, {"const": NOT_MEASURED}]}),
]


#: A cell of a measured table: one value, ``not measured``, or its repetitions.
Value = Annotated[
    Annotated[Measurement, Tag("single")] | Annotated["Runs", Tag("repetitions")],
    Discriminator(_value_kind),
    PlainSerializer(lambda v: v.model_dump(mode="json", exclude_none=True) if isinstance(v, BaseModel) else v),
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- guide.yml -------------------------------------------------------------


class LevelStyle(Model):
    """How one verdict level looks: never colour alone, always a symbol and a word."""

    colour: Literal["green", "amber", "red", "grey", "blue"]
    """Colour of the cell and badge."""
    symbol: Annotated[str, StringConstraints(min_length=1, max_length=2)]
    """A symbol shown with the word, so colour is never the only signal."""
    meaning: Label
    """What the level means, for the legend."""
    word: Word | None = None
    """Word for a cell that has no measurement and no judgement (the ``unknown`` level), or the
    label every judgement carries (the ``judged`` level)."""


class Outcome(Model):
    """A verdict: a level on the scale plus the word shown in the cell."""

    level: Level
    """Where the verdict sits on the scale: good, mid, bad, unknown (or reference, for the baseline)."""
    word: Word
    """The word shown in the cell."""


class Band(Outcome):
    """Values at or above ``min`` get this outcome; the last band has no ``min``."""

    min: PositiveNumber | None = None


# Defined here, after the names it uses: the evidence models (runs, setup, freshness, noise rules).
from generator.schema.evidence import (  # noqa: E402
    NOT_STATED,
    RUNS_NEEDED,
    Component,
    Freshness,
    NoiseRule,
    RunFile,
    Runs,
    Setup,
    Source,
    Spread,
    Statistic,
)

__all__ = [
    "NOT_STATED",
    "RUNS_NEEDED",
    "Component",
    "Freshness",
    "NoiseRule",
    "RunFile",
    "Runs",
    "Setup",
    "Source",
    "Spread",
    "Statistic",
]


class Context(Model):
    id: Id
    """Id that option records and table rows use."""
    name: Label
    """Name shown to readers."""


class ColumnBase(Model):
    id: Id
    """Id of the column, used by judgements, notes and table comparisons."""
    label: Label
    """Column header in the matrix."""
    meaning: Prose
    """What the column tells a reader, shown in the legend."""


class CategoryColumn(ColumnBase):
    """Colour from a categorical attribute every record states (e.g. ``licence: permissive``)."""

    kind: Literal["category"]
    attribute: Id
    """The attribute of each option record this column reads."""
    categories: dict[Id, Outcome] = Field(min_length=1)
    """Each allowed value of the attribute and the verdict it gets."""
    role: Literal["requirement", "feature"] = "requirement"
    """``requirement``: something a reader must accept to use the option (listed under what it takes);
    ``feature``: something it offers. The decision helper warns about either only when the reader's
    answers bring it up."""


#: Support on one context. Three negative answers are kept apart: ``no`` (tried and failed; the
#: note says what failed), ``not tried`` and ``cannot run`` (cannot run here; the note says why).
SupportStatus = Literal["yes", "with", "no", "not tried", "cannot run", "not measured"]

#: What a support column summarises its statuses into, and the statuses a record may state: the
#: engine looks up every one of them, so a support column gives an outcome to each.
SUPPORT_SUMMARIES = ("yes", "partial", "no", "not-measured")
SUPPORT_STATUSES = ("yes", "with", "no", "not tried", "cannot run", NOT_MEASURED)


def _every(keys: tuple[str, ...], what: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def check(value: dict[str, Any]) -> dict[str, Any]:
        missing = [k for k in keys if k not in value]
        if missing:
            raise PydanticCustomError(
                "vocabulary",
                "no outcome for {missing}: a support column gives one to each of {every} ({what})",
                {"missing": ", ".join(map(repr, missing)), "every": ", ".join(map(repr, keys)), "what": what},
            )
        return value

    return check


class SupportColumn(ColumnBase):
    """Colour from the per-context support statuses, summarised by the generator."""

    kind: Literal["support"]
    categories: Annotated[
        dict[Literal["yes", "partial", "no", "not-measured"], Outcome],
        AfterValidator(_every(SUPPORT_SUMMARIES, "the summary over all contexts can be any of them")),
    ] = Field(json_schema_extra={"required": list(SUPPORT_SUMMARIES)})
    statuses: Annotated[
        dict[SupportStatus, Outcome],
        AfterValidator(_every(SUPPORT_STATUSES, "a record may state any of them for a context")),
    ] = Field(json_schema_extra={"required": list(SUPPORT_STATUSES)})


class ComparisonColumn(ColumnBase):
    """Colour from ratios in measured tables carrying ``tag``.

    ``against: counterpart`` compares a record with the other side of each
    declared comparison; ``against: best`` with the best value in each row;
    ``against: baseline`` with the ``baseline`` option's value in each row (the
    baseline itself gets the neutral ``reference`` level). Ratios are oriented so
    that above 1 means better for the record.

    A cell over several regimes never shows the best alone: ``split`` shows
    each regime's verdict when they differ (the cell takes the worst colour),
    ``worst`` shows the worst and says so.
    """

    kind: Literal["comparison"]
    tag: Id
    """Measured tables carrying this tag feed the column."""
    against: Literal["counterpart", "best", "baseline"]
    """What a record is compared with: the other side of each comparison (``counterpart``), the best
    value of each row (``best``), or the reference option (``baseline``)."""
    baseline: Id | None = None
    """With ``against: baseline``: the option every other one is compared with."""
    aggregate: Literal["split", "worst"]
    """How a cell over several regimes reads: each regime's verdict when they differ (``split``), or the worst."""
    bands: list[Band] = Field(min_length=1)
    """Verdicts by ratio, highest minimum first; the last band has no minimum."""
    noise: NoiseRule | None = None
    """How a ratio whose interval crosses a band boundary is judged; without it, the shown ratio alone decides."""


class TextColumn(ColumnBase):
    """Plain text from the record; no verdict."""

    kind: Literal["text"]
    field: Literal["pick_when", "short", "name"]
    """The record field the cell shows."""


Column = Annotated[CategoryColumn | SupportColumn | ComparisonColumn | TextColumn, Field(discriminator="kind")]


class Questions(Model):
    """Headings of the four survey questions, phrased for the guide's topic."""

    what: Label
    """Heading of the section that says what the option is."""
    support: Label
    """Heading of the section on support per context."""
    measured: Label
    """Heading of the section on what was measured."""
    pick: Label
    """Heading of the section on when to pick it."""


def _current_format(value: Any) -> int:
    """The format number; the reader has already refused any other (:mod:`generator.check.data_format`)."""
    if isinstance(value, bool) or value != FORMAT:
        raise PydanticCustomError(
            "format", "expected the data format {format}, got {got}", {"format": FORMAT, "got": shown_value(value)}
        )
    return FORMAT


class Guide(Model):
    """``guide.yml``: what the guide is about and how its matrix is built."""

    format: Annotated[int, PlainValidator(_current_format), WithJsonSchema({"type": "integer", "const": FORMAT})]
    """The data format the guide is written in. An older guide is upgraded by ``python -m generator migrate``."""
    title: Label
    """The guide's title, on the overview page."""
    tagline: Label
    """One line under the title; also the site's description for search engines."""
    site_name: Label | None = None
    """The site's name in the header and the browser tab; the title when absent."""
    footer: Label | None = None
    """A line in every page's footer (e.g. where the figures come from)."""
    intro: Prose
    """The overview's opening paragraphs."""
    lesson: Prose
    """The one thing a reader should take away, highlighted on the overview."""
    option_noun: Word
    """What one option is called in this guide (e.g. ``library``)."""
    option_noun_plural: Word
    """Plural of ``option_noun``."""
    context_noun: Word
    """What a context is called (e.g. ``platform``); each option states its support per context."""
    context_noun_plural: Word
    """Plural of ``context_noun``."""
    contexts: list[Context] = Field(min_length=1)
    """The contexts every option states its support for."""
    questions: Questions
    """Headings of the four questions each option page answers."""
    levels: dict[Level, LevelStyle]
    """How each verdict level looks."""
    columns: list[Column] = Field(min_length=1)
    """The matrix columns, in order."""
    order: list[Id] = Field(min_length=1)
    """Every option id, in the order rows and pages appear."""
    table_order: list[Id] = Field(default_factory=list)
    """Every table id, in the order tables appear on the results page and the option pages; when absent,
    the order of the files."""
    headline_pairs: list[Annotated[list[Id], Field(min_length=2, max_length=2)]] = Field(default_factory=list)
    """Pairs of option ids whose headline chart (the same two options measured in two kinds of table)
    the overview shows, in this order; when absent, every such pair."""
    components: list[Component] = Field(default_factory=list)
    """Software whose versions ``setup`` blocks state and ``freshness`` tracks."""
    freshness: Freshness | None = None
    """When a value counts as stale; without it nothing is."""


# --- options/*.yml ---------------------------------------------------------


class Cite(Model):
    """Where the source says it: a short quote (shown on demand) and, optionally, a section pointer."""

    quote: Annotated[str, StringConstraints(min_length=1, max_length=300)]
    where: Label | None = None


class Support(Model):
    status: SupportStatus
    """Whether the option works in this context, as the source states it."""
    note: Prose | None = None
    """What the source says about it."""
    source: Cite | None = None


class Need(Model):
    """Something a reader must set or install to use the option."""

    kind: Word
    """What sort of thing it is, in the guide's own words (e.g. ``setting``, ``package``)."""
    value: Label
    """The setting, package or step itself, shown as code."""
    context: Id | None = None
    """The context it applies to, when only one."""
    note: Prose | None = None
    """Why it is needed."""


class Failure(Model):
    title: Label
    """A short name for the failure."""
    detail: Prose
    """What happens, and when."""
    context: Id | None = None
    """The context it happened in, when only one."""


class Judgement(Model):
    """A verdict no number decides, stated with its reason and the source it rests on.

    It takes the ``judged`` level. It may take a level of the column's bands
    only by stating the number (``value``, a ratio the source gives) that
    puts it in that band.
    """

    word: Word
    reason: Prose
    """Why: the sentence of the source the verdict rests on, in your own words."""
    source: Cite
    level: Level = "judged"
    value: PositiveNumber | None = None


class AttributeValue(Model):
    value: Id
    """One of the categories of the column reading this attribute."""
    note: Prose | None = None
    """Why, shown with the verdict."""
    source: Cite | None = None
    uncited: bool = False
    """``true``: the verdict rests on the record's word alone, its source not yet quoted (``python -m generator
    migrate --cite-later`` writes it where an older guide's value cites nothing). The page and ``guide.json``
    say "not yet cited" and ``check`` lists it as work to do; quote the source with ``source:`` and remove it."""


class Option(Model):
    """``options/<id>.yml``: one row of the matrix and one survey page."""

    id: Id
    """Id of the option; the file is named after it."""
    name: Label
    """Full name, the title of its page."""
    label: Word
    """Short name for tables, charts and navigation."""
    short: InlineProse
    """One line under the title."""
    platforms: list[Id] = Field(default_factory=list)
    """Ids of the platforms the option is available on, for a ``platform`` filter of the decision
    helper; empty means it is not restricted."""
    what: Prose
    """What the option is."""
    support: dict[Id, Support] = Field(min_length=1)
    """Support per context of ``guide.yml``."""
    measured: Prose
    """What was measured, in words; the numbers live in tables."""
    pick_when: InlineProse
    """One line: when to pick it."""
    pick_detail: Prose
    """More on when to pick it."""
    attributes: dict[Id, AttributeValue] = Field(default_factory=dict)
    """Values of the categorical attributes the category columns read."""
    needs: list[Need] = Field(default_factory=list)
    """What a reader must set or install to use it."""
    failures: list[Failure] = Field(default_factory=list)
    """Known failures."""
    caveats: list[Prose] = Field(default_factory=list)
    """Caveats, one sentence each."""
    judgements: dict[Id, Judgement] = Field(default_factory=dict)
    """Verdicts no number decides, per comparison column, with their reason."""
    cell_notes: dict[Id, Prose] = Field(default_factory=dict)
    """A note shown with the verdict of a column."""
    campaign: Id | None = None
    """The campaign its measurements come from."""
    dated: dt.date | None = None
    """When the option was added to the guide."""


def _workload_name(value: str) -> str:
    """A name the tool readers state a run's set-up under (:data:`generator.workload.WORKLOAD_FIELDS`)."""
    if value not in WORKLOAD_FIELDS:
        raise PydanticCustomError(
            "workload_name",
            "'{value}' is not a set-up fact the import formats state; expected one of: {known}",
            {"value": value, "known": ", ".join(WORKLOAD_FIELDS)},
        )
    return value


#: A fact about a run's set-up that a benchmark tool's own file states (``concurrency``, ``model``, ...).
WorkloadName = Annotated[str, AfterValidator(_workload_name)]
#: What every run under a table or row ran, by set-up fact: ``concurrency: 32``, ``request_rate: 8`` (requests
#: per second, ``inf`` for all at once), ``dataset: random``, ``isl: 1024``, ``osl: 1024``, ``prompts: 320``,
#: ``scenario: Server`` (:data:`generator.workload.WORKLOAD_WORDS` lists them). ``python -m generator
#: import`` compares it with each run's own file and refuses a run that contradicts it (the comparability
#: guard); a fact left out is not compared.
Workload = dict[WorkloadName, Annotated[int, Field(gt=0)] | PositiveNumber | Label]


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


# --- claims.yml ------------------------------------------------------------


class Phrase(Model):
    """Words for a claim read as a comparison; ``{ratio}`` is replaced by the computed ratio.

    ``more`` is used when the ratio is above 1, ``less`` below 1 (with the
    inverted ratio, so "2.0× slower than"), ``tie`` when the ratio falls in the
    tie band of ``column`` (its ``mid`` band) or, without a column, rounds to 1.
    """

    more: Label
    """Words when the ratio is above 1."""
    less: Label
    """Words when it is below 1."""
    tie: Label
    """Words for a tie."""
    column: Id | None = None
    """The comparison column whose middle band counts as a tie."""


class RatioClaim(Model):
    """A number used inside prose, computed from one table: ``[[id]]`` in any prose field.

    Per-row ratios of ``numerator`` over ``denominator`` are combined by
    ``aggregate``: ``mean`` is the geometric mean (the mean of B/A is then the
    inverse of the mean of A/B), ``range`` shows lowest to highest, with a
    ``phrase`` as "1.1× to 1.5× faster than". A ``mean`` whose ratios lie
    further apart than ``range_beyond`` reads as their range instead. A
    ``mean`` read as a comparison never hides a split: when the rows fall on
    different sides (faster in one, slower in another), the text says where
    each side wins. The ratio is printed with the table's ``digits``.
    """

    id: Id
    """Id; ``[[id]]`` in any prose field shows the number."""
    table: Id
    """The measured table it is computed from."""
    numerator: Id
    """Series on top."""
    denominator: Id
    """Series below."""
    rows: list[Id] = Field(min_length=1)
    """Rows whose ratios it combines."""
    aggregate: Literal["mean", "min", "max", "range"] = "mean"
    """How: ``mean`` (geometric), ``min``, ``max`` or ``range``."""
    range_beyond: float | None = Field(default=None, gt=1)
    """For a ``mean``: when the largest ratio is more than this many times the smallest, show the range
    instead of one number (default: the claims' ``range_beyond``; ``null``: always the mean)."""
    phrase: Phrase | None = None
    """Words to read it as a comparison (with any ``aggregate``; a range reads "1.1× to 1.5× faster than")."""


class Claims(Model):
    range_beyond: float | None = Field(default=2.0, gt=1)
    """A mean of ratios more than this many times apart (largest over smallest) is shown as its range:
    16.19× and 3.84× are no "10×". ``null``: always the mean."""
    claims: list[RatioClaim] = Field(default_factory=list)
    """Numbers quoted in prose."""


# --- recommendation.yml ----------------------------------------------------


class Case(Model):
    id: Id
    """Id of the case."""
    title: Label
    """Title of the case."""
    when: Prose
    """The situation."""
    pick: list[Id] = Field(min_length=1)
    """Options to pick, best first."""
    why: Prose
    """Why."""


class Recommended(Model):
    """A row the overview marks as recommended, with the few words that say when."""

    option: Id
    when: Label


class Recommendation(Model):
    """The bottom line: the default pick and the situations that change it.

    ``headline`` is the answer in a sentence or two, shown first on the
    overview; ``recommended`` marks those rows in the matrix.
    """

    headline: Prose
    """The answer in a sentence or two, shown first on the overview."""
    recommended: list[Recommended] = Field(default_factory=list)
    """The rows the matrix marks as recommended, each with when; without any, no row is marked."""
    summary: Prose
    """The bottom line in a paragraph."""
    cases: list[Case] = Field(min_length=1)
    """Situations and their picks."""
    note: Prose | None = None
    """A note under the cases."""


# --- decisions.yml ---------------------------------------------------------


#: Answers that make a rule or a filter apply: question id -> the answer ids accepted.
#: Every named question must be answered with one of its listed answers; an
#: empty condition always holds.
Condition = dict[Id, Annotated[list[Id], Field(min_length=1)]]


class Answer(Model):
    id: Id
    """Id of the answer."""
    label: Label
    """The answer as the form shows it."""
    short: Word | None = None
    """Shorter wording for the decision table; ``label`` when absent."""
    help: Prose | None = None
    """More on the answer."""
    excludes: dict[Id, Annotated[list[Id], Field(min_length=1)]] = Field(default_factory=dict)
    """Options this answer rules out by their own fields: attribute -> the values it excludes
    (``licence: [copyleft]``). The build fails when a rule recommends an option its answers exclude."""


class Question(Model):
    """One thing the decision helper asks the reader; the reader picks one answer."""

    id: Id
    """Id of the question."""
    label: Word
    """Column header in the decision table, e.g. ``Platform``."""
    text: Label
    """The question as the form asks it."""
    help: Prose | None = None
    """More on the question."""
    answers: list[Answer] = Field(min_length=2)
    """The answers a reader picks from."""


class Rule(Model):
    """Tried in order; the first rule whose ``when`` holds gives the recommendation."""

    id: Id
    """Id of the rule."""
    when: Condition = Field(default_factory=dict)
    """The answers it applies to; empty applies to all."""
    recommend: Id
    """The option it recommends."""
    runner_up: Id | None = None
    """A second choice."""
    why: Prose
    """Why."""


class PlatformFilter(Model):
    """Rules out every option whose ``platforms`` list is not empty and lacks the answer.

    The answers of ``question`` are platform ids, as the options' ``platforms`` lists name them.
    """

    kind: Literal["platform"]
    question: Id
    when: Condition = Field(default_factory=dict)


class SupportFilter(Model):
    """Rules out every option whose support status on the answered context is ``no``, ``cannot run`` or
    ``not tried`` (an option that failed there, cannot run there, or was never tried there).

    The answers of ``question`` are context ids of ``guide.yml``. The chosen
    context's status and note are also shown with each recommended option.
    """

    kind: Literal["support"]
    question: Id
    when: Condition = Field(default_factory=dict)


class AttributeFilter(Model):
    """Rules out options by a categorical attribute: ``exclude`` maps an answer to the values it rules out."""

    kind: Literal["attribute"]
    question: Id
    attribute: Id
    exclude: dict[Id, list[Id]] = Field(min_length=1)
    when: Condition = Field(default_factory=dict)


#: A filter is told apart by its ``kind``.
Filter = Annotated[PlatformFilter | SupportFilter | AttributeFilter, Field(discriminator="kind")]


class Decisions(Model):
    """``decisions.yml`` (optional): the questions of the decision helper and the rules that answer them.

    Filters compute, from the option records, which options a situation rules
    out and why; a filter applies only while its ``when`` holds. Rules pick the
    recommendation; the build checks that every combination of answers gets
    one, that every rule is reachable, and that no rule recommends an option
    the filters rule out.
    """

    title: Label
    """Title of the decision helper page."""
    intro: Prose
    """Its opening paragraph."""
    questions: list[Question] = Field(min_length=1)
    """What the helper asks."""
    filters: list[Filter] = Field(default_factory=list)
    """What rules options out, computed from their records."""
    rules: list[Rule] = Field(min_length=1)
    """Tried in order; the first that applies recommends."""


#: File kinds and their models, used by the loader and by the schema export.
DOCUMENT_TYPES: dict[str, Any] = {
    "guide": Guide,
    "option": Option,
    "campaign": Campaign,
    "table": Table,
    "claims": Claims,
    "recommendation": Recommendation,
    "decisions": Decisions,
}
