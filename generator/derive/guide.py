"""Stage 3: compute everything a reader sees that comes from a number.

Ratios in tables, numbers quoted in prose (claims), the per-context support
summary and the verdict of every matrix cell are computed here from the raw
values and the rules declared in ``guide.yml``. Nothing here knows the topic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from statistics import mean
from typing import Literal

from generator import decide, numbers, schema
from generator.derive import evidence
from generator.derive.evidence import Key, Sample, samples, shown
from generator.derive.noise import WITHIN_NOISE, Judged, band_index, interval, judge, lower_confidence
from generator.derive.ratios import ratio
from generator.errors import Problem
from generator.model import Data, at, facts, measurement_tables


@dataclass(frozen=True)
class Verdict:
    level: schema.Level
    word: str
    symbol: str
    colour: str
    judged: bool = False
    """A stated judgement, no measurement: shown in the judgement style, with its source."""


@dataclass(frozen=True)
class Regime:
    """One measured context (or row) a comparison cell speaks for, and the table row behind it."""

    name: str
    table: str
    row: str


@dataclass(frozen=True)
class Part:
    """The verdict of some of a cell's regimes: ``✖ slower on Windows``."""

    verdict: Verdict
    regimes: tuple[Regime, ...]


@dataclass
class Cell:
    """One matrix cell: a verdict (or plain text), a short detail and where it comes from.

    A comparison cell over regimes whose verdicts differ has one ``part`` per
    verdict, worst first; its ``verdict`` (the cell's colour) is the worst.
    """

    column: schema.Column
    verdict: Verdict | None
    detail: str = ""
    text: str = ""
    tables: list[str] = field(default_factory=list)
    reason: str | None = None
    note: str | None = None
    value: float | None = None
    parts: list[Part] = field(default_factory=list)
    summary: str = ""
    """How several regimes were summarised, in words (``worst of 4 regimes``)."""
    source: schema.Cite | None = None
    judged: Judged | None = None
    """A ratio behind the cell whose interval crosses a band boundary (within noise), else the worst one."""


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
    source: schema.Cite | None = None


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

    def recommended(self, ident: str) -> schema.Recommended | None:
        """The overview's mark for a recommended row, if this option is one."""
        return next((r for r in self.data.recommendation.recommended if r.option == ident), None)

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

    def context_name(self, ident: str | None) -> str:
        if ident is None:
            return f"any {self.data.guide.context_noun}"
        return self._contexts[ident]


def verdict(data: Data, outcome: schema.Outcome) -> Verdict:
    style = data.guide.levels[outcome.level]
    return Verdict(outcome.level, outcome.word, style.symbol, style.colour)


def judged_verdict(data: Data, column: schema.ComparisonColumn, judgement: schema.Judgement) -> Verdict:
    """A stated judgement: the ``judged`` style, or the band of the number it states."""
    judged = data.guide.levels["judged"]
    if judgement.value is not None:
        style = data.guide.levels[band(column, judgement.value).level]
        return Verdict(band(column, judgement.value).level, judgement.word, judged.symbol, style.colour, judged=True)
    return Verdict("judged", judgement.word, judged.symbol, judged.colour, judged=True)


def judgement_word(data: Data) -> str:
    """The label every judgement carries: ``judgement``."""
    return data.guide.levels["judged"].word or "judgement"


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
            judged = judge(column, a, b, table.better, names, table.digits)
            shown_verdict = verdict(data, judged.outcome) if judged.outcome is not None else None
            bounds = interval(a, b, "higher")
            spread = numbers.ratio_range(*bounds, table.digits) if bounds else ""
            cells.append(RatioCell(value, numbers.ratio(value, table.digits), shown_verdict, judged, spread))
        ratios[comp.label] = cells
    return TableView(table, ratios)


_AGGREGATES: dict[str, Callable[[list[float]], float]] = {"mean": mean, "min": min, "max": max}


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
    if not lows or claim.aggregate == "range":
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
        if not known:
            text = schema.NOT_MEASURED
        elif claim.aggregate == "range":
            text = numbers.ratio_range(min(known), max(known), t.digits)
        else:
            agg = _AGGREGATES[claim.aggregate](known)
            text = numbers.ratio(agg, t.digits)
            if claim.phrase is not None:
                split = _split_phrase(data, claim, t.digits, measured) if claim.aggregate == "mean" else None
                text = split or _phrase(data, claim, t.digits, [agg])
                text = _noisy_phrase(data, claim, agg, _claim_bounds(found, t, claim)) or text
        out[claim.id] = Number(claim.id, text, t.id, t.title, "derived")
    for ft, _, f in facts(data):
        text = numbers.quantity(f.value, f.unit, f.approx, f.sign) + (f" {f.qualifier}" if f.qualifier else "")
        out[f.id] = Number(f.id, text, ft.id, ft.title, f.provenance)
    return out


@dataclass
class _TableIndex:
    """Which measured tables an option has a series in, and who owns each series; built once.

    Without it every matrix cell would scan every table: quadratic in the size of the guide.
    """

    by_option: dict[str, list[schema.MeasurementTable]]
    owners: dict[str, dict[str, str | None]]
    samples: dict[Key, Sample] = field(default_factory=dict)

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


@dataclass(frozen=True)
class _Measured:
    """One row's ratio for a comparison cell, oriented so above 1 is better for the option."""

    ratio: float
    context: str | None
    table: str
    row: str
    row_label: str
    judged: Judged | None = None


def _per_table(data: Data, found: list[_Measured], others: dict[str, list[str]], names: dict[str, str]) -> list[str]:
    """``0.65–0.97× vs dense``, one per table, each ratio with its table's digits."""
    digits = {t.id: t.digits for t in measurement_tables(data)}
    out = []
    for table, against in others.items():
        ratios = [m.ratio for m in found if m.table == table]
        who = ", ".join(names.get(o, o) for o in against)
        out.append(f"{numbers.ratio_range(min(ratios), max(ratios), digits[table])} vs {who}")
    return out


def _sides(
    index: _TableIndex, column: schema.ComparisonColumn, option: str
) -> Iterator[tuple[schema.MeasurementTable, str, str]]:
    """Each tagged table with ``option``'s series and the series it is compared with there.

    ``against: counterpart``: the other side of each of the table's comparisons; ``against: baseline``:
    the baseline option's series.
    """
    for t in index.tagged(option, column.tag):
        owner = index.owners[t.id]
        if column.against == "baseline":
            mine = next((s for s, o in owner.items() if o == option), None)
            ref = next((s for s, o in owner.items() if o == column.baseline), None)
            if mine is not None and ref is not None:
                yield t, mine, ref
            continue
        for comp in t.comparisons:
            sides = (owner[comp.numerator], owner[comp.denominator])
            if option not in sides or sides[0] == sides[1]:
                continue
            yield (t, comp.numerator, comp.denominator) if sides[0] == option else (t, comp.denominator, comp.numerator)


def _against_other(
    index: _TableIndex, column: schema.ComparisonColumn, option: str
) -> tuple[list[_Measured], dict[str, list[str]], list[str]]:
    """Ratios of ``option`` against its other side in every tagged table (:func:`_sides`); the other
    sides' owners per table, and the tables used."""
    found: list[_Measured] = []
    others: dict[str, list[str]] = {}
    sources: list[str] = []
    for t, mine, theirs in _sides(index, column, option):
        labels = {s.id: s.label for s in t.series}
        for row in t.rows:
            a, b = index.samples[(t.id, row.id, mine)], index.samples[(t.id, row.id, theirs)]
            if not (a.measured and b.measured):
                continue
            judged = judge(column, a, b, t.better, (labels[mine], labels[theirs]), t.digits)
            found.append(_Measured(judged.value, row.context, t.id, row.id, row.label, judged))
            other = index.owners[t.id][theirs] or theirs
            if other not in others.setdefault(t.id, []):
                others[t.id].append(other)
            if t.id not in sources:
                sources.append(t.id)
    return found, others, sources


def _best(
    index: _TableIndex, column: schema.ComparisonColumn, option: str
) -> tuple[list[_Measured], list[str], list[str]]:
    """Ratios of ``option`` against the best value of each tagged row (1.0 = the best)."""
    found: list[_Measured] = []
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
            judged = judge(column, a, b, t.better, (labels[mine[0]], labels[best_id]), t.digits)
            found.append(_Measured(judged.value, row.context, t.id, row.id, row.label, judged))
            tail = "best" if value == best else f"best {numbers.raw(best)}"
            details.append(f"{row.label} {numbers.raw(value)} {t.unit} ({tail})")
            if t.id not in sources:
                sources.append(t.id)
    return found, details, sources


_WORST_FIRST = {"bad": 0, "mid": 1, "good": 2, "reference": 3, "judged": 4, "unknown": 5}


def _parts(data: Data, column: schema.ComparisonColumn, found: list[_Measured]) -> list[Part]:
    """Group the regimes by verdict, worst first.

    A regime is a context when every row of it gets the same verdict, else a row.
    """
    verdicts = [
        verdict(data, m.judged.outcome if m.judged and m.judged.outcome else band(column, m.ratio)) for m in found
    ]
    by_context: dict[str, set[Verdict]] = {}
    for m, v in zip(found, verdicts, strict=True):
        if m.context is not None:
            by_context.setdefault(m.context, set()).add(v)
    groups: dict[Verdict, list[Regime]] = {}
    seen: set[tuple[Verdict, str]] = set()
    for m, v in zip(found, verdicts, strict=True):
        whole = m.context is not None and len(by_context[m.context]) == 1
        name = data_context_name(data, m.context) if whole and m.context else m.row_label
        if (v, name) in seen:
            continue
        seen.add((v, name))
        groups.setdefault(v, []).append(Regime(name, m.table, m.row))
    ordered = sorted(groups.items(), key=lambda item: _WORST_FIRST[item[0].level])
    return [Part(v, tuple(regimes)) for v, regimes in ordered]


def data_context_name(data: Data, context: str) -> str:
    return next((c.name for c in data.guide.contexts if c.id == context), context)


def reference_verdict(data: Data) -> Verdict:
    """The neutral verdict of the baseline option in its own column."""
    style = data.guide.levels["reference"]
    return Verdict("reference", style.word or "reference", style.symbol, style.colour)


def _comparison_cell(
    data: Data,
    index: _TableIndex,
    names: dict[str, str],
    column: schema.ComparisonColumn,
    option: schema.Option,
    problems: list[Problem],
) -> Cell:
    if column.against == "baseline" and option.id == column.baseline:
        tables = [t.id for t in index.tagged(option.id, column.tag)]
        return Cell(
            column, reference_verdict(data), "the reference", tables=tables, note=option.cell_notes.get(column.id)
        )
    if column.against in ("counterpart", "baseline"):
        found, others, sources = _against_other(index, column, option.id)
        ratios = [m.ratio for m in found]
        detail = "; ".join(_per_table(data, found, others, names))
    else:
        found, details, sources = _best(index, column, option.id)
        ratios = [m.ratio for m in found]
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
        value = min(ratios)
        parts = _parts(data, column, found)
        worst = parts[0].verdict
        regimes = sum(len(p.regimes) for p in parts)
        summary = ""
        if len(parts) > 1 and column.aggregate == "worst":
            summary = f"worst of {regimes} regimes shown"
            parts = parts[:1]
        elif len(parts) > 1:
            summary = "regimes disagree; colour of the worst"
        noisy = [m.judged for m in found if m.judged and m.judged.confidence == WITHIN_NOISE]
        judged = noisy[0] if noisy else min(found, key=lambda m: m.ratio).judged
        return Cell(
            column, worst, detail, tables=sources, note=note, value=value, parts=parts, summary=summary, judged=judged
        )
    if judgement is not None:
        return Cell(
            column, judged_verdict(data, column, judgement), reason=judgement.reason, note=note, source=judgement.source
        )
    return Cell(column, unknown_verdict(data), note=note)


SupportSummary = Literal["yes", "partial", "no", "not-measured"]


def support_summary(statuses: list[str]) -> SupportSummary:
    """All contexts with an answer supported -> yes; some -> partial; none -> no.

    ``not tried`` and ``not measured`` are no answer; ``no`` (tried and failed)
    and ``cannot run`` are.
    """
    measured = [s for s in statuses if s not in ("not measured", "not tried")]
    if not measured:
        return "not-measured"
    if any(s in ("yes", "with") for s in measured):
        return "yes" if all(s == "yes" for s in measured) else "partial"
    return "no"


def _support(data: Data, column: schema.SupportColumn, option: schema.Option) -> tuple[Cell, list[SupportCell]]:
    cells = []
    for ctx in data.guide.contexts:
        entry = option.support[ctx.id]
        cells.append(
            SupportCell(ctx, entry.status, verdict(data, column.statuses[entry.status]), entry.note, entry.source)
        )
    summary = support_summary([c.status for c in cells])
    groups: dict[str, list[str]] = {}
    rank = {"good": 0, "mid": 1, "bad": 2}
    for c in sorted(cells, key=lambda c: rank.get(c.verdict.level, 3)):
        groups.setdefault(c.verdict.word, []).append(c.context.name)
    detail = "; ".join(f"{word}: {', '.join(names)}" for word, names in groups.items())
    return Cell(column, verdict(data, column.categories[summary]), detail, note=option.cell_notes.get(column.id)), cells


@dataclass(frozen=True)
class LegendItem:
    verdict: Verdict
    meaning: str


@dataclass(frozen=True)
class LegendEntry:
    column: schema.Column
    items: tuple[LegendItem, ...]


#: What each support status means, whatever words a guide gives it.
SUPPORT_MEANINGS = {
    "yes": "runs there",
    "with": "runs there with extra settings or code (the note says which)",
    "no": "tried and failed (the note says what failed)",
    "cannot run": "cannot run there (the note says why)",
    "not tried": "nobody tried it",
    "not measured": "the source does not say",
}
SUMMARY_MEANINGS = {
    "yes": "runs on every {ctx} with an answer",
    "partial": "runs on some {ctx_plural}, not others",
    "no": "runs on no {ctx}",
    "not-measured": "no {ctx} has an answer",
}


def _band_meaning(column: schema.ComparisonColumn, i: int) -> str:
    b = column.bands[i]
    above = column.bands[i - 1].min if i > 0 else None
    if b.min is not None and above is not None:
        return f"{numbers.raw(b.min)}× ≤ ratio < {numbers.raw(above)}×"
    if b.min is not None:
        return f"ratio ≥ {numbers.raw(b.min)}×"
    return f"ratio < {numbers.raw(above)}×" if above is not None else "any ratio"


def legend(d: Derived) -> list[LegendEntry]:
    """The legend, from what the matrix shows: every verdict of every cell, with its meaning.

    Comparison columns list their whole scale (every band), so a reader sees
    where each colour starts, plus every judgement and "not measured" shown.
    """
    guide = d.data.guide
    shown: dict[str, dict[Verdict, str]] = {c.id: {} for c in guide.columns}
    ctx = {"ctx": guide.context_noun, "ctx_plural": guide.context_noun_plural}
    for column in guide.columns:
        if isinstance(column, schema.ComparisonColumn):
            for i, b in enumerate(column.bands):
                shown[column.id][verdict(d.data, b)] = _band_meaning(column, i)
    for option in d.data.options:
        for cell in d.cells[option.id]:
            if cell.verdict is None:
                continue
            col = cell.column
            items = shown[col.id]
            if cell.verdict.judged:
                items.setdefault(cell.verdict, f"{judgement_word(d.data)} for {option.label}: no number decides it")
            elif isinstance(col, schema.SupportColumn):
                key = next((k for k, o in col.categories.items() if verdict(d.data, o) == cell.verdict), None)
                items.setdefault(cell.verdict, SUMMARY_MEANINGS.get(key or "", "").format(**ctx) or cell.verdict.word)
            elif cell.verdict.level == "reference":
                noun = guide.option_noun
                items.setdefault(cell.verdict, f"{option.label}, the reference every other {noun} is compared with")
            elif cell.verdict.level == "unknown":
                items.setdefault(cell.verdict, guide.levels["unknown"].meaning)
            else:
                items.setdefault(cell.verdict, guide.levels[cell.verdict.level].meaning)
            for part in cell.parts:
                items.setdefault(part.verdict, guide.levels[part.verdict.level].meaning)
        for s in d.support.get(option.id, []):
            column = next(c for c in guide.columns if isinstance(c, schema.SupportColumn))
            shown[column.id].setdefault(s.verdict, f"on one {guide.context_noun}: {SUPPORT_MEANINGS[s.status]}")
    rank = {"reference": -1, "good": 0, "mid": 1, "bad": 2, "unknown": 3, "judged": 4}
    out = []
    for column in guide.columns:
        ordered = sorted(shown[column.id].items(), key=lambda kv: rank.get(kv[0].level, 5))
        out.append(LegendEntry(column, tuple(LegendItem(v, m) for v, m in ordered)))
    return out


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
                cell = Cell(column, verdict(data, column.categories[attr.value]), note=attr.note, source=attr.source)
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
