"""Read the raw result files that measured values point at, checking each one's sha256 and unit.

This is the one step of checking that reads files beyond the data documents;
it fills :attr:`generator.model.Data.file_runs` (the run values) and
:attr:`generator.model.Data.file_setups` (what each file states about how it
was produced) so that later stages see plain values and never touch a file.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from generator import schema
from generator.errors import Problem
from generator.model import Data, at, measurement_tables
from generator.read.runs import FileRun, RunFileError, read_run_file


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
    """Read every run file of every measured table under ``root``; one problem per file that fails."""
    problems: list[Problem] = []
    for t in measurement_tables(data):
        for r_i, row in enumerate(t.rows):
            for sid, value in row.values.items():
                if not isinstance(value, schema.Runs) or value.files is None:
                    continue
                runs: list[float] = []
                setups: list[schema.Setup] = []
                for f_i, ref in enumerate(value.files):
                    loc = ("rows", r_i, "values", sid, "files", f_i, "path")
                    folder = f"runs/{t.id}/"
                    if not ref.path.startswith(folder):
                        problems.append(at(data, t, loc, f"run files of table {t.id!r} live under {folder}"))
                        continue
                    try:
                        run = read_run_file(root, ref.path, ref.sha256, ref.format, ref.metric)
                    except RunFileError as exc:
                        problems.append(at(data, t, loc, str(exc)))
                        continue
                    if run.invalid is not None and ref.accepted is None:
                        message = (
                            f"{ref.path}: {run.tool or 'the tool'} marks this run invalid ({run.invalid});"
                            " file it only with an `accepted` reason (import: --accept-difference)"
                        )
                        problems.append(at(data, t, loc, message))
                        continue
                    # Loaded with the first run file's reader (read_run_file): a guide with none never loads it.
                    from generator.read.formats.tool_output import canonical_unit

                    if run.unit is not None and canonical_unit(run.unit) != canonical_unit(t.unit):
                        where = (*loc[:-1], "metric" if ref.metric is not None else "format")
                        what = f"{ref.metric!r} of {ref.path}" if ref.metric is not None else ref.path
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
                    runs.append(run.value)
                if len(runs) == len(value.files):
                    data.file_runs[(t.id, row.id, sid)] = runs
                    data.file_setups[(t.id, row.id, sid)] = setups
    return problems
