"""Rule: A sweep table states a load per row, one row per load and context, and its ``versus`` table matches it."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at, load_of, measurement_tables


def _loads(table: schema.MeasurementTable) -> set[tuple[str | None, float]]:
    return {(row.context, load) for row in table.rows if (load := load_of(table, row)) is not None}


def sweeps_state_their_loads(data: Data) -> list[Problem]:
    """Each row of a sweep table states its load as a number, no two rows of one context share a load, the
    table's own ``workload`` does not fix it, and ``versus`` names another sweep table over the same loads
    and options."""
    tables = {t.id: t for t in measurement_tables(data)}
    problems: list[Problem] = []
    for t in tables.values():
        if t.sweep is None:
            continue
        key = t.sweep.load
        if key in t.workload:
            problems.append(
                at(data, t, ("workload", key), f"{key!r} is the sweep's load: each row states its own, not the table")
            )
        seen: dict[tuple[str | None, float], str] = {}
        for i, row in enumerate(t.rows):
            load = load_of(t, row)
            if load is None:
                where = ("rows", i, "workload", key) if key in row.workload else ("rows", i)
                problems.append(
                    at(data, t, where, f"a row of a sweep states its load as a number: workload: {{{key}: …}}")
                )
                continue
            other = seen.setdefault((row.context, load), row.id)
            if other != row.id:
                ctx = f" in context {row.context!r}" if row.context else ""
                problems.append(
                    at(
                        data,
                        t,
                        ("rows", i, "workload", key),
                        f"rows {other!r} and {row.id!r} both have {key} {load:g}{ctx}",
                    )
                )
        versus = t.sweep.versus
        if versus is None:
            continue
        loc = ("sweep", "versus")
        other_t = tables.get(versus)
        if other_t is None or versus == t.id:
            names = [x for x in tables if x != t.id and tables[x].sweep is not None]
            problems.append(at(data, t, loc, expect("sweep table", versus, names)))
            continue
        if other_t.sweep is None or other_t.sweep.load != key:
            problems.append(
                at(data, t, loc, f"table {versus!r} is not a sweep over {key!r} (give it sweep: {{load: {key}}})")
            )
            continue
        mine = {s.option for s in t.series if s.option}
        theirs = {s.option for s in other_t.series if s.option}
        if not mine & theirs:
            problems.append(at(data, t, loc, f"table {versus!r} measures none of this table's options"))
        if not _loads(t) & _loads(other_t):
            problems.append(at(data, t, loc, f"table {versus!r} shares no load with this table"))
    return problems
