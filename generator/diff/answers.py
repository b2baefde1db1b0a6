"""What of the decision helper's answers changes between two guides that differ in measured values only.

Which option an answer recommends, its runner-up and what it rules out come from the reader's
answers and the options' records (:mod:`generator.decide`: platforms, support statuses, attributes),
never from a measured table. Two parts of an answer do read the tables: the numbers its rule's ``why``
quotes (ratio claims, ``[[claim]]``) and the matrix verdicts printed with each pick (its comparison
cells). :func:`answer_changes` lists, situation by situation, those that differ; the "Your numbers"
page computes the same list in the browser (``yours.js``: ``answers`` in
``render/assets/javascripts/yours/50-derive.js``), and ``tests/test_yours_parity.py`` holds
the two to the same result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator import decide, schema
from generator.derive.guide import Cell, Derived
from generator.diff.model import Judged, judged


@dataclass(frozen=True)
class QuoteChange:
    """A sentence of the answer's "why" whose quoted number reads differently."""

    before: str
    after: str


@dataclass(frozen=True)
class EvidenceChange:
    """A verdict printed with a pick (one comparison cell of its matrix row) that reads differently."""

    option: str
    column: str
    column_label: str
    before: Judged
    after: Judged
    detail_before: str
    detail_after: str


@dataclass(frozen=True)
class AnswerChange:
    """One situation of the decision table (a leaf) whose evidence changed; its picks stay as published."""

    leaf: str
    rule: str
    picks: tuple[str, ...]
    quotes: tuple[QuoteChange, ...]
    evidence: tuple[EvidenceChange, ...]


def fixed_numbers(d: Derived) -> dict[str, str]:
    """Every quoted number's text, as printed (claims and facts)."""
    return {ident: n.text for ident, n in d.numbers.items()}


def why_quotes(d: Derived, rule: schema.Rule, context: str | None = None) -> list[decide.Sentence]:
    """The sentences of a rule's ``why`` that quote a number computed from a measured table, as an answer judged
    for ``context`` shows them: a number from another context's rows says where it was measured."""
    return decide.quotes(d.data, decide.labelled(d.data, rule.why, context), fixed_numbers(d))


def _shown(cell: Cell) -> tuple[object, ...]:
    """What a pick's card prints of a verdict: level and word, and each part with its regimes."""
    v = cell.verdict
    assert v is not None
    parts = tuple((p.verdict.level, p.verdict.word, tuple(r.name for r in p.regimes)) for p in cell.parts)
    return v.level, v.word, parts


def _evidence(base: Derived, head: Derived, option: str) -> list[EvidenceChange]:
    out = []
    for old, new in zip(base.cells[option], head.cells[option], strict=True):
        if not isinstance(old.column, schema.ComparisonColumn) or old.verdict is None or new.verdict is None:
            continue
        if old.verdict.level == "unknown" and new.verdict.level == "unknown":
            continue  # a card shows no verdict that is not measured
        if _shown(old) == _shown(new):
            continue
        a, b = judged(old.verdict), judged(new.verdict)
        assert a is not None and b is not None
        out.append(EvidenceChange(option, old.column.id, old.column.label, a, b, old.detail, new.detail))
    return out


def answer_changes(base: Derived, head: Derived) -> list[AnswerChange]:
    """The situations whose answer quotes another number or prints another verdict with ``head``'s values.

    ``base`` is the published guide; ``head`` the same guide with other measured values (the same
    records, rules and decisions), so both have the same decision table.
    """
    decisions = base.data.decisions
    if decisions is None:
        return []
    rules = {r.id: r for r in decisions.rules}
    before: Mapping[str, str] = fixed_numbers(base)
    after: Mapping[str, str] = fixed_numbers(head)
    out = []
    for leaf in base.decision_table:
        quotes = []
        for sentence in why_quotes(base, rules[leaf.outcome.rule], leaf.outcome.context):
            old, new = decide.quoted(sentence, before), decide.quoted(sentence, after)
            if old != new:
                quotes.append(QuoteChange(old, new))
        picks = tuple(p.option for p in leaf.outcome.picks)
        evidence = [change for option in picks for change in _evidence(base, head, option)]
        if quotes or evidence:
            out.append(AnswerChange(leaf.id, leaf.outcome.rule, picks, tuple(quotes), tuple(evidence)))
    return out
