"""The comparability guard: a run is filed only under a row whose set-up it does not contradict.

A row (or its table, or its campaign) states what every run under it ran: the table's and the
row's ``workload``, and the campaign's environment facts that carry a ``key``. A tool's file states
some of the same facts about itself, under the keys the guide declares (``setup_keys:`` of ``guide.yml``; the
built-in readers state theirs under :mod:`generator.workload`'s names, a map under any declared key). Where
both state a fact and they differ, the run measured something else,
and the importer refuses it unless the author says why (``--accept-difference "reason"``); the
reason and the differences are then kept with the run and shown on the page.

Where either side is silent nothing is compared: a client-side benchmark does not know what
served it, and the guide never guesses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import schema, setup_keys
from generator.check.file_workload import Expected, guide_states
from generator.ingest.by_load import NewRow
from generator.model import Data
from generator.read.formats.tool_output import Stated, ToolRun, same_stated

__all__ = ["Difference", "Expected", "differences", "expected_workload"]


@dataclass(frozen=True)
class Difference:
    """A fact the run's file and the row state differently."""

    field: str
    expected: Expected
    stated: Stated

    def __str__(self) -> str:
        unit = self.expected.unit
        said = f"ran at {self.stated.value} {unit}" if unit else f"states {self.stated.value}"
        place = f" ({self.expected.place})" if self.expected.place else ""
        return (
            f"{self.field}: the file {said} ({self.stated.where}),"
            f" {self.expected.scope} states {self.expected.value}{place}"
        )


def differences(run: ToolRun, expected: Mapping[str, Expected]) -> list[Difference]:
    """Every field both the run and the row state, where they differ, in a fixed order."""
    found = []
    for name in expected:  # every key the guide states for the row (each one it declares)
        ours, theirs = expected.get(name), run.workload.get(name)
        if ours is not None and theirs is not None and not same_stated(name, ours.value, theirs.value):
            found.append(Difference(name, ours, theirs))
    return found


def expected_workload(
    data: Data,
    table: schema.MeasurementTable,
    row: schema.Row | NewRow,
    series: schema.Series,
    data_dir: Path | None = None,
) -> dict[str, Expected]:
    """What the guide states about every run of ``series`` under ``row`` (:func:`guide_states`: its campaign's
    keyed environment facts, the table's ``workload``, the row's context's, the option's, the series', the
    row's), each with the file and line that states it; a row the import creates states its load."""

    def place(record: Any, loc: tuple[str | int, ...]) -> str:
        return _place(data, data_dir, record, loc)

    if isinstance(row, NewRow):
        out = guide_states(data, table, series, place, context=row.context)
        key = setup_keys.declared(data.guide).get(row.key)
        out[row.key] = Expected(row.load, f"the row {row.id} this import creates", unit=key.unit if key else None)
        return out
    return guide_states(data, table, series, place, context=row.context, row=row)


def _place(data: Data, data_dir: Path | None, record: Any, loc: tuple[str | int, ...]) -> str:
    """``data/tables/serving.yml:12``: the file and line of ``loc`` in the document ``record`` came from."""
    try:
        doc = data.doc(record)
    except KeyError:
        return ""
    file = doc.file if data_dir is None else data_dir / doc.file
    line = doc.line_of(loc)
    return f"{file}:{line}" if line else str(file)
