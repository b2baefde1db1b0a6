"""Rule: Every option a case of recommendation.yml picks, or the overview marks as recommended, exists."""

from __future__ import annotations

from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def recommendation_references(data: Data) -> list[Problem]:
    options = {o.id for o in data.options}
    problems = []
    for i, rec in enumerate(data.recommendation.recommended):
        if rec.option not in options:
            problems.append(
                at(data, data.recommendation, ("recommended", i, "option"), expect("option", rec.option, options))
            )
    for i, case in enumerate(data.recommendation.cases):
        for p_i, pick in enumerate(case.pick):
            if pick not in options:
                problems.append(
                    at(data, data.recommendation, ("cases", i, "pick", p_i), expect("option", pick, options))
                )
    return problems
