"""Whether a regular expression a map gives runs in time linear in the line it searches.

A map's ``pattern`` is searched in every line of a file (lines of at most 64 KiB, :func:`text_lines`) by
Python's backtracking engine. Three shapes make such a search take longer than linear, and each is refused
with why, before any file is read:

* **a repetition inside a repetition** (``(\\d+)+``, ``(a*)*``) or **alternatives inside one** (``(a|ab)+``):
  the ways to split a line between them grow exponentially;
* **two unbounded repetitions that can match the same characters, one after the other** (``\\d+\\d+``,
  ``.*x.*``, ``\\s*\\s*``) with nothing between them that the first cannot match: the ways to split grow as a
  power of the length;
* **a search that can start again inside the text an earlier start read**: the pattern must start with
  ``^`` or with a literal character no unbounded repetition of it can match (``Throughput:\\s+...`` starts with
  ``T``, which neither ``\\s`` nor ``[0-9.]`` matches), so that the starts it tries read disjoint stretches.

Also refused: back-references, look-arounds and conditionals (each can re-read the line), inline flags, and a
pattern longer than :data:`MAX_PATTERN`. What is accepted is what the built-in readers' own patterns are
(``tests/test_reader_linear.py`` measures those, and the maps' too, on inputs ten times larger).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

_parser: Any = importlib.import_module("re._parser")  # the parser ``re`` itself uses (no public interface)
_c: Any = importlib.import_module("re._constants")

#: The longest pattern a map may give.
MAX_PATTERN = 500
#: A repetition of more than this many times counts as unbounded.
BOUNDED = 256

#: Characters a set is tried on: the first 768 code points (Latin, punctuation, digits, spaces) and some beyond.
_SAMPLE = "".join(map(chr, range(768))) + "\u2028\u3000\u00b5\u03bc\u2009\uff10\u0660"
_CATEGORIES = {
    _c.CATEGORY_DIGIT: r"\d",
    _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_SPACE: r"\s",
    _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_WORD: r"\w",
    _c.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)


class UnsafePattern(ValueError):
    """A pattern that is not a regular expression, or one whose search may take more than linear time."""


@dataclass(frozen=True)
class _Atom:
    chars: frozenset[str]  # what it can match, on :data:`_SAMPLE` and the pattern's own literals
    low: int
    high: int  # ``BOUNDED + 1`` for unbounded
    literal: str = ""  # the one character of a literal


def _category(name: Any, sample: str) -> frozenset[str]:
    found = re.compile(_CATEGORIES[name])
    return frozenset(ch for ch in sample if found.fullmatch(ch))


def _in(items: list[tuple[Any, Any]], sample: str) -> frozenset[str]:
    chars: set[str] = set()
    negate = False
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            chars.add(chr(av))
        elif op is _c.RANGE:
            chars |= {ch for ch in sample if av[0] <= ord(ch) <= av[1]}
        elif op is _c.CATEGORY:
            chars |= _category(av, sample)
        else:
            raise UnsafePattern(f"a character class this check does not know ({op})")
    return frozenset(ch for ch in sample if ch not in chars) if negate else frozenset(chars)


def _chars(items: list[tuple[Any, Any]], sample: str) -> frozenset[str]:
    """Every character any part of ``items`` can match."""
    out: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            out.add(chr(av))
        elif op is _c.NOT_LITERAL:
            out |= {ch for ch in sample if ord(ch) != av}
        elif op is _c.ANY:
            out |= {ch for ch in sample if ch != "\n"}
        elif op is _c.IN:
            out |= _in(av, sample)
        elif op in _REPEATS:
            out |= _chars(list(av[2]), sample)
        elif op is _c.SUBPATTERN:
            out |= _chars(list(av[3]), sample)
        elif op is _c.ATOMIC_GROUP:
            out |= _chars(list(av), sample)
        elif op is _c.BRANCH:
            for branch in av[1]:
                out |= _chars(list(branch), sample)
    return frozenset(out)


def _nested(items: list[tuple[Any, Any]], in_repeat: bool) -> None:
    """Refuse what can re-read the line: back-references, look-arounds, nested or alternating repetitions."""
    for op, av in items:
        if op in (_c.GROUPREF, _c.GROUPREF_EXISTS):
            raise UnsafePattern("a back-reference or conditional group can make the search re-read the line")
        if op in (_c.ASSERT, _c.ASSERT_NOT):
            raise UnsafePattern("a look-ahead or look-behind can make the search re-read the line")
        if op in _REPEATS:
            low, high, body = av
            repeats = high > 1 and low != high
            if repeats and in_repeat:
                raise UnsafePattern("a repetition inside a repetition can backtrack exponentially")
            if high > 1 and any(o is _c.BRANCH for o, _ in body):
                raise UnsafePattern("alternatives inside a repetition can backtrack exponentially")
            _nested(list(body), in_repeat or high > 1)
        elif op is _c.SUBPATTERN:
            if av[1] or av[2]:
                raise UnsafePattern("inline flags are not taken: write the pattern for the text as it is")
            _nested(list(av[3]), in_repeat)
        elif op is _c.ATOMIC_GROUP:
            _nested(list(av), in_repeat)
        elif op is _c.BRANCH:
            if in_repeat:
                raise UnsafePattern("alternatives inside a repetition can backtrack exponentially")
            for branch in av[1]:
                _nested(list(branch), in_repeat)


def _atoms(items: list[tuple[Any, Any]], sample: str) -> list[_Atom]:
    """The pattern as a sequence of single-width steps, groups opened in place."""
    out: list[_Atom] = []
    for op, av in items:
        if op is _c.SUBPATTERN:
            out += _atoms(list(av[3]), sample)
        elif op is _c.ATOMIC_GROUP:
            out += _atoms(list(av), sample)
        elif op in _REPEATS:
            low, high, body = av
            out.append(_Atom(_chars(list(body), sample), low, min(high, BOUNDED + 1)))
        elif op is _c.BRANCH:
            mandatory = all(any(o is not _c.AT and (o not in _REPEATS or a[0] >= 1) for o, a in b) for b in av[1])
            unbounded = any(o in _REPEATS and a[1] > BOUNDED for b in av[1] for o, a in _walk(list(b)))
            out.append(_Atom(_chars([(op, av)], sample), int(mandatory), BOUNDED + 1 if unbounded else BOUNDED))
        elif op is _c.AT:
            continue
        else:
            literal = chr(av) if op is _c.LITERAL else ""
            out.append(_Atom(_chars([(op, av)], sample), 1, 1, literal))
    return out


def _sequence(atoms: list[_Atom]) -> None:
    """Refuse two unbounded repetitions one after the other that can match the same characters."""
    open_sets: list[frozenset[str]] = []  # unbounded steps that may still be matching
    for atom in atoms:
        unbounded = atom.high > BOUNDED
        if unbounded and any(chars & atom.chars for chars in open_sets):
            raise UnsafePattern(
                "two unbounded repetitions can match the same characters one after the other (as in \\d+\\d+ or"
                " .*x.*): put between them something the first cannot match"
            )
        if atom.low >= 1:
            open_sets = [chars for chars in open_sets if chars & atom.chars]
        if unbounded:
            open_sets.append(atom.chars)


def check_linear(pattern: str, *, group: str | None = "value") -> re.Pattern[str]:
    """The compiled ``pattern``, or :class:`UnsafePattern` saying why it is refused (see the module's docstring).

    ``group`` is a named group the pattern must have (``value``: the number it reads)."""
    if len(pattern) > MAX_PATTERN:
        raise UnsafePattern(f"the pattern has {len(pattern)} characters; at most {MAX_PATTERN} are taken")
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        raise UnsafePattern(f"not a regular expression: {exc.msg} at position {exc.pos}") from None
    if group is not None and group not in compiled.groupindex:
        raise UnsafePattern(f"no group named {group!r}: write the number it reads as (?P<{group}>...)")
    parsed = _parser.parse(pattern)
    if parsed.state.flags & ~re.UNICODE:
        raise UnsafePattern("inline flags are not taken: write the pattern for the text as it is")
    items = list(parsed.data)
    _nested(items, False)
    sample = _SAMPLE + "".join(chr(av) for op, av in _walk(items) if op is _c.LITERAL)
    atoms = _atoms(items, sample)
    _sequence(atoms)
    anchored = bool(items) and items[0][0] is _c.AT and items[0][1] in (_c.AT_BEGINNING, _c.AT_BEGINNING_STRING)
    first = atoms[0] if atoms else None
    if not anchored:
        if first is None or not first.literal:
            raise UnsafePattern("start the pattern with ^ or with literal text (the words before the number)")
        if any(first.literal in atom.chars for atom in atoms if atom.high > BOUNDED):
            raise UnsafePattern(
                f"a repetition can match {first.literal!r}, the pattern's first character, so each place the search"
                " starts could read the rest of the line again: start with ^, or with text no repetition matches"
            )
    return compiled


def _walk(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every node of a parsed pattern."""
    out: list[tuple[Any, Any]] = []
    for op, av in items:
        out.append((op, av))
        if op in _REPEATS:
            out += _walk(list(av[2]))
        elif op is _c.SUBPATTERN:
            out += _walk(list(av[3]))
        elif op is _c.ATOMIC_GROUP:
            out += _walk(list(av))
        elif op is _c.BRANCH:
            for branch in av[1]:
                out += _walk(list(branch))
    return out
