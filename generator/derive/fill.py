"""The derive stage over one guide: every cell, table view, quoted number and sample filled into the
derived guide (:class:`~generator.derive.guide.Derived`), then the problems only derived values show
(the decision helper against the matrix, checked statements against their sentences).

Imports the derived guide's type and the checks that read it; none of them imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator import decide, schema
from generator.derive.agreement import decision_agreement
from generator.derive.cells import Cell
from generator.derive.claims import claim_numbers
from generator.derive.columns import kind
from generator.derive.columns.base import Build
from generator.derive.columns.index import TableIndex
from generator.derive.evidence import samples
from generator.derive.guide import Derived, table_view
from generator.derive.statements import statement_problems
from generator.errors import Problem
from generator.model import Data, measurement_tables


def derive(data: Data, pages: Mapping[str, str] | None = None) -> tuple[Derived, list[Problem]]:
    """The derived guide and the problems only derived values show; ``pages`` (path -> text of each hand-written
    page) are searched for the sentences checked statements back."""
    cells: dict[str, list[Cell]] = {}
    found = samples(data)
    build = Build(data, TableIndex.of(data, found), {o.id: o.label for o in data.options})
    for option in data.options:
        cells[option.id] = [kind(column).cell(build, column, option) for column in data.guide.columns]
        build.support.setdefault(option.id, [])
    support, problems = build.support, build.problems
    views = {t.id: table_view(data, t, found) for t in measurement_tables(data)}
    option_tables: dict[str, list[str]] = {o.id: [] for o in data.options}
    for t in data.tables:
        owners = [s.option for s in t.series] if isinstance(t, schema.MeasurementTable) else [f.option for f in t.facts]
        for owner in owners:
            if owner and t.id not in option_tables[owner]:
                option_tables[owner].append(t.id)
    table = decide.leaves(data) if data.decisions is not None else []
    derived = Derived(data, cells, support, views, claim_numbers(data, found), option_tables, table, samples=found)
    return derived, [*problems, *decision_agreement(derived), *statement_problems(derived, pages)]
