"""The numbers a decision-helper answer quotes: its sentences that carry a ratio computed from a measured table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from generator.escaping import unmarked
from generator.model import REFERENCE, Data


@dataclass(frozen=True)
class Ref:
    """A ``[[claim]]`` inside a quoted sentence: a number computed from a measured table."""

    claim: str


Sentence = tuple["str | Ref", ...]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def quotes(data: Data, text: str, fixed: Mapping[str, str]) -> list[Sentence]:
    """The sentences of ``text`` that quote a number computed from a measured table (a ratio claim).

    Each is plain text around a :class:`Ref` per claim; any other reference reads as ``fixed`` says (a
    fact's text, which no measured table changes) or, for ``option:<id>``, as the option's name. These
    are the parts of an answer that a reader's own numbers can change.
    """
    claims = {c.id for c in data.claims.claims}
    names = {o.id: o.name for o in data.options}
    out: list[Sentence] = []
    for sentence in _SENTENCE_END.split(" ".join(text.split())):
        parts: list[str | Ref] = []
        for i, piece in enumerate(REFERENCE.split(sentence)):
            name = piece.strip()
            if i % 2 == 0:
                item: str | Ref = unmarked(piece)
            elif name in claims:
                item = Ref(name)
            elif name.startswith("option:"):
                item = names.get(name[7:], name[7:])
            else:
                item = fixed.get(name, name)
            if isinstance(item, str) and parts and isinstance(parts[-1], str):
                parts[-1] += item
            elif item != "":
                parts.append(item)
        if any(isinstance(p, Ref) for p in parts):
            out.append(tuple(parts))
    return out


def quoted(sentence: Sentence, numbers: Mapping[str, str]) -> str:
    """A quoted sentence with each claim's text from ``numbers`` (claim id -> text as printed)."""
    return "".join(p if isinstance(p, str) else numbers[p.claim] for p in sentence)
