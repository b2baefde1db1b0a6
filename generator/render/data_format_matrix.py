"""The downloadable format's matrix (:mod:`.data_format`): its verdicts and levels, its columns, and each
option with its cells, support and needs."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class FormatModel(BaseModel):
    """A model of the downloadable format: a field it does not declare is refused."""

    model_config = ConfigDict(extra="forbid")


class Verdict(FormatModel):
    """A verdict as the page shows it: a level (its colour), a word and a symbol."""

    level: str = Field(
        description="good, mid, bad, unknown, judged or reference (the baseline of its column); sets the colour"
    )
    word: str = Field(description="the word the page prints")
    symbol: str = Field(description="the symbol the page prints")
    judged: bool = Field(description="a stated judgement (no measurement decides it), shown as such")


class Level(FormatModel):
    colour: str
    symbol: str
    meaning: str
    word: str | None = Field(
        default=None,
        description="since 1.2: the word of a cell with this level and no word of its own ('not measured' for "
        "unknown, 'reference', the label of a judgement); null: the engine's default",
    )


class Outcome(FormatModel):
    level: str
    word: str


class NoiseRule(FormatModel):
    """How a ratio whose interval crosses a band boundary is judged (docs/reader-tools.md)."""

    straddle: Literal["tie", "likely"] = Field(
        description="tie: the band nearest the one holding 1.0 among those the interval touches; likely: the shown "
        "band's outcome in 'likely' (else as tie)"
    )
    likely: dict[str, Outcome] = Field(description="band word -> the outcome shown instead")
    stated_bound: Literal["ignore", "as-spread"] = Field(
        description="as-spread: a table's variance_below_pct is a ± spread on values without runs"
    )


class Band(FormatModel):
    min: float | None = Field(description="the ratio from which this band applies; null: below the previous band")
    level: str
    word: str


class Column(FormatModel):
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


class Judged(FormatModel):
    """How the evidence (runs and spreads) judged a ratio: its interval and how sure the verdict is."""

    ratio: float = Field(description="the ratio, oriented so that above 1 is better for the option")
    low: float | None = Field(description="lower end of the ratio's interval; null without spreads")
    high: float | None
    confidence: str = Field(description="e.g. 'within noise', 'single run', 'runs not stated'")
    why: str = Field(description="in words: what the evidence is and what it did to the verdict")
    stale: bool = Field(description="either side was measured on what the guide now calls stale")


class Regime(FormatModel):
    name: str
    table: str
    row: str
    swept: bool = Field(default=False, description="since 1.7: a run of a sweep's loads, named on the cell's line")


class Part(FormatModel):
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


class JudgementSource(FormatModel):
    quote: str
    where: str | None


class Judgement(FormatModel):
    """A verdict no number decides, as the record states it (since 1.6)."""

    word: str
    level: str = Field(description="good, mid or bad (a polarity, drawn as a judgement), or judged (neutral)")
    value: float | None = Field(description="a ratio the source states, whose band gives the level")
    contexts: list[str] = Field(description="the contexts it is given for; empty: the whole column")
    against: str | None = Field(description="the option it compares with")
    reason: str
    source: JudgementSource


class Cell(FormatModel):
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


class Support(FormatModel):
    context: str
    status: str
    verdict: Verdict
    note: str | None
    note_text: str | None = Field(
        description="since 1.10: the note as plain text (no Markdown: a link's label, no code ticks or emphasis"
        " stars), as a support cell's detail shows it"
    )


class Need(FormatModel):
    """Something that must be set or installed to use the option."""

    kind: str
    value: str
    context: str | None = Field(description="context id; null: every context")
    note: str | None


class Option(FormatModel):
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
