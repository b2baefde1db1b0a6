"""Rule: A claim names a measured table, its series and rows, and a comparison column that exist."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at, measurement_tables


def claim_references(data: Data) -> list[Problem]:
    tables = {t.id: t for t in measurement_tables(data)}
    problems = []
    for i, c in enumerate(data.claims.claims):
        t = tables.get(c.table)
        if t is None:
            problems.append(at(data, data.claims, ("claims", i, "table"), expect("measured table", c.table, tables)))
            continue
        series = {s.id for s in t.series}
        for side in ("numerator", "denominator"):
            if getattr(c, side) not in series:
                problems.append(at(data, data.claims, ("claims", i, side), expect("series", getattr(c, side), series)))
        comparison_columns = {col.id for col in data.guide.columns if isinstance(col, schema.ComparisonColumn)}
        if c.phrase is not None and c.phrase.column is not None and c.phrase.column not in comparison_columns:
            problems.append(
                at(
                    data,
                    data.claims,
                    ("claims", i, "phrase", "column"),
                    expect("comparison column", c.phrase.column, comparison_columns),
                )
            )
        rows = {r.id for r in t.rows}
        for r_i, row in enumerate(c.rows):
            if row not in rows:
                problems.append(at(data, data.claims, ("claims", i, "rows", r_i), expect("row", row, rows)))
    return problems
