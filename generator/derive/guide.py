"""Stage 3: compute everything a reader sees that comes from a number.

Ratios in tables, numbers quoted in prose (claims), the per-context support
summary and the verdict of every matrix cell are computed here from the raw
values and the rules declared in ``guide.yml``. Nothing here knows the topic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import mean
from typing import Literal

from generator import decide, numbers, schema
from generator.derive import evidence
from generator.derive.evidence import Key, Sample, samples, shown
from generator.derive.noise import Judged, band_index, interval, judge, lower_confidence
from generator.errors import Problem
from generator.model import Data, at, facts, measurement_tables


@dataclass(frozen=True)
class Verdict:
    level: str
    word: str
    symbol: str
    colour: str


@dataclass
class Cell:
    """One matrix cell: a verdict (or plain text), a short detail and where it comes from."""

    column: schema.Column
    verdict: Verdict | None
    detail: str = ""
    text: str = ""
    tables: list[str] = field(default_factory=list)
    reason: str | None = None
    note: str | None = None
    value: float | None = None
    judged: Judged | None = None
    """The ratio that decided the verdict, with its interval and how sure it is."""


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


@dataclass
class SupportCell:
    context: schema.Context
    status: str
    verdict: Verdict
    note: str | None


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
    """The evidence of every measured cell: shown value, runs, spread, set-up, staleness."""
    # Lookups by id, built once: templates ask for options and campaigns on every page.
    _options: dict[str, schema.Option] = field(init=False, repr=False)
    _campaigns: dict[str, schema.Campaign] = field(init=False, repr=False)
    _contexts: dict[str, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._options = {}
        for o in self.data.options:
            self._options.setdefault(o.id, o)
        self._campaigns = {}
        for c in self.data.campaigns:
            self._campaigns.setdefault(c.id, c)
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

    def context_name(self, ident: str | None) -> str:
        if ident is None:
            return f"any {self.data.guide.context_noun}"
        return self._contexts[ident]


def verdict(data: Data, outcome: schema.Outcome) -> Verdict:
    style = data.guide.levels[outcome.level]
    return Verdict(outcome.level, outcome.word, style.symbol, style.colour)


def unknown_verdict(data: Data) -> Verdict:
    """The verdict of a cell with no measurement and no judgement."""
    style = data.guide.levels["unknown"]
    return Verdict("unknown", style.word or schema.NOT_MEASURED, style.symbol, style.colour)


def band(column: schema.ComparisonColumn, value: float) -> schema.Band:
    """The first band whose minimum the value reaches; the last band catches the rest."""
    for b in column.bands:
        if b.min is None or value >= b.min:
            return b
    return column.bands[-1]


def _ratio(num: float | str, den: float | str) -> float | None:
    if isinstance(num, str) or isinstance(den, str):
        return None
    return num / den


def table_view(data: Data, table: schema.MeasurementTable, found: dict[Key, Sample]) -> TableView:
    columns = {c.id: c for c in data.guide.columns}
    series = {s.id: s.label for s in table.series}
    ratios: dict[str, list[RatioCell]] = {}
    for comp in table.comparisons:
        cells = []
        for row in table.rows:
            value = _ratio(shown(found, table, row, comp.numerator), shown(found, table, row, comp.denominator))
            if value is None:
                cells.append(RatioCell(None, schema.NOT_MEASURED, None))
                continue
            col = columns.get(comp.verdict_column or "")
            a, b = found[(table.id, row.id, comp.numerator)], found[(table.id, row.id, comp.denominator)]
            names = (series[comp.numerator], series[comp.denominator])
            column = col if isinstance(col, schema.ComparisonColumn) else None
            judged = judge(column, a, b, table.better, names, comp.digits)
            shown_verdict = verdict(data, judged.outcome) if judged.outcome is not None else None
            bounds = interval(a, b, "higher")
            spread = numbers.ratio_range(*bounds, comp.digits) if bounds else ""
            cells.append(RatioCell(value, numbers.ratio(value, comp.digits), shown_verdict, judged, spread))
        ratios[comp.label] = cells
    return TableView(table, ratios)


_AGGREGATES: dict[str, Callable[[list[float]], float]] = {"mean": mean, "min": min, "max": max}


def _phrase(data: Data, claim: schema.RatioClaim, value: float, bounds: tuple[float, float] | None = None) -> str:
    """ "1.5× faster than", "2.0× slower than" or "on par with", from the value and the tie band.

    With ``bounds`` (the claim's interval, from the runs of every row) crossing a
    band boundary, the column's noise rule decides, and the words end in "(within noise)".
    """
    assert claim.phrase is not None
    phrase = claim.phrase
    column = next((c for c in data.guide.columns if c.id == phrase.column), None)
    noisy = ""
    if isinstance(column, schema.ComparisonColumn):
        outcome: schema.Outcome = band(column, value)
        if bounds is not None and band_index(column, bounds[0]) != band_index(column, bounds[1]):
            top, bottom = band_index(column, bounds[1]), band_index(column, bounds[0])
            outcome, noisy = lower_confidence(column, value, top, bottom), " (within noise)"
        tie = outcome.level == "mid"
    else:
        tie = numbers.ratio(value, claim.digits) == numbers.ratio(1.0, claim.digits)
    if tie:
        words, shown = phrase.tie, value
    elif value > 1:
        words, shown = phrase.more, value
    else:
        words, shown = phrase.less, 1 / value
    return words.replace("{ratio}", numbers.ratio(shown, claim.digits, claim.approx)) + noisy


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
    if not lows or claim.aggregate == "range":
        return None
    agg = _AGGREGATES[claim.aggregate]
    return agg(lows), agg(highs)


def claim_numbers(data: Data, found: dict[Key, Sample]) -> dict[str, Number]:
    tables = {t.id: t for t in measurement_tables(data)}
    out: dict[str, Number] = {}
    for claim in data.claims.claims:
        t = tables[claim.table]
        rows = {r.id: r for r in t.rows}
        values = [
            _ratio(shown(found, t, rows[r], claim.numerator), shown(found, t, rows[r], claim.denominator))
            for r in claim.rows
        ]
        known = [v for v in values if v is not None]
        if not known:
            text = schema.NOT_MEASURED
        elif claim.aggregate == "range":
            text = numbers.ratio_range(min(known), max(known), claim.digits)
        else:
            agg = _AGGREGATES[claim.aggregate](known)
            text = numbers.ratio(agg, claim.digits, claim.approx)
            if claim.phrase is not None:
                text = _phrase(data, claim, agg, _claim_bounds(found, t, claim))
        out[claim.id] = Number(claim.id, text, t.id, t.title, "derived")
    for ft, _, f in facts(data):
        out[f.id] = Number(f.id, numbers.quantity(f.value, f.unit, f.approx, f.sign), ft.id, ft.title, f.provenance)
    return out


@dataclass
class _TableIndex:
    """Which measured tables an option has a series in, and who owns each series; built once.

    Without it every matrix cell would scan every table: quadratic in the size of the guide.
    """

    by_option: dict[str, list[schema.MeasurementTable]]
    owners: dict[str, dict[str, str | None]]
    samples: dict[Key, Sample]

    @classmethod
    def of(cls, data: Data, found: dict[Key, Sample]) -> _TableIndex:
        by_option: dict[str, list[schema.MeasurementTable]] = {}
        owners: dict[str, dict[str, str | None]] = {}
        for t in measurement_tables(data):
            owners[t.id] = {s.id: s.option for s in t.series}
            for owner in dict.fromkeys(s.option for s in t.series if s.option):
                by_option.setdefault(owner, []).append(t)
        return cls(by_option, owners, found)

    def tagged(self, option: str, tag: str) -> list[schema.MeasurementTable]:
        """Tables carrying ``tag`` in which ``option`` owns a series, in data order."""
        return [t for t in self.by_option.get(option, []) if tag in t.tags]


def _counterpart(
    index: _TableIndex, column: schema.ComparisonColumn, option: str
) -> tuple[list[Judged], list[str], list[str]]:
    """Ratios of ``option`` against the other side of every tagged comparison, judged with their noise."""
    ratios: list[Judged] = []
    others: list[str] = []
    sources: list[str] = []
    for t in index.tagged(option, column.tag):
        owner = index.owners[t.id]
        for comp in t.comparisons:
            sides = (owner[comp.numerator], owner[comp.denominator])
            if option not in sides or sides[0] == sides[1]:
                continue
            mine, theirs = (
                (comp.numerator, comp.denominator) if sides[0] == option else (comp.denominator, comp.numerator)
            )
            labels = {s.id: s.label for s in t.series}
            for row in t.rows:
                a, b = index.samples[(t.id, row.id, mine)], index.samples[(t.id, row.id, theirs)]
                if not (a.measured and b.measured):
                    continue
                ratios.append(judge(column, a, b, t.better, (labels[mine], labels[theirs]), comp.digits))
                other = owner[theirs] or theirs
                if other not in others:
                    others.append(other)
                if t.id not in sources:
                    sources.append(t.id)
    return ratios, others, sources


def _best(
    index: _TableIndex, column: schema.ComparisonColumn, option: str
) -> tuple[list[Judged], list[str], list[str]]:
    """Ratios of ``option`` against the best value of each tagged row (1.0 = the best), judged with their noise."""
    ratios: list[Judged] = []
    details: list[str] = []
    sources: list[str] = []
    for t in index.tagged(option, column.tag):
        owner = index.owners[t.id]
        for row in t.rows:
            values = {s: shown(index.samples, t, row, s) for s in row.values}
            measured = {s: v for s, v in values.items() if not isinstance(v, str) and owner.get(s)}
            mine = [s for s in measured if owner[s] == option]
            if len(measured) < 2 or not mine:
                continue
            best = max(measured.values()) if t.better == "higher" else min(measured.values())
            value = measured[mine[0]]
            best_id = next(s for s, v in measured.items() if v == best)
            labels = {s.id: s.label for s in t.series}
            a, b = index.samples[(t.id, row.id, mine[0])], index.samples[(t.id, row.id, best_id)]
            ratios.append(judge(column, a, b, t.better, (labels[mine[0]], labels[best_id])))
            tail = "best" if value == best else f"best {numbers.raw(best)}"
            details.append(f"{row.label} {numbers.raw(value)} {t.unit} ({tail})")
            if t.id not in sources:
                sources.append(t.id)
    return ratios, details, sources


def _comparison_cell(
    data: Data,
    index: _TableIndex,
    names: dict[str, str],
    column: schema.ComparisonColumn,
    option: schema.Option,
    problems: list[Problem],
) -> Cell:
    if column.against == "counterpart":
        ratios, others, sources = _counterpart(index, column, option.id)
        values = [j.value for j in ratios]
        detail = (
            f"{numbers.ratio_range(min(values), max(values), 2)} vs {', '.join(names.get(o, o) for o in others)}"
            if ratios
            else ""
        )
    else:
        ratios, details, sources = _best(index, column, option.id)
        detail = "; ".join(details)
    judgement = option.judgements.get(column.id)
    note = option.cell_notes.get(column.id)
    if ratios and judgement is not None:
        problems.append(
            at(
                data,
                option,
                ("judgements", column.id),
                f"column {column.id!r} is decided by measured tables ({', '.join(sources)}); remove the judgement",
            )
        )
    if ratios:
        pick = max if column.aggregate == "max" else min
        chosen = pick(ratios, key=lambda j: j.value)
        assert chosen.outcome is not None  # judged under this column
        return Cell(
            column,
            verdict(data, chosen.outcome),
            detail,
            tables=sources,
            note=note,
            value=chosen.value,
            judged=chosen,
        )
    if judgement is not None:
        return Cell(column, verdict(data, judgement), reason=judgement.reason, note=note)
    return Cell(column, unknown_verdict(data), note=note)


SupportSummary = Literal["yes", "partial", "no", "not-measured"]


def support_summary(statuses: list[str]) -> SupportSummary:
    """All measured contexts serve -> yes; some serve -> partial; none -> no."""
    measured = [s for s in statuses if s != "not measured"]
    if not measured:
        return "not-measured"
    if any(s in ("yes", "with") for s in measured):
        return "yes" if all(s == "yes" for s in measured) else "partial"
    return "no"


def _support(data: Data, column: schema.SupportColumn, option: schema.Option) -> tuple[Cell, list[SupportCell]]:
    cells = []
    for ctx in data.guide.contexts:
        entry = option.support[ctx.id]
        cells.append(SupportCell(ctx, entry.status, verdict(data, column.statuses[entry.status]), entry.note))
    summary = support_summary([c.status for c in cells])
    groups: dict[str, list[str]] = {}
    rank = {"good": 0, "mid": 1, "bad": 2, "unknown": 3}
    for c in sorted(cells, key=lambda c: rank[c.verdict.level]):
        groups.setdefault(c.verdict.word, []).append(c.context.name)
    detail = "; ".join(f"{word}: {', '.join(names)}" for word, names in groups.items())
    return Cell(column, verdict(data, column.categories[summary]), detail, note=option.cell_notes.get(column.id)), cells


def derive(data: Data) -> tuple[Derived, list[Problem]]:
    problems: list[Problem] = []
    cells: dict[str, list[Cell]] = {}
    support: dict[str, list[SupportCell]] = {}
    found = samples(data)
    index = _TableIndex.of(data, found)
    names = {o.id: o.label for o in data.options}
    for option in data.options:
        row: list[Cell] = []
        for column in data.guide.columns:
            if isinstance(column, schema.SupportColumn):
                cell, support[option.id] = _support(data, column, option)
            elif isinstance(column, schema.ComparisonColumn):
                cell = _comparison_cell(data, index, names, column, option, problems)
            elif isinstance(column, schema.CategoryColumn):
                attr = option.attributes[column.attribute]
                cell = Cell(column, verdict(data, column.categories[attr.value]), note=attr.note)
            else:
                cell = Cell(column, None, text=getattr(option, column.field))
            row.append(cell)
        cells[option.id] = row
        support.setdefault(option.id, [])
    views = {t.id: table_view(data, t, found) for t in measurement_tables(data)}
    option_tables: dict[str, list[str]] = {o.id: [] for o in data.options}
    for t in data.tables:
        owners = [s.option for s in t.series] if isinstance(t, schema.MeasurementTable) else [f.option for f in t.facts]
        for owner in owners:
            if owner and t.id not in option_tables[owner]:
                option_tables[owner].append(t.id)
    table = decide.leaves(data) if data.decisions is not None else []
    derived = Derived(data, cells, support, views, claim_numbers(data, found), option_tables, table, samples=found)
    return derived, problems
