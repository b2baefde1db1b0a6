"""Rule: A column judged against a baseline names an option that exists, and the reference level is styled."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def baseline_columns(data: Data) -> list[Problem]:
    """A column judged against a baseline names an option that exists, and the reference level is styled."""
    options = [o.id for o in data.options]
    problems = []
    for i, col in enumerate(data.guide.columns):
        if not isinstance(col, schema.ComparisonColumn):
            continue
        loc = ("columns", i)
        if col.against == "baseline":
            if col.baseline is None:
                problems.append(
                    at(data, data.guide, (*loc, "baseline"), "required field is missing (against: baseline)")
                )
            elif col.baseline not in options:
                problems.append(at(data, data.guide, (*loc, "baseline"), expect("option", col.baseline, options)))
            if "reference" not in data.guide.levels:
                problems.append(
                    at(
                        data,
                        data.guide,
                        ("levels",),
                        "level 'reference' is not styled (a column is judged against a baseline)",
                    )
                )
        elif col.baseline is not None:
            problems.append(
                at(data, data.guide, (*loc, "baseline"), f"a baseline needs 'against: baseline', not {col.against!r}")
            )
    return problems
