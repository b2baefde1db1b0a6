"""Comparison columns: each option's measured ratios against another, judged by the column's bands.

``against: counterpart`` compares with the other side of each of a table's comparisons, ``baseline``
with one reference option (which gets the neutral ``reference`` level), ``best`` with the best value
of each row. A cell over several regimes whose verdicts differ is split (``aggregate: split``) or
shows the worst (``worst``); without a measurement, a stated judgement or "not measured".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from generator import numbers, schema
from generator.derive.cells import (
    WORST_FIRST,
    Cell,
    Part,
    Regime,
    Verdict,
    band,
    data_context_name,
    not_measured_in,
    reference_verdict,
    unknown_verdict,
    verdict,
)
from generator.derive.columns.base import Build, Change, Guide, Plain
from generator.derive.columns.filled import beside, filled, judged_cell, only_judged
from generator.derive.columns.index import TableIndex
from generator.derive.columns.ratio_words import band_meaning, ratio_change, reading
from generator.derive.evidence import shown
from generator.derive.noise import WITHIN_NOISE, Judged, judge
from generator.derive.sweeps import run_names
from generator.model import Data, at, load_label, load_of, load_text, measurement_table_index, measurement_tables


@dataclass(frozen=True)
class _Measured:
    """One row's ratio for a comparison cell, oriented so above 1 is better for the option."""

    ratio: float
    context: str | None
    table: str
    row: str
    row_label: str
    judged: Judged | None = None
    against: str = ""
    """``vs road`` (the other side, or the best of the row) or ``(best)`` (the option is the best of its row)."""
    opponent: str | None = None
    load: float | None = None
    """The row's load, in a sweep table."""


def _per_table(data: Data, found: list[_Measured], others: dict[str, list[str]], names: dict[str, str]) -> list[str]:
    """``0.65–0.97× vs dense``, one per table, each ratio with its table's digits.

    A ratio reads as every page spells it (:func:`generator.numbers.times`): the option's value over the
    other's, or where lower is better, the factor and the way it reads (``1.14× higher latency vs dense``).
    ``found`` holds it oriented so above 1 is better, so where lower is better it is turned back first.
    """
    tables = measurement_table_index(data)
    out = []
    for table, against in others.items():
        t = tables[table]
        ratios = [m.ratio if t.better == "higher" else 1 / m.ratio for m in found if m.table == table]
        who = ", ".join(names.get(o, o) for o in against)
        out.append(f"{numbers.times_range(min(ratios), max(ratios), t.digits, t.better, t.quantity)} vs {who}")
    return out


def _sides(
    index: TableIndex, column: schema.ComparisonColumn, option: str
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
    build: Build, column: schema.ComparisonColumn, option: str
) -> tuple[list[_Measured], dict[str, list[str]], list[str]]:
    """Ratios of ``option`` against its other side in every tagged table (:func:`_sides`); the other
    sides' owners per table, and the tables used."""
    index = build.index
    found: list[_Measured] = []
    others: dict[str, list[str]] = {}
    sources: list[str] = []
    for t, mine, theirs in _sides(index, column, option):
        labels = {s.id: s.label for s in t.series}
        for row in t.rows:
            if not build.counts(row.context):
                continue
            a, b = index.samples[(t.id, row.id, mine)], index.samples[(t.id, row.id, theirs)]
            if not (a.measured and b.measured):
                continue
            judged = judge(column, a, b, t.better, (labels[mine], labels[theirs]), t.digits, t.quantity)
            other = index.owners[t.id][theirs] or theirs
            against = f"vs {build.names.get(other, other)}"
            found.append(
                _Measured(judged.value, row.context, t.id, row.id, row.label, judged, against, other, load_of(t, row))
            )
            if other not in others.setdefault(t.id, []):
                others[t.id].append(other)
            if t.id not in sources:
                sources.append(t.id)
    return found, others, sources


def _best(build: Build, column: schema.ComparisonColumn, option: str) -> tuple[list[_Measured], list[str], list[str]]:
    """Ratios of ``option`` against the best value of each tagged row (1.0 = the best)."""
    index = build.index
    found: list[_Measured] = []
    details: list[str] = []
    sources: list[str] = []
    for t in index.tagged(option, column.tag):
        owner = index.owners[t.id]
        for row in t.rows:
            if not build.counts(row.context):
                continue
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
            judged = judge(column, a, b, t.better, (labels[mine[0]], labels[best_id]), t.digits, t.quantity)
            top = owner[best_id] or best_id
            against = "(best)" if value == best else f"vs {build.names.get(top, top)}"
            opponent = None if value == best else top
            found.append(
                _Measured(
                    judged.value, row.context, t.id, row.id, row.label, judged, against, opponent, load_of(t, row)
                )
            )
            tail = "best" if value == best else f"best {b.figure(best)}"
            details.append(f"{row.label} {a.figure(value)} {t.unit} ({tail})")
            if t.id not in sources:
                sources.append(t.id)
    return found, details, sources


def _sweep_names(data: Data, found: list[_Measured], verdicts: list[Verdict]) -> dict[int, str]:
    """The name of each sweep row's regime: the run of loads with its verdict (:mod:`generator.derive.sweeps`),
    per table, context and opponent, after the context's name when the row has one (``Hill Town conc 8–32``)."""
    tables = measurement_table_index(data)
    lines: dict[tuple[str, str | None, str], list[int]] = {}
    for i, m in enumerate(found):
        if m.load is not None:
            lines.setdefault((m.table, m.context, m.against), []).append(i)
    names: dict[int, str] = {}
    for (table, context, _), items in lines.items():
        items.sort(key=lambda i: found[i].load or 0.0)
        prefix = f"{data_context_name(data, context)} " if context else ""
        loads = [found[i].load or 0.0 for i in items]
        keys = [(verdicts[i].level, verdicts[i].word) for i in items]
        t = tables[table]
        every = [load for r in t.rows if r.context == context and (load := load_of(t, r)) is not None]
        for i, name in zip(items, run_names(loads, keys, load_label(t), every), strict=True):
            names[i] = prefix + name
    return names


def _parts(data: Data, column: schema.ComparisonColumn, found: list[_Measured]) -> list[Part]:
    """Group the regimes by verdict and by what they are measured against, worst first.

    A regime is a context when every row of it gets the same verdict against the same option, else a row; a row
    of a cell fed by several tables is named with its table's label (``FP8 at load (the A/B table)``), so two
    tables' rows of the same name never read as one. A row of a sweep is named by the run of loads it lies in.
    """
    tables = measurement_table_index(data)
    several = len({m.table for m in found}) > 1
    verdicts = [
        verdict(data, m.judged.outcome if m.judged and m.judged.outcome else band(column, m.ratio)) for m in found
    ]
    swept = _sweep_names(data, found, verdicts)
    by_context: dict[str, set[tuple[Verdict, str]]] = {}
    for m, v in zip(found, verdicts, strict=True):
        if m.context is not None:
            by_context.setdefault(m.context, set()).add((v, m.against))
    groups: dict[tuple[Verdict, str], list[Regime]] = {}
    opponents: dict[tuple[Verdict, str], str | None] = {}
    seen: set[tuple[Verdict, str, str]] = set()
    for i, (m, v) in enumerate(zip(found, verdicts, strict=True)):
        whole = m.context is not None and len(by_context[m.context]) == 1
        row = f"{m.row_label} ({tables[m.table].label})" if several else m.row_label
        name = data_context_name(data, m.context) if whole and m.context else row
        if i in swept:
            name = f"{swept[i]} ({tables[m.table].label})" if several else swept[i]
        if (v, m.against, name) in seen:
            continue
        seen.add((v, m.against, name))
        groups.setdefault((v, m.against), []).append(Regime(name, m.table, m.row, i in swept))
        opponents[(v, m.against)] = m.opponent
    ordered = sorted(groups.items(), key=lambda item: WORST_FIRST[item[0][0].level])
    return [Part(v, tuple(regimes), against, opponents[(v, against)]) for (v, against), regimes in ordered]


def _not_compared(build: Build, column: schema.ComparisonColumn, option: str) -> list[Part]:
    """The loads of a sweep where only one side was measured: a part ``? not compared vs dense on conc 256`` per
    opponent, never dropped in silence (judged for a context, that context's loads only)."""
    index, data = build.index, build.data
    style = data.guide.levels["unknown"]
    found: dict[str, tuple[str | None, list[Regime]]] = {}

    def add(t: schema.MeasurementTable, row: schema.Row, against: str, opponent: str | None) -> None:
        load = load_of(t, row)
        if load is None:
            return
        prefix = f"{data_context_name(data, row.context)} " if row.context else ""
        regime = Regime(f"{prefix}{load_label(t)} {load_text(load)}", t.id, row.id, swept=True)
        found.setdefault(against, (opponent, []))[1].append(regime)

    if column.against == "best":
        for t in index.tagged(option, column.tag):
            owner = index.owners[t.id]
            for row in t.rows:
                if t.sweep is None or not build.counts(row.context):
                    continue
                measured = [s for s in row.values if owner.get(s) and index.samples[(t.id, row.id, s)].measured]
                if len(measured) == 1 and owner[measured[0]] == option:
                    add(t, row, "", None)
    else:
        for t, mine, theirs in _sides(index, column, option):
            if t.sweep is None:
                continue
            other = index.owners[t.id][theirs] or theirs
            for row in t.rows:
                a, b = index.samples[(t.id, row.id, mine)], index.samples[(t.id, row.id, theirs)]
                if build.counts(row.context) and a.measured != b.measured:
                    add(t, row, f"vs {build.names.get(other, other)}", other)
    word = "not compared"
    return [
        Part(Verdict("unknown", word, style.symbol, style.colour), tuple(regimes), against, opponent)
        for against, (opponent, regimes) in found.items()
    ]


def _measured_elsewhere(build: Build, column: schema.ComparisonColumn, option: str) -> bool:
    """Whether the option has a measured ratio in this column in some context (when none counts for the
    context judged for)."""
    every = Build(build.data, build.index, build.names)
    found = _best(every, column, option)[0] if column.against == "best" else _against_other(every, column, option)[0]
    return bool(found)


def _comparison_cell(build: Build, column: schema.ComparisonColumn, option: schema.Option) -> Cell:
    data, index, names, problems = build.data, build.index, build.names, build.problems
    if column.against == "baseline" and option.id == column.baseline:
        tables = [t.id for t in index.tagged(option.id, column.tag)]
        return Cell(
            column, reference_verdict(data), "the reference", tables=tables, note=option.cell_notes.get(column.id)
        )
    if column.against in ("counterpart", "baseline"):
        found, others, sources = _against_other(build, column, option.id)
        ratios = [m.ratio for m in found]
        detail = "; ".join(_per_table(data, found, others, names))
    else:
        found, details, sources = _best(build, column, option.id)
        ratios = [m.ratio for m in found]
        detail = "; ".join(details)
    judgements = option.judgements_for(column.id)
    general = next((j for j in judgements if not j.contexts), None)
    note = option.cell_notes.get(column.id)
    if ratios and general is not None and build.context is None:
        problems.append(
            at(
                data,
                option,
                ("judgements", column.id),
                f"column {column.id!r} is decided by measured tables ({', '.join(sources)}); remove the judgement, "
                "or give it the `contexts` the tables leave empty",
            )
        )
    uncompared = _not_compared(build, column, option.id)
    if ratios:
        value = min(ratios)
        parts = _parts(data, column, found)
        coverage = ""
        if build.context is None:
            parts, coverage = filled(build, column, option, found, parts)
        else:
            parts = beside(build, column, option, found, parts)
        parts = [*parts, *uncompared]
        scaled = [p for p in parts if p.verdict.level in ("bad", "mid", "good")]
        worst = (scaled or parts)[0].verdict
        measured_parts = [p for p in parts if p.regimes and p.regimes[0].table and p not in uncompared]
        regimes = sum(len(p.regimes) for p in measured_parts)
        summary = ""
        if len(measured_parts) > 1 and column.aggregate == "worst":
            summary = f"worst of {regimes} regimes shown"
            parts = [parts[0], *(p for p in parts[1:] if p not in measured_parts)]
        elif len(parts) > 1:
            summary = "regimes disagree; colour of the worst"
        noisy = [m.judged for m in found if m.judged and m.judged.confidence == WITHIN_NOISE]
        judged = noisy[0] if noisy else min(found, key=lambda m: m.ratio).judged
        return Cell(
            column,
            worst,
            detail,
            tables=sources,
            note=note,
            value=value,
            parts=parts,
            summary=summary,
            judged=judged,
            coverage=coverage,
        )
    given = next((j for j in judgements if build.context is not None and build.context in j.contexts), None)
    if given is not None:
        return judged_cell(build, column, given, note)
    if uncompared and general is None and (build.context is not None or not judgements):
        # measured on a sweep, only at loads the other side was not measured at
        return Cell(column, uncompared[0].verdict, note=note, parts=uncompared, tables=[uncompared[0].regimes[0].table])
    answered_elsewhere = bool(judgements) and general is None  # judgements for other contexts only
    if build.context is not None and (answered_elsewhere or _measured_elsewhere(build, column, option.id)):
        return Cell(column, not_measured_in(data, build.context), note=note)
    if general is not None:
        return judged_cell(build, column, general, note)
    if build.context is None and judgements:
        return only_judged(build, column, option, judgements, note)
    return Cell(column, unknown_verdict(data), note=note)


class Comparison(Plain):
    def cell(self, build: Build, column: schema.ComparisonColumn, option: schema.Option) -> Cell:
        return _comparison_cell(build, column, option)

    def scale(self, data: Data, column: schema.ComparisonColumn) -> list[tuple[Verdict, str]]:
        found = {(t.better, t.quantity) for t in measurement_tables(data) if column.tag in t.tags}
        better, quantity = next(iter(found)) if len(found) == 1 else ("higher", "")
        return [(verdict(data, b), band_meaning(column, i, better, quantity)) for i, b in enumerate(column.bands)]

    def meaning(self, d: Guide, column: schema.ComparisonColumn, cell: Cell, option: schema.Option) -> str | None:
        if cell.verdict is not None and cell.verdict.level == "reference" and not cell.verdict.judged:
            return f"{option.label}, the reference every other {d.data.guide.option_noun} is compared with"
        return None

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        reasons: list[str] = []
        sources = [*new.tables, *(t for t in old.tables if t not in new.tables)]
        if old.value is not None or new.value is not None:
            reasons.append(f"worst ratio {ratio_change(old.value, new.value, *reading((base, head), sources))}")
        reasons += [f"{v.table_title}: {v.describe()}" for v in values if v.table in sources]
        return reasons

    def export(self, column: schema.ComparisonColumn) -> dict[str, Any]:
        bands = [{"min": b.min, "level": b.level, "word": b.word} for b in column.bands]
        noise = None
        if column.noise is not None:
            rule = column.noise
            likely = {word: {"level": o.level, "word": o.word} for word, o in rule.likely.items()}
            noise = {"straddle": rule.straddle, "likely": likely, "stated_bound": rule.stated_bound}
        return {
            "bands": bands,
            "against": column.against,
            "baseline": column.baseline,
            "aggregate": column.aggregate,
            "tag": column.tag,
            "noise": noise,
        }


KIND = Comparison()
