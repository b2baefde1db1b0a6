"""The one bound on YAML aliases, applied wherever the engine reads YAML: data files, the round-trip
trees of ``migrate`` and the importer, every revision the history walk and ``generator diff`` read.

A "billion laughs" document defines a list, a list of ten aliases to it, a list of ten aliases to
that, and so on: nine lines that stand for a billion values. A reader that composes the document
shares the aliased node and stays small, but anything that then walks the values (a schema check, a
migration step, a copy) walks every one of them, and a build that reads an old commit hangs.

:func:`alias_problem` reads the document's parse events once, in time linear in its text, and
counts how many values it would expand to: a scalar is one, a list or mapping one plus its
contents, an alias as many as the node it names. A document with more than :data:`MAX_ALIASES`
aliases, or one that would expand to more than :data:`MAX_VALUES` values, is refused at the line
of the alias that crosses the bound, before anything composes or walks it. A text without a ``*``
has no alias and is not parsed twice.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

import yaml

#: The guide's data files hold no aliases; a hand-written file with more is not a data file.
MAX_ALIASES = 1000
#: As :data:`generator.read.yaml_source.MAX_NODES`: more values than a file within the size limit can
#: hold without aliases (each takes two bytes at least, as in ``[0,0,...]``).
MAX_VALUES = 256 * 1024 // 2

_Parser: Any = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


class TooManyAliases(ValueError):
    """A YAML document with more aliases, or alias expansion, than the bound; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line, self.message = line, message


def _pyyaml_events(text: str) -> Iterator[Any]:
    loader = _Parser(text)
    try:
        while loader.check_event():
            yield loader.get_event()
    finally:
        loader.dispose()


def expansion(events: Iterable[Any]) -> TooManyAliases | None:
    """Why the document of these parse events (PyYAML's or ruamel.yaml's) has too many aliases, or ``None``.

    Stops at the first event past a bound; a syntax error ends the count where it is (the reader that
    follows reports it)."""
    sizes: dict[str, int] = {}
    stack: list[list[Any]] = [[0, None]]  # per open list or mapping: [values so far, its anchor]
    aliases = 0
    try:
        for event in events:
            kind = type(event).__name__
            line = event.start_mark.line + 1 if event.start_mark is not None else 0
            if kind == "AliasEvent":
                aliases += 1
                if aliases > MAX_ALIASES:
                    return TooManyAliases(line, f"too many aliases (more than {MAX_ALIASES} *references)")
                stack[-1][0] += sizes.get(event.anchor, 1)
            elif kind == "ScalarEvent":
                stack[-1][0] += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif kind in ("SequenceStartEvent", "MappingStartEvent"):
                stack.append([1, event.anchor])
            elif kind in ("SequenceEndEvent", "MappingEndEvent") and len(stack) > 1:
                size, anchor = stack.pop()
                if anchor is not None:
                    sizes[anchor] = size
                stack[-1][0] += size
            else:
                continue
            if stack[-1][0] > MAX_VALUES:
                return TooManyAliases(
                    line, f"too many aliases (the document would expand to more than {MAX_VALUES} values)"
                )
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    except Exception as exc:
        if _ruamel_error(exc):
            return None
        raise
    return None


def _ruamel_error(exc: Exception) -> bool:
    """Whether ``exc`` is ruamel.yaml's parse error: only events from ruamel.yaml raise one, and then it is
    loaded (a build reads YAML with PyYAML alone and need not import ruamel.yaml for this)."""
    errors = sys.modules.get("ruamel.yaml.error")
    return errors is not None and isinstance(exc, errors.YAMLError)


def alias_problem(text: str) -> TooManyAliases | None:
    """:func:`expansion` of ``text`` as PyYAML parses it; ``None`` at once for a text without a ``*``."""
    if "*" not in text:
        return None
    return expansion(_pyyaml_events(text))


def check_ruamel(text: str, yaml_rt: Any) -> None:
    """Raise :class:`TooManyAliases` for ``text`` as ruamel.yaml (``yaml_rt``, a ``YAML``) parses it."""
    if "*" not in text:
        return
    found = expansion(yaml_rt.parse(text))
    if found is not None:
        raise found
