"""Rule: guide.yml's order lists every option exactly once, and nothing else."""

from __future__ import annotations

from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def order_lists_every_option(data: Data) -> list[Problem]:
    ids = [o.id for o in data.options]
    known = set(ids)
    first: dict[str, int] = {}
    for i, ident in enumerate(data.guide.order):
        first.setdefault(ident, i)
    problems = []
    for i, ident in enumerate(data.guide.order):
        if ident not in known:
            problems.append(at(data, data.guide, ("order", i), expect("option", ident, ids)))
        elif first[ident] != i:
            problems.append(at(data, data.guide, ("order", i), f"option {ident!r} is listed twice"))
    for ident in ids:
        if ident not in first:
            problems.append(at(data, data.guide, ("order",), f"option {ident!r} is missing from the order"))
    return problems
