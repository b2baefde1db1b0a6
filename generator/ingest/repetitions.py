"""A cell that already holds a run takes another only as a repetition the import names (``--repetition``).

The runs a cell holds are named as messages name them (``runs/serving/ab12-x.json (run 2)``); a run added by
an import that is not one of them is refused, naming both, unless the request says it repeats them. An entry
that names no metric (it follows its table's ``metrics:``) is the same run as one that names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from generator import schema
from generator.read.formats.dispatch import split_metric, split_part

#: A run a cell holds: (path, metric) of its file entry, and its name in messages.
Held = tuple[tuple[str, str], str]


class _Request(Protocol):
    @property
    def repetition(self) -> bool: ...


class Planned(Protocol):
    """What an import would file in one cell (:class:`generator.ingest.planning.Planned`)."""

    @property
    def table(self) -> schema.MeasurementTable: ...
    @property
    def row(self) -> str: ...
    @property
    def series(self) -> str: ...
    @property
    def entries(self) -> list[dict[str, Any]]: ...
    @property
    def describe(self) -> list[str]: ...
    @property
    def request(self) -> _Request: ...
    @property
    def source(self) -> str: ...
    @property
    def held(self) -> list[Held]: ...


def held_runs(row: schema.Row, series: schema.Series) -> list[Held]:
    """The runs a cell holds now, named as messages name them: ``runs/serving/ab12-x.json (output_throughput)``."""
    value = row.values.get(series.id)
    if not isinstance(value, schema.Runs):
        return []
    if value.files is None:
        return [(("", ""), f"typed run {v:g}") for v in value.runs or ()]
    return [
        ((ref.path, ref.metric or ""), ref.path + (f" ({ref.metric})" if ref.metric else "")) for ref in value.files
    ]


def refuse_unasked_repetitions(plans: Sequence[Planned], problems: list[str]) -> None:
    """A run added to a cell that already holds another one (before the import, or from an earlier file of
    it) is a repetition only when the request says so; otherwise the problem names both runs."""
    held: dict[tuple[str, str, str], list[Held]] = {}
    for plan in plans:
        cell = (plan.table.id, plan.row, plan.series)
        there = held.setdefault(cell, list(plan.held))
        new = [
            (entry, line)
            for entry, line in zip(plan.entries, plan.describe, strict=True)
            if not any(_same(key, (entry["path"], entry.get("metric", ""))) for key, _ in there)
        ]
        if new and there and not plan.request.repetition:
            old = "; ".join(name for _, name in there[:3]) + (f" and {len(there) - 3} more" if len(there) > 3 else "")
            runs = "; ".join(_named(entry) for entry, _ in new[:3])
            problems.append(
                f"{plan.source}: {' / '.join(cell)} already holds {old}; this import adds {runs}, a different run."
                " Pass --repetition if it repeats the same measurement (`repetition: true` in a mapping file);"
                " otherwise file it under the row it ran"
            )
        for entry, _ in new:
            key = (entry["path"], entry.get("metric", ""))
            there.append((key, _named(entry)))


def _same(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """One file's one run: a metric left out (the table's) is the same as one named, and ``run 2`` (the table's
    metric) is ``run 2: x``."""
    return a[0] == b[0] and (_run_of(a[1]) == _run_of(b[1]) or not a[1] or not b[1])


def _run_of(metric: str) -> str:
    part, rest = split_part(metric)
    number, name = split_metric(rest)
    return f"{part}: run {number}" if part and number else f"run {number}" if number else metric


def _named(entry: dict[str, Any]) -> str:
    return str(entry["path"]) + (f" ({entry['metric']})" if entry.get("metric") else "")
