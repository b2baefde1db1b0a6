"""Issue 40: a sweep table is judged at each load, its cells name their load ranges, a load only one side has is
shown as not compared, and a sweep that states its loads badly is refused at the file, line and field.

The example guide's thread sweep (``parse-threads``) has a crossover (quickjson faster at few threads, slower at
many) and a load only one side has (rustjson at 32 threads); it gets all of it with no code of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.derive.cells import Cell, line_word
from generator.derive.guide import Derived
from generator.derive.sweeps import range_name, run_names
from generator.pipeline import derive_guide
from tests.conftest import EXAMPLE
from tests.data_edits import edit, line_of, problems_in
from tests.html import matrix_rows, page

SWEEP = "tables/parse-threads.yml"


@pytest.fixture(scope="module")
def example() -> Derived:
    return derive_guide(EXAMPLE / "data")


def _cell(cells: dict[str, list[Cell]], option: str, column: str = "threads") -> Cell:
    return next(c for c in cells[option] if c.column.id == column)


def _named(cell: Cell) -> dict[str, tuple[str, str]]:
    return {r.name: (p.verdict.word, p.against) for p in cell.parts for r in p.regimes}


def test_runs_of_loads_are_named_by_their_range() -> None:
    loads = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]
    assert run_names(loads, list("ggmbbb"), "conc") == ["conc 1–2"] * 2 + ["conc 4"] + ["conc 8–32"] * 3
    assert run_names(loads, list("gmmgbb"), "conc")[1:4] == ["conc 2–4", "conc 2–4", "conc 8"]
    assert run_names(loads, list("gggggg"), "conc") == ["conc 1–32"] * 6
    assert run_names([0.5, 1.0], list("gb"), "req/s") == ["req/s 0.5", "req/s 1"]
    assert range_name("conc", 64.0, 64.0) == "conc 64"


def test_a_run_names_measured_loads_only() -> None:
    """Issue 45: never a bound past the lowest or highest load measured, never ``N–N``, never a span over a load
    the table measured that the run does not hold."""
    loads = [20.0, 50.0, 80.0, 100.0]
    names = run_names(loads, list("gbbb"), "conc")
    assert names == ["conc 20", "conc 50–100", "conc 50–100", "conc 50–100"]
    assert not any("≤" in n or "≥" in n for n in names)
    assert run_names([50.0, 50.0], list("gg"), "conc") == ["conc 50", "conc 50"]
    # 80 measured in the table but not in this line (one side only): the run stops there
    assert run_names([20.0, 50.0, 100.0], list("ggg"), "conc", every=loads) == ["conc 20–50"] * 2 + ["conc 100"]


def test_a_crossover_is_a_split_cell_whose_parts_name_their_loads(example: Derived) -> None:
    quick = _cell(example.cells, "quickjson")
    assert _named(quick) == {
        "threads 1–4": ("faster", "vs json"),
        "threads 8": ("on par", "vs json"),
        "threads 16–32": ("slower", "vs json"),
    }
    assert quick.verdict is not None and quick.verdict.level == "bad"  # the colour of the worst load
    assert [p.glance for p in quick.parts] == [
        "slower vs json on threads 16–32",
        "on par vs json on threads 8",
        "faster vs json on threads 1–4",
    ]
    same = _cell(example.cells, "cjson-lite")
    assert line_word(same) == "on par vs json" and _named(same) == {"threads 1–32": ("on par", "vs json")}


def test_a_load_only_one_side_has_is_not_compared_never_dropped(example: Derived) -> None:
    rust = _cell(example.cells, "rustjson")
    assert _named(rust) == {"threads 1–16": ("faster", "vs json"), "threads 32": ("not compared", "vs json")}
    assert rust.verdict is not None and rust.verdict.word == "faster"  # "not compared" takes no colour
    assert rust.summary == "regimes disagree; colour of the worst"


def test_judged_for_a_context_the_same_rules_hold(example: Derived) -> None:
    for context in ("linux", "windows"):
        judged = example.judged_for(context)
        assert _named(_cell(judged, "quickjson")) == _named(_cell(example.cells, "quickjson"))
        assert _named(_cell(judged, "rustjson")) == _named(_cell(example.cells, "rustjson"))


def test_the_matrix_a_reader_gets_names_the_crossover(example_site: Path) -> None:
    rows = matrix_rows(page(example_site, ""))
    columns = [c.id for c in derive_guide(EXAMPLE / "data").data.guide.columns]
    quick = rows["quickjson"][columns.index("threads")]
    assert quick.startswith(
        "✖ slower vs json on threads 16–32 ◐ on par vs json on threads 8 ✔ faster vs json on threads 1–4"
    )
    rust = rows["rustjson"][columns.index("threads")]
    assert rust.startswith("✔ faster vs json on threads 1–16 ? not compared vs json on threads 32"), rust


@pytest.fixture
def sweep_copy(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE / "data", data)
    return data


def test_a_row_without_its_load_is_refused(sweep_copy: Path) -> None:
    path = sweep_copy / SWEEP
    edit(path, "{id: t4, label: 4 threads, workload: {threads: 4}, ", "{id: t4, label: 4 threads, ")
    line = line_of(path, "id: t4,")
    assert f"{SWEEP}:{line}: rows[2]: a row of a sweep states its load as a number: workload: {{threads: …}}" in (
        problems_in(sweep_copy)
    )


def test_two_rows_at_one_load_are_refused(sweep_copy: Path) -> None:
    path = sweep_copy / SWEEP
    edit(path, "workload: {threads: 4}", "workload: {threads: 2}")
    line = line_of(path, "id: t4,")
    assert f"{SWEEP}:{line}: rows[2].workload.threads: rows 't2' and 't4' both have threads 2" in (
        problems_in(sweep_copy)
    )


def test_a_load_fixed_by_the_table_is_refused(sweep_copy: Path) -> None:
    path = sweep_copy / SWEEP
    edit(path, "sweep:\n", "workload: {threads: 8}\nsweep:\n")
    line = line_of(path, "workload: {threads: 8}")
    found = problems_in(sweep_copy)
    assert any(p.startswith(f"{SWEEP}:{line}: workload.threads: 'threads' is the sweep's load") for p in found)


def test_versus_must_name_a_sweep_over_the_same_load(sweep_copy: Path) -> None:
    path = sweep_copy / SWEEP
    edit(path, "versus: parse-threads-latency", "versus: serialise")
    line = line_of(path, "versus: serialise")
    found = problems_in(sweep_copy)
    assert any(
        p.startswith(f"{SWEEP}:{line}: sweep.versus: table 'serialise' is not a sweep over 'threads'") for p in found
    ), found
    edit(path, "versus: serialise", "versus: nowhere")
    assert any(f"{SWEEP}:{line}: sweep.versus:" in p and "nowhere" in p for p in problems_in(sweep_copy))


def test_the_csv_download_states_each_rows_load(example_site: Path) -> None:
    lines = (example_site / "downloads" / "parse-threads.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("row,label,context,threads,json (MB/s),")
    assert [line.split(",")[3] for line in lines[1:]] == ["1", "2", "4", "8", "16", "32"]
