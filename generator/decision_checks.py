"""Checks of ``decisions.yml``: references, complete coverage, reachable rules, allowed picks.

Each check is a pure function from :class:`~generator.validate.Data` to a list
of problems located at ``decisions.yml:line: field``. The three checks that
evaluate the rules run only once the references are sound, so a typo is
reported once, as a typo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator import decide, schema
from generator.checks import Check, _expect, at
from generator.errors import Problem
from generator.validate import Data
from generator.yaml_source import Loc


def _condition(data: Data, loc: Loc, when: Mapping[str, Sequence[str]]) -> list[Problem]:
    assert data.decisions is not None
    questions = {q.id: q for q in data.decisions.questions}
    problems = []
    for question, accepted in when.items():
        if question not in questions:
            problems.append(at(data, data.decisions, (*loc, question), _expect("question", question, questions)))
            continue
        answers = {a.id for a in questions[question].answers}
        for i, answer in enumerate(accepted):
            if answer not in answers:
                problems.append(
                    at(data, data.decisions, (*loc, question, i), _expect(f"answer to {question!r}", answer, answers))
                )
    return problems


def _unique(data: Data, items: list[tuple[Loc, str]], kind: str) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for loc, ident in items:
        if ident in seen:
            problems.append(at(data, data.decisions, loc, f"duplicate {kind} id {ident!r}"))
        seen.add(ident)
    return problems


def _filter_references(data: Data, i: int, f: schema.Filter) -> list[Problem]:
    assert data.decisions is not None
    d = data.decisions
    loc: Loc = ("filters", i)
    question = next((q for q in d.questions if q.id == f.question), None)
    problems = _condition(data, (*loc, "when"), f.when)
    if question is None:
        questions = [q.id for q in d.questions]
        return [*problems, at(data, d, (*loc, "question"), _expect("question", f.question, questions))]
    answers = [a.id for a in question.answers]
    if isinstance(f, schema.SupportFilter):
        if decide.support_column(data.guide) is None:
            problems.append(
                at(data, d, (*loc, "kind"), "a support filter needs a column of kind 'support' in guide.yml")
            )
        contexts = {c.id for c in data.guide.contexts}
        for a_i, answer in enumerate(answers):
            if answer not in contexts:
                problems.append(
                    at(
                        data,
                        d,
                        ("questions", d.questions.index(question), "answers", a_i, "id"),
                        f"answers of {question.id!r} name {data.guide.context_noun_plural} for the support filter; "
                        + _expect(data.guide.context_noun, answer, contexts),
                    )
                )
    elif isinstance(f, schema.AttributeFilter):
        category = decide.category_column(data.guide, f.attribute)
        if category is None:
            known = {c.attribute for c in data.guide.columns if isinstance(c, schema.CategoryColumn)}
            problems.append(at(data, d, (*loc, "attribute"), _expect("attribute", f.attribute, known)))
        for answer, values in f.exclude.items():
            if answer not in answers:
                problems.append(
                    at(data, d, (*loc, "exclude", answer), _expect(f"answer to {question.id!r}", answer, answers))
                )
            for v_i, value in enumerate(values):
                if category is not None and value not in category.categories:
                    problems.append(
                        at(data, d, (*loc, "exclude", answer, v_i), _expect("value", value, set(category.categories)))
                    )
    return problems


def decision_references(data: Data) -> list[Problem]:
    """Questions, answers, options, contexts and attributes named in decisions.yml exist."""
    d = data.decisions
    if d is None:
        return []
    problems = _unique(data, [(("questions", i, "id"), q.id) for i, q in enumerate(d.questions)], "question")
    for i, q in enumerate(d.questions):
        for j, a in enumerate(q.answers):
            for attribute, values in a.excludes.items():
                loc = ("questions", i, "answers", j, "excludes", attribute)
                category = decide.category_column(data.guide, attribute)
                if category is None:
                    known = {c.attribute for c in data.guide.columns if isinstance(c, schema.CategoryColumn)}
                    problems.append(at(data, d, loc, _expect("attribute", attribute, known)))
                    continue
                for v_i, value in enumerate(values):
                    if value not in category.categories:
                        problems.append(at(data, d, (*loc, v_i), _expect("value", value, set(category.categories))))
        problems += _unique(
            data, [(("questions", i, "answers", j, "id"), a.id) for j, a in enumerate(q.answers)], "answer"
        )
    problems += _unique(data, [(("rules", i, "id"), r.id) for i, r in enumerate(d.rules)], "rule")
    options = {o.id for o in data.options}
    for i, rule in enumerate(d.rules):
        problems += _condition(data, ("rules", i, "when"), rule.when)
        for field in ("recommend", "runner_up"):
            ident = getattr(rule, field)
            if ident is not None and ident not in options:
                problems.append(at(data, d, ("rules", i, field), _expect(data.guide.option_noun, ident, options)))
        if rule.runner_up == rule.recommend:
            problems.append(at(data, d, ("rules", i, "runner_up"), "the runner-up must differ from the recommendation"))
    for i, f in enumerate(d.filters):
        problems += _filter_references(data, i, f)
    total = decide.size(d)
    if total > decide.MAX_COMBINATIONS:
        problems.append(
            at(data, d, ("questions",), f"{total} combinations of answers; the limit is {decide.MAX_COMBINATIONS}")
        )
    return problems


def _sound(data: Data) -> bool:
    return data.decisions is not None and not decision_references(data)


def decision_coverage(data: Data) -> list[Problem]:
    """Every combination of answers gets a recommendation, and every rule answers at least one."""
    if not _sound(data):
        return []
    d = data.decisions
    assert d is not None
    uncovered: list[dict[str, str]] = []
    used = [0] * len(d.rules)
    total = 0
    for combo in decide.combinations(d):
        total += 1
        index = decide.first_rule(d, combo)
        if index is None:
            uncovered.append(combo)
        else:
            used[index] += 1
    problems = []
    if uncovered:
        problems.append(
            at(
                data,
                d,
                ("rules",),
                f"{len(uncovered)} of {total} combinations of answers get no recommendation, "
                f"e.g. {decide.describe(d, uncovered[0])}; add a rule for them "
                "(a last rule without `when` answers everything left)",
            )
        )
    for i, rule in enumerate(d.rules):
        if used[i] == 0:
            earlier = [
                r.id
                for r in d.rules[:i]
                if any(decide.holds(r.when, c) and decide.holds(rule.when, c) for c in decide.combinations(d))
            ]
            problems.append(
                at(
                    data,
                    d,
                    ("rules", i, "when") if rule.when else ("rules", i, "id"),
                    f"rule {rule.id!r} is never used: every combination it matches is answered by an earlier rule "
                    f"({', '.join(earlier)})",
                )
            )
    return problems


def decision_picks_allowed(data: Data) -> list[Problem]:
    """No rule recommends an option that the records rule out for a combination it answers."""
    if not _sound(data):
        return []
    d = data.decisions
    assert d is not None
    found: dict[tuple[int, str], tuple[int, dict[str, str], decide.Reason]] = {}
    for combo in decide.combinations(d):
        index = decide.first_rule(d, combo)
        if index is None:
            continue
        rule = d.rules[index]
        ruled_out = decide.exclusions(data, combo)
        for field in ("recommend", "runner_up"):
            ident = getattr(rule, field)
            if ident in ruled_out:
                count, example, reason = found.get((index, field), (0, combo, ruled_out[ident]))
                found[(index, field)] = (count + 1, example, reason)
    problems = []
    for (index, field), (count, example, reason) in sorted(found.items()):
        ident = getattr(d.rules[index], field)
        problems.append(
            at(
                data,
                d,
                ("rules", index, field),
                f"{ident!r} is ruled out by the records in {count} combination(s) this rule answers, "
                f"e.g. {decide.describe(d, example)}: {reason.text()}",
            )
        )
    return problems


DECISION_CHECKS: list[Check] = [decision_references, decision_coverage, decision_picks_allowed]
