"""Salvaging a record that fails its schema check: the same record without its failing parts.

A record with one bad value is left out of the typed data, so the references in
the rest of it would go unchecked until the bad value is fixed. Here a copy of
the document loses the smallest part each error points at (a key of a mapping,
an item of a list; for a missing field, the mapping that lacks it) and is
validated again, until it passes. The salvaged record is checked for unknown
references only (:func:`generator.check.partial.new_references`); its schema
errors are reported as before, from the document as written.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from generator.check.error_loc import doc_loc, existing
from generator.read.yaml_source import Document, Loc

#: Removal rounds before giving up; each round removes at least one value, and a
#: missing field moves the removal one level up, so a document needs about its depth.
MAX_ROUNDS = 40

#: Errors that mean a mapping lacks a field: the mapping itself goes.
_MISSING = {"missing"}


@dataclass
class Salvaged:
    """A record that passed its schema check once its failing parts were removed."""

    value: Any
    document: Document
    """The salvaged data, with the lines of the file and the original index of each list item kept."""
    removed: list[Any] = field(default_factory=list)
    """Every value removed, and the key it was under when it was a mapping's."""


def salvage(adapter: TypeAdapter[Any], doc: Document) -> Salvaged | None:
    """``doc`` without the parts that fail ``adapter``, validated; ``None`` when the record as a whole fails.

    The record as a whole fails when an error points at the top level (a required
    top-level field is missing, the kind is unknown) or when :data:`MAX_ROUNDS` are
    not enough.
    """
    data = copy.deepcopy(doc.data)
    kept: dict[int, list[int]] = {}  # id of a list in ``data`` -> original index of each item it still holds
    removed: list[Any] = []
    for _ in range(MAX_ROUNDS):
        try:
            value = adapter.validate_python(data)
        except ValidationError as exc:
            targets = {_target(data, err) for err in exc.errors()}
            if () in targets:
                return None
            _remove(data, _outermost(targets), kept, removed)
            continue
        except Exception:  # noqa: BLE001 - a validator tripped by what was removed: the record stays left out
            return None
        return Salvaged(value, Document(doc.file, data, doc.lines, _moved(data, kept)), removed)
    return None


def _target(data: Any, err: Any) -> Loc:
    """The smallest part of ``data`` that must go for this error to go."""
    loc = doc_loc(data, tuple(err["loc"]))
    present = existing(data, loc)
    if err["type"] in _MISSING and present == loc:  # the missing field's mapping is ``loc`` minus the field
        present = loc[:-1]
    return present


def _outermost(targets: set[Loc]) -> list[Loc]:
    """Targets not inside another target (in time linear in their number: a file may hold thousands)."""
    chosen: set[Loc] = set()
    for target in sorted(targets, key=len):
        if not any(target[:i] in chosen for i in range(len(target))):
            chosen.add(target)
    return list(chosen)


def _remove(data: Any, targets: list[Loc], kept: dict[int, list[int]], removed: list[Any]) -> None:
    """Remove every target; all are found before any goes, so list indexes stay right."""
    places: list[tuple[Any, str | int]] = []
    for loc in targets:
        parent = data
        for part in loc[:-1]:
            parent = parent[part]
        places.append((parent, loc[-1]))
    for parent, key in sorted(places, key=lambda p: -p[1] if isinstance(p[1], int) else 0):
        removed.append(parent[key])
        if isinstance(parent, list) and isinstance(key, int):
            index = kept.setdefault(id(parent), list(range(len(parent))))
            del index[key]
        else:
            removed.append(key)
        del parent[key]


def _moved(data: Any, kept: dict[int, list[int]], loc: Loc = ()) -> dict[Loc, tuple[int, ...]]:
    """``kept`` keyed by each list's location in the salvaged data."""
    out: dict[Loc, tuple[int, ...]] = {}
    if isinstance(data, list):
        if id(data) in kept:
            out[loc] = tuple(kept[id(data)])
        for i, item in enumerate(data):
            out |= _moved(item, kept, (*loc, i))
    elif isinstance(data, dict):
        for key, item in data.items():
            out |= _moved(item, kept, (*loc, key))
    return out
