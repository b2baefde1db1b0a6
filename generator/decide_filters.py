"""What the option records say about a reader's situation (:mod:`generator.decide`): which options the
filters and the answers' own ``excludes`` rule out, and why; and, for a pick, its support on the chosen
context and its caveats.

Pure functions over validated data, like the rest of the decision helper's logic.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator import schema
from generator.model import Data

Answers = Mapping[str, str]

#: Support statuses that rule an option out on the chosen context: tried and failed, cannot run, not tried.
RULED_OUT_STATUSES = ("no", "cannot run", "not tried")


@dataclass(frozen=True)
class Reason:
    """Why an option is ruled out, or a caveat of a pick: computed words, a verdict, the record's prose."""

    label: str
    verdict: schema.Outcome | None = None
    detail: str | None = None

    def text(self) -> str:
        """One plain line, for error messages."""
        parts = [self.label] if self.label else []
        if self.verdict is not None:
            parts.append(self.verdict.word)
        if self.detail:
            parts.append(" ".join(self.detail.split()))
        return ": ".join(parts)


def holds(when: Mapping[str, Sequence[str]], answers: Answers) -> bool:
    """Every question named in ``when`` is answered with one of its accepted answers.

    >>> holds({"os": ["linux"]}, {"os": "linux", "budget": "low"})
    True
    >>> holds({}, {})
    True
    """
    return all(answers.get(question) in accepted for question, accepted in when.items())


def support_column(guide: schema.Guide) -> schema.SupportColumn | None:
    return next((c for c in guide.columns if isinstance(c, schema.SupportColumn)), None)


def category_column(guide: schema.Guide, attribute: str) -> schema.CategoryColumn | None:
    return next((c for c in guide.columns if isinstance(c, schema.CategoryColumn) and c.attribute == attribute), None)


def _answer_label(decisions: schema.Decisions, question: str, answer: str) -> str:
    q = next(q for q in decisions.questions if q.id == question)
    return next((a.label for a in q.answers if a.id == answer), answer)


def _context_name(guide: schema.Guide, context: str) -> str:
    return next((c.name for c in guide.contexts if c.id == context), context)


def _applying(decisions: schema.Decisions, answers: Answers) -> list[schema.Filter]:
    return [f for f in decisions.filters if holds(f.when, answers)]


def chosen_contexts(decisions: schema.Decisions, answers: Answers) -> list[str]:
    """Contexts the reader chose through support filters that apply."""
    return [
        answers[f.question]
        for f in _applying(decisions, answers)
        if isinstance(f, schema.SupportFilter) and f.question in answers
    ]


def _rules_out(data: Data, f: schema.Filter, option: schema.Option, chosen: str) -> Reason | None:
    decisions = data.decisions
    assert decisions is not None
    if isinstance(f, schema.PlatformFilter):
        if not option.platforms or chosen in option.platforms:
            return None
        listed = " and ".join(_answer_label(decisions, f.question, p) for p in option.platforms)
        return Reason(f"Listed for {listed} only, not {_answer_label(decisions, f.question, chosen)}")
    if isinstance(f, schema.SupportFilter):
        column = support_column(data.guide)
        entry = option.support.get(chosen)
        if column is None or entry is None or entry.status not in RULED_OUT_STATUSES:
            return None
        return Reason(_context_name(data.guide, chosen), column.statuses[entry.status], entry.note)
    category = category_column(data.guide, f.attribute)
    attr = option.attributes.get(f.attribute)
    if category is None or attr is None or attr.value not in f.exclude.get(chosen, []):
        return None
    return Reason(category.label, category.categories[attr.value], attr.note)


def _answer_excludes(data: Data, answers: Answers) -> Iterator[tuple[str, Reason]]:
    """Options an answer rules out by its own ``excludes`` (``cautious`` excludes ``licence: [copyleft]``)."""
    decisions = data.decisions
    assert decisions is not None
    for question in decisions.questions:
        answer = next((a for a in question.answers if a.id == answers.get(question.id)), None)
        if answer is None:
            continue
        for attribute, values in answer.excludes.items():
            category = category_column(data.guide, attribute)
            for option in data.options:
                attr = option.attributes.get(attribute)
                if category is None or attr is None or attr.value not in values:
                    continue
                label = f"{category.label} (you chose {answer.label.lower()})"
                yield option.id, Reason(label, category.categories[attr.value], attr.note)


def exclusions(data: Data, answers: Answers) -> dict[str, Reason]:
    """Options the records rule out for ``answers``, each with the first reason found, in the guide's order.

    The filters come first, in their order, then the answers' own ``excludes``.
    """
    decisions = data.decisions
    assert decisions is not None
    found: dict[str, Reason] = {}
    for f in _applying(decisions, answers):
        if f.question not in answers:
            continue
        for option in data.options:
            if option.id not in found:
                reason = _rules_out(data, f, option, answers[f.question])
                if reason is not None:
                    found[option.id] = reason
    for ident, excluded in _answer_excludes(data, answers):
        found.setdefault(ident, excluded)
    return {ident: found[ident] for ident in data.guide.order if ident in found}


def _cared_about(decisions: schema.Decisions, answers: Answers) -> set[str]:
    """Attributes the reader's answers bring up: an applying attribute filter excludes values for the answer given."""
    return {
        f.attribute
        for f in _applying(decisions, answers)
        if isinstance(f, schema.AttributeFilter) and f.question in answers and answers[f.question] in f.exclude
    }


def support_on(data: Data, option: schema.Option, answers: Answers) -> Reason | None:
    """Its support on the chosen context, where a support filter applies; a record silent on that context
    reads as the guide's ``not measured`` status ("not stated"), never as support."""
    decisions = data.decisions
    assert decisions is not None
    contexts = chosen_contexts(decisions, answers)
    column = support_column(data.guide)
    if not contexts or column is None:
        return None
    entry = option.support.get(contexts[0])
    if entry is None:
        return Reason(
            _context_name(data.guide, contexts[0]),
            column.statuses["not measured"],
            "Its record states nothing here.",
        )
    return Reason(_context_name(data.guide, contexts[0]), column.statuses[entry.status], entry.note)


def failures(data: Data, option: schema.Option, answers: Answers) -> list[Reason]:
    """The failures its record carries that can meet this situation: on any context, or on the chosen one."""
    decisions = data.decisions
    assert decisions is not None
    contexts = chosen_contexts(decisions, answers)
    out = []
    for failure in option.failures:
        if failure.context is None:
            out.append(Reason(failure.title, None, failure.detail))
        elif failure.context in contexts:
            out.append(Reason(f"{failure.title} ({_context_name(data.guide, failure.context)})", None, failure.detail))
    return out


def offered_notes(data: Data, option: schema.Option, answers: Answers) -> tuple[Reason, ...]:
    """What an option offered as possible (neither picked nor ruled out) must say on its face: its support on
    the chosen context unless stated as good (``support not stated`` included), then its recorded failures."""
    support = support_on(data, option, answers)
    notes = []
    if support is not None and support.verdict is not None and support.verdict.level != "good":
        notes.append(Reason(f"Support on {support.label}", support.verdict, support.detail))
    return tuple(notes + failures(data, option, answers))


def pick_notes(data: Data, option: schema.Option, answers: Answers) -> tuple[Reason | None, tuple[Reason, ...]]:
    """What the record says about ``option`` in this situation: support on the chosen context, and caveats."""
    decisions = data.decisions
    assert decisions is not None
    support = support_on(data, option, answers)
    caveats = failures(data, option, answers)
    cared = _cared_about(decisions, answers)
    for category_col in data.guide.columns:
        if not isinstance(category_col, schema.CategoryColumn):
            continue
        if category_col.role == "feature" and category_col.attribute not in cared:
            continue  # a missing feature matters only to a reader whose answers ask for it
        attr = option.attributes.get(category_col.attribute)
        if attr is not None and category_col.categories[attr.value].level != "good":
            caveats.append(Reason(category_col.label, category_col.categories[attr.value], attr.note))
    caveats += [Reason("", None, text) for text in option.caveats]
    return support, tuple(dict.fromkeys(caveats))
