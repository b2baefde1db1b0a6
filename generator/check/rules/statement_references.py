"""Rule: A checked statement names a measured table, its series and the ones it is compared with (or ``all
others``), and rows, loads and contexts it has."""

from __future__ import annotations

from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at, load_of, load_text, measurement_tables


def statement_references(data: Data) -> list[Problem]:
    tables = {t.id: t for t in measurement_tables(data)}
    contexts = {c.id for c in data.guide.contexts}
    problems = []
    options = {o.id for o in data.options}
    columns = {c.id for c in data.guide.columns}
    for i, s in enumerate(data.claims.statements):
        here = ("statements", i)
        for k, ctx in enumerate(s.contexts):
            if ctx not in contexts:
                problems.append(at(data, data.claims, (*here, "contexts", k), expect("context", ctx, contexts)))
        if s.option is not None:
            for key in ("option", "against"):
                if getattr(s, key) is not None and getattr(s, key) not in options:
                    problems.append(at(data, data.claims, (*here, key), expect("option", getattr(s, key), options)))
            if s.column not in columns:
                problems.append(at(data, data.claims, (*here, "column"), expect("column", str(s.column), columns)))
            continue
        t = tables.get(s.table or "")
        if t is None:
            problems.append(at(data, data.claims, (*here, "table"), expect("measured table", str(s.table), tables)))
            continue
        series = {x.id for x in t.series}
        if s.series not in series:
            problems.append(at(data, data.claims, (*here, "series"), expect("series", str(s.series), series)))
        named: list[tuple[tuple[str | int, ...], str]] = []
        if isinstance(s.than, list):
            named = [(("than", k), x) for k, x in enumerate(s.than)]
        elif s.than is not None and s.than != "all others":
            named = [(("than",), s.than)]
        for where, rival in named:
            if rival not in series:
                problems.append(at(data, data.claims, (*here, *where), expect("series", str(rival), series)))
            elif rival == s.series:
                problems.append(at(data, data.claims, (*here, *where), f"compares series {s.series!r} with itself"))
        if isinstance(s.than, list) and not s.than:
            problems.append(at(data, data.claims, (*here, "than"), "compares with no series: name one or more"))
        rows = {r.id for r in t.rows}
        for k, row in enumerate(s.rows):
            if row not in rows:
                problems.append(at(data, data.claims, (*here, "rows", k), expect("row", row, rows)))
        loads = {load for r in t.rows if (load := load_of(t, r)) is not None}
        for k, load in enumerate(s.loads):
            if t.sweep is None:
                problems.append(at(data, data.claims, (*here, "loads"), f"table {t.id!r} is not a sweep"))
                break
            if load not in loads:
                measured = ", ".join(load_text(x) for x in sorted(loads))
                message = f"table {t.id!r} measured no load {load_text(load)} (it measured {measured})"
                problems.append(at(data, data.claims, (*here, "loads", k), message))
    return problems
