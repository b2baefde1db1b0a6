"""Two or three paths side by side: every matrix column, every measured row and every need.

The matrix page builds the same view in the browser from ``guide.json`` for any two or three paths;
for readers without JavaScript the site has a static page per pair, rendered from :func:`compare`,
up to :data:`PAIR_PAGES_UP_TO` paths (past that the pairs grow with the square of the guide).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator import numbers, schema
from generator.derive.guide import Cell, Derived
from generator.model import measurement_tables

#: Static pair pages are built up to this many paths (21 pages for 7 paths, 66 for 12).
PAIR_PAGES_UP_TO = 12


@dataclass(frozen=True)
class MeasuredRow:
    table: schema.MeasurementTable
    row: schema.Row
    values: list[str | None]
    """Per compared path: the value as printed (or "not measured"), None where the path has no series."""


@dataclass(frozen=True)
class Comparison:
    options: list[schema.Option]
    columns: list[tuple[schema.Column, list[Cell]]]
    measured: list[MeasuredRow]
    needs: list[list[schema.Need]]


def compare(d: Derived, ids: list[str]) -> Comparison:
    options = [d.option(i) for i in ids]
    columns = [(col, [d.cells[i][n] for i in ids]) for n, col in enumerate(d.data.guide.columns)]
    measured: list[MeasuredRow] = []
    for t in measurement_tables(d.data):
        series = {}
        for s in t.series:
            if s.option in ids and s.option not in series:
                series[s.option] = s.id
        if not series:
            continue
        for row in t.rows:
            values: list[str | None] = []
            for i in ids:
                sid = series.get(i)
                v = row.values[sid] if sid is not None else None
                values.append(None if v is None else v if isinstance(v, str) else numbers.raw(v))
            measured.append(MeasuredRow(t, row, values))
    return Comparison(options, columns, measured, [o.needs for o in options])


def pairs(d: Derived) -> list[tuple[str, str]]:
    """The pairs that get a static page: every pair in the guide's order, if the guide is small enough."""
    order = d.data.guide.order
    if len(order) > PAIR_PAGES_UP_TO:
        return []
    return list(itertools.combinations(order, 2))


def pair_uri(a: str, b: str) -> str:
    return f"compare/{a}/{b}.md"
