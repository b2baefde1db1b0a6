"""``claims.yml``, ``recommendation.yml`` and ``decisions.yml``: numbers quoted in prose and the guide's answers."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    Field,
    model_validator,
)

from generator.schema.base import (
    Id,
    Label,
    Model,
    Prose,
    Word,
)

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


class Statement(Model):
    """A checked statement: the assertion behind a sentence that states a comparison in words.

    A sentence of the guide's prose or pages that compares (faster, lower, ahead, a tie, at every load, 2×) is
    either produced from the data (it quotes a claim, ``[[claim-id]]``) or backed by a statement: the words it
    says (``says``, found verbatim in the sentence) and what they assert, in one of two forms:

    - **of a table's values**: ``series`` is ``higher``, ``lower`` or a ``tie`` (within ``within``) against
      ``than`` (its ``direction``) in every row it covers (``rows``, or the rows at ``loads`` of a sweep, within
      ``contexts``; every row by default);
    - **of a verdict the matrix shows**: ``option``'s cell in ``column`` reads ``verdict`` (against the option
      ``against``, if given) in each of ``contexts`` (the matrix judged for each), or as published without them.

    The build evaluates it on the derived guide and refuses, at the sentence's file and line, the day the data
    stops saying it.
    """

    says: Label
    """Words of the sentence it backs, verbatim (``kept the lower request latency at every load``). They attach
    it to that one sentence, and it backs the comparisons inside these words and no other: every comparative
    word of a sentence is inside the words of a statement attached to it, or the sentence quotes a claim."""
    table: Id | None = None
    """The measured table whose values decide it."""
    series: Id | None = None
    """The series the sentence is about."""
    than: Id | list[Id] | Literal["all others"] | None = None
    """The series it is compared with: one, several (``[lz4, zstd-3]``: against each), or ``all others``
    (every other series measured in each row it covers: what a superlative such as "the smallest" says)."""
    direction: Literal["higher", "lower", "tie"] | None = None
    """``series``'s value against ``than``'s in every row covered: ``higher``, ``lower``, or a ``tie``."""
    within: float = Field(default=0.05, gt=0, lt=1)
    """For a ``tie``: the most the larger value may exceed the smaller, as a fraction (0.05: 5 %)."""
    rows: list[Id] = Field(default_factory=list)
    """The rows it covers (empty: every row of the table, within ``contexts`` and ``loads``)."""
    loads: list[float] = Field(default_factory=list)
    """For a sweep table: the loads it covers (empty: every load measured)."""
    option: Id | None = None
    """The option whose verdict it states (instead of ``table``)."""
    column: Id | None = None
    """The comparison column of that verdict."""
    verdict: Word | None = None
    """The verdict's word (``tie``, ``faster``)."""
    against: Id | None = None
    """The option the verdict is against (``tie vs dense``); any when unset."""
    contexts: list[Id] = Field(default_factory=list)
    """The contexts it covers (empty: every one); a row that names no context counts in each."""
    at: Label | None = None
    """The file of the sentence it backs (``recommendation.yml``, ``options/lz4.yml``, a page such as
    ``index.md``), when its words alone do not name one sentence of the guide."""

    @model_validator(mode="after")
    def _one_form(self) -> Statement:
        values = (self.table, self.series, self.than, self.direction)
        verdict = (self.option, self.column, self.verdict)
        if all(v is not None for v in values) and all(v is None for v in (*verdict, self.against)):
            return self
        if all(v is not None for v in verdict) and all(v is None for v in values) and not (self.rows or self.loads):
            return self
        raise ValueError(
            "a statement asserts either a table's values (table, series, direction, than; rows, loads) or a "
            "verdict (option, column, verdict; against)"
        )


class Claims(Model):
    range_beyond: float | None = Field(default=2.0, gt=1)
    """A mean of ratios more than this many times apart (largest over smallest) is shown as its range:
    16.19× and 3.84× are no "10×". ``null``: always the mean."""
    claims: list[RatioClaim] = Field(default_factory=list)
    """Numbers quoted in prose."""
    statements: list[Statement] = Field(default_factory=list)
    """Checked statements: what backs each sentence that states a comparison in words rather than quoting a claim."""


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
    contexts: list[Id] = Field(default_factory=list)
    """The contexts it is recommended for (``[flat-town, hill-town]``); empty: every one. The matrix judged for another
    context does not mark it."""


class Recommendation(Model):
    """The bottom line: the default pick and the situations that change it.

    ``headline`` is the answer in a sentence or two, shown first on the
    overview; ``recommended`` marks those rows in the matrix.
    """

    headline: Prose
    """The answer in a sentence or two, shown first on the overview."""
    answers: dict[Id, Prose] = Field(default_factory=dict)
    """The answer for one context (``hill-town: ...``), shown instead of the headline when the matrix is judged for
    it; a context without one gets the headline, with a line saying it is the answer for any context."""
    recommended: list[Recommended] = Field(default_factory=list)
    """The rows the matrix marks as recommended, each with when; without any, no row is marked."""
    summary: Prose
    """The bottom line in a paragraph."""
    cases: list[Case] = Field(min_length=1)
    """Situations and their picks."""
    note: Prose | None = None
    """A note under the cases."""
    scope: dict[Id, list[Id]] = Field(default_factory=dict)
    """The scope the source states for this bottom line, by envelope dimension (``{scale: [smaller, ep16]}``):
    shown on the face of the headline, each context's answer and the summary wherever they are shown."""


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
    dimension: Id | None = None
    """The envelope dimension of ``guide.yml`` it asks (``scale``): its answers are that dimension's value ids,
    and an answer no measurement was taken at says so on the answer."""
    answers: list[Answer] = Field(min_length=2)
    """The answers a reader picks from."""


class Beyond(Model):
    """What the source says for a situation outside a rule's ``scope``, and what a reader there should measure."""

    says: Prose
    """What the source does say for that situation (its capacity rule, say), in the guide's words."""
    quote: Prose
    """The source's own words for it, exactly as it states them."""
    measure: Prose
    """What to measure there before deciding (the A/B to run, at which loads)."""


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
    trades: list[Id] = Field(default_factory=list)
    """Comparison columns in which its picks may read worse, for the chosen context, than a row the answer box
    recommends there: a trade the rule makes on purpose (its ``why`` says for what). Without it the build refuses a
    rule the page contradicts."""
    why: Prose
    """Why."""
    scope: dict[Id, list[Id]] = Field(default_factory=dict)
    """The scope the source states for its pick, by envelope dimension: ``{scale: [smaller, ep16]}`` for the source's
    "default recommendation for EP≤16". Shown on the pick's face; for answers outside it the helper does not say
    "Recommended": it gives ``beyond``, marked not measured there."""
    beyond: Beyond | None = None
    """What the source says outside ``scope``; the build refuses a scoped rule some answer reaches outside its
    scope without it."""


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
