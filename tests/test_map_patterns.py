"""A text map's patterns run on RE2 over the whole file: linear time whatever the pattern, lines spanned.

The bounded-repetition bombs (``(?:\\d{0,256}){8}``: a program of thousands of states) are either refused when
the map is read, at the pattern's line with why, or searched in time linear in the file; patterns that made
Python's backtracking engine take exponential time (``(\\d+)+``, ``(?:\\d|\\d\\d)+``) are searched in linear
time too. A pattern may anchor on a table's title lines and read one cell of a console table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.read.formats.tool_output import ToolOutputError
from generator.read.maps import MapError, load_map, read_with_map
from generator.read.maps.patterns import MAX_PROGRAM, UnsafePattern, compile_pattern
from tests.conftest import FIXTURES
from tests.documented_maps import assert_block_is_the_fixture, assert_inspect_prints_what_the_docs_show
from tests.test_reader_linear import assert_linear, many_lines
from tests.test_real_outputs import real_outputs_folders

MAPS = FIXTURES / "maps"
#: The line length the bombs are searched in (many such lines make the larger inputs).
LINE = 2_000

NCCL_FIVE = "nccl-tests/xxrjun_v2.17.8_1node-8xH100_5-collectives.log"


def _map(tmp_path: Path, pattern: str) -> Path:
    path = tmp_path / "bomb.yml"
    quoted = pattern.replace("'", "''")
    path.write_text(f"format: text\nmetrics:\n  cell: {{pattern: '{quoted}', unit: GB/s}}\n", encoding="utf-8")
    return path


def _digits_and_spaces(i: int) -> str:
    """A line of 2,000 characters of digits, spaces and dots, a few of them the bomb's last character."""
    unit = "12345 67.890 " if i % 3 else "1234567890x "
    return (unit * (LINE // len(unit) + 1))[:LINE]


BOMBS = [
    r"(?:\d{0,256}){8}(?P<value>\d)",  # the shape of the brief: refused by RE2 (1000 repeats at most)
    r"(?:\d{0,100}){9}(?P<value>\d)",  # 900 repeats: a program of 1807 instructions
    r"(?:[0-9. ]{0,60}){15}(?P<value>\d)",
    r"(?:.{0,100}){9}(?P<value>z)",
    r"(?:\d{0,30}){8}(?P<value>x)",  # small enough to run: searched in linear time
    r"(?:[\d ]{0,10}){10}(?P<value>x)",
    r"(\d+)+(?P<value>\d)x",  # exponential in Python's re
    r"(?:\d|\d\d)+(?P<value>\d)x",
    r"(?:\d*\s*)*(?P<value>\d+)x",
    r"^(?:[\d.]+ *)*(?P<value>\d)x$",
]


@pytest.mark.parametrize("pattern", BOMBS)
def test_a_bounded_repetition_bomb_is_refused_at_its_line_or_searched_in_linear_time(
    tmp_path: Path, pattern: str
) -> None:
    path = _map(tmp_path, pattern)
    try:
        compile_pattern(pattern)
    except UnsafePattern as exc:
        with pytest.raises(MapError) as refused:
            load_map(path, "maps/bomb.yml")
        assert refused.value.problems == [f"maps/bomb.yml:3: metrics.cell.pattern: {exc}"]
        assert "repetition" in str(exc) or f"at most {MAX_PROGRAM}" in str(exc)
        return
    spec = load_map(path)
    assert_linear(lambda content: read_with_map(spec, content), many_lines(_digits_and_spaces))


def test_the_brief_s_bomb_and_a_program_too_large_are_refused_and_small_ones_run() -> None:
    refused = [p for p in BOMBS if _refused(p)]
    assert refused == BOMBS[:4]  # so that both branches of the test above are taken


def _refused(pattern: str) -> bool:
    try:
        compile_pattern(pattern)
    except UnsafePattern:
        return True
    return False


# -- a console table read by its title and row --------------------------------------------------------------


def _five() -> bytes:
    first, second = real_outputs_folders()
    return (first / NCCL_FIVE).read_bytes()


def test_a_pattern_anchored_on_a_tables_title_reads_one_cell_of_a_console_table() -> None:
    # nccl-tests' five-collective log: the all_gather table's 16 GiB row, out-of-place busbw (361.86 GB/s);
    # the same size's row in the all_reduce table above it (482.27) is not read
    spec = load_map(MAPS / "nccl-tests-table.yml")
    (run,) = read_with_map(spec, _five())
    metric = run.metrics["all_gather_busbw_16gib"]
    assert (metric.value, metric.unit) == (361.86, "GB/s")
    lines = _five().decode().splitlines()
    number = int(metric.where.removeprefix("line "))
    assert lines[number - 1].split()[:1] == ["17179869184"] and "361.86" in lines[number - 1]
    above = lines[:number]
    title = max(i for i, line in enumerate(above) if "Collective test starting" in line)
    assert "all_gather_perf" in above[title]


def test_a_pattern_spanning_lines_is_searched_in_linear_time() -> None:
    spec = load_map(MAPS / "nccl-tests-table.yml")
    table = _five().decode()
    assert_linear(lambda content: read_with_map(spec, content), many_lines(lambda i: table.splitlines()[i % 60]))


def test_a_pattern_that_matches_in_every_table_is_refused_naming_each_line(tmp_path: Path) -> None:
    path = tmp_path / "two.yml"
    path.write_text(
        "format: text\nmetrics:\n  busbw: {pattern: '(?:.*\\n)*? +17179869184 +\\d+ +\\w+ +\\w+ +-?\\d+ +[\\d.]+"
        " +[\\d.]+ +(?P<value>[\\d.]+)', unit: GB/s}\n",
        encoding="utf-8",
    )
    with pytest.raises(ToolOutputError, match=r"busbw: 5 places match .* \(lines 29, 64, 99, 134, 169\)"):
        read_with_map(load_map(path), _five())


MAP = "nccl-tests-table"


def test_the_documented_map_is_the_fixture_and_inspect_prints_what_the_docs_show() -> None:
    assert_block_is_the_fixture("tests/test_map_patterns.py", MAP)
    assert_inspect_prints_what_the_docs_show("tests/test_map_patterns.py", MAP)


PPLX = "pplx-kernels/pbelevich_pplx-kernels-1d76f48_nvshmem3.3.9_ep8-dp8_excerpt_tabs-expanded-to-spaces.txt"


def test_a_second_console_table_one_row_read_by_its_title_header_and_first_cells() -> None:
    # pplx-kernels' published all-to-all table: the row E=256, E/tok=8, tok=128, dim=7168 (line 16)
    _, second = real_outputs_folders()
    (run,) = read_with_map(load_map(MAPS / "pplx-kernels-table.yml"), (second / PPLX).read_bytes())
    got = {name: (m.value, m.unit, m.where) for name, m in run.metrics.items()}
    assert got == {"dispatch_lat": (60.9, "us", "line 16"), "dispatch_bw": (124.235, "GB/s", "line 16")}
    row = (second / PPLX).read_text(encoding="utf-8").splitlines()[15].split()
    assert row[:5] == ["256", "8", "128", "7168", "60.9μs"] and row[7] == "124.235GB/s"
