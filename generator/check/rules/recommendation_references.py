"""Rule: Every option a case of recommendation.yml picks, or the overview marks as recommended, exists; every
context it recommends for or answers for is one of the guide's."""

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
    contexts = {c.id for c in data.guide.contexts}
    for i, rec in enumerate(data.recommendation.recommended):
        for c_i, ctx in enumerate(rec.contexts):
            if ctx not in contexts:
                problems.append(
                    at(data, data.recommendation, ("recommended", i, "contexts", c_i), expect("context", ctx, contexts))
                )
    for ctx in data.recommendation.answers:
        if ctx not in contexts:
            problems.append(at(data, data.recommendation, ("answers", ctx), expect("context", ctx, contexts)))
    for i, case in enumerate(data.recommendation.cases):
        for p_i, pick in enumerate(case.pick):
            if pick not in options:
                problems.append(
                    at(data, data.recommendation, ("cases", i, "pick", p_i), expect("option", pick, options))
                )
    return problems
