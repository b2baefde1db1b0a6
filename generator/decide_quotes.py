"""The numbers a decision-helper answer quotes: its sentences that carry a ratio computed from a measured table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from generator.escaping import unmarked
from generator.model import REFERENCE, Data, measurement_tables


@dataclass(frozen=True)
class Ref:
    """A ``[[claim]]`` inside a quoted sentence: a number computed from a measured table."""

    claim: str


Sentence = tuple["str | Ref", ...]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

#: The reference a label puts where a context's name is printed: the page resolves it to the name, escaped there
#: like every name (a name with markup in it is neither read as prose nor as HTML), and :func:`foreign` reads it as
#: naming that context.
CONTEXT_REF = "context:"


def quotes(data: Data, text: str, fixed: Mapping[str, str]) -> list[Sentence]:
    """The sentences of ``text`` that quote a number computed from a measured table (a ratio claim).

    Each is plain text around a :class:`Ref` per claim; any other reference reads as ``fixed`` says (a
    fact's text, which no measured table changes) or, for ``option:<id>``, as the option's name. These
    are the parts of an answer that a reader's own numbers can change.
    """
    claims = {c.id for c in data.claims.claims}
    names = {o.id: o.name for o in data.options}
    places = {c.id: c.name for c in data.guide.contexts}
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
            elif name.startswith(CONTEXT_REF):  # "(measured on [[context:hill-town]])", from labelled()
                item = places.get(name[len(CONTEXT_REF) :], name[len(CONTEXT_REF) :])
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


def claim_contexts(data: Data, claim: str) -> tuple[str, ...]:
    """The contexts the rows of ``claim`` were measured in, in the guide's order (a row naming none adds none)."""
    found = next((c for c in data.claims.claims if c.id == claim), None)
    table = next((t for t in measurement_tables(data) if found is not None and t.id == found.table), None)
    if found is None or table is None:
        return ()
    theirs = {r.context for r in table.rows if r.id in found.rows and r.context is not None}
    return tuple(c.id for c in data.guide.contexts if c.id in theirs)


def foreign(data: Data, text: str, context: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """The claims ``text`` quotes, shown for ``context``, whose number is not that context's alone: (where the
    reference ends in ``text``, claim id, the contexts its rows lie in), for each one whose sentence does not name
    every one of those contexts on its face ("on Hill Town, the cargo bike has [[light-vs-cargo]]")."""
    names = {c.id: c.name for c in data.guide.contexts}
    claims = {c.id for c in data.claims.claims}
    out = []
    start = 0
    for sentence in _SENTENCE_END.split(text):
        begin = text.index(sentence, start)
        start = begin + len(sentence)
        said = REFERENCE.sub(" ", sentence)
        for m in REFERENCE.finditer(sentence):
            claim = m.group(1).strip()
            contexts = claim_contexts(data, claim) if claim in claims else ()
            if not contexts or contexts == (context,) or all(_names(sentence, said, c, names[c]) for c in contexts):
                continue
            out.append((begin + m.end(), claim, contexts))
    return out


def _names(sentence: str, said: str, context: str, name: str) -> bool:
    """Whether ``sentence`` (``said``: without its references) names ``context``: in words or by a label's reference."""
    return name in said or f"[[{CONTEXT_REF}{context}]]" in sentence


def labelled(data: Data, text: str, context: str | None) -> str:
    """``text`` as an answer judged for ``context`` shows it: each number it quotes from other contexts' rows
    followed by the contexts it was measured on, "[[light-vs-cargo]] (measured on [[context:hill-town]])", each a
    reference the page prints as the context's name ("Hill Town"), escaped as every name is."""
    if context is None:
        return text
    for end, _, contexts in reversed(foreign(data, text, context)):
        label = " and ".join(f"[[{CONTEXT_REF}{c}]]" for c in contexts)
        text = f"{text[:end]} (measured on {label}){text[end:]}"
    return text
