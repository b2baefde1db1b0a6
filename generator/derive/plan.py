"""The A/B to run: a measurement plan for one answer of the decision helper, generated from the records.

For an answer's picks it names the options to compare (the picks, and the options its tables measure them
against in the reader's context), each option's settings exactly as its record states them (``needs``, with
the source's quote, or "not stated" where the record cites none: nothing is added), the metric and load points
of the guide's tables, the set-up facts to record (every dimension of the evidence, with the values the guide's
runs were taken at), and how to bring the results back: the importer for a tool's file where a table declares
one (``metrics:``), and the table's CSV shape, which the "Your numbers" page reads when pasted under the table.
Pure functions over the validated data (issue 51, item 3); the build writes one file per answer.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from generator import decide, dimensions, schema
from generator.model import Data, measurement_tables

#: Format name and version of a plan file.
FORMAT = "measurement-plan"
VERSION = 1


Measured = list[tuple[schema.MeasurementTable, list[schema.Row]]]


def _tables(data: Data, picks: list[str], context: str | None) -> Measured:
    """Each measured table with a series of a pick, and its rows in the reader's context (or naming none)."""
    out = []
    for t in measurement_tables(data):
        if not any(s.option in picks for s in t.series):
            continue
        rows = [r for r in t.rows if context is None or r.context in (context, None)]
        if rows:
            out.append((t, rows))
    return out


def _settings(option: schema.Option, context: str | None, names: dict[str, str]) -> list[dict[str, Any]]:
    """The option's ``needs`` that apply in ``context``, as its record states them, each with its quote."""
    out = []
    for need in option.needs:
        if context is not None and need.context not in (None, context):
            continue
        out.append(
            {
                "kind": need.kind,
                "value": need.value,
                "context": None if need.context is None else names.get(need.context, need.context),
                "note": need.note,
                "quote": need.source.quote if need.source is not None else schema.NOT_STATED,
                "where": need.source.where if need.source is not None else None,
            }
        )
    return out


#: The header of a ``your_numbers`` column that places the reader's rows on an envelope dimension: ``at scale``.
AT = "at "


def placed_at(data: Data, leaf: decide.Leaf) -> dict[str, str]:
    """Envelope dimension -> the answer's one value on it, for an answer outside the envelope (empty for one inside:
    its numbers are the guide's place's). A dimension the answer leaves open (several values, or not asked) is absent.
    """
    if not leaf.outcome.outside or data.decisions is None:
        return {}
    when = dict(leaf.when)
    dims = {q.id: q.dimension for q in data.decisions.questions if q.dimension}
    at = {dims[q]: vs[0] for q, vs in when.items() if q in dims and len(vs) == 1}
    return {d.id: at[d.id] for d in data.guide.envelope if d.id in at}


def _paste(t: schema.MeasurementTable, rows: list[schema.Row], at: dict[str, str]) -> str:
    """The table's CSV shape with the plan's load points and empty values, to fill in and paste into "Your numbers";
    outside the envelope, an ``at <dimension>`` column per dimension of the answer's situation, filled in with it
    (pasted, each line is then a row of the reader's own placed there, not a value of the guide's row)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["row", "label", "context", *(f"{AT}{k}" for k in at), *(f"{s.id} ({t.unit})" for s in t.series)])
    for r in rows:
        writer.writerow([r.id, r.label, r.context or "", *at.values(), *("" for _ in t.series)])
    return out.getvalue()


def _importers(t: schema.MeasurementTable, rows: list[schema.Row]) -> list[str]:
    """``python -m generator import`` lines for the tools whose files the table declares a metric of."""
    lines = []
    for r in rows:
        for s in t.series:
            for fmt in {**t.metrics, **s.metrics, **r.metrics}:
                lines.append(
                    f"python -m generator import {fmt} <{fmt} result file> --table {t.id} --row {r.id} --series {s.id}"
                )
    return lines


def plan(data: Data, leaf: decide.Leaf, situation: str, page: str) -> dict[str, Any]:
    """The measurement plan of one answer; ``situation`` as the helper prints it, ``page`` the answer's address."""
    names = {c.id: c.name for c in data.guide.contexts}
    options = {o.id: o for o in data.options}
    context = leaf.outcome.context
    picks = [p.option for p in leaf.outcome.picks]
    tables = _tables(data, picks, context)
    compared = list(picks)
    for t, rows in tables:
        for s in t.series:
            if s.option and s.option not in compared and any(s.id in r.values for r in rows):
                compared.append(s.option)
    roles = {p.option: p.role for p in leaf.outcome.picks}
    table_ids = [t.id for t, _ in tables]
    # The set-up facts to record are every dimension of the source's evidence; what it measured of them is
    # stated only for the picks' own tables (none: the picks are not measured, nothing of theirs was).
    dims = dimensions.dimensions(data, tables=table_ids or None, context=context)
    at = placed_at(data, leaf)
    return {
        "format": FORMAT,
        "version": VERSION,
        "guide": data.guide.title,
        "answer": {"id": leaf.id, "situation": situation, "page": page, "rule": leaf.outcome.rule, "at": at},
        "context": None if context is None else {"id": context, "name": names.get(context, context)},
        "outside": [{"dimension": g.dimension, "answer": g.answer} for g in leaf.outcome.outside],
        "options": [
            {
                "id": ident,
                "name": options[ident].name,
                "role": roles.get(ident, "compared"),
                "settings": _settings(options[ident], context, names),
            }
            for ident in compared
        ],
        "measure": [
            {
                "table": t.id,
                "title": t.title,
                "quantity": t.quantity,
                "unit": t.unit,
                "better": t.better,
                "series": [{"id": s.id, "label": s.label, "option": s.option} for s in t.series],
                "comparisons": [c.label or f"{c.numerator} / {c.denominator}" for c in t.comparisons],
                "load_points": [
                    {"row": r.id, "label": r.label, "context": r.context, "workload": dict(r.workload)} for r in rows
                ],
                "bring_back": {"your_numbers": _paste(t, rows, at), "import": _importers(t, rows)},
            }
            for t, rows in tables
        ],
        "record": [
            {
                "dimension": d.id,
                "label": d.label,
                "measured": [v.label for v in d.values] if table_ids else [],
                "asked": d.question,
            }
            for d in dims
        ],
        "components": [{"id": c.id, "name": c.name} for c in data.guide.components],
    }
