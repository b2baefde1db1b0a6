"""Rule: Every ``[[reference]]`` in any text names a claim, a fact or ``option:<id>``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.check.common import expect
from generator.errors import Problem
from generator.model import REFERENCE, Data, at, facts
from generator.read.yaml_source import Loc


def _strings(value: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, (*loc, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, (*loc, i))


def prose_references(data: Data) -> list[Problem]:
    """Every ``[[reference]]`` in any text names a claim, a fact or ``option:<id>``."""
    numbers = {c.id for c in data.claims.claims} | {f.id for _, _, f in facts(data)}
    options = {o.id for o in data.options}
    problems = []
    records: list[Any] = [data.guide, data.recommendation, *data.options, *data.campaigns, *data.tables]
    if data.decisions is not None:
        records.append(data.decisions)
    for record in records:
        doc = data.doc(record)
        for loc, text in _strings(doc.data, ()):
            for match in REFERENCE.finditer(text):
                name = match.group(1).strip()
                if name.startswith("option:"):
                    if name[7:] not in options:
                        problems.append(at(data, record, loc, expect("option", name[7:], options)))
                elif name not in numbers:
                    problems.append(at(data, record, loc, expect("claim or fact", name, numbers)))
    return problems
