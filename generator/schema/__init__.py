"""The record format, declared once.

Every data file is validated against one of the models below, and the JSON
Schema files under ``schema/`` that editors use are exported from them
(``python -m generator schema``). The models know nothing of any one topic: the
MoE guide and the small guide used by the tests share them.
"""

from __future__ import annotations

import datetime as dt
import math
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainValidator, StringConstraints, WithJsonSchema
from pydantic_core import PydanticCustomError

NOT_MEASURED = "not measured"

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
#: Text that may use the inline Markdown subset and ``[[token]]`` references.
Prose = Annotated[str, StringConstraints(min_length=1, max_length=4000), Visible]
Level = Literal["good", "mid", "bad", "unknown", "judged"]
"""``judged``: a verdict that no number decides, stated by the source; styled apart from measured levels."""
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
    if not math.isfinite(value) or value < 0:
        raise PydanticCustomError("number", "expected a positive finite number, got {got}", {"got": repr(value)})
    return float(value)


def _measurement(value: Any) -> float | str:
    if value == NOT_MEASURED:
        return NOT_MEASURED
    if isinstance(value, str):
        raise PydanticCustomError(
            "measurement", "expected a positive number or 'not measured', got {got}", {"got": shown_value(value)}
        )
    return _positive_number(value)


PositiveNumber = Annotated[
    float,
    PlainValidator(_positive_number),
    WithJsonSchema({"type": "number", "exclusiveMinimum": 0}),
]
Measurement = Annotated[
    float | str,
    PlainValidator(_measurement),
    WithJsonSchema({"oneOf": [{"type": "number", "exclusiveMinimum": 0}, {"const": NOT_MEASURED}]}),
]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- guide.yml -------------------------------------------------------------


class LevelStyle(Model):
    """How one verdict level looks: never colour alone, always a symbol and a word."""

    colour: Literal["green", "amber", "red", "grey", "blue"]
    symbol: Annotated[str, StringConstraints(min_length=1, max_length=2)]
    meaning: Label
    word: Word | None = None
    """Word for a cell that has no measurement and no judgement (the ``unknown`` level), or the
    label every judgement carries (the ``judged`` level)."""


class Outcome(Model):
    """A verdict: a level on the scale plus the word shown in the cell."""

    level: Level
    word: Word


class Band(Outcome):
    """Values at or above ``min`` get this outcome; the last band has no ``min``."""

    min: PositiveNumber | None = None


class Context(Model):
    id: Id
    name: Label


class ColumnBase(Model):
    id: Id
    label: Label
    meaning: Prose


class CategoryColumn(ColumnBase):
    """Colour from a categorical attribute every record states (e.g. ``fork: none``)."""

    kind: Literal["category"]
    attribute: Id
    categories: dict[Id, Outcome] = Field(min_length=1)


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
    declared comparison; ``against: best`` with the best value in each row.
    Ratios are oriented so that above 1 means better for the record.

    A cell over several regimes never shows the best alone: ``split`` shows
    each regime's verdict when they differ (the cell takes the worst colour),
    ``worst`` shows the worst and says so.
    """

    kind: Literal["comparison"]
    tag: Id
    against: Literal["counterpart", "best"]
    aggregate: Literal["split", "worst"]
    bands: list[Band] = Field(min_length=1)


class TextColumn(ColumnBase):
    """Plain text from the record; no verdict."""

    kind: Literal["text"]
    field: Literal["pick_when", "short", "name"]


Column = Annotated[CategoryColumn | SupportColumn | ComparisonColumn | TextColumn, Field(discriminator="kind")]


class Questions(Model):
    """Headings of the four survey questions, phrased for the guide's topic."""

    what: Label
    support: Label
    measured: Label
    pick: Label


class Guide(Model):
    """``guide.yml``: what the guide is about and how its matrix is built."""

    title: Label
    tagline: Label
    intro: Prose
    lesson: Prose
    option_noun: Word
    option_noun_plural: Word
    context_noun: Word
    context_noun_plural: Word
    contexts: list[Context] = Field(min_length=1)
    questions: Questions
    levels: dict[Level, LevelStyle]
    columns: list[Column] = Field(min_length=1)
    order: list[Id] = Field(min_length=1)


# --- options/*.yml ---------------------------------------------------------


class Cite(Model):
    """Where the source says it: a short quote (shown on demand) and, optionally, a section pointer."""

    quote: Annotated[str, StringConstraints(min_length=1, max_length=300)]
    where: Label | None = None


class Support(Model):
    status: SupportStatus
    note: Prose | None = None
    source: Cite | None = None


class Need(Model):
    kind: Literal["env", "flag", "plugin", "code", "setup"]
    value: Label
    context: Id | None = None
    note: Prose | None = None


class Failure(Model):
    title: Label
    detail: Prose
    context: Id | None = None


class Judgement(Model):
    """A verdict no number decides, stated with its reason and the source it rests on.

    It takes the ``judged`` level. It may take a level of the column's bands
    only by stating the number (``value``, a ratio the source gives) that
    puts it in that band.
    """

    word: Word
    reason: Prose
    source: Cite
    level: Level = "judged"
    value: PositiveNumber | None = None


class AttributeValue(Model):
    value: Id
    note: Prose | None = None
    source: Cite | None = None


class Option(Model):
    """``options/<id>.yml``: one row of the matrix and one survey page."""

    id: Id
    name: Label
    label: Word
    short: Label
    fabric: list[Id] = Field(min_length=1)
    what: Prose
    support: dict[Id, Support] = Field(min_length=1)
    measured: Prose
    pick_when: Label
    pick_detail: Prose
    attributes: dict[Id, AttributeValue] = Field(default_factory=dict)
    needs: list[Need] = Field(default_factory=list)
    failures: list[Failure] = Field(default_factory=list)
    caveats: list[Prose] = Field(default_factory=list)
    judgements: dict[Id, Judgement] = Field(default_factory=dict)
    cell_notes: dict[Id, Prose] = Field(default_factory=dict)
    campaign: Id | None = None
    dated: dt.date | None = None


# --- campaigns/*.yml -------------------------------------------------------


class Hardware(Model):
    instance: Label
    nodes: Annotated[int, Field(gt=0)]
    nics_per_node: Annotated[int, Field(gt=0)]
    fabric: Label
    gpus_per_node: Annotated[int, Field(gt=0)] | None = None


class Update(Model):
    date: dt.date
    note: Prose


class Campaign(Model):
    """``campaigns/<id>.yml``: where and on what the measurements ran."""

    id: Id
    name: Label
    hardware: Hardware
    model: Label
    parallelism: Label
    summary: Prose
    method: list[Prose] = Field(default_factory=list)
    updates: list[Update] = Field(default_factory=list)


# --- tables/*.yml ----------------------------------------------------------


class Series(Model):
    """One column of values in a measured table.

    ``campaign`` names the campaign a series ran on when it is not the table's.
    """

    id: Id
    label: Label
    option: Id | None = None
    provenance: Provenance | None = None
    campaign: Id | None = None


class Comparison(Model):
    """A ratio shown in the table: numerator series over denominator series, row by row.

    Both sides must come from one campaign (same hardware, same set-up), unless
    ``across_campaigns`` says why comparing runs of two campaigns is still fair;
    that reason is shown with the table.
    """

    numerator: Id
    denominator: Id
    label: Label
    verdict_column: Id | None = None
    across_campaigns: Prose | None = None


class Row(Model):
    id: Id
    label: Label
    context: Id | None = None
    values: dict[Id, Measurement] = Field(min_length=1)
    notes: dict[Id, Prose] = Field(default_factory=dict)


class MeasurementTable(Model):
    """A measured table: raw numbers only; every ratio is computed."""

    kind: Literal["measurements"]
    id: Id
    title: Label
    label: Word
    summary: Prose
    campaign: Id
    provenance: Provenance
    quantity: Label
    unit: Label
    better: Literal["higher", "lower"]
    digits: Annotated[int, Field(ge=0, le=4)] = 2
    """Decimals of every ratio computed from this table, wherever it is printed (one number, one spelling)."""
    tags: list[Id] = Field(default_factory=list)
    conditions: list[Prose] = Field(default_factory=list)
    repetitions: Annotated[int, Field(gt=0)] | None = None
    variance_below_pct: PositiveNumber | None = None
    series: list[Series] = Field(min_length=1)
    rows: list[Row] = Field(min_length=1)
    comparisons: list[Comparison] = Field(default_factory=list)


class Fact(Model):
    id: Id
    label: Label
    value: PositiveNumber
    unit: Label
    approx: bool = False
    sign: Literal["", "+"] = ""
    qualifier: Word | None = None
    """A word the source writes after the number and unit, kept verbatim (e.g. ``SO``)."""
    provenance: Provenance
    option: Id | None = None
    note: Prose | None = None


class FactTable(Model):
    """Single measured quantities (a ceiling, a per-token cost)."""

    kind: Literal["facts"]
    id: Id
    title: Label
    label: Word
    summary: Prose
    campaign: Id
    facts: list[Fact] = Field(min_length=1)


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
    less: Label
    tie: Label
    column: Id | None = None


class RatioClaim(Model):
    """A number used inside prose, computed from one table: ``[[id]]`` in any prose field.

    Per-row ratios of ``numerator`` over ``denominator`` are combined by
    ``aggregate`` (``range`` shows lowest to highest). A ``mean`` read as a
    comparison never hides a split: when the rows fall on different sides
    (faster in one, slower in another), the text says where each side wins.
    The ratio is printed with the table's ``digits``.
    """

    id: Id
    table: Id
    numerator: Id
    denominator: Id
    rows: list[Id] = Field(min_length=1)
    aggregate: Literal["mean", "min", "max", "range"] = "mean"
    phrase: Phrase | None = None


class Claims(Model):
    claims: list[RatioClaim] = Field(default_factory=list)


# --- recommendation.yml ----------------------------------------------------


class Case(Model):
    id: Id
    title: Label
    when: Prose
    pick: list[Id] = Field(min_length=1)
    why: Prose


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
    recommended: list[Recommended] = Field(min_length=1)
    summary: Prose
    cases: list[Case] = Field(min_length=1)
    note: Prose | None = None


# --- decisions.yml ---------------------------------------------------------


#: Answers that make a rule or a filter apply: question id -> the answer ids accepted.
#: Every named question must be answered with one of its listed answers; an
#: empty condition always holds.
Condition = dict[Id, Annotated[list[Id], Field(min_length=1)]]


class Answer(Model):
    id: Id
    label: Label
    short: Word | None = None
    """Shorter wording for the decision table; ``label`` when absent."""
    help: Prose | None = None
    excludes: dict[Id, Annotated[list[Id], Field(min_length=1)]] = Field(default_factory=dict)
    """Options this answer rules out by their own fields: attribute -> the values it excludes
    (``fork: [fork]``). The build fails when a rule recommends an option its answers exclude."""


class Question(Model):
    """One thing the decision helper asks the reader; the reader picks one answer."""

    id: Id
    label: Word
    """Column header in the decision table, e.g. ``Fabric``."""
    text: Label
    """The question as the form asks it."""
    help: Prose | None = None
    answers: list[Answer] = Field(min_length=2)


class Rule(Model):
    """Tried in order; the first rule whose ``when`` holds gives the recommendation."""

    id: Id
    when: Condition = Field(default_factory=dict)
    recommend: Id
    runner_up: Id | None = None
    why: Prose


class FabricFilter(Model):
    """Rules out every option whose ``fabric`` list lacks the answer (answer ids are fabric ids)."""

    kind: Literal["fabric"]
    question: Id
    when: Condition = Field(default_factory=dict)


class SupportFilter(Model):
    """Rules out every option whose support status on the answered context is ``no``.

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
Filter = Annotated[FabricFilter | SupportFilter | AttributeFilter, Field(discriminator="kind")]


class Decisions(Model):
    """``decisions.yml`` (optional): the questions of the decision helper and the rules that answer them.

    Filters compute, from the option records, which options a situation rules
    out and why; a filter applies only while its ``when`` holds. Rules pick the
    recommendation; the build checks that every combination of answers gets
    one, that every rule is reachable, and that no rule recommends an option
    the filters rule out.
    """

    title: Label
    intro: Prose
    questions: list[Question] = Field(min_length=1)
    filters: list[Filter] = Field(default_factory=list)
    rules: list[Rule] = Field(min_length=1)


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
