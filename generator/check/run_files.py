"""Read the raw result files that measured values point at, checking each one's sha256 and unit.

This is the one step of checking that reads files beyond the data documents;
it fills :attr:`generator.model.Data.file_runs` (the run values) and
:attr:`generator.model.Data.file_setups` (what each file states about how it
was produced) so that later stages see plain values and never touch a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pydantic import ValidationError

from generator import schema
from generator.check.file_workload import Expected, disagreements, guide_states, unlike_repetitions
from generator.errors import Problem
from generator.kept_metric import read_metric
from generator.model import Data, at, measurement_tables
from generator.read.runs import FileRun, MapReaders, RunFileError, read_run_file


def _stated_setup(run: FileRun, path: str) -> schema.Setup:
    """The set-up a file states, as the data's own ``setup`` block (validated like one)."""
    return schema.Setup.model_validate(
        {
            "tool": run.tool,
            "tool_version": run.tool_version,
            "command": run.command,
            "date": run.date,
            "software": dict(run.software),
            "settings": list(run.settings),
            "raw_file": path,
        }
    )


def resolve_run_files(root: Path, data: Data) -> list[Problem]:
    """Read every run file of every measured table under ``root``; one problem per file that fails, at the first
    cell that reads it, naming every cell it feeds (one changed file is one error, not one per cell)."""
    problems: list[Problem] = []
    budget = None
    maps: MapReaders = {}  # each of the guide's maps parsed and hashed once for all its kept files
    store = data.guide.kept_files.store if data.guide is not None and data.guide.kept_files else None
    failed: dict[tuple[str, str], list[tuple[schema.MeasurementTable, tuple[str | int, ...], str]]] = {}
    for t in measurement_tables(data):
        for r_i, row in enumerate(t.rows):
            for sid, value in row.values.items():
                if not isinstance(value, schema.Runs) or value.files is None:
                    continue
                runs: list[float] = []
                setups: list[schema.Setup] = []
                kept: list[tuple[str, Mapping[str, tuple[str | int | float, str]], list[str]]] = []
                expected: dict[str, Expected] | None = None
                for f_i, ref in enumerate(value.files):
                    loc: tuple[str | int, ...] = ("rows", r_i, "values", sid, "files", f_i, "path")
                    folder = f"runs/{t.id}/"
                    if not ref.path.startswith(folder):
                        problems.append(at(data, t, loc, f"run files of table {t.id!r} live under {folder}"))
                        continue
                    if budget is None:  # what the guide's text maps may cost, read by read: read.maps.budget
                        from generator.read.maps.budget import PatternBudget

                        budget = PatternBudget()
                    try:
                        metric = read_metric(t, row, sid, ref)
                        run = read_run_file(root, ref.path, ref.sha256, ref.format, metric, budget, store, maps)
                    except RunFileError as exc:
                        failed.setdefault((ref.path, str(exc)), []).append((t, loc, f"{t.id} / {row.id} / {sid}"))
                        continue
                    if run.invalid is not None and ref.accepted is None:
                        message = (
                            f"{ref.path}: {run.tool or 'the tool'} marks this run invalid ({run.invalid});"
                            " file it only with an `accepted` reason (import: --accept-difference)"
                        )
                        problems.append(at(data, t, loc, message))
                        continue
                    # Loaded with the first run file's reader (read_run_file): a guide with none never loads it.
                    from generator.read.formats.units import canonical_unit

                    if run.unit is not None and canonical_unit(run.unit) != canonical_unit(t.unit):
                        where = (*loc[:-1], "metric" if ref.metric is not None else "format")
                        what = f"{metric!r} of {ref.path}" if metric is not None else ref.path
                        problems.append(at(data, t, where, f"{what} is in {run.unit}; table {t.id!r} takes {t.unit}"))
                        continue
                    try:
                        setups.append(_stated_setup(run, ref.path))
                    except ValidationError as exc:
                        first = exc.errors()[0]
                        field = ".".join(str(p) for p in first["loc"])
                        message = f"{ref.path} states a set-up the guide cannot show ({field}: {first['msg']})"
                        problems.append(at(data, t, loc, message))
                        continue
                    if expected is None:
                        expected = _expected(data, t, row, sid)
                    if disagreed := _disagreed(data, t, r_i, loc, ref, run, expected):
                        problems.append(disagreed)
                        continue
                    runs.append(run.value)
                    kept.append((ref.path, run.workload, ref.accepted.differences if ref.accepted else []))
                for i, why in unlike_repetitions(kept):
                    loc = ("rows", r_i, "values", sid, "files", i, "path")
                    message = (
                        f"the runs of one cell are repetitions of one measurement, and these files state a different"
                        f" set-up: {why}. File the run under the row or series it ran (python -m generator import)"
                    )
                    problems.append(at(data, t, loc, message))
                    runs.clear()
                if len(runs) == len(value.files):
                    data.file_runs[(t.id, row.id, sid)] = runs
                    data.file_setups[(t.id, row.id, sid)] = setups
    for (path, why), cells in failed.items():
        table, loc, _ = cells[0]
        if len(cells) > 1:
            why = f"{path}: {why} (it feeds {len(cells)} cells: {', '.join(name for _, _, name in cells)})"
        problems.append(at(data, table, loc, why))
    return problems


def _expected(data: Data, table: schema.MeasurementTable, row: schema.Row, sid: str) -> dict[str, Expected]:
    series = next((s for s in table.series if s.id == sid), None)
    if series is None:  # a value under no series is reported by the table's own check
        return {}

    def place(record: object, loc: tuple[str | int, ...]) -> str:
        doc = data.doc(record)
        line = doc.line_of(loc)
        return f"{doc.file}:{line}" if line else str(doc.file)

    return guide_states(data, table, series, place, context=row.context, row=row)


def _disagreed(
    data: Data,
    table: schema.MeasurementTable,
    r_i: int,
    loc: tuple[str | int, ...],
    ref: schema.RunFile,
    run: FileRun,
    expected: dict[str, Expected],
) -> Problem | None:
    """The problem of a kept file whose stated workload the guide now contradicts (row and file disagree), at the
    row's line that states the fact (else at the file's entry); a difference accepted on import is not one."""
    accepted = ref.accepted.differences if ref.accepted is not None else []
    found = [d for d in disagreements(run.workload, expected) if not any(a.startswith(f"{d.field}:") for a in accepted)]
    if not found:
        return None
    row = table.rows[r_i]
    first = found[0].field
    where = ("rows", r_i, "workload", first) if first in row.workload else loc
    message = (
        f"{ref.path} and the guide disagree: "
        + "; ".join(map(str, found))
        + ". Edit the guide back, or file the run where it belongs (python -m generator import; a difference"
        ' kept on purpose is filed with --accept-difference "why")'
    )
    return at(data, table, where, message)
