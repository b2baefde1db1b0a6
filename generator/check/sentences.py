"""The comparative sentences nothing backs (:mod:`generator.sentences` finds them and what backs each).

``python -m generator check`` lists each at its file and line: a warning, an error under ``--strict``.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.errors import Problem
from generator.model import REFERENCE, Data
from generator.sentences import Sentence, sentences


def unbacked(data: Data, pages: Mapping[str, str] | None = None, broken: bool = False) -> list[Problem]:
    """A problem for each comparative sentence nothing backs, at its file and line. ``broken``: the guide has
    errors, and ``data`` holds only its valid records; a sentence that quotes a claim they do not hold (the claim
    is broken, or unknown: an error says so already) is left out."""
    found = [s for s in sentences(data, pages) if not s.backed_by]
    if broken:
        found = [s for s in found if not any(":" not in m.group(1) for m in REFERENCE.finditer(s.text))]
    return [s.problem(_why(s)) for s in found]


def _why(s: Sentence) -> str:
    words = ", ".join(repr(w) for w in dict.fromkeys(s.uncovered))
    text = f"states a comparison nothing backs: {_short(s.text)!r}"
    if s.statements:
        text += f" ({words} outside the words of the statement attached to it)"
    elif s.shared:
        text += " (the words of a statement it holds are in another sentence too, so it backs neither)"
    return (
        f"{text}; quote a claim ([[claim-id]]) or back it with a checked statement in claims.yml (statements: "
        "says, table, series, direction, than)"
    )


def _short(text: str, most: int = 120) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
