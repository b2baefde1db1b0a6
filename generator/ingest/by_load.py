"""Which row of a sweep table a run goes to when the import names none: the row of the load its file states.

A sweep table (``sweep: {load: concurrency}``) has one row per context and load, each stating its load in
``workload``. A run imported without ``--row`` goes to the row of the given context (none: the rows with no
context) whose load is the one the run's own file states, the same fact the comparability guard compares
(:mod:`generator.ingest.guard`). Where the table has no such row the import creates it:

```yaml
  - id: east-concurrency-32          # <context>-<load key>-<load>; request_rate -> request-rate, 0.5 -> 0p5
    label: East conc 32              # the context's name, the sweep's label (or its key), the load
    context: east
    workload: {concurrency: 32}
    values: {road: not measured, cargo: not measured}   # the imported cell then holds its files
```

So a file holding a whole sweep (a benchmark tool's sweep summary, a file of one run a line) lands in one
command, one row per load. A run whose file states no load, or states one no row can (``inf``, a word, zero), is
refused naming the file, the key and where it says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from generator import schema
from generator.model import load_label, load_of, load_text
from generator.read.formats.tool_output import ToolRun


@dataclass(frozen=True)
class NewRow:
    """A row a sweep import adds to a table: the first run filed at a load the table has no row for."""

    table: str
    id: str
    label: str
    context: str | None
    key: str
    load: int | float
    series: tuple[str, ...]

    def fields(self) -> dict[str, Any]:
        """The row as its YAML states it, every series ``not measured`` until the import fills its cell."""
        out: dict[str, Any] = {"id": self.id, "label": self.label}
        if self.context is not None:
            out["context"] = self.context
        out["workload"] = {self.key: self.load}
        out["values"] = dict.fromkeys(self.series, "not measured")
        return out

    def describe(self) -> str:
        """``row concurrency-64 (conc 64) of table throughput``, for the output."""
        return f"row {self.id} ({self.label}) of table {self.table}"


#: The rows a sweep import creates, shared by its requests: (table, context, load) -> the row.
Creating = dict[tuple[str, str | None, float], NewRow]
#: Where a request's runs go: a row (the table's, or one the import creates) and the runs (numbered from 1) it takes.
Target = tuple[schema.Row | NewRow, list[tuple[int, ToolRun]]]


def stated_load(run: ToolRun, key: str) -> tuple[int | float | None, str]:
    """The load the run's file states under ``key``, as a row writes it (``32``, ``0.5``), or why there is none
    a row can state (empty when there is one)."""
    stated = run.workload.get(key)
    if stated is None:
        return None, f"the file states no {key} (the sweep's load), so it has no row to go to; pass --row"
    value = stated.value
    number: float | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    if number is None or not math.isfinite(number) or number <= 0:
        return None, (
            f"{stated.where}: the file states {key} {value}, not a load a row of the sweep can state"
            " (a positive number); pass --row"
        )
    return (int(number) if number.is_integer() else number), ""


def row_at(table: schema.MeasurementTable, context: str | None, load: float) -> schema.Row | None:
    """The row of ``table`` in ``context`` that states ``load``, if it has one."""
    return next((r for r in table.rows if r.context == context and load_of(table, r) == float(load)), None)


def new_row(table: schema.MeasurementTable, context: schema.Context | None, load: int | float) -> NewRow:
    """The row a sweep import creates for ``load`` in ``context``: ``concurrency-32`` labelled ``conc 32``."""
    assert table.sweep is not None
    key = table.sweep.load
    text = load_text(load)
    row_id = f"{key.replace('_', '-')}-{text.replace('.', 'p').replace('+', '')}"
    label = f"{load_label(table)} {text}"
    if context is not None:
        row_id, label = f"{context.id}-{row_id}", f"{context.name} {label}"
    return NewRow(
        table.id,
        row_id,
        label,
        context.id if context is not None else None,
        key,
        load,
        tuple(s.id for s in table.series),
    )


def by_load(
    table: schema.MeasurementTable,
    context: schema.Context | None,
    chosen: list[tuple[int, ToolRun]],
    several: bool,
    source: str,
    problems: list[str],
    creating: Creating,
) -> list[Target]:
    """The runs of a request that names no row, grouped by the load each one's file states, each group with
    the sweep row of that load in ``context`` (the table's, or one this import creates)."""
    assert table.sweep is not None
    key, context_id = table.sweep.load, context.id if context is not None else None
    groups: dict[float, list[tuple[int, ToolRun]]] = {}
    stated: dict[float, int | float] = {}
    for number, run in chosen:
        load, why = stated_load(run, key)
        if load is None:
            problems.append(f"{source}{f' (run {number})' if several else ''}: {why}")
            continue
        groups.setdefault(float(load), []).append((number, run))
        stated[float(load)] = load
    if sum(map(len, groups.values())) < len(chosen):
        return []  # a run states no load a row can: nothing of this file is filed
    targets: list[Target] = []
    for load, runs in groups.items():
        row: schema.Row | NewRow | None = row_at(table, context_id, load)
        if row is None:
            row = creating.get((table.id, context_id, load))
        if row is None:
            row = new_row(table, context, stated[load])
            taken = next((r for r in table.rows if r.id == row.id), None)
            if taken is not None:
                problems.append(
                    f"{source}: the row for {key} {stated[load]}{f' in context {context_id}' if context_id else ''}"
                    f" would be {row.id}, but table {table.id} has a row of that id for another load or context;"
                    " rename that row, or pass --row"
                )
                continue
            creating[(table.id, context_id, load)] = row
        targets.append((row, runs))
    return targets
