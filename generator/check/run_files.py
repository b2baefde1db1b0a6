"""Read the raw result files that measured values point at, checking each one's sha256.

This is the one step of checking that reads files beyond the data documents;
it fills :attr:`generator.model.Data.file_runs` so that later stages see plain
run values and never touch a file.
"""

from __future__ import annotations

from pathlib import Path

from generator import schema
from generator.errors import Problem
from generator.model import Data, at, measurement_tables
from generator.read.runs import RunFileError, read_run_file


def resolve_run_files(root: Path, data: Data) -> list[Problem]:
    """Read every run file of every measured table under ``root``; one problem per file that fails."""
    problems: list[Problem] = []
    for t in measurement_tables(data):
        for r_i, row in enumerate(t.rows):
            for sid, value in row.values.items():
                if not isinstance(value, schema.Runs) or value.files is None:
                    continue
                runs: list[float] = []
                for f_i, ref in enumerate(value.files):
                    loc = ("rows", r_i, "values", sid, "files", f_i, "path")
                    folder = f"runs/{t.id}/"
                    if not ref.path.startswith(folder):
                        problems.append(at(data, t, loc, f"run files of table {t.id!r} live under {folder}"))
                        continue
                    try:
                        runs.append(read_run_file(root, ref.path, ref.sha256, ref.format, ref.metric))
                    except RunFileError as exc:
                        problems.append(at(data, t, loc, str(exc)))
                if len(runs) == len(value.files):
                    data.file_runs[(t.id, row.id, sid)] = runs
    return problems
