"""Rule: every set-up key the data states is one ``guide.yml`` declares, a numeric key holds numbers, and a sweep
varies a numeric key."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator import schema, setup_keys
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at, measurement_tables
from generator.read.yaml_source import Loc


def _workloads(data: Data) -> Iterator[tuple[Any, Loc, schema.Workload]]:
    """Every ``workload:`` of the guide: (record, where in it, the mapping)."""
    for i, c in enumerate(data.guide.contexts):
        yield data.guide, ("contexts", i, "workload"), c.workload
    for o in data.options:
        yield o, ("workload",), o.workload
    for t in measurement_tables(data):
        yield t, ("workload",), t.workload
        for i, s in enumerate(t.series):
            yield t, ("series", i, "workload"), s.workload
        for i, r in enumerate(t.rows):
            yield t, ("rows", i, "workload"), r.workload


def _number(value: object) -> bool:
    """A number, or a text that reads as one (``inf``: all requests at once)."""
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return not isinstance(value, bool)


def setup_keys_declared(data: Data) -> list[Problem]:
    """Each key of a ``workload:``, a campaign fact's ``key:`` and a sweep's ``load`` is declared in
    ``setup_keys`` (or, for a guide that declares none, is one the engine's readers state); a numeric key's
    values are numbers; a sweep's load is numeric; no key is declared twice."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for i, key in enumerate(data.guide.setup_keys):
        if key.id in seen:
            problems.append(at(data, data.guide, ("setup_keys", i, "id"), f"duplicate set-up key {key.id!r}"))
        seen.add(key.id)
    keys = setup_keys.declared(data.guide)
    kind = "set-up key (declare it in guide.yml setup_keys)"
    for record, loc, workload in _workloads(data):
        for name, value in workload.items():
            where = (*loc, name)
            if name not in keys:
                problems.append(at(data, record, where, expect(kind, name, keys)))
            elif keys[name].numeric and not _number(value):
                problems.append(at(data, record, where, f"{name!r} is a numeric set-up key: expected a number"))
    for c in data.campaigns:
        for i, fact in enumerate(c.environment):
            if fact.key is not None and fact.key not in keys:
                problems.append(at(data, c, ("environment", i, "key"), expect(kind, fact.key, keys)))
    for t in measurement_tables(data):
        if t.sweep is None:
            continue
        load = t.sweep.load
        if load not in keys:
            problems.append(at(data, t, ("sweep", "load"), expect(kind, load, keys)))
        elif not keys[load].numeric:
            problems.append(at(data, t, ("sweep", "load"), f"a sweep varies a numeric set-up key; {load!r} is not"))
    return problems
