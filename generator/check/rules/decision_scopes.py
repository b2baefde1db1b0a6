"""Rule: a rule's ``scope`` names envelope dimensions and their values, and a scoped rule that some answer reaches
outside its scope says what the source says there (``beyond``)."""

from __future__ import annotations

from generator import decide
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def decision_scopes(data: Data) -> list[Problem]:
    """Each ``scope`` key is a dimension a question asks, each value one of its values; a rule reached outside
    its scope has ``beyond``, so the helper never answers "Recommended" past the source's scope."""
    dims = {d.id: [v.id for v in d.values] for d in data.guide.envelope}
    problems = _statement_scopes(data, dims)
    decisions = data.decisions
    if decisions is None:
        return problems
    asked = {q.dimension for q in decisions.questions if q.dimension is not None}
    for r_i, rule in enumerate(decisions.rules):
        for name, values in rule.scope.items():
            loc = ("rules", r_i, "scope", name)
            if name not in dims or name not in asked:
                problems.append(at(data, decisions, loc, expect("dimension a question asks", name, asked & set(dims))))
                continue
            for v in values:
                if v not in dims[name]:
                    problems.append(at(data, decisions, loc, expect(f"value of {name!r}", v, dims[name])))
    if any(p.file == data.doc(decisions).file for p in problems) or decide.size(decisions) > decide.MAX_COMBINATIONS:
        return problems
    reached: set[int] = set()
    for answers in decide.combinations(decisions):
        index = decide.first_rule(decisions, answers)
        if index is not None and decide.outside_scope(decisions, decisions.rules[index], answers):
            reached.add(index)
    for index in sorted(reached):
        rule = decisions.rules[index]
        if rule.beyond is None:
            where = ", ".join(f"{k} {' or '.join(v)}" for k, v in rule.scope.items())
            message = (
                f"answers outside the rule's scope ({where}) reach it: say what the source says there in `beyond:`"
                " (says, quote, measure)"
            )
            problems.append(at(data, decisions, ("rules", index, "scope"), message))
    return problems


def _statement_scopes(data: Data, dims: dict[str, list[str]]) -> list[Problem]:
    """The bottom line's ``scope`` and the lesson's ``lesson_scope`` name envelope dimensions and their values."""
    problems: list[Problem] = []
    for record, field, scope in (
        (data.recommendation, "scope", data.recommendation.scope),
        (data.guide, "lesson_scope", data.guide.lesson_scope),
    ):
        for name, values in scope.items():
            loc = (field, name)
            if name not in dims:
                problems.append(at(data, record, loc, expect("envelope dimension", name, dims)))
                continue
            problems += [
                at(data, record, loc, expect(f"value of {name!r}", v, dims[name]))
                for v in values
                if v not in dims[name]
            ]
    return problems
