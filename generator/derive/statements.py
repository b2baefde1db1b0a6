"""Checked statements evaluated on the derived values: a sentence that says a comparison holds while the data does.

Each statement of ``claims.yml`` (:class:`generator.schema.Statement`) asserts that one series' value is higher,
lower or a tie against another's in every row it covers. It is evaluated on the values every page shows
(:func:`generator.derive.evidence.shown`), and one that the data no longer says is refused at the file and line
of each sentence it backs (:mod:`generator.sentences`), with the first row that breaks it, and at its own
line when no sentence holds its words.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator import schema
from generator.derive.guide import Derived
from generator.errors import Problem
from generator.model import at, load_label, load_of, load_text, measurement_tables
from generator.numbers import raw
from generator.sentences import sentences


def _covered(table: schema.MeasurementTable, statement: schema.Statement) -> list[schema.Row]:
    rows = []
    for row in table.rows:
        if statement.rows and row.id not in statement.rows:
            continue
        if statement.contexts and row.context is not None and row.context not in statement.contexts:
            continue
        load = load_of(table, row)
        if statement.loads and (load is None or load not in statement.loads):
            continue
        rows.append(row)
    return rows


def broken(d: Derived, statement: schema.Statement) -> str:
    """Why the derived guide no longer says ``statement`` (empty: it does)."""
    if statement.option is not None:
        return _verdict_broken(d, statement)
    data, samples = d.data, d.samples
    table = next((t for t in measurement_tables(data) if t.id == statement.table), None)
    if table is None:
        return f"table {statement.table!r} is not a measured table"
    rows = _covered(table, statement)
    if not rows:
        return f"table {statement.table!r} has no row it covers"
    series, than = statement.series or "", statement.than or ""
    labels = {s.id: s.label for s in table.series}
    mine, theirs = labels.get(series, series), labels.get(than, than)
    for row in rows:
        load = load_of(table, row)
        where = f"{load_label(table)} {load_text(load)}" if load is not None else row.label
        if row.context is not None:
            where = f"{where} ({row.context})"
        a, b = samples.get((table.id, row.id, series)), samples.get((table.id, row.id, than))
        if a is None or b is None or a.value is None or b.value is None:
            return f"at {where} {mine} or {theirs} is not measured"
        x, y = a.value, b.value
        if statement.direction == "higher" and not x > y:
            return f"at {where} {mine} ({raw(x)} {table.unit}) is not higher than {theirs} ({raw(y)} {table.unit})"
        if statement.direction == "lower" and not x < y:
            return f"at {where} {mine} ({raw(x)} {table.unit}) is not lower than {theirs} ({raw(y)} {table.unit})"
        if statement.direction == "tie" and (min(x, y) <= 0 or max(x, y) / min(x, y) > 1 + statement.within):
            return (
                f"at {where} {mine} ({raw(x)} {table.unit}) and {theirs} ({raw(y)} {table.unit}) are more than "
                f"{raw(round(statement.within * 100, 6))}% apart"
            )
    return ""


def _verdict_broken(d: Derived, statement: schema.Statement) -> str:
    """Why ``statement``'s option no longer reads its verdict in its column, in each of its contexts."""
    columns = [c.id for c in d.data.guide.columns]
    if statement.column not in columns or statement.option not in d.cells:
        return f"no cell of {statement.option!r} in column {statement.column!r}"
    i = columns.index(statement.column or "")
    names = {o.id: o.label for o in d.data.options}
    contexts: list[str | None] = [*statement.contexts] or [None]
    for ctx in contexts:
        cell = (d.cells if ctx is None else d.judged_for(ctx))[statement.option or ""][i]
        words = [(p.verdict.word, p.opponent) for p in cell.parts]
        if not words and cell.verdict is not None:
            words = [(cell.verdict.word, None)]
        if not any(w == statement.verdict and statement.against in (None, o) for w, o in words):
            reads = "; ".join(f"{w} vs {names.get(o, o)}" if o else w for w, o in words) or "nothing"
            where = f"judged for {d.context_name(ctx)}" if ctx is not None else "as published"
            against = f" vs {names.get(statement.against, statement.against)}" if statement.against else ""
            return f"{where}, the cell reads {reads!r}, not {statement.verdict}{against}"
    return ""


def statement_problems(d: Derived, pages: Mapping[str, str] | None = None) -> list[Problem]:
    """A problem for each statement the data no longer says, at each sentence it backs (data and ``pages``);
    with ``pages`` given (the whole guide read), one for a statement whose words no sentence says."""
    data = d.data
    if not data.claims.statements:
        return []
    backing = sentences(data, pages)
    problems = []
    for i, statement in enumerate(data.claims.statements):
        why = broken(d, statement)
        places = [s for s in backing if i in s.statements]
        if why:
            message = f"the data no longer says {statement.says!r} ({statement.table or statement.column}): {why}"
            problems += [s.problem(message) for s in places] or [at(data, data.claims, ("statements", i), message)]
        elif not places and pages is not None:
            message = f"statement {statement.says!r} backs no sentence: no prose or page says these words"
            problems.append(at(data, data.claims, ("statements", i, "says"), message))
    return problems
