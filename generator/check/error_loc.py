"""Where a pydantic error points, as a path of the document's own keys and indexes."""

from __future__ import annotations

from typing import Any

from generator import schema
from generator.read.yaml_source import Loc


def doc_loc(data: Any, loc: tuple[Any, ...]) -> Loc:
    """Map a pydantic error location onto the document's keys.

    Pydantic puts the tag of a discriminated union (the value of ``kind``) into
    the location, right after the mapping it chose a model for; it is dropped
    there even when a key of the same name exists (a facts table has both
    ``kind: facts`` and ``facts:``). Other parts that are not keys of the data are
    dropped too, except the last one, which names a missing field, and except
    the tags pydantic adds for the kinds of a table value (:data:`schema.VALUE_TAGS`).
    """
    out: list[str | int] = []
    node = data
    tag_seen: int | None = None
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(node, dict) and not last and tag_seen != id(node) and node.get("kind") == part:
            tag_seen = id(node)
        elif part in schema.VALUE_TAGS and not (isinstance(node, dict) and part in node):
            continue  # which kind of table value pydantic tried: not a key of the document
        elif _has(node, part):
            node = node[part]
            out.append(part)
        elif last:
            out.append(part)
    return tuple(out)


def existing(data: Any, loc: Loc) -> Loc:
    """The longest start of ``loc`` that names a value present in ``data``."""
    node = data
    for i, part in enumerate(loc):
        if not _has(node, part):
            return loc[:i]
        node = node[part]
    return loc


def _has(node: Any, part: str | int) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
