"""Rule: A comparison column's bands go from the highest minimum down to one band with no minimum."""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at


def bands_descend(data: Data) -> list[Problem]:
    problems = []
    for ci, col in enumerate(data.guide.columns):
        if not isinstance(col, schema.ComparisonColumn):
            continue
        mins = [b.min for b in col.bands]
        if mins[-1] is not None:
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "the last band must have no min"))
        if any(m is None for m in mins[:-1]):
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "only the last band may omit min"))
        given = [m for m in mins if m is not None]
        if given != sorted(given, reverse=True) or len(set(given)) != len(given):
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "band minimums must strictly decrease"))
    return problems
