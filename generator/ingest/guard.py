"""The comparability guard: a run is filed only under a row whose set-up it does not contradict.

A row (or its table, or its campaign) states what every run under it ran: the table's and the
row's ``workload``, and the campaign's environment facts that carry a ``key``. A tool's file states
some of the same facts about itself, under the same names (see the format readers'
``WORKLOAD_FIELDS``, declared by the record format in :mod:`generator.workload`). Where
both state a fact and they differ, the run measured something else,
and the importer refuses it unless the author says why (``--accept-difference "reason"``); the
reason and the differences are then kept with the run and shown on the page.

Where either side is silent nothing is compared: a client-side benchmark does not know what
served it, and the guide never guesses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.check.file_workload import Expected
from generator.read.formats.tool_output import Stated, ToolRun, same_stated
from generator.workload import UNITS, WORKLOAD_FIELDS

__all__ = ["Difference", "Expected", "differences"]


@dataclass(frozen=True)
class Difference:
    """A fact the run's file and the row state differently."""

    field: str
    expected: Expected
    stated: Stated

    def __str__(self) -> str:
        unit = UNITS.get(self.field)
        said = f"ran at {self.stated.value} {unit}" if unit else f"states {self.stated.value}"
        place = f" ({self.expected.place})" if self.expected.place else ""
        return (
            f"{self.field}: the file {said} ({self.stated.where}),"
            f" {self.expected.scope} states {self.expected.value}{place}"
        )


def differences(run: ToolRun, expected: Mapping[str, Expected]) -> list[Difference]:
    """Every field both the run and the row state, where they differ, in a fixed order."""
    found = []
    for name in WORKLOAD_FIELDS:
        ours, theirs = expected.get(name), run.workload.get(name)
        if ours is not None and theirs is not None and not same_stated(name, ours.value, theirs.value):
            found.append(Difference(name, ours, theirs))
    return found
