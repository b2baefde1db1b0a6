"""Helpers of the decision-helper rules: conditions, unique ids, filters of ``decisions.yml``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator import decide, schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at
from generator.read.yaml_source import Loc


def condition(data: Data, loc: Loc, when: Mapping[str, Sequence[str]]) -> list[Problem]:
    assert data.decisions is not None
    questions = {q.id: q for q in data.decisions.questions}
    problems = []
    for question, accepted in when.items():
        if question not in questions:
            problems.append(at(data, data.decisions, (*loc, question), expect("question", question, questions)))
            continue
        answers = {a.id for a in questions[question].answers}
        for i, answer in enumerate(accepted):
            if answer not in answers:
                problems.append(
                    at(data, data.decisions, (*loc, question, i), expect(f"answer to {question!r}", answer, answers))
                )
    return problems


def unique(data: Data, items: list[tuple[Loc, str]], kind: str) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for loc, ident in items:
        if ident in seen:
            problems.append(at(data, data.decisions, loc, f"duplicate {kind} id {ident!r}"))
        seen.add(ident)
    return problems


def filter_references(data: Data, i: int, f: schema.Filter) -> list[Problem]:
    assert data.decisions is not None
    d = data.decisions
    loc: Loc = ("filters", i)
    question = next((q for q in d.questions if q.id == f.question), None)
    problems = condition(data, (*loc, "when"), f.when)
    if question is None:
        questions = [q.id for q in d.questions]
        return [*problems, at(data, d, (*loc, "question"), expect("question", f.question, questions))]
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
                        + expect(data.guide.context_noun, answer, contexts),
                    )
                )
    elif isinstance(f, schema.AttributeFilter):
        category = decide.category_column(data.guide, f.attribute)
        if category is None:
            known = {c.attribute for c in data.guide.columns if isinstance(c, schema.CategoryColumn)}
            problems.append(at(data, d, (*loc, "attribute"), expect("attribute", f.attribute, known)))
        for answer, values in f.exclude.items():
            if answer not in answers:
                problems.append(
                    at(data, d, (*loc, "exclude", answer), expect(f"answer to {question.id!r}", answer, answers))
                )
            for v_i, value in enumerate(values):
                if category is not None and value not in category.categories:
                    problems.append(
                        at(data, d, (*loc, "exclude", answer, v_i), expect("value", value, set(category.categories)))
                    )
    return problems
