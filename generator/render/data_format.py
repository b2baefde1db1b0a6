"""The downloadable data's format, declared once: these models are its JSON Schema.

``downloads/guide.json`` holds the derived guide (every option, column, matrix cell with its
verdict, every table value and computed ratio with its verdict, every fact and quoted number);
``downloads/guide.schema.json`` is :func:`json_schema` of :class:`GuideData`. The format has a
version, :data:`FORMAT_VERSION`: a reader that knows version ``1.x`` can read any ``1.y`` (fields
are only ever added within a major version); removing or changing the meaning of a field bumps
the major version. docs/reader-tools.md describes the format for readers.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.render.data_files import FORMAT_VERSION


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Verdict(_Model):
    """A verdict as the page shows it: a level (its colour), a word and a symbol."""

    level: str = Field(
        description="good, mid, bad, unknown, judged or reference (the baseline of its column); sets the colour"
    )
    word: str = Field(description="the word the page prints")
    symbol: str = Field(description="the symbol the page prints")
    judged: bool = Field(description="a stated judgement (no measurement decides it), shown as such")


class Level(_Model):
    colour: str
    symbol: str
    meaning: str
    word: str | None = Field(
        default=None,
        description="since 1.2: the word of a cell with this level and no word of its own ('not measured' for "
        "unknown, 'reference', the label of a judgement); null: the engine's default",
    )


class Outcome(_Model):
    level: str
    word: str


class NoiseRule(_Model):
    """How a ratio whose interval crosses a band boundary is judged (docs/reader-tools.md)."""

    straddle: Literal["tie", "likely"] = Field(
        description="tie: the band nearest the one holding 1.0 among those the interval touches; likely: the shown "
        "band's outcome in 'likely' (else as tie)"
    )
    likely: dict[str, Outcome] = Field(description="band word -> the outcome shown instead")
    stated_bound: Literal["ignore", "as-spread"] = Field(
        description="as-spread: a table's variance_below_pct is a ± spread on values without runs"
    )


class Band(_Model):
    min: float | None = Field(description="the ratio from which this band applies; null: below the previous band")
    level: str
    word: str


class Column(_Model):
    id: str
    label: str
    kind: Literal["support", "comparison", "category", "text"]
    meaning: str
    bands: list[Band] = Field(default_factory=list, description="comparison columns: ratio bands, best first")
    against: Literal["counterpart", "best", "baseline"] | None = Field(
        default=None, description="comparison columns: what an option is compared with"
    )
    baseline: str | None = Field(
        default=None, description="against baseline: the option every other is compared with (level 'reference')"
    )
    aggregate: Literal["split", "worst"] | None = Field(
        default=None, description="comparison columns: regimes whose verdicts differ are split, or the worst shown"
    )
    tag: str | None = Field(default=None, description="since 1.2, comparison columns: tables with this tag feed it")
    noise: NoiseRule | None = Field(default=None, description="since 1.2, comparison columns: the noise rule, or null")
    attribute: str | None = Field(default=None, description="category columns: the option attribute read")
    role: Literal["requirement", "feature"] | None = Field(
        default=None, description="category columns: something an option requires, or offers"
    )


class Judged(_Model):
    """How the evidence (runs and spreads) judged a ratio: its interval and how sure the verdict is."""

    ratio: float = Field(description="the ratio, oriented so that above 1 is better for the option")
    low: float | None = Field(description="lower end of the ratio's interval; null without spreads")
    high: float | None
    confidence: str = Field(description="e.g. 'within noise', 'single run', 'runs not stated'")
    why: str = Field(description="in words: what the evidence is and what it did to the verdict")
    stale: bool = Field(description="either side was measured on what the guide now calls stale")


class Context(_Model):
    id: str
    name: str


class Regime(_Model):
    name: str
    table: str
    row: str
    swept: bool = Field(default=False, description="since 1.7: a run of a sweep's loads, named on the cell's line")


class Part(_Model):
    """The verdict of some of a cell's regimes, where the regimes of a cell disagree (worst first)."""

    verdict: Verdict
    regimes: list[Regime]
    against: str = Field(
        default="",
        description="since 1.6: what the part is measured against ('vs road', '(best)'); empty if not measured",
    )
    opponent: str | None = Field(
        default=None, description="since 1.6: the option id it is measured against; null for the best of a row"
    )
    word: str = Field(default="", description="since 1.6: the word with what it is measured against ('tie vs road')")


class JudgementSource(_Model):
    quote: str
    where: str | None


class Judgement(_Model):
    """A verdict no number decides, as the record states it (since 1.6)."""

    word: str
    level: str = Field(description="good, mid or bad (a polarity, drawn as a judgement), or judged (neutral)")
    value: float | None = Field(description="a ratio the source states, whose band gives the level")
    contexts: list[str] = Field(description="the contexts it is given for; empty: the whole column")
    against: str | None = Field(description="the option it compares with")
    reason: str
    source: JudgementSource


class Campaign(_Model):
    """Where and on what the measurements ran (since 1.6)."""

    id: str
    name: str
    setup: list[dict[str, str]] = Field(description="the campaign's set-up facts, each with its label and value")
    line: str = Field(description="the set-up in one line, as the page prints it above the matrix")


class Cell(_Model):
    """One cell of the comparison matrix."""

    column: str = Field(description="column id")
    anchor: str = Field(description="the cell's anchor on the matrix page (page URL + '#' + anchor)")
    verdict: Verdict | None = Field(description="null for a text column")
    value: float | None = Field(description="comparison columns: the ratio the verdict comes from")
    detail: str = Field(description="the short detail printed under the verdict")
    text: str = Field(description="text columns: the text")
    tables: list[str] = Field(description="ids of the tables the value is computed from")
    judgement: str | None = Field(description="a stated judgement (no number decides it), with its reason")
    parts: list[Part] = Field(description="regimes whose verdicts differ: one part per verdict, worst first")
    summary: str = Field(description="how several regimes were summarised, in words")
    coverage: str = Field(
        default="", description="since 1.6: how many of the column's contexts the cell answers for, when not all"
    )
    ranks: list[str] | None = Field(
        default=None,
        description="since 1.8: a judgement's polarity, ['above' or 'below', option id]: a sort places its row just "
        "above or below that option's",
    )
    campaigns: list[str] = Field(
        default_factory=list, description="since 1.6: ids of the campaigns the cell's values were measured in"
    )
    judged: Judged | None = Field(description="comparison cells: the evidence behind the shown ratio")
    uncited: bool = Field(
        default=False,
        description="since 1.5, category cells: the verdict rests on the record's word alone, its source not yet "
        "quoted (the detail says 'not yet cited')",
    )


class Support(_Model):
    context: str
    status: str
    verdict: Verdict
    note: str | None


class Need(_Model):
    """Something that must be set or installed to use the option."""

    kind: str
    value: str
    context: str | None = Field(description="context id; null: every context")
    note: str | None


class Option(_Model):
    id: str
    name: str
    label: str | None = Field(default=None, description="since 1.2: the short name tables and cell details use")
    short: str
    page: str = Field(description="the option's page, relative to the site root")
    cells: list[Cell]
    support: list[Support]
    needs: list[Need]
    platforms: list[str] = Field(description="platform ids the option is available on; empty: not restricted")
    judgements: dict[str, list[Judgement]] = Field(
        default_factory=dict, description="since 1.6: per comparison column, the judgements the record states"
    )


class Series(_Model):
    id: str
    label: str
    option: str | None
    provenance: str = Field(description="measured, published or derived (the series' own, else the table's)")
    campaign: str
    value_digits: int | None = Field(
        default=None, description="since 1.4: decimals its values are printed with (the series' own, else the table's)"
    )


class Spread(_Model):
    kind: Literal["min-max", "stdev", "ci95", "bound"]
    low: float
    high: float
    text: str = Field(description="as printed beside the value")


class Source(_Model):
    """Where a published number comes from: the ``source`` of campaign, table, series, row and value, field by field."""

    url: str | None
    repository: str | None
    path: str | None
    commit: str | None
    retrieved: str | None = Field(description="YYYY-MM-DD")
    quote: str | None
    text: str = Field(description="the fields as one line, as the evidence and the CSV print them")


class Value(_Model):
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


class Ratio(_Model):
    numerator: str
    denominator: str
    label: str
    value: float | None = Field(description="numerator / denominator; null where a side is not measured")
    text: str = Field(description="as printed, rounded to the comparison's digits")
    spread: str = Field(description="the ratio's interval as printed (numerator over denominator); empty if none")
    verdict: Verdict | None
    judged: Judged | None = Field(description="the evidence behind the verdict; null where a side is not measured")
    anchor: str


class Row(_Model):
    id: str
    label: str
    context: str | None
    load: float | None = Field(default=None, description="since 1.7: the row's load, in a sweep table")
    values: dict[str, Value] = Field(description="series id -> value")
    ratios: list[Ratio]


class Comparison(_Model):
    numerator: str
    denominator: str
    label: str
    digits: int
    verdict_column: str | None


class Sweep(_Model):
    """since 1.7: the table's rows are one load sweep, judged at each load and drawn as curves"""

    load: str = Field(description="the workload key that varies (concurrency, request_rate)")
    label: str = Field(description="how a verdict names the load ('conc' in 'conc 8–32')")
    versus: str | None = Field(default=None, description="the sweep table the curve chart draws this one against")


class MeasurementTable(_Model):
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


class Fact(_Model):
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


class FactTable(_Model):
    kind: Literal["facts"]
    id: str
    title: str
    campaign: str
    csv: str
    facts: list[Fact]


class Quoted(_Model):
    """A number quoted in prose (a claim computed from a table, or a fact)."""

    id: str
    text: str
    table: str
    provenance: str


class Phrase(_Model):
    """Words that read a claim as a comparison; ``{ratio}`` stands for the computed ratio."""

    more: str = Field(description="the ratio is above 1")
    less: str = Field(description="below 1, with the inverted ratio ('2.0× slower than')")
    tie: str = Field(description="in the middle band of `column`, or (without one) rounding to 1")
    column: str | None = Field(description="the comparison column whose 'mid' band counts as a tie")


class Claim(_Model):
    """How a number quoted in prose is computed from a measured table (since 1.3); its text is in ``quoted``."""

    id: str
    table: str
    numerator: str = Field(description="series id on top")
    denominator: str = Field(description="series id below")
    rows: list[str] = Field(description="rows whose ratios it combines")
    aggregate: Literal["mean", "min", "max", "range"] = Field(description="mean: geometric; range: lowest to highest")
    range_beyond: float | None = Field(
        description="a mean whose largest ratio is more than this many times the smallest reads as the range"
    )
    phrase: Phrase | None


class ClaimRef(_Model):
    claim: str = Field(description="the claim whose text stands here")


class QuotingRule(_Model):
    id: str
    quotes: list[list[str | ClaimRef]] = Field(
        description="the sentences of the rule's 'why' that quote a ratio claim, as plain text and claim references"
    )


class Pick(_Model):
    option: str
    role: Literal["recommended", "runner-up"]


class Leaf(_Model):
    """One row of the decision table: situations that share one answer."""

    id: str = Field(description="the answer's anchor on the decision helper's page")
    situation: str = Field(description="the answers that lead here, as the page prints them")
    rule: str = Field(description="the rule that answers")
    picks: list[Pick]


class Decisions(_Model):
    """The decision helper's answers (since 1.3). Which option an answer picks comes from the reader's answers
    and the options' records, never from a measured table; its rule's quoted numbers and the picks' matrix
    verdicts do read the tables."""

    page: str = Field(description="the decision helper's page, relative to the site root")
    rules: list[QuotingRule]
    leaves: list[Leaf]


class Guide(_Model):
    title: str
    option_noun: str
    context_noun: str
    context_noun_plural: str = Field(default="", description="since 1.6")


class NumberRange(_Model):
    """The measured values the guide computes with (:mod:`generator.number_range`): positive, finite, within these."""

    smallest: float
    largest: float
    message: str = Field(description="what the build says of a value outside the range")


class GuideData(_Model):
    """The whole derived guide, as the site shows it."""

    format: Literal["decision-guide-data"]
    format_version: str = Field(pattern=r"^1\.[0-9]+$", description="major.minor; see docs/reader-tools.md")
    guide: Guide
    levels: dict[str, Level]
    contexts: list[Context]
    campaigns: list[Campaign] = Field(default_factory=list, description="since 1.6: where the values were measured")
    columns: list[Column]
    options: list[Option] = Field(description="in the guide's order (the matrix's rows)")
    tables: list[Annotated[MeasurementTable | FactTable, Field(discriminator="kind")]]
    quoted: list[Quoted]
    claims: list[Claim] = Field(default_factory=list, description="since 1.3: how each quoted ratio is computed")
    decisions: Decisions | None = Field(
        default=None, description="since 1.3: the decision helper's answers; null without one"
    )
    number_range: NumberRange | None = Field(
        default=None, description="since 1.4: the values the build accepts; a program reading others refuses them"
    )


def json_schema() -> str:
    """The JSON Schema of ``guide.json``."""
    doc = GuideData.model_json_schema()
    doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Decision guide data, format {FORMAT_VERSION}",
        **doc,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"
