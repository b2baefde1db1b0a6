"""Stage 3: compute everything a reader sees that comes from a number.

Ratios in tables, numbers quoted in prose (claims), the per-context support
summary and the verdict of every matrix cell are computed here from the raw
values and the rules declared in ``guide.yml``. Nothing here knows the topic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator import decide, numbers, schema
from generator.derive import evidence, evidence_lines
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
from generator.derive.claims import Number
from generator.derive.columns import kind
from generator.derive.columns.base import Build
from generator.derive.columns.index import TableIndex
from generator.derive.columns.support import SUMMARY_MEANINGS, SUPPORT_MEANINGS, SupportSummary, support_summary
from generator.derive.evidence import Key, Sample, shown
from generator.derive.noise import Judged, interval, judge
from generator.derive.ratios import ratio
from generator.model import Data

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
    _tables: dict[str, schema.MeasurementTable | schema.FactTable] | None = field(default=None, init=False, repr=False)

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

    def evidence(self, sample: Sample, unit: str) -> list[evidence_lines.Line]:
        components = {c.id: c.name for c in self.data.guide.components}
        return evidence_lines.evidence(sample, unit, components)

    def evidence_entries(self, table: schema.MeasurementTable, row: schema.Row) -> list[tuple[str, Sample, str]]:
        """(series label, sample, unit) for each value of a row, for its evidence block."""
        return [(s.label, self.samples[(table.id, row.id, s.id)], table.unit) for s in table.series]

    def reproduce(self, sample: Sample, title: str) -> str:
        return evidence_lines.reproduce(sample, title)

    def spread_note(self, table: schema.MeasurementTable) -> str:
        return evidence_lines.spread_note(table, self.samples)

    def stale(self) -> list[Sample]:
        return evidence_lines.stale_samples(self.samples)

    def unchecked(self) -> list[Sample]:
        """Measured values whose staleness the data cannot tell: no tracked version and no usable date."""
        return evidence_lines.unchecked_samples(self.data, self.samples)

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
        if self._tables is None:
            self._tables = {t.id: t for t in self.data.tables}
        tables = self._tables
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
