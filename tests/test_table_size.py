"""A guide's tables stay within the size the build is bounded at, and ``check`` says so as the build does:
three tables at the data file's byte cap (about 4,000 rows each) took 731 MiB and three minutes to build
while ``check`` said ok; at the caps (three tables of 1,000 rows and four series) the build peaks near
400 MiB, as a 1,000-path guide does (measured for generator/check/rules/tables_within_size.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from generator.check.rules.tables_within_size import MAX_GUIDE_CELLS, MAX_ROWS
from tests.conftest import FIXTURES, ROOT
from tests.data_edits import line_of


def _guide(root: Path, rows: int, tables: int = 1) -> Path:
    data = root / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    base = (data / "tables" / "hill-stated.yml").read_text(encoding="utf-8").split("rows:")[0]
    for t in range(tables):
        head = base.replace("id: hill-stated", f"id: big-{t}").replace(
            "title: Hill climb, as reported", f"title: Big {t}"
        )
        body = "".join(f"  - {{id: r{i}, label: r{i}, values: {{road: 100, cargo: 90}}}}\n" for i in range(rows))
        (data / "tables" / f"big-{t}.yml").write_text(head + "rows:\n" + body, encoding="utf-8")
    return data


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, cwd=ROOT)


def test_a_table_over_the_row_cap_is_refused_by_check_and_build_alike(tmp_path: Path) -> None:
    data = _guide(tmp_path, MAX_ROWS + 1)
    line = line_of(data / "tables" / "big-0.yml", "rows:")
    for done in (
        _run("check", "--data", str(data)),
        _run("build", "--data", str(data), "--out", str(tmp_path / "out")),
    ):
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
        said = f"big-0.yml:{line}: rows: {MAX_ROWS + 1} rows, more than the {MAX_ROWS:,} a table may have"
        assert said in done.stderr, done.stderr[-2000:]
    assert not (tmp_path / "out").exists()


def test_the_guides_tables_together_are_capped(tmp_path: Path) -> None:
    per_table = MAX_ROWS
    tables = MAX_GUIDE_CELLS // (2 * per_table) + 1
    done = _run("check", "--data", str(_guide(tmp_path, per_table, tables)))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert f"more than the {MAX_GUIDE_CELLS:,} a guide may hold" in done.stderr, done.stderr[-2000:]
