"""Rule: Questions, answers, options, contexts and attributes named in decisions.yml exist."""

from __future__ import annotations

from generator import decide, schema
from generator.check.common import expect
from generator.check.decision_common import condition, filter_references, unique
from generator.errors import Problem
from generator.model import Data, at


def _answer_excludes(data: Data, i: int, q: schema.Question) -> list[Problem]:
    """An answer's ``excludes`` names attributes of category columns and their values."""
    problems = []
    for j, a in enumerate(q.answers):
        for attribute, values in a.excludes.items():
            loc = ("questions", i, "answers", j, "excludes", attribute)
            category = decide.category_column(data.guide, attribute)
            if category is None:
                known = {c.attribute for c in data.guide.columns if isinstance(c, schema.CategoryColumn)}
                problems.append(at(data, data.decisions, loc, expect("attribute", attribute, known)))
                continue
            for v_i, value in enumerate(values):
                if value not in category.categories:
                    problems.append(
                        at(data, data.decisions, (*loc, v_i), expect("value", value, set(category.categories)))
                    )
    return problems


def decision_references(data: Data) -> list[Problem]:
    """Questions, answers, options, contexts and attributes named in decisions.yml exist."""
    d = data.decisions
    if d is None:
        return []
    problems = unique(data, [(("questions", i, "id"), q.id) for i, q in enumerate(d.questions)], "question")
    for i, q in enumerate(d.questions):
        problems += _answer_excludes(data, i, q)
        problems += unique(
            data, [(("questions", i, "answers", j, "id"), a.id) for j, a in enumerate(q.answers)], "answer"
        )
    problems += unique(data, [(("rules", i, "id"), r.id) for i, r in enumerate(d.rules)], "rule")
    options = {o.id for o in data.options}
    for i, rule in enumerate(d.rules):
        problems += condition(data, ("rules", i, "when"), rule.when)
        for field in ("recommend", "runner_up"):
            ident = getattr(rule, field)
            if ident is not None and ident not in options:
                problems.append(at(data, d, ("rules", i, field), expect("option", ident, options)))
        comparisons = {c.id for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)}
        for t_i, column in enumerate(rule.trades):
            if column not in comparisons:
                problems.append(
                    at(data, d, ("rules", i, "trades", t_i), expect("comparison column", column, comparisons))
                )
        if rule.runner_up == rule.recommend:
            problems.append(at(data, d, ("rules", i, "runner_up"), "the runner-up must differ from the recommendation"))
    for i, f in enumerate(d.filters):
        problems += filter_references(data, i, f)
    total = decide.size(d)
    if total > decide.MAX_COMBINATIONS:
        problems.append(
            at(data, d, ("questions",), f"{total} combinations of answers; the limit is {decide.MAX_COMBINATIONS}")
        )
    return problems
