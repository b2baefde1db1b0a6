"""Stage 3: compute everything a reader sees that comes from a number.

Ratios in tables, numbers quoted in prose (claims), the per-context support
summary and the verdict of every matrix cell are computed here from the raw
values and the rules declared in ``guide.yml``. Nothing here knows the topic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from statistics import geometric_mean
from typing import Literal

from generator import decide, numbers, schema
from generator.derive import evidence
from generator.derive.cells import (
    Cell,
    Part,
    Regime,
    SupportCell,
    Verdict,
    band,
    judged_verdict,
    judgement_word,
    reference_verdict,
    unknown_verdict,
    verdict,
)
from generator.derive.columns import Build, kind
from generator.derive.columns.index import TableIndex
from generator.derive.columns.support import SUMMARY_MEANINGS, SUPPORT_MEANINGS, SupportSummary, support_summary
from generator.derive.evidence import Key, Sample, samples, shown
from generator.derive.noise import Judged, band_index, interval, judge, lower_confidence
from generator.derive.ratios import ratio
from generator.errors import Problem
from generator.model import Data, facts, measurement_tables

#: Cells and verdicts are defined in :mod:`generator.derive.cells` and built by each column's kind
#: (:mod:`generator.derive.columns`); later stages import them from here, with the derived guide.
__all__ = [
    "SUMMARY_MEANINGS",
    "SUPPORT_MEANINGS",
    "Cell",
    "Derived",
    "Judged",
    "Part",
    "Regime",
    "SupportCell",
    "SupportSummary",
    "Verdict",
    "band",
    "derive",
    "judged_verdict",
    "reference_verdict",
    "support_summary",
    "unknown_verdict",
    "verdict",
]


@dataclass
class RatioCell:
    value: float | None
    text: str
    verdict: Verdict | None
    judged: Judged | None = None
    """The oriented ratio with its interval and confidence (``None`` where a side is not measured)."""
    spread: str = ""
    """The interval of the ratio as shown (numerator over denominator), when both sides have a spread."""


@dataclass
class TableView:
    table: schema.MeasurementTable
    ratios: dict[str, list[RatioCell]]
    """Comparison label -> one ratio per row (``None`` where a side is not measured)."""


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


@dataclass
class Derived:
    data: Data
    cells: dict[str, list[Cell]]
    support: dict[str, list[SupportCell]]
    tables: dict[str, TableView]
    numbers: dict[str, Number]
    option_tables: dict[str, list[str]]
    decision_table: list[decide.Leaf] = field(default_factory=list)
    """Rows of the decision helper's table (empty without ``decisions.yml``)."""
    samples: dict[Key, Sample] = field(default_factory=dict)
    """The evidence of every measured cell and fact: shown value, runs, spread, set-up, staleness."""
    # Lookups by id, built once: templates ask for options and campaigns on every page.
    _options: dict[str, schema.Option] = field(init=False, repr=False)
    _campaigns: dict[str, schema.Campaign] = field(init=False, repr=False)
    _contexts: dict[str, str] = field(init=False, repr=False)
    _judged: dict[str, dict[str, list[Cell]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._options = {}
        for o in self.data.options:
            self._options.setdefault(o.id, o)
        self._campaigns = {}
        for c in self.data.campaigns:
            self._campaigns.setdefault(c.id, c)
        self._judged = {}
        self._contexts = {}
        for ctx in self.data.guide.contexts:
            self._contexts.setdefault(ctx.id, ctx.name)

    def option(self, ident: str) -> schema.Option:
        return self._options[ident]

    # Small helpers for templates, so templates hold no logic of their own.
    def ordered_options(self) -> list[schema.Option]:
        return [self.option(ident) for ident in self.data.guide.order]

    def verdict_of(self, outcome: schema.Outcome) -> Verdict:
        return verdict(self.data, outcome)

    def unknown(self) -> Verdict:
        return unknown_verdict(self.data)

    def reference(self) -> Verdict:
        return reference_verdict(self.data)

    def raw(self, value: float) -> str:
        return numbers.raw(value)

    def sample(self, table: str, row: str, series: str = evidence.FACT) -> Sample:
        return self.samples[(table, row, series)]

    def evidence(self, sample: Sample, unit: str) -> list[evidence.Line]:
        components = {c.id: c.name for c in self.data.guide.components}
        return evidence.evidence(sample, unit, components)

    def evidence_entries(self, table: schema.MeasurementTable, row: schema.Row) -> list[tuple[str, Sample, str]]:
        """(series label, sample, unit) for each value of a row, for its evidence block."""
        return [(s.label, self.samples[(table.id, row.id, s.id)], table.unit) for s in table.series]

    def reproduce(self, sample: Sample, title: str) -> str:
        return evidence.reproduce(sample, title)

    def spread_note(self, table: schema.MeasurementTable) -> str:
        return evidence.spread_note(table, self.samples)

    def stale(self) -> list[Sample]:
        return evidence.stale_samples(self.samples)

    def unchecked(self) -> list[Sample]:
        """Measured values whose staleness the data cannot tell: no tracked version and no usable date."""
        return evidence.unchecked_samples(self.data, self.samples)

    def component_name(self, ident: str) -> str:
        return next((c.name for c in self.data.guide.components if c.id == ident), ident)

    def value_place(self, sample: Sample) -> tuple[str, str, str, str]:
        """(table title, row label, series label, unit) of a value, for lists of values."""
        t = next(t for t in self.data.tables if t.id == sample.table)
        if isinstance(t, schema.FactTable):
            f = next(f for f in t.facts if f.id == sample.row)
            return t.title, f.label, "", f.unit
        row = next(r for r in t.rows if r.id == sample.row)
        series = next(s for s in t.series if s.id == sample.series)
        return t.title, row.label, series.label, t.unit

    def campaign(self, ident: str) -> schema.Campaign | None:
        return self._campaigns.get(ident)

    def setup_line(self, ident: str) -> str:
        """A campaign's set-up in one line, as the data states it: ``Machine: … · Operating system: …``."""
        c = self._campaigns.get(ident)
        return "" if c is None else " · ".join(f"{f.label}: {f.value}" for f in c.environment)

    def cell_campaigns(self, cell: Cell) -> list[str]:
        """The campaigns a cell's values were measured in: its tables'."""
        tables = {t.id: t for t in self.data.tables}
        return list(dict.fromkeys(tables[t].campaign for t in cell.tables if t in tables))

    def recommended(self, ident: str, context: str | None = None) -> schema.Recommended | None:
        """The overview's mark for a recommended row, if this option is one (for ``context``, when judged for one)."""
        return next(
            (
                r
                for r in self.data.recommendation.recommended
                if r.option == ident and (context is None or not r.contexts or context in r.contexts)
            ),
            None,
        )

    def judgement_word(self) -> str:
        return judgement_word(self.data)

    def judgement_example(self) -> Verdict | None:
        """A judgement as the legend shows its style, or ``None`` when the guide states none."""
        style = self.data.guide.levels.get("judged")
        if style is None or not any(o.judgements for o in self.data.options):
            return None
        return Verdict("judged", style.meaning, style.symbol, style.colour, judged=True)

    def legend(self) -> list[LegendEntry]:
        return legend(self)

    def judged_for(self, context: str) -> dict[str, list[Cell]]:
        """Every option's cells with each comparison column judged from ``context``'s rows only ("Judge
        for"), by the same rules; rows that name no context count for every one. A cell whose measured
        rows all lie in other contexts says it is not measured in this one. Other columns as published."""
        cached = self._judged.get(context)
        if cached is None:
            build = Build(self.data, TableIndex.of(self.data, self.samples), {o.id: o.label for o in self.data.options})
            build.context = context
            cached = self._judged[context] = {
                o.id: [
                    kind(c).cell(build, c, o) if isinstance(c, schema.ComparisonColumn | schema.SupportColumn) else cell
                    for c, cell in zip(self.data.guide.columns, self.cells[o.id], strict=True)
                ]
                for o in self.data.options
            }
        return cached

    def context_name(self, ident: str | None) -> str:
        if ident is None:
            return f"any {self.data.guide.context_noun}"
        return self._contexts[ident]


def table_view(data: Data, table: schema.MeasurementTable, found: dict[Key, Sample]) -> TableView:
    columns = {c.id: c for c in data.guide.columns}
    series = {s.id: s.label for s in table.series}
    ratios: dict[str, list[RatioCell]] = {}
    for comp in table.comparisons:
        cells = []
        for row in table.rows:
            value = ratio(shown(found, table, row, comp.numerator), shown(found, table, row, comp.denominator))
            if value is None:
                cells.append(RatioCell(None, schema.NOT_MEASURED, None))
                continue
            col = columns.get(comp.verdict_column or "")
            a, b = found[(table.id, row.id, comp.numerator)], found[(table.id, row.id, comp.denominator)]
            names = (series[comp.numerator], series[comp.denominator])
            column = col if isinstance(col, schema.ComparisonColumn) else None
            judged = judge(column, a, b, table.better, names, table.digits, table.quantity)
            shown_verdict = verdict(data, judged.outcome) if judged.outcome is not None else None
            bounds = interval(a, b, "higher")
            spread = numbers.times_range(*bounds, table.digits, table.better, table.quantity) if bounds else ""
            text = numbers.times(value, table.digits, table.better, table.quantity)
            cells.append(RatioCell(value, text, shown_verdict, judged, spread))
        ratios[comp.label] = cells
    return TableView(table, ratios)


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


def _phrase(data: Data, claim: schema.RatioClaim, digits: int, values: list[float]) -> str:
    """ "1.5× faster than", "2.0× slower than" or "on par with", from the values and the tie band."""
    assert claim.phrase is not None
    side = _side(data, claim, digits, values[0])
    words = getattr(claim.phrase, side)
    shown = values if side != "less" else [1 / v for v in values]  # the same ratios, read the other way round
    if len(shown) == 1:
        return str(words.replace("{ratio}", numbers.ratio(shown[0], digits)))
    return str(words.replace("{ratio}", numbers.ratio_range(min(shown), max(shown), digits)))


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
            text = numbers.times(agg, t.digits, t.better, t.quantity)
            if claim.phrase is not None:
                split = _split_phrase(data, claim, t.digits, measured) if claim.aggregate == "mean" else None
                text = split or _phrase(data, claim, t.digits, [agg])
                reads = _sides(data, claim, t.digits, known) if split else (_side(data, claim, t.digits, agg),)
                noisy = _noisy_phrase(data, claim, agg, _claim_bounds(found, t, claim))
                text, reads = (noisy, ("tie",)) if noisy else (text, reads)
        out[claim.id] = Number(claim.id, text, t.id, t.title, "derived", reads)
    for ft, _, f in facts(data):
        text = numbers.quantity(f.value, f.unit, f.approx, f.sign) + (f" {f.qualifier}" if f.qualifier else "")
        out[f.id] = Number(f.id, text, ft.id, ft.title, f.provenance)
    return out


@dataclass(frozen=True)
class LegendItem:
    verdict: Verdict
    meaning: str


@dataclass(frozen=True)
class LegendEntry:
    column: schema.Column
    items: tuple[LegendItem, ...]


def legend(d: Derived) -> list[LegendEntry]:
    """The legend, from what the matrix shows: every verdict of every cell, with its meaning.

    Each column kind may list verdicts a cell need not show (a comparison's whole scale, so a reader
    sees where each colour starts) and further ones (support per context); every judgement and
    "not measured" shown is listed too.
    """
    guide = d.data.guide
    shown: dict[str, dict[Verdict, str]] = {c.id: dict(kind(c).scale(d.data, c)) for c in guide.columns}
    for option in d.data.options:
        for cell in d.cells[option.id]:
            if cell.verdict is None:
                continue
            col = cell.column
            items = shown[col.id]
            meaning = kind(col).meaning(d, col, cell, option)
            if cell.verdict.judged:
                items.setdefault(cell.verdict, f"{judgement_word(d.data)} for {option.label}: no number decides it")
            elif meaning is not None:
                items.setdefault(cell.verdict, meaning)
            elif cell.verdict.level == "unknown":
                items.setdefault(cell.verdict, guide.levels["unknown"].meaning)
            else:
                items.setdefault(cell.verdict, guide.levels[cell.verdict.level].meaning)
            for part in cell.parts:
                if part.verdict.level == "unknown":  # "not measured on X": the legend lists the word without X
                    items.setdefault(unknown_verdict(d.data), guide.levels["unknown"].meaning)
                elif part.verdict.judged:
                    items.setdefault(part.verdict, f"{judgement_word(d.data)} for {option.label}: no number decides it")
                else:
                    items.setdefault(part.verdict, guide.levels[part.verdict.level].meaning)
        for column in guide.columns:
            for v, meaning in kind(column).details(d, column, option):
                shown[column.id].setdefault(v, meaning)
    rank = {"reference": -1, "good": 0, "mid": 1, "bad": 2, "unknown": 3, "judged": 4}
    out = []
    for column in guide.columns:
        ordered = sorted(shown[column.id].items(), key=lambda kv: rank.get(kv[0].level, 5))
        out.append(LegendEntry(column, tuple(LegendItem(v, m) for v, m in ordered)))
    return out


def derive(data: Data, pages: Mapping[str, str] | None = None) -> tuple[Derived, list[Problem]]:
    """The derived guide and the problems only derived values show; ``pages`` (path -> text of each hand-written
    page) are searched for the sentences checked statements back."""
    cells: dict[str, list[Cell]] = {}
    found = samples(data)
    build = Build(data, TableIndex.of(data, found), {o.id: o.label for o in data.options})
    for option in data.options:
        cells[option.id] = [kind(column).cell(build, column, option) for column in data.guide.columns]
        build.support.setdefault(option.id, [])
    support, problems = build.support, build.problems
    views = {t.id: table_view(data, t, found) for t in measurement_tables(data)}
    option_tables: dict[str, list[str]] = {o.id: [] for o in data.options}
    for t in data.tables:
        owners = [s.option for s in t.series] if isinstance(t, schema.MeasurementTable) else [f.option for f in t.facts]
        for owner in owners:
            if owner and t.id not in option_tables[owner]:
                option_tables[owner].append(t.id)
    table = decide.leaves(data) if data.decisions is not None else []
    derived = Derived(data, cells, support, views, claim_numbers(data, found), option_tables, table, samples=found)
    from generator.derive.agreement import decision_agreement  # it reads the derived guide
    from generator.derive.statements import statement_problems

    return derived, [*problems, *decision_agreement(derived), *statement_problems(derived, pages)]
