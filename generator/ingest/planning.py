"""What an import would file, worked out before anything is written (:mod:`generator.ingest.importer` writes it).

For each :class:`Request` (one tool file to file under one table, row and series), :func:`plan_request`
reads the file with its format's reader, finds the cell (or, in a sweep table, the row of the load each run
states: :mod:`generator.ingest.by_load`), takes the metric the table declares for that format, checks the
unit and the run's set-up against the row's (the comparability guard, :mod:`generator.ingest.guard`), and
names where the raw file is kept (``runs/<table>/<sha256 prefix>-<name>``, or the copy the table already
keeps of the same sha256). Every problem is appended to one list, so that all of them are reported at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator import schema
from generator.ingest.by_load import Creating, NewRow, Target, by_load
from generator.ingest.guard import Difference, Expected, differences, expected_workload
from generator.ingest.inspect_file import read_source
from generator.ingest.repetitions import Held, held_runs
from generator.kept_metric import declared_metric
from generator.model import Data, measurement_tables
from generator.read.formats.dispatch import join_metric, parts_of, select_part, split_part
from generator.read.formats.tool_output import Stated, ToolOutputError, ToolRun, same_stated
from generator.read.formats.units import canonical_unit
from generator.read.maps import read_in_guide

#: Where raw files go, under the data folder.
RUNS_DIR = "runs"


@dataclass(frozen=True)
class Request:
    """One tool file to file under one cell."""

    format: str
    source: Path
    table: str
    row: str | None
    """The row's id; ``None`` in a sweep table: each run goes to the row of the load its file states."""
    series: str
    record: int | tuple[int, ...] | None = None
    """Which run of a file holding several (1 = the first), or which runs (a sweep's, from a file that also
    holds another: :func:`parse_records`); all of them when ``None``."""
    accept: str | None = None
    """Why a run whose set-up differs from the row's is still filed there; recorded with it."""
    origin: str = ""
    """Where the request came from (``sweep.yml:12``), for messages; empty on the command line."""
    part: str | None = None
    """Which test of a log of several (nccl-tests' ``alltoall_perf``); ``None``: the metric's, or the only one."""
    repetition: bool = False
    """The author says the runs repeat the ones the cell already holds (``--repetition``)."""
    context: str | None = None
    """With no ``row``: the context of the sweep rows the runs go to (rows match on context and load)."""


@dataclass
class Planned:
    """What one request files in one cell: the entries, the raw files and how to describe them."""

    table: schema.MeasurementTable
    file: Path  # the table's YAML
    row: str
    series: str
    entries: list[dict[str, Any]]
    raw: dict[str, bytes]  # path under the data folder -> content
    describe: list[str]
    request: Request
    source: str  # the file as messages name it
    held: list[Held]  # the runs the cell holds before this import
    create: NewRow | None = None  # the sweep row to add before filing the runs, when the table has none
    stated: list[Mapping[str, Stated]] = field(default_factory=list)  # each entry's run: the set-up its file states


def every_series(data: Data, requests: list[Request], problems: list[str]) -> list[Request]:
    """Each request that names no series (``--series`` left out) as one request per series of its table that
    names its own metric for the request's format: one file fills a whole row, each series with its number."""
    out = []
    for request in requests:
        if request.series:
            out.append(request)
            continue
        table = next((t for t in measurement_tables(data) if t.id == request.table), None)
        named = [s.id for s in table.series if s.metrics.get(request.format)] if table is not None else []
        if table is not None and not named:
            problems.append(
                f"{request.origin + ': ' if request.origin else ''}{request.source}: no --series, and no series of"
                f" table {table.id} names its own metric for {request.format} files: name one with --series, or give"
                f" each series the number it takes (`metrics: {{{request.format}: <metric>}}` on the series)"
            )
        out += [replace(request, series=s) for s in named] if named else [request] if table is None else []
    return out


def _sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


def _safe_name(name: str) -> str:
    """A file name kept readable but limited to characters every file system and URL takes."""
    kept = "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip(".-")
    return kept[:80] or "run"


#: The most runs one ``--record`` may name (a range is expanded).
MAX_RECORDS = 10_000


def parse_records(text: str) -> int | tuple[int, ...]:
    """The runs ``--record`` names: ``3`` is run 3; ``1-5`` runs 1 to 5; ``1,3,6-7`` runs 1, 3, 6 and 7 (in
    that order, each once). A :class:`ValueError` says why any other text is not such a list."""
    numbers: list[int] = []
    seen: set[int] = set()
    for piece in text.split(","):
        first, dash, last = piece.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{text!r}: expected a run number from 1, a range (1-5) or a list of them (1,3,6-7)")
        lo, hi = int(first), int(last) if dash else int(first)
        if lo < 1 or hi < lo or len(numbers) + hi - lo >= MAX_RECORDS:
            raise ValueError(f"{text!r}: runs are numbered from 1, a range runs upwards, and at most {MAX_RECORDS}")
        numbers += [n for n in range(lo, hi + 1) if n not in seen]
        seen.update(range(lo, hi + 1))
    return numbers[0] if len(numbers) == 1 and "," not in text and "-" not in text else tuple(numbers)


def _kept_copy(data_dir: Path, table: schema.MeasurementTable, sha: str) -> str | None:
    """Where ``table`` already keeps a file of this sha256 (a copy an earlier import stored), if anywhere."""
    for row in table.rows:
        for value in row.values.values():
            if isinstance(value, schema.Runs) and value.files:
                for ref in value.files:
                    if ref.sha256 == sha and (data_dir / ref.path).is_file():
                        return ref.path
    return None


def _unlike(chosen: list[tuple[int, ToolRun]]) -> str:
    """Why the runs of one file cannot be one cell's repetitions: the first workload fact two of them state
    differently (a sweep's records ran at different request rates); empty when they agree."""
    (first_number, first), *rest = chosen
    for number, run in rest:
        for name, theirs in run.workload.items():
            ours = first.workload.get(name)
            if ours is not None and not same_stated(name, ours.value, theirs.value):
                return (
                    f"its runs differ in {name} (run {first_number}: {ours.value}, run {number}: {theirs.value}),"
                    " so they are not repetitions of one measurement"
                )
    return ""


def _cell(
    data: Data, table: schema.MeasurementTable, request: Request, head: str, problems: list[str]
) -> tuple[schema.Row | None, schema.Series, schema.Context | None] | None:
    """The row (``None``: by load, in a sweep table), series and context a request names, or ``None`` with
    its problems appended."""
    before = len(problems)
    series = next((s for s in table.series if s.id == request.series), None)
    if series is None:
        problems.append(
            f"{head}--series {request.series}: table {table.id} has no such series"
            f" (series: {', '.join(s.id for s in table.series)})"
        )
    contexts = {c.id: c for c in data.guide.contexts}
    context = contexts.get(request.context) if request.context is not None else None
    if request.context is not None and context is None:
        problems.append(
            f"{head}--context {request.context}: the guide has no such context (contexts: {', '.join(contexts)})"
        )
    row = None
    if request.row is not None:
        row = next((r for r in table.rows if r.id == request.row), None)
        if row is None:
            problems.append(
                f"{head}--row {request.row}: table {table.id} has no such row"
                f" (rows: {', '.join(r.id for r in table.rows)})"
            )
        elif context is not None and row.context != context.id:
            where = f"context {row.context}" if row.context else "no context"
            problems.append(f"{head}--context {request.context}: row {row.id} of table {table.id} is in {where}")
    elif table.sweep is None:
        problems.append(
            f"{head}table {table.id} is not a sweep (it has no `sweep:`), so its runs do not find their row by"
            " load: name the row (--row, or `row:` in a mapping file)"
        )
    if series is None or len(problems) > before:
        return None
    return row, series, context


def plan_request(
    data: Data,
    data_dir: Path,
    request: Request,
    problems: list[str],
    stored: dict[tuple[str, str], str],
    creating: Creating,
) -> list[Planned]:
    """Everything one request would write, a plan per row its runs go to; none, with its problems appended,
    when anything is wrong."""
    head = f"{request.origin}: " if request.origin else ""
    source = f"{head}{request.source}"
    tables = {t.id: t for t in measurement_tables(data)}
    table = tables.get(request.table)
    if table is None:
        problems.append(
            f"{head}--table {request.table}: no measured table has that id (tables: {', '.join(sorted(tables))})"
        )
        return []
    cell = _cell(data, table, request, head, problems)
    if cell is None:
        return []
    row, series, context = cell
    metric = declared_metric(table, series, request.format, row)
    if metric is None:
        problems.append(
            f"{head}table {table.id} declares no metric for {request.format} files"
            f" (add `metrics: {{{request.format}: <metric>}}` to {data.doc(table).file})"
        )
        return []
    try:
        content = read_source(request.source)  # looked at first: a device, a pipe or a huge file is never read
    except ToolOutputError as exc:
        problems.append(f"{source}: {exc}")
        return []
    metric_part, metric = split_part(metric)
    if request.part is not None and metric_part is not None and metric_part != request.part:
        problems.append(f"{source}: --test {request.part}: the table's metric names test {metric_part}")
        return []
    part = request.part if request.part is not None else metric_part
    try:
        every = read_in_guide(data_dir, request.format, content)
        runs = select_part(every, part)
    except ToolOutputError as exc:
        problems.append(f"{source}: {exc}")
        return []
    named = part if len(parts_of(every)) > 1 else None
    chosen = list(enumerate(runs, start=1))
    if request.record is not None:
        numbers = (request.record,) if isinstance(request.record, int) else request.record
        if outside := [n for n in numbers if not 1 <= n <= len(runs)]:
            problems.append(f"{source}: --record {outside[0]}: the file holds {len(runs)} run(s)")
            return []
        chosen = [(n, runs[n - 1]) for n in numbers]
    sha = _sha256(content)
    rel = stored.get((table.id, sha)) or _kept_copy(data_dir, table, sha)
    if rel is None:
        rel = f"{RUNS_DIR}/{table.id}/{sha[:12]}-{_safe_name(request.source.name)}"
    stored[(table.id, sha)] = rel
    several = len(runs) > 1
    if row is not None:
        targets: list[Target] = [(row, chosen)]
    else:
        before = len(problems)
        targets = by_load(table, context, chosen, several, source, problems, creating)
        if len(problems) > before:
            return []
    plans: list[Planned] = []
    for target, its_runs in targets:
        if len(its_runs) > 1 and (why := _unlike(its_runs)):
            fix = "file one with --record N, or each under its own row"
            if row is None:
                fix = (
                    f"one row ({target.id}) takes one measurement per load:"
                    " pick one sweep's runs with --record (a range, 1-5, or a list, 1,3,6)"
                )
            problems.append(f"{source}: {why}: {fix}")
            continue
        its_metric = metric
        if row is None and isinstance(target, schema.Row) and (own := target.metrics.get(request.format)):
            own_part, its_metric = split_part(own)
            if own_part is not None and own_part != part:
                problems.append(f"{source}: row {target.id}'s metric names test {own_part}; this import reads {part}")
                continue
        expected = expected_workload(data, table, target, series, data_dir)
        entries, describe, stated = [], [], []
        for number, run in its_runs:
            found = _check_run(run, number if several else None, its_metric, table, expected, request, source, problems)
            if found is None:
                continue
            value, diffs = found
            entry: dict[str, Any] = {"path": rel, "sha256": sha, "format": request.format}
            if several:  # the run of a file of several (and its test); the number is the declared metric's
                entry["metric"] = f"{named}: run {number}" if named else f"run {number}"
            elif named:
                entry["metric"] = join_metric(None, its_metric, named)
            if diffs or not run.valid:
                verdict = [] if run.valid else [f"{run.tool} marks the run invalid: {run.verdict}"]
                entry["accepted"] = {"reason": request.accept, "differences": [*(str(d) for d in diffs), *verdict]}
            entries.append(entry)
            stated.append(run.workload)
            describe.append(
                f"{table.id} / {target.id} / {series.id}: {value:g} {table.unit} from {request.source.name}"
                + (f" (run {number})" if several else "")
            )
        if len(entries) != len(its_runs):
            continue
        plans.append(
            Planned(
                table,
                data_dir / data.doc(table).file,
                target.id,
                series.id,
                entries,
                {rel: content},
                describe,
                request,
                source,
                held_runs(target, series) if isinstance(target, schema.Row) else [],
                target if isinstance(target, NewRow) else None,
                stated,
            )
        )
    return plans if len(plans) == len(targets) else []


def _check_run(
    run: ToolRun,
    number: int | None,
    metric: str,
    table: schema.MeasurementTable,
    expected: dict[str, Expected],
    request: Request,
    source: str,
    problems: list[str],
) -> tuple[float, list[Difference]] | None:
    which = f"{source} (run {number})" if number is not None else source
    try:
        found = run.metric(metric)
    except ToolOutputError as exc:
        problems.append(f"{which}: {exc}")
        return None
    if canonical_unit(found.unit) != canonical_unit(table.unit):
        problems.append(f"{which}: {found.where}: {metric} is in {found.unit}; table {table.id} takes {table.unit}")
        return None
    diffs = differences(run, expected)
    if not run.valid and not request.accept:
        problems.append(
            f"{which}: {run.tool} marks this run invalid ({run.verdict});"
            ' pass --accept-difference "why" to file it anyway (the verdict is kept and shown with the value)'
        )
        return None
    if diffs and not request.accept:
        problems.append(
            f"{which}: this run's set-up contradicts the row it is filed under;"
            ' pass --accept-difference "why" to file it anyway:' + "".join(f"\n    {d}" for d in diffs)
        )
        return None
    return found.value, diffs
