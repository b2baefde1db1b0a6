"""The words that state a comparison, what each asserts, and where prose splits into sentences (text only).

A comparison is of speed (faster, slower, quicker, ahead, behind), size or count (smaller, larger, bigger, fewer,
"more ... than"), quality (better, worse, beats, outperforms), of a value (lower, higher), a tie, a factor
(``2×``, ``3x``) or "at every load"; a superlative (fastest, smallest, best, most, fewest ...) compares with all
the others. Each word has a **sense**: ``good`` and ``bad`` read in the polarity of the table they speak of
(faster in a latency table is a lower value), ``up`` and ``down`` are of the value itself (a smaller output is a
lower value), ``tie`` is a tie and ``factor`` a number.

What only looks like one is left out: a definition of direction (``higher is faster``, ``lower is better``, ``the
higher the better``), a bound (``at least``, ``at most``, ``more than 2 nodes``), and what a sentence
mentions rather than states: code spans. Text in double quotes is stated: a quoted comparison still compares.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_GOOD = r"faster|quicker|better|ahead|beats?|outperforms?"
_BEHIND = r"is|are|was|were|falls?|fell|lags?|stays?|trails?|far|well|just|slightly|comes?|came"
_BAD = rf"slower|worse|(?:(?:{_BEHIND})\s+behind)"
_UP = r"higher|larger|bigger|greater|(?:more|less)(?=(?:\s+[\w-]+){0,4}\s+than\b)"
_DOWN = r"lower|smaller|fewer"
_TOP_GOOD = r"fastest|quickest|best"
_TOP_BAD = r"slowest|worst"
_TOP_UP = r"highest|largest|biggest|greatest|(?<=the )most"
_TOP_DOWN = r"lowest|smallest|fewest|(?<=the )least"
_TIE = r"ties?|tied"
_OTHER = r"at every load|at all loads"

#: Every word that states a comparison, one named group per sense (``less ... than`` is read as ``down`` below).
WORDS = re.compile(
    rf"\b(?:(?P<good>{_GOOD})|(?P<bad>{_BAD})|(?P<up>{_UP})|(?P<down>{_DOWN})|(?P<top_good>{_TOP_GOOD})"
    rf"|(?P<top_bad>{_TOP_BAD})|(?P<top_up>{_TOP_UP})|(?P<top_down>{_TOP_DOWN})|(?P<tie>{_TIE})|(?P<other>{_OTHER}))\b"
    r"|(?P<factor>(?<![\d.])\d+(?:\.\d+)?\s?×|\b\d+(?:\.\d+)?x\b)",
    re.IGNORECASE,
)
_DIRECTION_WORDS = r"higher|lower|more|less|fewer|smaller|larger|bigger|greater"
_QUALITY_WORDS = rf"better|worse|faster|slower|smaller|larger|{_DIRECTION_WORDS}"
#: Phrases with a comparative word that compare nothing: which way a metric or an axis is better, and bounds.
NOT_COMPARING = re.compile(
    rf"\b(?:{_DIRECTION_WORDS})\s+(?:is|means|reads)\s+(?:{_QUALITY_WORDS})\b"
    rf"|\bthe\s+(?:{_DIRECTION_WORDS})\s+the\s+(?:{_QUALITY_WORDS})\b"
    r"|\bat\s+(?:least|most|best)\b|\bmost\s+of\b|\bthe\s+most\s+(?:specific|one|a|an|any|it|we|you|they)\b"
    r"|\b(?:more|less|fewer)\s+than\s+(?=\d|`)",
    re.IGNORECASE,
)
#: What a sentence mentions rather than states: code spans.
MENTIONED = re.compile(r"`[^`\n]*`")
LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
#: Where a sentence ends: after . ! or ? and a space, at a blank line, or before a list item or heading.
_BOUNDARY = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*(?:[-*+] |\d+\. |#|\|))")


@dataclass(frozen=True)
class Comparison:
    """One comparative word of a sentence: where it is, the word, and its sense."""

    start: int
    end: int
    word: str
    sense: str
    """``good``, ``bad``, ``up``, ``down``, ``tie``, ``factor`` or ``other``."""
    superlative: bool = False
    """Compares with every other (fastest, smallest, best, most)."""


def blank(pattern: re.Pattern[str], text: str, keep: str = "") -> str:
    """``text`` with every match of ``pattern`` written as blanks of its length (``keep``: a character kept at
    each end, the ``]`` of a link), so positions still point into the original."""

    def spaces(m: re.Match[str]) -> str:
        s = m.group(0)
        return keep + " " * (len(s) - len(keep)) if keep else " " * len(s)

    return pattern.sub(spaces, text)


def comparisons(text: str) -> list[Comparison]:
    """Every comparison ``text`` states (one sentence, on one line), at its position in ``text``.

    Code spans, link targets, definitions of direction and bounds are left out (a question still states
    what it asks about: "why is A 3× faster?")."""
    stated = blank(MENTIONED, blank(LINK_TARGET, blank(NOT_COMPARING, text), keep="]"))
    out = []
    for m in WORDS.finditer(stated):
        sense = m.lastgroup or "other"
        word = m.group(0)
        if sense == "up" and word.lower() == "less":
            sense = "down"
        top = sense.startswith("top_")
        out.append(Comparison(m.start(), m.end(), word, sense.removeprefix("top_"), top))
    return out


def may_compare(text: str) -> bool:
    """A cheap first look: whether ``text`` holds any comparative word at all."""
    return WORDS.search(text) is not None


def split(text: str) -> Iterator[tuple[int, str]]:
    """Each sentence of ``text`` with the number of line breaks before it."""
    start = 0
    for m in _BOUNDARY.finditer(text):
        yield text.count("\n", 0, start), text[start : m.start()]
        start = m.end()
    yield text.count("\n", 0, start), text[start:]
