"""``guide.yml``: the columns, colour rules, verdict levels and contexts of a guide."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    Field,
    PlainValidator,
    StringConstraints,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from generator.schema.base import (
    FORMAT,
    NOT_MEASURED,
    Band,
    Id,
    Label,
    Level,
    LevelStyle,
    Model,
    Outcome,
    Prose,
    Word,
    Workload,
    WorkloadName,
    shown_value,
)
from generator.schema.evidence import (
    Component,
    Freshness,
    NoiseRule,
)


class Context(Model):
    id: Id
    """Id that option records and table rows use."""
    name: Label
    """Name shown to readers."""
    workload: Workload = Field(default_factory=dict)
    """What every imported file of a row measured in this context must state (``model: Llama-3.1-8B``): the
    build and ``python -m generator import`` refuse a file that states otherwise."""


class EnvelopeValue(Model):
    id: Id
    """Id that set-ups (``envelope: {scale: ep16}``) and the decision helper's answers use."""
    label: Label
    """The value as a reader reads it after the dimension's word: ``EP16 on 2 nodes``."""


class Dimension(Model):
    """A dimension of a reader's situation the evidence depends on (scale, hardware, model size...).

    Each measurement's ``setup`` states its value (``envelope: {scale: ep16}``; a value left out is not stated,
    never filled in). A decision-helper question that asks it names it (``dimension: scale``): an answer no
    measurement was taken at says so on its face ("measured at EP16 on 2 nodes; not measured at EP32")."""

    id: Id
    """Id of the dimension, as set-ups and questions name it."""
    label: Word
    """Its name: ``Scale``."""
    word: Word = "at"
    """The word before a value: "measured **at** EP16 on 2 nodes", "measured **on** CPython"."""
    values: list[EnvelopeValue] = Field(min_length=2)
    """Every value a reader's situation can take, measured or not."""


class SetupKey(Model):
    """A set-up fact the guide's runs are stated by: a load (``concurrency``, ``level``), a length, a model.

    Tables, series and rows state it in ``workload:`` (``level: 6``), a campaign's environment fact names it in
    ``key:``; a map may read it from a file (``workload:`` of the map), and the importer refuses a file that
    states another value. A sweep varies one numeric key (``sweep: {load: level}``). Each key a measurement
    states is a dimension of the evidence (:func:`generator.dimensions.dimensions`): an answer names the values
    it was measured at ("measured only with conc 4 and 32")."""

    id: WorkloadName
    """The name data and maps state it under (``concurrency``, ``block_size``)."""
    label: Word
    """How messages and the evidence name it: ``input length (ISL)``."""
    short: Word | None = None
    """How a value is written before it: ``conc`` in ``conc 32``, ``ISL`` in ``ISL 120``; ``label`` when unset."""
    numeric: bool = False
    """Its values are numbers (a load, a length, a count); a sweep varies only a numeric key."""
    unit: Word | None = None
    """The unit of its values, written after them: ``request/s``."""
    load: bool = False
    """The load the guide's runs are driven at (concurrency, request rate, level): its values are the load points
    an answer's evidence names."""


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


#: A folder relative to the data folder: not absolute, no control character.
StorePath = Annotated[str, StringConstraints(min_length=1, max_length=300, pattern=r"^[^/\\\x00-\x1f][^\x00-\x1f]*$")]
#: A shell command, one line.
Command = Annotated[str, StringConstraints(min_length=1, max_length=1000, pattern=r"^[^\x00-\x1f]+$")]


class KeptFiles(Model):
    """Where the guide's kept files are when they are not in the repository (``guide.yml``'s ``kept_files``).

    A kept file is read by its sha256: from ``runs/`` when it is there, else from ``store``, where each file is
    named by its sha256 (``<store>/<sha256>``); ``restore`` is the command CI runs to fill the store (or
    ``runs/``) before ``check`` and the build (``python -m generator restore``)."""

    store: StorePath | None = None
    """A folder, relative to the data folder (``../kept``), holding the kept files named by their sha256."""
    restore: Command | None = None
    """The shell command that restores the kept files, run by ``generator restore`` in the folder that holds the
    data folder (the repository's top for ``--data data``). ``restore --base REV`` takes this command line as
    ``REV`` states it; the files and scripts it names are the checkout's, not ``REV``'s."""


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
    lesson_scope: dict[Id, list[Id]] = Field(default_factory=dict)
    """The scope the source states for the lesson, by envelope dimension (``{scale: [ep16]}``), shown on its face."""
    option_noun: Word
    """What one option is called in this guide (e.g. ``library``)."""
    option_noun_plural: Word
    """Plural of ``option_noun``."""
    reader_setup: Label = "your own set-up"
    """What a reader brings to set against the guide's numbers, as the pages name it after "on" or "from":
    ``your own machine``, ``your lab``. "Your numbers" asks whether the guide holds on it."""
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
    envelope: list[Dimension] = Field(default_factory=list)
    """The dimensions of a reader's situation the evidence depends on, besides the contexts; each measurement's
    ``setup`` states its value on each, and an answer outside the values measured says so."""
    setup_keys: list[SetupKey] = Field(default_factory=list)
    """The set-up facts runs are stated by (``workload:`` keys, a campaign fact's ``key:``, a sweep's load); when
    absent, the keys the engine's readers of LLM-serving tools state (:mod:`generator.workload`)."""
    components: list[Component] = Field(default_factory=list)
    """Software whose versions ``setup`` blocks state and ``freshness`` tracks."""
    freshness: Freshness | None = None
    """When a value counts as stale; without it nothing is."""
    kept_files: KeptFiles | None = None
    """Where the kept files are when the repository does not hold them (git-ignored: licence or size)."""
