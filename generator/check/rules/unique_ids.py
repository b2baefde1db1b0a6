"""Rule: Two records of one kind never share an id; claims and facts share one namespace."""

from __future__ import annotations

from typing import Any

from generator.errors import Problem
from generator.model import Data, at, facts
from generator.read.yaml_source import Loc


def unique_ids(data: Data) -> list[Problem]:
    """Two records of one kind never share an id; claims and facts share one namespace."""
    problems: list[Problem] = []
    groups: list[tuple[str, list[tuple[Any, Loc, str]]]] = [
        ("option", [(o, ("id",), o.id) for o in data.options]),
        ("campaign", [(c, ("id",), c.id) for c in data.campaigns]),
        ("table", [(t, ("id",), t.id) for t in data.tables]),
        (
            "claim or fact",
            [(data.claims, ("claims", i, "id"), c.id) for i, c in enumerate(data.claims.claims)]
            + [(t, ("facts", i, "id"), f.id) for t, i, f in facts(data)],
        ),
        ("column", [(data.guide, ("columns", i, "id"), c.id) for i, c in enumerate(data.guide.columns)]),
        ("context", [(data.guide, ("contexts", i, "id"), c.id) for i, c in enumerate(data.guide.contexts)]),
    ]
    for kind, items in groups:
        seen: dict[str, str] = {}
        for record, loc, ident in items:
            here = at(data, record, loc, "")
            if ident in seen:
                problems.append(at(data, record, loc, f"duplicate {kind} id {ident!r} (also in {seen[ident]})"))
            else:
                seen[ident] = f"{here.file}:{here.line}"
    return problems
