"""The decision helper's logic: from a reader's answers to a recommendation, with its reasons.

Pure functions over validated data; nothing here renders a page or knows MkDocs.

* A *combination* gives one answer to every question of ``decisions.yml``.
* Rules are tried in order; the first whose ``when`` holds recommends an
  option (and maybe a runner-up) and says why.
* Filters compute from the option records which options a combination rules
  out, and why: a platform the option is not listed for, a ``no`` support status
  on the chosen context, an attribute value the reader's answer excludes. A
  filter applies only while its own ``when`` holds; an option keeps the first
  reason found, in filter order.
* Each pick carries what its record says about the reader's situation: its
  support status on the chosen context, its known failures (on any context or
  on the chosen one), category verdicts that are not good (a requirement such as
  a restrictive licence always; a missing feature only when the reader's answers
  ask for it), and its caveats. (Filters and picks' notes: :mod:`generator.decide_filters`.)
* :func:`leaves` folds every combination into a question tree: questions are
  asked in their declared order, a question that cannot change the outcome
  below a node is skipped, a node whose combinations all share one outcome is
  a leaf, and leaves that differ in one answer only are merged. The leaves
  partition the combinations, so a table of leaves is a complete decision
  table.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from generator import envelope, schema
from generator.decide_filters import (
    RULED_OUT_STATUSES,
    Answers,
    Reason,
    category_column,
    chosen_contexts,
    exclusions,
    holds,
    offered_notes,
    pick_notes,
    support_column,
)
from generator.decide_quotes import CONTEXT_REF, Ref, Sentence, foreign, labelled, quoted, quotes
from generator.envelope import Outside
from generator.model import Data

# The quoted numbers live in decide_quotes, what the records say about a situation in decide_filters.
__all__ = [
    "CONTEXT_REF",
    "RULED_OUT_STATUSES",
    "Answers",
    "Reason",
    "Ref",
    "Sentence",
    "category_column",
    "chosen_contexts",
    "exclusions",
    "foreign",
    "holds",
    "labelled",
    "offered_notes",
    "pick_notes",
    "quoted",
    "quotes",
    "support_column",
]

#: Upper bound on the number of combinations, so a build stays fast and the table readable.
MAX_COMBINATIONS = 4096


@dataclass(frozen=True)
class Pick:
    option: str
    role: Literal["recommended", "runner-up"]
    support: Reason | None
    """Its status on the chosen context, when a support filter applies."""
    caveats: tuple[Reason, ...]


@dataclass(frozen=True)
class Offered:
    """An option neither picked nor ruled out: possible here, with what its record must say on its face."""

    option: str
    notes: tuple[Reason, ...]
    """Its support on the chosen context when not stated as good ("not stated" included), and its failures."""


@dataclass(frozen=True)
class Outcome:
    rule: str
    picks: tuple[Pick, ...]
    ruled_out: tuple[tuple[str, Reason], ...]
    others: tuple[Offered, ...]
    """Options neither picked nor ruled out, in the guide's order."""
    context: str | None = None
    """The context the reader chose (a support filter applies): the answer's evidence is judged for it."""
    outside: tuple[Outside, ...] = ()
    """The reader's answers on envelope dimensions that no measurement was taken at."""
    beyond_scope: bool = False
    """The reader's answers lie outside the scope the source states for the rule's pick (``Rule.scope``): the
    pick is not "Recommended" there; the rule's ``beyond`` says what the source says instead."""


@dataclass(frozen=True)
class Leaf:
    """A set of combinations that share one outcome: one row of the decision table."""

    id: str
    when: tuple[tuple[str, tuple[str, ...]], ...]
    """Question -> the answers that lead here, in question order; an unnamed question does not matter."""
    outcome: Outcome

    def covers(self, answers: Answers) -> bool:
        return all(answers.get(q) in accepted for q, accepted in self.when)


# --- combinations and rules ------------------------------------------------


def size(decisions: schema.Decisions) -> int:
    """How many combinations of answers there are."""
    return math.prod(len(q.answers) for q in decisions.questions)


def combinations(decisions: schema.Decisions) -> Iterator[dict[str, str]]:
    """Every combination of answers, in question and answer order."""
    ids = [q.id for q in decisions.questions]
    for chosen in itertools.product(*([a.id for a in q.answers] for q in decisions.questions)):
        yield dict(zip(ids, chosen, strict=True))


def first_rule(decisions: schema.Decisions, answers: Answers) -> int | None:
    """Index of the rule that answers ``answers``, or ``None`` when no rule does."""
    return next((i for i, rule in enumerate(decisions.rules) if holds(rule.when, answers)), None)


def describe(decisions: schema.Decisions, answers: Answers) -> str:
    """``os=linux, budget=low``: a combination as error messages name it."""
    return ", ".join(f"{q.id}={answers[q.id]}" for q in decisions.questions if q.id in answers)


def outcome(data: Data, answers: Answers, known: Mapping[str, list[str]] | None = None) -> Outcome | None:
    """The recommendation for one combination of answers, or ``None`` when no rule answers it.

    ``known``: :func:`envelope.measured` of the whole guide, when the caller asks for many combinations."""
    decisions = data.decisions
    assert decisions is not None
    index = first_rule(decisions, answers)
    if index is None:
        return None
    rule = decisions.rules[index]
    options = {o.id: o for o in data.options}
    roles: list[tuple[str, Literal["recommended", "runner-up"]]] = [(rule.recommend, "recommended")]
    if rule.runner_up is not None:
        roles.append((rule.runner_up, "runner-up"))
    picks = []
    for ident, role in roles:
        support, caveats = pick_notes(data, options[ident], answers)
        picks.append(Pick(ident, role, support, caveats))
    excluded = exclusions(data, answers)
    chosen = {ident for ident, _ in roles}
    others = tuple(
        Offered(i, offered_notes(data, options[i], answers))
        for i in data.guide.order
        if i in options and i not in excluded and i not in chosen  # an unknown id is reported by its check
    )
    contexts = chosen_contexts(decisions, answers)
    context = contexts[0] if len(contexts) == 1 else None
    gaps = envelope.outside(data, answers, known=known)
    beyond = outside_scope(decisions, rule, answers)
    return Outcome(rule.id, tuple(picks), tuple(excluded.items()), others, context, gaps, beyond)


def outside_scope(decisions: schema.Decisions, rule: schema.Rule, answers: Answers) -> bool:
    """Some answer to a question asking one of ``rule.scope``'s dimensions is not among the values it holds for."""
    return any(
        q.dimension in rule.scope and q.id in answers and answers[q.id] not in rule.scope[q.dimension]
        for q in decisions.questions
    )


# --- the question tree ------------------------------------------------------


def _matters(question: str, combos: list[dict[str, str]], results: Mapping[tuple[str, ...], Outcome]) -> bool:
    """Changing only ``question`` changes the outcome somewhere among ``combos``.

    ``results`` is keyed by a combination's answers in question order, the order
    :func:`combinations` builds them in.
    """
    seen: dict[tuple[tuple[str, str], ...], Outcome] = {}
    for combo in combos:
        rest = tuple((q, a) for q, a in combo.items() if q != question)
        result = results[tuple(combo.values())]
        if seen.setdefault(rest, result) != result:
            return True
    return False


def leaf_id(when: Sequence[tuple[str, Sequence[str]]]) -> str:
    """A stable anchor for a leaf: ``when-os-linux--budget-low-or-high``; ``when-any`` for the root."""
    return "when-" + ("--".join(f"{q}-{'-or-'.join(accepted)}" for q, accepted in when) or "any")


def _merge(decisions: schema.Decisions, leaves: list[Leaf]) -> list[Leaf]:
    """Merge leaves that share an outcome and differ in the answers to one question only.

    ``throughput`` and ``robustness`` leading to the same answer become one row,
    "throughput or robustness"; a question whose every answer is accepted is
    dropped. The merged leaves still partition the combinations.
    """
    order = {q.id: [a.id for a in q.answers] for q in decisions.questions}
    rows = [dict(leaf.when) for leaf in leaves]
    outcomes = [leaf.outcome for leaf in leaves]
    # Equal outcomes get one number, so that a pair is told apart by an integer before anything else is compared.
    numbers: dict[Outcome, int] = {}
    same = [numbers.setdefault(result, len(numbers)) for result in outcomes]
    merged = True
    while merged:
        merged = False
        for i, j in itertools.combinations(range(len(rows)), 2):
            if same[i] != same[j]:
                continue
            a, b = rows[i], rows[j]
            if a.keys() != b.keys():
                continue
            differ = [q for q in a if a[q] != b[q]]
            if len(differ) != 1:
                continue
            q = differ[0]
            union = [x for x in order[q] if x in a[q] or x in b[q]]
            rows[i] = {k: v for k, v in a.items() if k != q}
            if len(union) < len(order[q]):
                rows[i][q] = tuple(union)
            del rows[j], outcomes[j], same[j]
            merged = True
            break
    out = []
    for row, result in zip(rows, outcomes, strict=True):
        when = tuple((q, row[q]) for q in order if q in row)
        out.append(Leaf(leaf_id(when), when, result))
    return out


def leaves(data: Data) -> list[Leaf]:
    """The decision table: every combination of answers in exactly one row, rows in question order.

    Questions are asked in their declared order; a question that cannot change
    the outcome below a node is skipped; a node whose combinations share one
    outcome is a leaf; leaves that differ in one answer only are merged.
    Raises ``ValueError`` if a combination has no recommendation; the checks
    report that as a data problem before this runs.
    """
    decisions = data.decisions
    assert decisions is not None
    combos = list(combinations(decisions))
    known = envelope.measured(data)
    results: dict[tuple[str, ...], Outcome] = {}
    for combo in combos:
        result = outcome(data, combo, known)
        if result is None:
            raise ValueError(f"no rule answers {describe(decisions, combo)}")
        results[tuple(combo.values())] = result
    order = [q.id for q in decisions.questions]
    answer_ids = {q.id: [a.id for a in q.answers] for q in decisions.questions}

    def grow(fixed: dict[str, str], rest: list[str], here: list[dict[str, str]]) -> list[Leaf]:
        # ``here``: the combinations that give the ``fixed`` answers, in the order of ``combos``.
        distinct = {results[tuple(c.values())] for c in here}
        if len(distinct) == 1:
            when = tuple((q, (fixed[q],)) for q in order if q in fixed)
            return [Leaf(leaf_id(when), when, distinct.pop())]
        question = next(q for q in rest if _matters(q, here, results))
        below = [q for q in rest if q != question]
        return [
            leaf
            for a in answer_ids[question]
            for leaf in grow({**fixed, question: a}, below, [c for c in here if c[question] == a])
        ]

    return _merge(decisions, grow({}, order, combos))


# --- what the page script needs -----------------------------------------------


def payload(data: Data, table: Sequence[Leaf]) -> dict[str, object]:
    """The data the page script reads: questions and their answers, and which leaf each combination reaches.

    Only ids and names: the rules themselves stay in Python, and each leaf's
    full answer is already on the page as HTML with the leaf's id.
    """
    decisions = data.decisions
    assert decisions is not None
    names = {o.id: o.name for o in data.options}
    return {
        "questions": [{"id": q.id, "answers": [a.id for a in q.answers]} for q in decisions.questions],
        "leaves": [
            {
                "id": leaf.id,
                "when": {q: list(accepted) for q, accepted in leaf.when},
                "picks": [names[p.option] for p in leaf.outcome.picks],
                "beyond": leaf.outcome.beyond_scope,
            }
            for leaf in table
        ],
    }
