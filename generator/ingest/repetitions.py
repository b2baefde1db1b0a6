"""A cell that already holds a run takes another only as a repetition the import names (``--repetition``),
and only one that agrees with it.

The runs a cell holds are named as messages name them (``runs/serving/ab12-x.json (run 2)``); a run added by
an import that is not one of them is refused, naming both, unless the request says it repeats them. An entry
that names no metric (it follows its table's ``metrics:``) is the same run as one that names it.

A repetition agrees with its cell on every set-up fact both files state (framework, model, concurrency ...),
whether or not the guide states it too: a run on one framework is no repetition of a run on another. One that
differs is refused naming both files and the fact, unless the request gives a reason (``--accept-difference``),
which is kept with the run like any accepted difference.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from generator import schema
from generator.kept_metric import read_metric
from generator.read.formats.dispatch import split_metric, split_part
from generator.read.formats.tool_output import Stated, same_stated
from generator.read.runs import RunFileError, read_run_file

#: A run a cell holds: (path, metric) of its file entry, and its name in messages.
Held = tuple[tuple[str, str], str]


class _Request(Protocol):
    @property
    def repetition(self) -> bool: ...
    @property
    def accept(self) -> str | None: ...


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
    @property
    def stated(self) -> list[Mapping[str, Stated]]: ...


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


def refuse_unlike_repetitions(plans: Sequence[Planned], data_dir: Path, problems: list[str], store: str | None) -> None:
    """Each run added to a cell agrees with every run the cell holds (its kept files, and those an earlier file
    of this import adds) on every set-up fact both files state; otherwise the problem names both. ``store``: the
    guide's store of kept files (``kept_files.store``), where a kept file the data folder lacks is found."""
    seen: dict[tuple[str, str, str], list[tuple[str, Mapping[str, Stated]]]] = {}
    for plan in plans:
        cell = (plan.table.id, plan.row, plan.series)
        there = seen.setdefault(cell, _kept_setups(data_dir, plan.table, plan.row, plan.series, store))
        for entry, stated in zip(plan.entries, plan.stated, strict=True):
            name = _named(entry)
            others = [(other, facts) for other, facts in there if other != name]
            unlike = [
                f"{key}: {plan.source} states {theirs.value} ({theirs.where}),"
                f" {other} states {ours.value} ({ours.where})"
                for other, facts in others
                for key, theirs in stated.items()
                if (ours := facts.get(key)) is not None and not same_stated(key, ours.value, theirs.value)
            ]
            if unlike and not plan.request.accept:
                problems.append(
                    f"{plan.source}: {' / '.join(cell)}: this run is no repetition of the run(s) the cell holds,"
                    " their files state a different set-up (a repetition agrees with its cell on every fact both"
                    ' files state); file it under the row or series it ran, or pass --accept-difference "why":'
                    + "".join(f"\n    {line}" for line in unlike)
                )
            elif unlike:
                accepted = entry.setdefault("accepted", {"reason": plan.request.accept, "differences": []})
                accepted["differences"] += [line.replace(f"{plan.source} ", "the file ", 1) for line in unlike]
            there.append((name, stated))


def _kept_setups(
    data_dir: Path, table: schema.MeasurementTable, row_id: str, series: str, store: str | None
) -> list[tuple[str, Mapping[str, Stated]]]:
    """What each kept file of a cell states of its run's set-up, named as messages name it, read as the build reads
    it (:func:`generator.read.runs.read_run_file`: from the data folder or the store, within the size limit, its
    sha256 checked; a file that cannot be read states nothing here: the build reports it)."""
    row = next((r for r in table.rows if r.id == row_id), None)
    value = row.values.get(series) if row is not None else None
    if row is None or not isinstance(value, schema.Runs) or not value.files:
        return []
    out: list[tuple[str, Mapping[str, Stated]]] = []
    for ref in value.files:
        try:
            metric = read_metric(table, row, series, ref)
            run = read_run_file(data_dir, ref.path, ref.sha256, ref.format, metric, None, store)
        except RunFileError:
            continue
        stated = {key: Stated(fact, where) for key, (fact, where) in run.workload.items()}
        out.append((ref.path + (f" ({ref.metric})" if ref.metric else ""), stated))
    return out
