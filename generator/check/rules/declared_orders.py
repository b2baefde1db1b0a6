"""Rule: The guide's table order lists every table once, and its headline pairs name two different options."""

from __future__ import annotations

from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def declared_orders(data: Data) -> list[Problem]:
    """The guide's table order lists every table once, and its headline pairs name two different options."""
    g = data.guide
    problems = []
    if g.table_order:
        ids = [t.id for t in data.tables]
        seen: set[str] = set()
        for i, ident in enumerate(g.table_order):
            if ident not in ids:
                problems.append(at(data, g, ("table_order", i), expect("table", ident, ids)))
            elif ident in seen:
                problems.append(at(data, g, ("table_order", i), f"table {ident!r} is listed twice"))
            seen.add(ident)
        for ident in ids:
            if ident not in seen:
                problems.append(at(data, g, ("table_order",), f"table {ident!r} is missing from the table order"))
    options = [o.id for o in data.options]
    for i, pair in enumerate(g.headline_pairs):
        for j, ident in enumerate(pair):
            if ident not in options:
                problems.append(at(data, g, ("headline_pairs", i, j), expect("option", ident, options)))
        if pair[0] == pair[1]:
            problems.append(at(data, g, ("headline_pairs", i), "a headline pair needs two different options"))
    return problems
