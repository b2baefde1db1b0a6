"""Two or three paths side by side: every matrix column, every measured row and every need.

The matrix page builds the same view in the browser from ``guide.json`` for any two or three paths;
for readers without JavaScript the site has a static page per pair, rendered from :func:`compare`,
up to :data:`PAIR_PAGES_UP_TO` paths (past that the pairs grow with the square of the guide).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from generator import schema
from generator.derive.evidence import Sample
from generator.derive.guide import Cell, Derived
from generator.model import measurement_tables

#: Static pair pages are built up to this many paths (21 pages for 7 paths, 66 for 12).
PAIR_PAGES_UP_TO = 12


@dataclass(frozen=True)
class MeasuredRow:
    table: schema.MeasurementTable
    row: schema.Row
    values: list[Sample | None]
    """Per compared option: the value and its evidence, None where the option has no series in the table."""


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
            values = [d.sample(t.id, row.id, series[i]) if i in series else None for i in ids]
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
