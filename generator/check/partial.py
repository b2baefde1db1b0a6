"""Checking a guide some of whose records are broken, without reporting consequences twice.

When a record fails to load or fails its schema check it is left out of the
typed data, and cross-record checks still run on the records that passed, so
one run reports as much as it can. References to a left-out record would then
read as "unknown option 'b'": those are consequences of the first problem,
not new ones, and are dropped.

A broken record that :mod:`generator.check.salvage` could salvage (the record
without its failing parts) is checked in a second pass, with the valid ones:
of that pass only the unknown references the first did not report are kept
(:func:`new_references`), so a bad value no longer hides an unknown reference
in the same file. Everything the salvage removed counts as left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from generator.errors import Problem
from generator.read.load import RawGuide

_UNKNOWN = re.compile(r"unknown ([\w ]+?) '([^']*)'")

#: What a file that could not be read at all might have defined, by its folder or name.
_DEFINES = {
    "options": {"option"},
    "campaigns": {"campaign"},
    "tables": {"measured table", "claim or fact"},
    "claims.yml": {"claim or fact"},
}


@dataclass
class LeftOut:
    """What is missing from partial data: ids of broken records, and kinds of which any may be missing."""

    names: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)
    short: set[str] = field(default_factory=set)
    """Kinds whose lists of known ids lack a broken record."""


def left_out(raw: RawGuide, problems: list[Problem], removed: Mapping[str, list[Any]] | None = None) -> LeftOut:
    """Everything a broken or unreadable file may have defined.

    A file that was read but failed its schema check gives its file name
    (``options/<id>.yml``) and every ``id`` written in it. A file that could not
    be read at all, or a folder with no records, gives the kinds of thing it
    may have defined. ``removed`` holds, for each salvaged file, what salvaging
    removed: every name written in it is left out too, and the record itself is listed.
    """
    files = {p.file for p in problems}
    read = {doc.file: doc for docs in raw.documents.values() for doc in docs}
    removed = removed or {}
    out = LeftOut()
    for name in files:
        path = PurePosixPath(name)
        defines = _DEFINES.get(path.parts[0] if path.parts else "", set())
        out.names.add(path.stem)
        if name in removed:
            out.names |= set(_words(removed[name]))
        else:
            out.short |= defines
        if name in read:
            out.names |= set(_ids(read[name].data))
        elif path.parts[:1] != ("options",) or name == "options/":  # an option's id is its file name
            out.kinds |= defines
    return out


def _ids(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and isinstance(item, str):
                yield item
            yield from _ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _ids(item)


def _words(value: Any) -> Iterator[str]:
    """Every text in ``value``: keys and values at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _words(item)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)


def new_references(first: list[Problem], second: list[Problem]) -> list[Problem]:
    """The unknown references of the second pass (salvaged records in) that the first did not report.

    Only unknown references are kept: any other problem of that pass may follow
    from what salvaging removed (a series with no value, a level not covered).
    The same reference is the same file, line, field, kind and name, whatever
    list of expected names the message gives.
    """
    seen = {_reference(p) for p in first}
    out = []
    for problem in second:
        key = _reference(problem)
        if key is not None and key not in seen:
            seen.add(key)
            out.append(problem)
    return out


def _reference(problem: Problem) -> tuple[str, int, str, str, str] | None:
    match = _UNKNOWN.match(problem.message)
    return None if match is None else (problem.file, problem.line, problem.field, match.group(1), match.group(2))


def drop_consequences(found: list[Problem], missing: LeftOut) -> list[Problem]:
    """Cross-record problems that do not follow from a left-out record.

    Those kept say so when their list of expected names leaves broken records out.
    """
    kept = []
    for problem in found:
        match = _UNKNOWN.match(problem.message)
        if match is None:
            kept.append(problem)
        elif match.group(1) not in missing.kinds and match.group(2) not in missing.names:
            note = " (records with problems are not listed)" if match.group(1) in missing.short else ""
            kept.append(Problem(problem.file, problem.line, problem.field, problem.message + note))
    return kept
