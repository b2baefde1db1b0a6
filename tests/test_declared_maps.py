"""Declared maps: a result file no built-in reader knows, read through a map (JSONPath, CSV column, pattern).

The maps are this project's own (``tests/fixtures/maps/``); the files they read are the published ones of
``tests/test_real_outputs.py`` (outside the repository, ``GUIDE_REAL_OUTPUTS``). Where a built-in reader also
reads the file (or the JSON beside a CSV export), the map's numbers are checked against that reader's.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.errors import GuideError
from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.inspect_file import describe
from generator.ingest.planning import Request
from generator.pipeline import derive_guide
from generator.read.formats.catalog import guess_format, read_runs
from generator.read.formats.tool_output import ToolOutputError
from generator.read.maps import MapError, load_map, read_with_map
from generator.read.maps.patterns import MAX_PROGRAM, UnsafePattern, compile_pattern
from generator.workload import WORKLOAD_FIELDS
from tests.conftest import FIXTURES, ROOT
from tests.documented_maps import assert_block_is_the_fixture
from tests.test_import_runs import cell, guide, results_page, snapshot
from tests.test_reader_linear import assert_linear, long_lines, many_lines
from tests.test_real_outputs import real_outputs_folders

__all__ = ["guide"]  # the fixture, used by name

MAPS = FIXTURES / "maps"


def real(name: str) -> Path:
    first, second = real_outputs_folders()
    return first / name if (first / name).is_file() else second / name


AIPERF_CSV = "aiperf/aiperf0.10.0_schema1.3_efa-p5en_trtllm0.21-deepep-v2_ep16_conc4.csv"
AIPERF_OLD_CSV = "aiperf/aiperf0.1.1_examples-run1_profile_export_aiperf.csv"
INFERENCEX = "vllm/inferencex_atom-mi355x_qwen3.5-397b_conc64_with-input-output-lens.json"
SWEEP_SUMMARY = "vllm/er0080_vllm0.25.1_sweep-serve_max_num_seqs4_conc2_summary.json"
NCCL_REPORT = "nccl-tests/azure-chm_nccl-tests-json-v3_nccl2.23.4_ndv5-8xH100_all_reduce_c1_report.json"
NCCL_FIVE = "nccl-tests/xxrjun_v2.17.8_1node-8xH100_5-collectives.log"
NCCL_MPIRUN = "nccl-tests/aws-efa-eks_excerpt_2xp4d-efa_nccl2.9.9_mpirun-tagged-debug.log"


def inspect(path: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "inspect", str(path), *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def mapped(path: Path, map_name: str) -> dict[str, Any]:
    """What ``inspect FILE --map MAP --json`` prints (the same function, in this process)."""
    spec = load_map(MAPS / f"{map_name}.yml")
    doc: dict[str, Any] = json.loads(json.dumps(describe(spec.name, read_with_map(spec, path.read_bytes()))))
    return doc


def built_in(path: Path, format_name: str) -> list[dict[str, dict[str, Any]]]:
    """The metrics of each run the built-in reader reads from ``path``, as ``inspect --json`` prints them."""
    return [run["metrics"] for run in describe(format_name, read_runs(format_name, path.read_bytes()))["runs"]]


# -- real files through maps --------------------------------------------------------------------------------


def test_aiperf_csv_exports_of_two_versions_read_through_one_map_with_line_and_column() -> None:
    # the aiperf reader refuses the CSV export (it reads the JSON beside it): the map reads it, and gives the
    # numbers the JSON beside it holds, as the CSV rounds them
    for csv_name in (AIPERF_CSV, AIPERF_OLD_CSV):
        doc = mapped(real(csv_name), "aiperf-csv")
        (run,) = doc["runs"]  # type: ignore[attr-defined]
        beside = built_in(real(csv_name.replace(".csv", ".json")), "aiperf")[0]
        got = run["metrics"]["output_throughput"]
        assert got["value"] == round(beside["output_token_throughput.avg"]["value"], 2)  # type: ignore[arg-type]
        assert got["unit"] == "tok/s" and got["where"].endswith(", column 'Value'")
        ttft = beside.get("time_to_first_token.p99") or beside["ttft.p99"]  # AIPerf 0.1 called it ttft
        assert run["metrics"]["ttft_p99"]["value"] == round(ttft["value"], 2)  # type: ignore[arg-type]
        assert run["setup"]["tool"] == "AIPerf (CSV export)"
    doc = mapped(real(AIPERF_CSV), "aiperf-csv")
    run = doc["runs"][0]  # type: ignore[index]
    assert run["metrics"]["output_throughput"]["where"] == "line 33, column 'Value'"
    assert run["setup"]["workload"] == {"isl": 120, "osl": 128}
    assert doc["format"] == "aiperf-csv"


@pytest.mark.parametrize(
    ("file", "map_name", "format_name", "pairs"),
    [
        (INFERENCEX, "inferencex-serving", "vllm-bench", {"output_throughput": "output_throughput"}),
        (INFERENCEX, "inferencex-serving", "vllm-bench", {"ttft_p99": "p99_ttft_ms", "tpot_p90": "p90_tpot_ms"}),
        (SWEEP_SUMMARY, "vllm-sweep-summary", "vllm-bench", {"output_throughput": "output_throughput"}),
        (NCCL_REPORT, "nccl-tests-report", "nccl-tests", {"avg_bus_bandwidth": "avg_bus_bandwidth"}),
        (NCCL_FIVE, "nccl-tests-summary", "nccl-tests", {"avg_bus_bandwidth": "avg_bus_bandwidth"}),
        (NCCL_MPIRUN, "nccl-tests-avg", "nccl-tests", {"avg_bus_bandwidth": "avg_bus_bandwidth"}),
    ],
    ids=["inferencex", "inferencex-latencies", "vllm-sweep-runs", "nccl-json-report", "nccl-five-tests", "nccl-mpirun"],
)
def test_a_map_reads_the_numbers_the_built_in_reader_reads_from_the_same_published_file(
    file: str, map_name: str, format_name: str, pairs: dict[str, str]
) -> None:
    doc = mapped(real(file), map_name)
    ours = [run["metrics"] for run in doc["runs"]]  # type: ignore[attr-defined]
    theirs = built_in(real(file), format_name)
    assert len(ours) == len(theirs) >= 1
    for mine, tool in zip(ours, theirs, strict=True):
        for name, other in pairs.items():
            assert mine[name]["value"] == tool[other]["value"], name


def test_inspect_map_prints_each_value_with_where_it_was_read() -> None:
    done = inspect(real(AIPERF_CSV), "--map", MAPS / "aiperf-csv.yml")
    assert done.returncode == 0, done.stderr
    assert f"format: aiperf-csv (declared map {MAPS / 'aiperf-csv.yml'}, csv)" in done.stdout
    assert "    output_throughput   66.46 tok/s  (line 33, column 'Value')" in done.stdout
    done = inspect(real(AIPERF_CSV), "--map", MAPS / "aiperf-csv.yml", "--json")
    assert json.loads(done.stdout) == mapped(real(AIPERF_CSV), "aiperf-csv")
    done = inspect(real(AIPERF_CSV), "--map", MAPS / "aiperf-csv.yml", "--format", "aiperf")
    assert (done.returncode, done.stderr) == (
        1,
        f"{real(AIPERF_CSV)}: refused: --map reads the file through the map: give no --format\n",
    )


def test_each_value_says_where_it_was_read_and_each_run_states_its_workload() -> None:
    doc = mapped(real(INFERENCEX), "inferencex-serving")
    run = doc["runs"][0]  # type: ignore[index]
    assert run["metrics"]["ttft_p99_9"]["where"] == "$['p99.9_ttft_ms']"
    assert run["setup"]["workload"] == {"concurrency": 64, "model": "Qwen/Qwen3.5-397B-A17B-FP8", "prompts": 640}
    runs = mapped(real(SWEEP_SUMMARY), "vllm-sweep-summary")["runs"]
    assert [r["metrics"]["output_throughput"]["where"] for r in runs] == [  # type: ignore[attr-defined]
        "$[0]['output_throughput']",
        "$[1]['output_throughput']",
    ]
    report = mapped(real(NCCL_REPORT), "nccl-tests-report")["runs"][0]  # type: ignore[index]
    assert report["metrics"]["busbw_16gib"]["where"] == "$['results'][0]['out_of_place']['bus_bw']"
    five = mapped(real(NCCL_FIVE), "nccl-tests-summary")["runs"]
    assert [r["setup"]["workload"]["benchmark"] for r in five] == [  # type: ignore[attr-defined]
        "all_reduce_perf",
        "all_gather_perf",
        "reduce_scatter_perf",
        "alltoall_perf",
        "sendrecv_perf",
    ]
    assert five[0]["metrics"]["avg_bus_bandwidth"]["where"] == "line 31"  # type: ignore[index]


# -- import and build through a map the guide keeps ------------------------------------------------------------


def _with_map(guide: Path, name: str = "aiperf-csv", *, keep_map: bool = True) -> None:
    """The guide keeps the map ``name`` (unless not ``keep_map``), its serving table takes the map's
    ``output_throughput`` and has a row ``conc4`` of ISL 120 and OSL 128."""
    if keep_map:
        (guide / "maps").mkdir(exist_ok=True)
        shutil.copy(MAPS / f"{name}.yml", guide / "maps" / f"{name}.yml")
    table = guide / "tables" / "serving.yml"
    text = table.read_text(encoding="utf-8")
    text = text.replace(
        "  aiperf: output_token_throughput.avg\n",
        f"  aiperf: output_token_throughput.avg\n  {name}: output_throughput\n",
    )
    text += (
        "  - id: conc4\n    label: conc 4 / ISL 120\n    workload: {isl: 120, osl: 128}\n"
        "    values: {road: not measured, cargo: not measured}\n"
    )
    table.write_text(text, encoding="utf-8")


def cli_import(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "import", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_a_file_imported_through_the_guides_map_is_kept_with_its_sha256_and_the_build_reads_it(guide: Path) -> None:
    _with_map(guide)
    source = real(AIPERF_CSV)
    done = cli_import("aiperf-csv", source, "--data", guide, "--table", "serving", "--row", "conc4", "--series", "road")
    assert done.returncode == 0, done.stderr
    sha = hashlib.sha256(source.read_bytes()).hexdigest()
    kept = guide / "runs" / "serving" / f"{sha[:12]}-{source.name}"
    assert kept.read_bytes() == source.read_bytes()
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert f"sha256: {sha}" in text and "format: aiperf-csv" in text and "metric: " not in text
    assert cell(guide, "serving", "conc4", "road") == ("66.46", 66.46, (66.46,))
    page = results_page(guide)
    assert "read through the declared map maps/aiperf-csv.yml" in page and "AIPerf (CSV export)" in page
    # the map decides the value: pointed at another row of the file, the build reads that one
    path = guide / "maps" / "aiperf-csv.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "Output Token Throughput (tokens/sec)", "Total Token Throughput (tokens/sec)"
        ),
        encoding="utf-8",
    )
    assert cell(guide, "serving", "conc4", "road")[1] == 128.77


def test_the_workload_a_map_reads_is_checked_against_the_row(guide: Path) -> None:
    _with_map(guide)
    before = snapshot(guide)
    with pytest.raises(ImportProblems) as caught:
        import_runs(guide, [Request("aiperf-csv", real(AIPERF_CSV), "serving", "conc32", "road")])
    (problem,) = caught.value.problems
    assert "this run's set-up contradicts the row it is filed under" in problem
    assert "isl: the file states 120 (line 17, column 'avg'), the row states 1024" in problem
    assert snapshot(guide) == before


def test_a_map_pointing_at_a_missing_key_is_refused_naming_the_key_and_the_file(guide: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text((MAPS / "inferencex-serving.yml").read_text().replace("$.p99_ttft_ms", "$.ttft.p99"))
    done = inspect(real(INFERENCEX), "--map", broken)
    assert done.returncode == 1
    assert done.stderr == f"{real(INFERENCEX)}: refused: ttft_p99: no value at $.ttft.p99 in this file\n"
    # on import, through the guide's map: the same refusal, naming the file, and nothing written
    _with_map(guide, "inferencex-serving")
    (guide / "maps" / "inferencex-serving.yml").write_text(broken.read_text())
    before = snapshot(guide)
    done = cli_import(
        "inferencex-serving",
        real(INFERENCEX),
        "--data",
        guide,
        "--table",
        "serving",
        "--row",
        "conc4",
        "--series",
        "road",
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{real(INFERENCEX)}: ttft_p99: no value at $.ttft.p99 in this file" in done.stderr
    assert snapshot(guide) == before
    # a CSV map names the column, or the row, it looked for
    csv_map = tmp_path / "aiperf-csv.yml"
    text = (MAPS / "aiperf-csv.yml").read_text(encoding="utf-8")
    csv_map.write_text(text.replace('{column: avg, where: {Metric: "Inter', '{column: mean, where: {Metric: "Inter'))
    with pytest.raises(ToolOutputError, match=r"^itl_avg: no 'mean' column in this file$"):
        read_with_map(load_map(csv_map), real(AIPERF_CSV).read_bytes())
    csv_map.write_text(text.replace("Inter Token Latency (ms)", "Inter-Token Latency (ms)"))
    with pytest.raises(
        ToolOutputError, match=r"^itl_avg: no row has column 'avg' where Metric = 'Inter-Token Latency \(ms\)' in this"
    ):
        read_with_map(load_map(csv_map), real(AIPERF_CSV).read_bytes())


def test_an_unknown_format_names_the_map_the_guide_would_need(guide: Path) -> None:
    _with_map(guide, "my-harness", keep_map=False)
    with pytest.raises(
        ImportProblems, match=r"unknown format 'my-harness'.*the guide keeps no map maps/my-harness.yml"
    ):
        import_runs(guide, [Request("my-harness", real(INFERENCEX), "serving", "conc32", "road")])


# -- the map file itself ---------------------------------------------------------------------------------------


def test_every_problem_of_a_map_file_is_listed_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yml"
    path.write_text(
        "format: json\n"
        "runz: '$[*]'\n"
        "metrics:\n"
        "  a: {path: '$.a['}\n"
        "  b: {path: '$.b', unit: ms, column: x}\n"
        "  c: {path: \"$[?match(@.a, 'a.*')]\", unit: ms}\n"
        "workload:\n"
        "  concurency: {path: '$.c'}\n",
        encoding="utf-8",
    )
    with pytest.raises(MapError) as caught:
        load_map(path, "bad.yml", WORKLOAD_FIELDS)  # the keys of a guide that declares none of its own
    assert caught.value.problems == [
        "bad.yml:2: runz: unknown field; expected one of format, tool, runs, metrics, workload, delimiter,"
        " numbers, setup, statistic (did you mean 'runs'?)",
        "bad.yml:4: metrics.a.unit: missing: every metric states its unit (ms, req/s, GB/s ...)",
        "bad.yml:4: metrics.a.path: not a JSONPath (RFC 9535): unbalanced brackets at column 4",
        "bad.yml:5: metrics.b.column: unknown field for a json map; expected path, unit (column is for a csv map)",
        "bad.yml:6: metrics.c.path: not a JSONPath (RFC 9535): function 'match' is not defined (match() and"
        " search() are not taken: their patterns are not checked) at column 3",
        "bad.yml:8: workload.concurency: not a set-up key guide.yml declares; expected one of model, framework,"
        " concurrency,"
        " request_rate, dataset, isl, osl, prompts, scenario, nodes, gpus, benchmark (did you mean 'concurrency'?)",
    ]
    done = inspect(real(INFERENCEX), "--map", path)
    assert done.returncode == 1 and done.stderr.startswith(f"{path}:2: runz: unknown field")


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (r"# (?P<w>\w+) (?P=w) (?P<value>[0-9.]+)", "a back-reference ((?P=name))"),
        (r"# (\w+) \1 (?P<value>[0-9.]+)", "a back-reference (\\1)"),
        (r"# Avg bus bandwidth\s*:\s*(?P<value>[0-9.]+)(?= )", "a look-ahead or look-behind"),
        (r"(?<=: )(?P<value>[0-9.]+)", "a look-ahead or look-behind"),
        (r"# Avg bus bandwidth\s*:\s*(?P<value>[0-9.]++)", "a possessive repetition"),
        (r"# Avg bus bandwidth\s*:\s*(?P<value>(?>[0-9.]+))", "an atomic group"),
        (r"(?:\d{0,256}){8}(?P<value>\d)", "a counted repetition of more than 1000 in all"),
        (r"(?:[0-9. ]{0,100}){9}(?P<value>\d)", f"instructions; at most {MAX_PROGRAM} are taken"),
        (r"# Avg bus bandwidth\s*:\s*(?P<number>[0-9.]+)", "no group named 'value'"),
        (r"(?P<value>[0-9.]+) (?P<value>GB/s)", "two groups named 'value'"),
        (r"# Avg bus bandwidth\s*:\s*(?P<value>[0-9.]+", "not a regular expression RE2 runs: missing )"),
        ("# Avg bus bandwidth" + " x" * 250 + "(?P<value>[0-9.]+)", "characters; at most 500 are taken"),
    ],
)
def test_a_pattern_re2_cannot_run_or_reading_no_value_is_refused_at_its_line(
    tmp_path: Path, pattern: str, why: str
) -> None:
    path = tmp_path / "text.yml"
    path.write_text(f"format: text\nmetrics:\n  bw: {{pattern: '{pattern}', unit: GB/s}}\n", encoding="utf-8")
    done = inspect(real(NCCL_MPIRUN), "--map", path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{path}:3: metrics.bw.pattern: ") and why in done.stderr, done.stderr
    assert "absl" not in done.stderr and "re2.cc" not in done.stderr  # RE2's own log is off


def test_the_patterns_the_old_backtracking_check_refused_are_taken_now_that_re2_runs_them() -> None:
    # each of these the hand-written analysis of Python's re refused; RE2 searches each in linear time
    compile_pattern(r"# Avg bus bandwidth\s*:\s*(?P<value>([0-9]+\.?)+)")  # a repetition inside a repetition
    compile_pattern(r"# Avg.*bandwidth.*(?P<value>[0-9.]+)")  # two unbounded repetitions one after the other
    compile_pattern(r"(?P<value>[0-9.]+) GB/s")  # no literal start
    compile_pattern(r"(?i)# avg bus bandwidth\s*:\s*(?P<value>[0-9.]+)")  # inline flags
    compile_pattern(r"Title\n(?:.*\n){5}\| row \|(?: *[\d.]+ *\|){7} *(?P<value>[\d.]+)")  # the issue's table
    for name in ("nccl-tests-summary", "nccl-tests-avg"):
        assert load_map(MAPS / f"{name}.yml").metrics
    with pytest.raises(UnsafePattern, match="a back-reference"):
        compile_pattern(r"x(\d)\1(?P<value>\d)")


def test_a_metric_matching_twice_is_refused_naming_the_places(tmp_path: Path) -> None:
    # the five-test log has five summary lines: without runs: a metric is one value
    with pytest.raises(ToolOutputError, match=r"avg_bus_bandwidth: 5 places match .* \(lines 31, 66, 101, 136, 171\)"):
        read_with_map(load_map(MAPS / "nccl-tests-avg.yml"), real(NCCL_FIVE).read_bytes())
    path = tmp_path / "twice.yml"
    path.write_text("format: csv\nmetrics:\n  avg: {column: avg, unit: ms}\n", encoding="utf-8")
    with pytest.raises(
        ToolOutputError, match=r"avg: \d+ rows have column 'avg' \(lines 2, 3, 4, 5, 6\): add to where:"
    ):
        read_with_map(load_map(path), real(AIPERF_CSV).read_bytes())


def test_the_documented_map_is_the_fixture() -> None:
    assert_block_is_the_fixture("tests/test_declared_maps.py", "aiperf-csv")


# -- time linear in the file --------------------------------------------------------------------------------


def _reader(map_name: str) -> Callable[[bytes], object]:
    spec = load_map(MAPS / f"{map_name}.yml")
    return lambda content: read_with_map(spec, content)


@pytest.mark.parametrize(
    ("map_name", "make"),
    [
        ("nccl-tests-avg", long_lines("# Avg bus bandwidth", " ")),
        ("nccl-tests-avg", long_lines("# Avg bus bandwidth    :", " ", "1")),
        ("nccl-tests-avg", long_lines("", "# Avg bus bandwidth ")),
        ("nccl-tests-avg", long_lines("", "# ")),
        ("nccl-tests-avg", many_lines(lambda i: f"# Avg bus bandwidth    : {i}")),
        ("nccl-tests-summary", many_lines(lambda i: f"# Collective test starting: t{i}\n# Avg bus bandwidth : {i}")),
        ("aiperf-csv", many_lines(lambda i: f"Input Sequence Length (tokens),{i},1,1")),
        ("aiperf-csv", long_lines("Metric,avg\nx,", "1")),
        ("vllm-sweep-summary", lambda size: json.dumps([{"output_throughput": 1.0}] * (size // 26)).encode()),
        ("inferencex-serving", lambda size: json.dumps({"x": ["a"] * (size // 5)}).encode()),
    ],
    ids=[
        "spaces after the words",
        "spaces before the number",
        "the words again and again",
        "the first character again and again",
        "many matching lines",
        "many runs",
        "many rows",
        "a long cell",
        "many json runs",
        "a long json list",
    ],
)
def test_a_file_is_read_through_a_map_in_time_linear_in_it(map_name: str, make: Callable[[int], bytes]) -> None:
    assert_linear(_reader(map_name), make)


def test_a_path_that_would_read_the_file_once_per_node_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.yml"
    path.write_text("format: json\nmetrics:\n  x: {path: '$..a..b', unit: ms}\n", encoding="utf-8")
    with pytest.raises(MapError, match=r"deep.yml:3: metrics.x.path: at most one descendant segment \(..\) a path"):
        load_map(path)
    # one is taken; a file nested deeper than the JSONPath library follows is refused, not a traceback
    path.write_text("format: json\nmetrics:\n  x: {path: '$..b', unit: ms}\n", encoding="utf-8")
    deep = b"[" * 300 + b"]" * 300
    with pytest.raises(ToolOutputError, match=r"^x: \$\.\.b: recursion limit exceeded$"):
        read_with_map(load_map(path), deep)


def test_check_lists_the_problems_of_every_map_the_guide_keeps(guide: Path) -> None:
    _with_map(guide)
    maps = guide / "maps"
    (maps / "unused.yml").write_text("format: csv\nmetrics:\n  x: {column: Value}\n", encoding="utf-8")
    (maps / "aiperf.yml").write_text((MAPS / "aiperf-csv.yml").read_text(encoding="utf-8"), encoding="utf-8")
    (maps / "My_Map.yml").write_text((MAPS / "aiperf-csv.yml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(GuideError) as caught:
        derive_guide(guide)
    assert [str(p) for p in caught.value.problems] == [
        "maps/My_Map.yml: a map's name is its format's: lower-case letters, digits and '-', starting with a letter"
        " or digit (at most 64)",
        "maps/aiperf.yml: 'aiperf' is a built-in format: give the map another name",
        "maps/unused.yml:3: metrics.x.unit: missing: every metric states its unit (ms, req/s, GB/s ...)",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--data", str(guide)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1 and "maps/unused.yml:3: metrics.x.unit: missing" in done.stdout + done.stderr


def test_a_sweeps_mapping_file_names_a_guide_map_as_its_format(guide: Path, tmp_path: Path) -> None:
    _with_map(guide)
    runs = tmp_path / "runs"
    runs.mkdir()
    shutil.copy(real(AIPERF_CSV), runs / "profile_export_aiperf.csv")
    sweep = runs / "sweep.yml"
    sweep.write_text(
        "table: serving\nformat: aiperf-csv\nruns:\n  - {file: profile_export_aiperf.csv, row: conc4, series: cargo}\n",
        encoding="utf-8",
    )
    done = cli_import("--map", sweep, "--data", guide)
    assert done.returncode == 0, done.stderr
    assert cell(guide, "serving", "conc4", "cargo")[1] == 66.46
    # a folder stands for a built-in format's file by the name the tool gives it; a map's file is named
    sweep.write_text("table: serving\nformat: aiperf-csv\nruns:\n  - {file: ., row: conc4, series: road}\n")
    done = cli_import("--map", sweep, "--data", guide)
    assert done.returncode == 1
    assert f"{sweep}:4: runs[0].file: {runs} is a folder: name the file a declared map reads" in done.stderr


def test_the_shape_the_issue_writes_works_as_written() -> None:
    # issue 40's map (json, with runs:) and its csv and text metric lines, on files of this project's own
    issue = MAPS / "issue"
    runs = read_with_map(load_map(issue / "json.yml"), (issue / "harness.json").read_bytes())
    assert [(r.metrics["output_throughput"].value, r.metrics["ttft_p99"].value) for r in runs] == [
        (812.5, 95.25),
        (2710.0, 310.75),
    ]
    assert runs[1].metrics["ttft_p99"].where == "$['benchmarks'][1]['ttft']['p99']"
    assert runs[1].metrics["ttft_p99"].unit == "ms" and runs[0].format == "json"
    (csv_run,) = read_with_map(load_map(issue / "csv.yml"), (issue / "harness.csv").read_bytes())
    found = csv_run.metrics["output_throughput"]
    assert (found.value, found.where) == (1500.25, "line 2, column 'Output Token Throughput (tokens/sec)'")
    (text_run,) = read_with_map(load_map(issue / "text.yml"), (issue / "serve.log").read_bytes())
    assert (text_run.metrics["output_throughput"].value, text_run.metrics["output_throughput"].where) == (
        668.73,
        "line 8",
    )


def test_an_inferencex_aggregated_result_reads_with_its_set_up() -> None:
    # the layout of InferenceX's agg_*.json (the project's own file, made-up numbers): no built-in reader knows it
    path = MAPS / "agg_example_1k1k_conc16.json"
    assert guess_format(path.read_bytes()) is None
    (run,) = read_with_map(load_map(MAPS / "inferencex-agg.yml"), path.read_bytes())
    assert {name: (m.value, m.unit) for name, m in run.metrics.items()} == {
        "tput_per_gpu": (410.5, "tok/s/gpu"),
        "output_tput_per_gpu": (205.25, "tok/s/gpu"),
        "ttft_p99": (0.75, "s"),
        "interactivity_median": (48.5, "tok/s/user"),
    }
    assert {name: s.value for name, s in run.workload.items()} == {
        "concurrency": 16,
        "isl": 1024,
        "osl": 1024,
        "model": "example-org/Example-MoE",
        "framework": "vllm",
    }
