"""Checked statements evaluated on the derived values: a sentence that says a comparison holds while the data does.

Each statement of ``claims.yml`` (:class:`generator.schema.Statement`) asserts that one series' value is higher,
lower or a tie against another's (each of several, or every other: a superlative) in every row it covers. It
is evaluated on the values every page shows
(:func:`generator.derive.evidence.shown`), and one that the data no longer says is refused at the file and line
of each sentence it backs (:mod:`generator.sentences`), with the first row that breaks it, and at its own
line when no sentence holds its words; one over a cell with no value yet says so.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator import schema
from generator.derive.guide import Derived
from generator.derive.statement_words import disagreement
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


#: What :func:`broken` says of a statement over a cell that has no value yet.
NOT_MEASURED = "not measured"


def rivals(table: schema.MeasurementTable, statement: schema.Statement) -> list[str]:
    """The series ``statement`` compares with: its ``than``, or every other series for ``all others``."""
    than = statement.than
    if than == "all others":
        return [s.id for s in table.series if s.id != statement.series]
    return [than] if isinstance(than, str) else list(than or [])


def broken(d: Derived, statement: schema.Statement) -> str:
    """Why the derived guide does not say ``statement`` (empty: it does); a reason that starts with
    :data:`NOT_MEASURED` means a cell it covers has no value yet."""
    if statement.option is not None:
        return _verdict_broken(d, statement)
    data, samples = d.data, d.samples
    table = next((t for t in measurement_tables(data) if t.id == statement.table), None)
    if table is None:
        return f"table {statement.table!r} is not a measured table"
    rows = _covered(table, statement)
    if not rows:
        return f"table {statement.table!r} has no row it covers"
    series = statement.series or ""
    labels = {s.id: s.label for s in table.series}
    mine = labels.get(series, series)
    for row in rows:
        load = load_of(table, row)
        where = f"{load_label(table)} {load_text(load)}" if load is not None else row.label
        if row.context is not None:
            where = f"{where} ({row.context})"
        a = samples.get((table.id, row.id, series))
        if a is None or a.value is None:
            return f"{NOT_MEASURED}: at {where} {mine} has no value yet"
        others = [(t, samples.get((table.id, row.id, t))) for t in rivals(table, statement)]
        missing = [labels.get(t, t) for t, b in others if b is None or b.value is None]
        if missing:  # a superlative over "all others" is not backed where one of them is not measured either
            return f"{NOT_MEASURED}: at {where} {', '.join(missing)} has no value yet"
        measured = [(labels.get(t, t), b.value) for t, b in others if b is not None and b.value is not None]
        if not measured:
            return f"{NOT_MEASURED}: at {where} no other series has a value yet"
        for theirs, y in measured:
            if why := _against(statement, a.value, y, table.unit, f"at {where} {mine}", theirs):
                return why
    return ""


def _against(statement: schema.Statement, x: float, y: float, unit: str, mine: str, theirs: str) -> str:
    """Why ``x`` (``mine``) is not ``statement.direction`` against ``y`` (empty: it is)."""
    if statement.direction == "higher" and not x > y:
        return f"{mine} ({raw(x)} {unit}) is not higher than {theirs} ({raw(y)} {unit})"
    if statement.direction == "lower" and not x < y:
        return f"{mine} ({raw(x)} {unit}) is not lower than {theirs} ({raw(y)} {unit})"
    if statement.direction == "tie" and (min(x, y) <= 0 or max(x, y) / min(x, y) > 1 + statement.within):
        return (
            f"{mine} ({raw(x)} {unit}) and {theirs} ({raw(y)} {unit}) are more than "
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
    """A problem for each statement the data does not say, at each sentence it backs (data and ``pages``); for
    one whose words contradict what it asserts (:mod:`generator.derive.statement_words`), at its own line; with
    ``pages`` given (the whole guide read), one for a statement attached to no sentence."""
    data = d.data
    if not data.claims.statements:
        return []
    backing = sentences(data, pages)
    problems = []
    for i, statement in enumerate(data.claims.statements):
        if wrong := disagreement(data, statement):
            problems.append(at(data, data.claims, ("statements", i, "says"), f"statement {statement.says!r} {wrong}"))
            continue
        why = broken(d, statement)
        places = [s for s in backing if i in s.statements]
        if why.startswith(NOT_MEASURED):
            message = f"statement {statement.says!r} is over cells not measured yet ({statement.table}): {why}"
            problems += [s.problem(message) for s in places] or [at(data, data.claims, ("statements", i), message)]
        elif why:
            message = f"the data no longer says {statement.says!r} ({statement.table or statement.column}): {why}"
            problems += [s.problem(message) for s in places] or [at(data, data.claims, ("statements", i), message)]
        elif not places and pages is not None:
            shared = [s for s in backing if i in s.shared]
            if shared:
                where = ", ".join(f"{s.file}:{s.line}" for s in shared)
                message = (
                    f"statement {statement.says!r} backs no sentence: {len(shared)} sentences hold these words "
                    f"({where}); a statement backs one sentence: make its `says` that sentence's own, or name "
                    "the sentence's file in `at`"
                )
            else:
                message = f"statement {statement.says!r} backs no sentence: no prose or page says these words"
            problems.append(at(data, data.claims, ("statements", i, "says"), message))
    return problems
