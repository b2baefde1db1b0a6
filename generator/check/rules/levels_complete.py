"""Rule: Every verdict level the engine uses (good, mid, bad, unknown) and every level a verdict names has a style."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator import schema
from generator.errors import Problem
from generator.model import Data, at
from generator.read.yaml_source import Loc


def _outcomes(data: Data) -> Iterator[tuple[Any, Loc, schema.Outcome]]:
    for ci, col in enumerate(data.guide.columns):
        if isinstance(col, schema.ComparisonColumn):
            yield from ((data.guide, ("columns", ci, "bands", bi), b) for bi, b in enumerate(col.bands))
        elif isinstance(col, schema.CategoryColumn):
            yield from ((data.guide, ("columns", ci, "categories", k), o) for k, o in col.categories.items())
        elif isinstance(col, schema.SupportColumn):
            yield from ((data.guide, ("columns", ci, "categories", k), o) for k, o in col.categories.items())
            yield from ((data.guide, ("columns", ci, "statuses", k), o) for k, o in col.statuses.items())
    for option in data.options:
        yield from ((option, ("judgements", k), j) for k, j in option.judgements.items())


def levels_complete(data: Data) -> list[Problem]:
    """Every verdict level the engine uses (good, mid, bad, unknown) and every level a verdict names has a style."""
    missing = [lv for lv in ("good", "mid", "bad", "unknown") if lv not in data.guide.levels]
    problems = [at(data, data.guide, ("levels",), f"level {lv!r} is not styled") for lv in missing]
    for record, loc, outcome in _outcomes(data):
        if outcome.level not in data.guide.levels and outcome.level not in missing:
            problems.append(at(data, record, (*loc, "level"), f"level {outcome.level!r} is not styled in guide.yml"))
    return problems
