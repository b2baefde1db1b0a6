"""Rule: versions and freshness rules name components ``guide.yml`` declares, each declared once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at, measurement_tables
from generator.read.yaml_source import Loc


def setups(data: Data) -> Iterator[tuple[Any, Loc, schema.Setup]]:
    """Every ``setup`` block of the guide: (record, where in it, the block)."""
    for c in data.campaigns:
        if c.setup is not None:
            yield c, ("setup",), c.setup
    for t in measurement_tables(data):
        if t.setup is not None:
            yield t, ("setup",), t.setup
        for i, s in enumerate(t.series):
            if s.setup is not None:
                yield t, ("series", i, "setup"), s.setup
        for i, r in enumerate(t.rows):
            if r.setup is not None:
                yield t, ("rows", i, "setup"), r.setup


def setup_components(data: Data) -> list[Problem]:
    """``setup.software`` keys and ``freshness.current`` keys are ids of ``components``."""
    problems = []
    known: list[str] = []
    for i, comp in enumerate(data.guide.components):
        if comp.id in known:
            problems.append(at(data, data.guide, ("components", i, "id"), f"duplicate component id {comp.id!r}"))
        known.append(comp.id)
    for record, loc, setup in setups(data):
        for name in setup.software:
            if name not in known:
                problems.append(at(data, record, (*loc, "software", name), expect("component", name, known)))
    if data.guide.freshness is not None:
        for name in data.guide.freshness.current:
            if name not in known:
                problems.append(at(data, data.guide, ("freshness", "current", name), expect("component", name, known)))
    return problems
