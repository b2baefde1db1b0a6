"""Hand-written text whose quoted claim now reads the other way: the sentences a reviewer must reread.

A claim read as a comparison (``phrase``) states a side: more, less or a tie. When a change of
measured values moves it to another side ("1.5× faster than" becomes "1.1× slower than"), the number
in every sentence quoting it follows, but the words around it were written for the old side. This
lists each such sentence of the decision rules (``why``) and of the bottom line, as it read before
and as it reads now.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator import decide
from generator.derive.guide import Derived


@dataclass
class QuoteFlip:
    """A sentence of hand-written text that quotes a claim whose reading flipped."""

    claim: str
    record: str
    """The text's record: ``decision rule`` or ``bottom line``."""
    field: str
    """Where in it: the rule's id (its ``why``), or the bottom line's field (``cases[1].text``)."""
    reads_before: list[str]
    reads_after: list[str]
    before: str
    after: str


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def _texts(d: Derived) -> Iterator[tuple[str, str, str]]:
    if d.data.decisions is not None:
        for rule in d.data.decisions.rules:
            yield "decision rule", rule.id, rule.why
    for path, text in _strings(d.data.recommendation.model_dump(mode="json"), ""):
        yield "bottom line", path, text


def quote_flips(base: Derived, head: Derived) -> list[QuoteFlip]:
    """Every sentence of ``head``'s rules and bottom line quoting a claim that reads another side than in ``base``."""
    flipped = {
        ident
        for ident, new in head.numbers.items()
        if (old := base.numbers.get(ident)) is not None and old.reads and new.reads and old.reads != new.reads
    }
    if not flipped:
        return []
    before = {ident: n.text for ident, n in base.numbers.items()}
    after = {ident: n.text for ident, n in head.numbers.items()}
    out = []
    for record, where, text in _texts(head):
        for sentence in decide.quotes(head.data, text, after):
            claims = [p.claim for p in sentence if isinstance(p, decide.Ref)]
            if any(c not in before for c in claims):
                continue  # a claim new in head: nothing read another way
            for claim in dict.fromkeys(c for c in claims if c in flipped):
                reads = (list(base.numbers[claim].reads), list(head.numbers[claim].reads))
                out.append(
                    QuoteFlip(
                        claim, record, where, *reads, decide.quoted(sentence, before), decide.quoted(sentence, after)
                    )
                )
    return out
