"""`python -m generator import`: raw files kept verbatim, the table pointing at them, the value derived at build time.

The tests' second guide (the bicycle guide with a serving table and a campaign of its own) gets
its numbers only from imported tool files; the shipped guide is never touched.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.ingest import importer
from generator.ingest.importer import Request, import_runs
from generator.pipeline import build_guide, derive_guide
from tests.conftest import FIXTURES, ROOT
from tests.gitrepo import git

IMPORTS = FIXTURES / "imports"
AIPERF = IMPORTS / "aiperf" / "profile_export_aiperf.json"
VLLM = IMPORTS / "vllm" / "vllm-infqps-concurrency32-Qwen3-30B-A3B-FP8-20260717-101544.json"
VLLM_TWO = IMPORTS / "vllm" / "vllm-append-two-runs.json"
SGLANG_SWEEP = IMPORTS / "sglang" / "sglang_0717_sweep.jsonl"
NCCL = IMPORTS / "nccl" / "all_gather_perf.2x8.log"

CAMPAIGN = """\
# yaml-language-server: $schema=../../schema/campaign.schema.json
id: lab
name: serving lab
environment:
  - {label: Machines, value: test rack}
  - {label: Nodes, value: "2", key: nodes}
  - {label: GPUs, value: "16", key: gpus}
  - {label: Model, value: Qwen3-30B-A3B-FP8, key: model}
summary: Test fixture campaign for imported runs.
"""

SERVING = """\
# yaml-language-server: $schema=../../schema/table.schema.json
# Serving throughput, filled only by `python -m generator import` (test fixture numbers).
kind: measurements
id: serving
title: Serving throughput
label: serving
summary: Output tokens per second from the tools' own result files.
campaign: lab
provenance: measured
quantity: output throughput
unit: tok/s
better: higher
metrics:                       # which number of each tool's file is this table's value
  aiperf: output_token_throughput.avg
  vllm-bench: output_throughput
  sglang-bench: output_throughput
series:
  - {id: road, label: road bike, option: road}
  - {id: cargo, label: cargo bike, option: cargo}
comparisons:
  - {numerator: cargo, denominator: road, label: cargo / road}
rows:
  - id: conc32
    label: conc 32 / ISL 1024
    workload: {concurrency: 32, isl: 1024, osl: 128}
    values: {road: not measured, cargo: not measured}   # both imported
  - id: conc256
    label: conc 256 / ISL 1024
    workload: {concurrency: 256, isl: 1024, osl: 128}
    values: {road: not measured, cargo: not measured}
"""

LATENCY = """\
# yaml-language-server: $schema=../../schema/table.schema.json
kind: measurements
id: allgather
title: All-gather latency at 1 MiB
label: all-gather
summary: Out-of-place time of one all-gather of 1 MiB, from nccl-tests.
campaign: lab
provenance: measured
quantity: latency
unit: µs
better: lower
metrics: {nccl-tests: out_of_place.time@1048576}
workload: {benchmark: all_gather_perf}
series:
  - {id: road, label: road bike, option: road}
rows:
  - {id: one-mib, label: 1 MiB, values: {road: not measured}}
"""


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    """The bicycle guide with a serving table and an all-gather table, every cell still empty."""
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "campaigns" / "lab.yml").write_text(CAMPAIGN, encoding="utf-8")
    (data / "tables" / "serving.yml").write_text(SERVING, encoding="utf-8")
    (data / "tables" / "allgather.yml").write_text(LATENCY, encoding="utf-8")
    return data


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "import", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def cell(data: Path, table: str, row: str, series: str) -> tuple[str, float | None, tuple[float, ...] | None]:
    """The text a reader sees for a cell, its value and its runs, as the build derives them."""
    sample = derive_guide(data).sample(table, row, series)
    return sample.text(), sample.value, sample.runs


def results_page(data: Path) -> str:
    return build_guide(data)["results.md"]


def into(guide: Path, table: str, row: str, series: str) -> list[str | Path]:
    return ["--data", guide, "--table", table, "--row", row, "--series", series]


# -- the happy path -------------------------------------------------------------------------------


def test_import_keeps_the_raw_file_verbatim_and_the_build_derives_the_value_from_it(guide: Path) -> None:
    done = cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 0, done.stderr
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()
    kept = guide / "runs" / "serving" / "conc32" / "road" / f"{sha[:12]}-{VLLM.name}"
    assert kept.read_bytes() == VLLM.read_bytes()
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schema/table.schema.json\n")
    assert "metrics:                       # which number of each tool's file is this table's value" in text
    assert "# both imported" in text
    assert f"sha256: {sha}" in text and "format: vllm-bench" in text and "metric: output_throughput" in text
    assert "added      serving / conc32 / road: 297.63 tok/s" in done.stdout
    assert cell(guide, "serving", "conc32", "road") == ("297.63", 297.63, (297.63,))
    assert ">297.63<" in results_page(guide)
    # the raw file is the source of truth: edit it and the build refuses it (its sha256 no longer matches)
    kept.write_bytes(VLLM.read_bytes().replace(b"297.63", b"397.63"))
    with pytest.raises(GuideError, match="the file changed since it was recorded"):
        derive_guide(guide)


def test_only_the_edited_cell_of_the_yaml_changes(guide: Path) -> None:
    before = (guide / "tables" / "serving.yml").read_text(encoding="utf-8").splitlines()
    assert cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road")).returncode == 0
    after = (guide / "tables" / "serving.yml").read_text(encoding="utf-8").splitlines()
    changed = [line for line in after if line not in before]
    assert [line for line in before if line not in after] == [
        "    values: {road: not measured, cargo: not measured}   # both imported"
    ]
    assert changed[0].startswith("    values:") and changed[0].endswith("# both imported")
    assert changed[1:3] == ["      road:", "        files:"]
    assert changed[-1] == "      cargo: not measured" and len(changed) == 8
    first, rest = before.index("  - id: conc32"), before.index("  - id: conc256")
    assert after[:first] == before[:first] and after[-(len(before) - rest) :] == before[rest:]


def test_importing_the_same_file_again_changes_nothing(guide: Path) -> None:
    assert cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road")).returncode == 0
    before = snapshot(guide)
    again = cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road"))
    assert again.returncode == 0, again.stderr
    assert "(already imported)" in again.stdout and "wrote" not in again.stdout
    assert snapshot(guide) == before


def test_a_second_run_of_the_same_cell_adds_a_repetition(guide: Path) -> None:
    assert cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road")).returncode == 0
    # a file written with --append-result holds two runs: each becomes a repetition, named by its run
    assert cli("vllm-bench", VLLM_TWO, *into(guide, "serving", "conc32", "road")).returncode == 0
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert "metric: 'run 1: output_throughput'" in text and "metric: 'run 2: output_throughput'" in text
    shown, value, runs = cell(guide, "serving", "conc32", "road")
    assert runs == (297.63, 297.63, 301.18) and value == 297.63  # the table's statistic: the median
    assert "3 runs" in results_page(guide)


def test_a_sweep_mapping_files_every_run_under_its_cell(guide: Path, tmp_path: Path) -> None:
    folder = tmp_path / "sweep" / "aiperf-conc32" / "artifacts" / "deep"
    folder.mkdir(parents=True)
    shutil.copy(AIPERF, folder / AIPERF.name)
    shutil.copy(SGLANG_SWEEP, tmp_path / "sweep" / SGLANG_SWEEP.name)
    mapping = tmp_path / "sweep" / "sweep.yml"
    mapping.write_text(
        f"""table: serving
format: sglang-bench
runs:
  - {{file: {SGLANG_SWEEP.name}, record: 1, row: conc32, series: road}}
  - {{file: {SGLANG_SWEEP.name}, record: 2, row: conc256, series: road}}
  - file: aiperf-conc32
    format: aiperf
    row: conc32
    series: cargo
    accept_difference: the AIPerf run used ISL 120 on purpose
""",
        encoding="utf-8",
    )
    done = cli("--map", mapping, "--data", guide)
    assert done.returncode == 0, done.stderr
    assert cell(guide, "serving", "conc32", "road")[1] == 263.9
    assert cell(guide, "serving", "conc256", "road")[1] == 2173.8
    assert cell(guide, "serving", "conc32", "cargo")[1] == 535.4587


# -- the comparability guard ----------------------------------------------------------------------


def test_a_run_that_contradicts_its_row_is_refused_with_both_sides_named(guide: Path) -> None:
    before = snapshot(guide)
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"))
    assert done.returncode == 1
    assert "import refused, nothing written (1 problem):" in done.stderr
    assert (
        "input length (ISL): the run says 120 ($.input_config.datasets[0].prompts.isl.mean), row conc32 says 1024"
        in done.stderr
    )
    assert "output length" not in done.stderr  # 128 on both sides
    assert snapshot(guide) == before
    wrong = cli("sglang-bench", SGLANG_SWEEP, "--record", "2", *into(guide, "serving", "conc32", "road"))
    assert "concurrency: the run says 256 (line 2 $.max_concurrency), row conc32 says 32" in wrong.stderr


def test_a_difference_accepted_with_a_reason_is_recorded_and_shown(guide: Path) -> None:
    reason = "the AIPerf run used ISL 120 on purpose"
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"), "--accept-difference", reason)
    assert done.returncode == 0, done.stderr
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert f"reason: {reason}" in text and "input length (ISL): the run says 120" in text
    page = results_page(guide)
    assert "Set-up differs" in page and reason in page


def test_campaign_nodes_and_gpus_guard_nccl_tests_runs(guide: Path) -> None:
    campaign = guide / "campaigns" / "lab.yml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('"2", key: nodes', '"4", key: nodes').replace('"16"', '"32"'), encoding="utf-8")
    done = cli("nccl-tests", NCCL, *into(guide, "allgather", "one-mib", "road"))
    assert "nodes: the run says 2 (line 6), campaign lab (Nodes) says 4" in done.stderr
    assert "GPUs: the run says 16 (line 6), campaign lab (GPUs) says 32" in done.stderr
    assert done.returncode == 1
    # the same campaign as the run: filed
    campaign.write_text(text, encoding="utf-8")
    done = cli("nccl-tests", NCCL, *into(guide, "allgather", "one-mib", "road"))
    assert done.returncode == 0, done.stderr


# -- bad input: a clear error, exit 1, nothing written -------------------------------------------


@pytest.mark.parametrize(
    ("make", "args", "expected"),
    [
        (lambda d: d / "empty.json", ["aiperf"], "empty.json: the file is empty"),
        (
            lambda d: d / "cut.json",
            ["aiperf"],
            "cut.json: line 15 column 2: not valid JSON: the file ends in the middle of the JSON (truncated?)",
        ),
        (lambda d: NCCL, ["aiperf"], "(it reads as a nccl-tests file)"),
        (lambda d: VLLM, ["sglang-bench"], "not an SGLang bench_serving result"),
        (lambda d: d / "missing.json", ["aiperf"], "missing.json: cannot read it"),
    ],
)
def test_bad_files_are_refused(guide: Path, tmp_path: Path, make, args, expected) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "cut.json").write_bytes(AIPERF.read_bytes()[:300])
    before = snapshot(guide)
    done = cli(*args, make(tmp_path), *into(guide, "serving", "conc32", "cargo"))
    assert done.returncode == 1
    assert expected in done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(guide) == before


def test_a_metric_the_file_lacks_or_a_unit_the_table_refuses(guide: Path) -> None:
    table = guide / "tables" / "serving.yml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("aiperf: output_token_throughput.avg", "aiperf: goodput.avg"), encoding="utf-8")
    before = snapshot(guide)
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"))
    assert "no metric 'goodput.avg' in this AIPerf output; it has" in done.stderr and done.returncode == 1
    table.write_text(
        text.replace("aiperf: output_token_throughput.avg", "aiperf: request_latency.p50"), encoding="utf-8"
    )
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"))
    assert "$.request_latency.p50: request_latency.p50 is in ms; table serving takes tok/s" in done.stderr
    assert snapshot(guide) == {**before, "tables/serving.yml": table.read_bytes()}


def test_an_unknown_table_row_or_series_and_an_undeclared_format(guide: Path) -> None:
    done = cli("aiperf", AIPERF, *into(guide, "servng", "conc32", "cargo"))
    assert "--table servng: no measured table has that id (tables: allgather, " in done.stderr
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc64", "bike"))
    assert "--row conc64: table serving has no such row (rows: conc32, conc256)" in done.stderr
    assert "--series bike: table serving has no such series (series: road, cargo)" in done.stderr
    done = cli("nccl-tests", NCCL, *into(guide, "serving", "conc32", "cargo"))
    assert "table serving declares no metric for nccl-tests files (add `metrics: {nccl-tests: <metric>}`" in done.stderr
    done = cli("vllm-bench", VLLM, "--table", "serving")
    assert "import needs --row, --series (or --map SWEEP_YML)" in done.stderr and done.returncode == 1


def test_a_typed_value_is_never_replaced_silently(guide: Path) -> None:
    table = guide / "tables" / "serving.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("road: not measured, cargo", "road: 250, cargo", 1))
    done = cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road"))
    assert "rows conc32 values road holds the typed value 250; remove it first" in done.stderr


# -- atomic: the raw file and the YAML land together or not at all ---------------------------------


def test_a_run_the_guide_cannot_use_is_refused_after_staging_and_nothing_lands(guide: Path, tmp_path: Path) -> None:
    zero = tmp_path / "zero.json"
    zero.write_text(VLLM.read_text(encoding="utf-8").replace('"output_throughput": 297.63', '"output_throughput": 0'))
    before = snapshot(guide)
    done = cli("vllm-bench", zero, *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1
    assert "the guide would not build after this import:" in done.stderr
    assert "expected a positive finite number" in done.stderr
    assert snapshot(guide) == before


def test_a_failure_while_writing_takes_the_raw_file_back(guide: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(guide)
    real = importer._write_atomic

    def failing(target: Path, content: bytes, exclusive: bool = False) -> None:
        if target.suffix == ".yml":
            raise OSError(28, "No space left on device")
        real(target, content, exclusive)

    monkeypatch.setattr(importer, "_write_atomic", failing)
    with pytest.raises(OSError, match="No space left"):
        import_runs(guide, [Request("vllm-bench", VLLM, "serving", "conc32", "road")])
    assert snapshot(guide) == before


# -- what the change does, for the pull request -----------------------------------------------------


def test_generator_diff_shows_the_imported_value(guide: Path, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(guide, repo / "data")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "guide")
    assert cli("vllm-bench", VLLM, *into(repo / "data", "serving", "conc32", "road")).returncode == 0
    done = subprocess.run(
        [sys.executable, "-m", "generator", "diff", "--data", repo / "data", "--base", "main"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "297.63" in done.stdout and "Serving throughput" in done.stdout
