"""A text map's pattern, compiled by RE2: a search takes time linear in the file, whatever the pattern.

A map's ``pattern`` (and a text ``runs``) is searched over the whole file by google-re2 (RE2 compiles a
pattern to an automaton, so no pattern makes it read the same text again and again). The file is searched as
one text, so a pattern may span lines (``\\n``) and anchor on the title lines above its value; ``^`` and ``$``
match at each line's start and end, and ``.`` does not match a line break.

What RE2 cannot run is refused at the map's line, with why: a back-reference, a look-ahead or look-behind, a
conditional, an atomic group or a possessive repetition; a counted repetition of more than 1000 in all (``{n,m}``
inside ``{n,m}`` multiplies); a pattern longer than :data:`MAX_PATTERN` characters or compiled to more than
:data:`MAX_PROGRAM` instructions (a search's time per character grows with the program), or needing more than
:data:`MAX_MEM` bytes of RE2's memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Protocol

import re2  # type: ignore[import-untyped]

#: The longest pattern a map may give.
MAX_PATTERN = 500
#: The most instructions a pattern's RE2 program may have (a counted repetition copies what it repeats).
MAX_PROGRAM = 1000
#: The memory RE2 may take for a pattern (its program and its automata): a program that needs more is refused
#: when it compiles ("pattern too large"), instead of being taken with RE2's default of 8 MiB. What reading a
#: whole file through a map's patterns may cost is :mod:`generator.read.maps.budget`'s.
MAX_MEM = 1 << 20


class PatternMatch(Protocol):
    def group(self, number: int = 0) -> str | None: ...
    def start(self, number: int = 0) -> int: ...


class Pattern(Protocol):
    """A compiled RE2 pattern (the calls of it this package makes)."""

    @property
    def groupindex(self) -> dict[str, int]: ...
    @property
    def programsize(self) -> int: ...
    def search(self, text: str) -> PatternMatch | None: ...
    def finditer(self, text: str) -> Iterator[PatternMatch]: ...


class UnsafePattern(ValueError):
    """A pattern that is not a regular expression RE2 runs, saying why."""


_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # a refusal is reported at the map's line, not as an absl line on stderr
_OPTIONS.max_mem = MAX_MEM

_OPERATORS = {
    "(?P=": "a back-reference ((?P=name)): RE2, which searches in linear time, has none",
    "(?=": "a look-ahead or look-behind: RE2, which searches in linear time, has none; match the text itself",
    "(?!": "a look-ahead or look-behind: RE2, which searches in linear time, has none; match the text itself",
    "(?<=": "a look-ahead or look-behind: RE2, which searches in linear time, has none; match the text itself",
    "(?<!": "a look-ahead or look-behind: RE2, which searches in linear time, has none; match the text itself",
    "(?(": "a conditional: RE2, which searches in linear time, has none",
    "(?>": "an atomic group: RE2 needs none (it never backtracks); write (?:...)",
    "(?#": "a comment group: RE2 has none",
}
_VALUE_GROUP = re.compile(r"\(\?P?<value>")


def _why(message: str, pattern: str) -> str:
    if message.startswith("invalid escape sequence: \\") and message[-1:].isdigit():
        return "a back-reference (\\1): RE2, which searches in linear time, has none"
    if message.startswith("invalid perl operator: "):
        operator = message.removeprefix("invalid perl operator: ")
        if operator == "(?P" and "(?P=" in pattern:
            operator = "(?P="
        return _OPERATORS.get(operator, f"not a regular expression RE2 runs: {message}")
    if message.startswith("bad repetition operator: ") and message.endswith(("++", "*+", "?+", "}+")):
        return "a possessive repetition: RE2 needs none (it never backtracks); write it without the +"
    if message.startswith("invalid repetition size"):
        return (
            f"a counted repetition of more than 1000 in all ({message}; a {{n,m}} inside a {{n,m}} multiplies):"
            " RE2 refuses so large a program"
        )
    if message.startswith("pattern too large"):
        return "the pattern compiles to a program larger than RE2 takes"
    return f"not a regular expression RE2 runs: {message}"


def compile_pattern(pattern: str, *, group: str | None = "value") -> Pattern:
    """``pattern`` compiled by RE2, or :class:`UnsafePattern` saying why it is refused (see the module).

    ``group`` is a named group the pattern must have, once (``value``: the number it reads)."""
    if len(pattern) > MAX_PATTERN:
        raise UnsafePattern(f"the pattern has {len(pattern)} characters; at most {MAX_PATTERN} are taken")
    try:
        compiled: Pattern = re2.compile("(?m)" + pattern, _OPTIONS)
    except re2.error as exc:
        raw = exc.args[0] if exc.args else exc
        message = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        raise UnsafePattern(_why(message, pattern)) from None
    if compiled.programsize > MAX_PROGRAM:
        raise UnsafePattern(
            f"the pattern compiles to {compiled.programsize} instructions; at most {MAX_PROGRAM} are taken"
            " (a counted repetition {n,m} copies what it repeats m times: write fewer, or a + or *)"
        )
    if group is not None:
        if group not in compiled.groupindex:
            raise UnsafePattern(f"no group named {group!r}: write the number it reads as (?P<{group}>...)")
        if group == "value" and len(_VALUE_GROUP.findall(pattern)) > 1:
            raise UnsafePattern("two groups named 'value': a pattern reads one number")
    return compiled
