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
from bs4 import BeautifulSoup

from generator.diff.preview import changes_page
from generator.errors import GuideError
from generator.ingest import importer
from generator.ingest.importer import import_runs
from generator.ingest.planning import Request
from generator.pipeline import build_guide, derive_guide
from tests.conftest import FIXTURES, ROOT
from tests.gitrepo import git
from tests.html import text

IMPORTS = FIXTURES / "imports"
AIPERF = IMPORTS / "aiperf" / "profile_export_aiperf.json"
VLLM = IMPORTS / "vllm" / "vllm-infqps-concurrency32-Qwen3-30B-A3B-FP8-20260717-101544.json"
VLLM_TWO = IMPORTS / "vllm" / "vllm-append-two-runs.json"
SGLANG_SWEEP = IMPORTS / "sglang" / "sglang_0717_sweep.jsonl"
NCCL = IMPORTS / "nccl" / "all_gather_perf.2x8.log"

#: What the test guide adds to the bicycle guide: a campaign whose environment facts carry the keys a
#: tool's file states (nodes, GPUs, model), a serving table whose rows state their workload, and an
#: all-gather table; every cell starts "not measured". docs/importing.md's demo uses them too.
ADDED = IMPORTS / "guide"
CAMPAIGN = (ADDED / "campaigns" / "lab.yml").read_text(encoding="utf-8")
SERVING = (ADDED / "tables" / "serving.yml").read_text(encoding="utf-8")
LATENCY = (ADDED / "tables" / "allgather.yml").read_text(encoding="utf-8")


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
    kept = guide / "runs" / "serving" / f"{sha[:12]}-{VLLM.name}"
    assert kept.read_bytes() == VLLM.read_bytes()
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schema/table.schema.json\n")
    assert "metrics:                       # which number of each tool's file is this table's value" in text
    assert "# both imported" in text
    assert f"sha256: {sha}" in text and "format: vllm-bench" in text
    assert "metric: " not in text  # the number is the table's metrics: one, read at every build
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
    assert changed[-1] == "      cargo: not measured" and len(changed) == 7
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
    assert cli("vllm-bench", VLLM_TWO, *into(guide, "serving", "conc32", "road"), "--repetition").returncode == 0
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert "metric: run 1" in text and "metric: run 2" in text  # the run of each; the number is the table's
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


def test_the_documented_sweep_mapping_is_the_fixture_and_files_its_runs(guide: Path) -> None:
    """docs/importing.md shows the mapping format by a file that runs: the block is that file, byte for byte."""
    doc = (ROOT / "docs" / "importing.md").read_text(encoding="utf-8")
    block = doc.split("<!-- sweep-map:", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    assert block == (IMPORTS / "sweep.yml").read_text(encoding="utf-8")
    done = cli("--map", IMPORTS / "sweep.yml", "--data", guide)
    assert done.returncode == 0, done.stderr
    assert [
        cell(guide, "serving", r, s)[1] for r, s in (("conc32", "road"), ("conc256", "road"), ("conc32", "cargo"))
    ] == [
        263.9,
        2173.8,
        535.4587,
    ]


# -- the comparability guard ----------------------------------------------------------------------


def test_a_run_that_contradicts_its_row_is_refused_with_both_sides_named(guide: Path) -> None:
    before = snapshot(guide)
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"))
    assert done.returncode == 1
    assert "import refused, nothing written (1 problem):" in done.stderr
    serving = guide / "tables" / "serving.yml"
    assert (
        "isl: the file states 120 ($.input_config.datasets[0].prompts.isl.mean),"
        f" the row states 1024 ({serving}:25)" in done.stderr
    )
    assert "output length" not in done.stderr  # 128 on both sides
    assert snapshot(guide) == before
    wrong = cli("sglang-bench", SGLANG_SWEEP, "--record", "2", *into(guide, "serving", "conc32", "road"))
    assert "concurrency: the file states 256 (line 2 $.max_concurrency), the row states 32" in wrong.stderr


def test_a_difference_accepted_with_a_reason_is_recorded_and_shown(guide: Path) -> None:
    reason = "the AIPerf run used ISL 120 on purpose"
    done = cli("aiperf", AIPERF, *into(guide, "serving", "conc32", "cargo"), "--accept-difference", reason)
    assert done.returncode == 0, done.stderr
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert f"reason: {reason}" in text and "isl: the file states 120" in text
    page = results_page(guide)
    assert "Set-up differs" in page and reason in page


def test_campaign_nodes_and_gpus_guard_nccl_tests_runs(guide: Path) -> None:
    campaign = guide / "campaigns" / "lab.yml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('"2", key: nodes', '"4", key: nodes').replace('"16"', '"32"'), encoding="utf-8")
    done = cli("nccl-tests", NCCL, *into(guide, "allgather", "one-mib", "road"))
    lab = guide / "campaigns" / "lab.yml"
    assert "nodes: the file states 2 (line 6), campaign lab (Nodes) states 4 (" + f"{lab}:6)" in done.stderr
    assert "gpus: the file states 16 (line 6), campaign lab (GPUs) states 32 (" + f"{lab}:7)" in done.stderr
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
    done = cli("vllm-bench", VLLM, "--table", "serving", "--row", "conc32", "--data", guide)
    assert done.returncode == 1, done.stderr
    assert "no --series, and no series of table serving names its own metric for vllm-bench files" in done.stderr
    done = cli("vllm-bench", VLLM, "--data", guide)
    assert "import needs --table (or --map SWEEP_YML)" in done.stderr and done.returncode == 1
    done = cli("vllm-bench", VLLM, "--data", guide, "--table", "serving", "--series", "road")
    assert "table serving is not a sweep (it has no `sweep:`), so its runs do not find their row by load" in done.stderr


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

    def failing(root: Path, rel: str, content: bytes, exclusive: bool = False) -> None:
        if rel.endswith(".yml"):
            raise OSError(28, "No space left on device")
        real(root, rel, content, exclusive)

    monkeypatch.setattr(importer, "_write_atomic", failing)
    with pytest.raises(OSError, match="No space left"):
        import_runs(guide, [Request("vllm-bench", VLLM, "serving", "conc32", "road")])
    assert snapshot(guide) == before


# -- what the change does, for the pull request -----------------------------------------------------


THROUGHPUT_COLUMN = """\
  - id: throughput
    kind: comparison
    label: Serving throughput
    meaning: Output throughput against the other bicycle of the pair (test fixture numbers).
    tag: serving
    against: counterpart
    aggregate: split
    bands:
      - {min: 1.2, level: good, word: faster}
      - {min: 0.9, level: mid, word: level}
      - {level: bad, word: slower}
"""


def _repo_with_imports(guide: Path, tmp_path: Path) -> Path:
    """A git repository whose main branch holds the guide with a throughput column and one run per cell."""
    (guide / "guide.yml").write_text(
        (guide / "guide.yml")
        .read_text(encoding="utf-8")
        .replace("  - id: price\n", THROUGHPUT_COLUMN + "  - id: price\n")
    )
    table = guide / "tables" / "serving.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("better: higher\n", "better: higher\ntags: [serving]\n"))
    # the cargo bike's rule trades speed for its box in the new column too, and says so (issue 38)
    rules = guide / "decisions.yml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("trades: [climb]", "trades: [climb, throughput]"))
    repo = tmp_path / "repo"
    shutil.copytree(guide, repo / "data")
    data = repo / "data"
    assert cli("vllm-bench", VLLM, *into(data, "serving", "conc32", "road")).returncode == 0
    done = cli("sglang-bench", SGLANG_SWEEP, "--record", "1", *into(data, "serving", "conc32", "cargo"))
    assert done.returncode == 0, done.stderr
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "guide")
    return repo


def test_generator_diff_and_the_preview_show_what_an_import_changed(guide: Path, tmp_path: Path) -> None:
    repo = _repo_with_imports(guide, tmp_path)
    data = repo / "data"
    # a second file for the road cell (two more runs: the median stays, the spread appears) and a third
    # run for the cargo cell that moves its median across a band boundary
    assert cli("vllm-bench", VLLM_TWO, *into(data, "serving", "conc32", "road"), "--repetition").returncode == 0
    reason = "the AIPerf run used ISL 120 on purpose"
    done = cli(
        "aiperf", AIPERF, *into(data, "serving", "conc32", "cargo"), "--accept-difference", reason, "--repetition"
    )
    assert done.returncode == 0, done.stderr
    diff = subprocess.run(
        [sys.executable, "-m", "generator", "diff", "--data", data, "--base", "main"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert diff.returncode == 0, diff.stderr
    column = "Serving throughput"
    worst = "worst ratio"
    cargo_flip = f"| Cargo bike | {column} | ▼ slower vs road (red) | ▲ faster vs road (green) | {worst} 0.89× → 1.34×;"
    road_flip = f"| Road bike | {column} | ■ level vs cargo (amber) | ▼ slower vs cargo (red) | {worst} 1.13× → 0.74×;"
    road = "| conc 32 / ISL 1024 | road bike | 297.63 tok/s (1 run) | 297.63 tok/s (3 runs, 297.63–301.18) |"
    cargo = "| conc 32 / ISL 1024 | cargo bike | 263.9 tok/s (1 run) | 399.67935 tok/s (2 runs, 263.9–535.4587) |"
    for line in (cargo_flip, road_flip, road, cargo):
        assert line in diff.stdout
    assert diff.stdout.index("### Verdict flips") < diff.stdout.index("### Changed numbers")
    # the pull request's preview page says the same, from the same files, with no further step
    preview = changes_page(data, "main")
    linked = (
        cargo_flip.replace("| Cargo bike |", "| [Cargo bike](options/cargo.md) |"),
        road_flip.replace("| Road bike |", "| [Road bike](options/road.md) |"),
    )
    for line in (*linked, road, cargo):
        assert line in preview
    assert "**2 verdict flips**, 3 changed numbers." in preview


# -- what the file states about its run, shown as the value's evidence -------------------------------


def evidence(page: str, table: str, row: str, series_label: str) -> dict[str, str]:
    """The evidence lines of one value, as a reader sees them."""
    details = BeautifulSoup(page, "html.parser").select_one(f"details#ev-{table}-{row}")
    assert details is not None
    for block in details.select(".dg-ev-value"):
        if text(block.select_one(".dg-ev-head")) == series_label:
            return {text(dt): text(dd) for dt, dd in zip(block.select("dt"), block.select("dd"), strict=True)}
    raise AssertionError(f"no evidence for {series_label} in {table}/{row}")


def test_the_evidence_shows_the_set_up_the_file_states(guide: Path) -> None:
    reason = "the AIPerf run used ISL 120 on purpose"
    outcome = import_runs(
        guide,
        [
            Request("aiperf", AIPERF, "serving", "conc32", "cargo", accept=reason),
            Request("vllm-bench", VLLM, "serving", "conc32", "road"),
            Request("nccl-tests", NCCL, "allgather", "one-mib", "road"),
        ],
    )
    assert len(outcome.added) == 3
    kept = f"runs/serving/{hashlib.sha256(AIPERF.read_bytes()).hexdigest()[:12]}-{AIPERF.name}"
    page = results_page(guide)
    aiperf = evidence(page, "serving", "conc32", "cargo bike")
    assert aiperf["Tool"] == "AIPerf 0.13.0"
    assert aiperf["Command"].startswith("aiperf profile --model 'Qwen3-30B-A3B-FP8' --url 'http://10.0.1.12:8000'")
    assert aiperf["Date"] == "2026-07-17"
    assert aiperf["Settings named"] == (
        "model: Qwen3-30B-A3B-FP8; concurrency: 32; input length (ISL): 120; output length (OSL): 128;"
        " number of prompts: 320"
    )
    assert aiperf["Raw output"] == kept
    assert aiperf["Environment"] == "not stated"  # the export does not list the server's environment
    vllm = evidence(page, "serving", "conc32", "road bike")
    assert (vllm["Tool"], vllm["Date"], vllm["Command"]) == ("vLLM bench serve", "2026-07-17", "not stated")
    assert vllm["Settings named"] == (
        "model: Qwen3-30B-A3B-FP8; framework: vllm; concurrency: 32; input length (ISL): 1024;"
        " output length (OSL): 128; request rate: inf; number of prompts: 320; burstiness: 1.0"
    )
    nccl = evidence(page, "allgather", "one-mib", "road bike")
    assert (nccl["Tool"], nccl["Software"]) == ("nccl-tests 2.17.6", "nccl 2.28.7")
    assert nccl["Settings named"].endswith(
        "nThread 1 nGpus 1 minBytes 1048576 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20"
        " agg iters: 1 validation: 1 graph: 0 unalign: 0; nccl-tests verdict: Out of bounds values : 0 OK"
    )
    assert "benchmark: all_gather_perf" in nccl["Settings named"] and "GPUs: 16" in nccl["Settings named"]


def test_runs_from_two_tools_keep_each_files_own_statement(guide: Path) -> None:
    reason = "the AIPerf run used ISL 120 on purpose"
    import_runs(guide, [Request("sglang-bench", SGLANG_SWEEP, "serving", "conc32", "cargo", record=1)])
    import_runs(guide, [Request("aiperf", AIPERF, "serving", "conc32", "cargo", accept=reason, repetition=True)])
    lines = evidence(results_page(guide), "serving", "conc32", "cargo bike")
    assert lines["Tool"] == "SGLang bench_serving; AIPerf 0.13.0"
    assert lines["Command"].startswith("# run 1: command not stated # run 2 aiperf profile --model")
    # what both files state is said once; what only one states is said for its run
    settings = lines["Settings named"].split("; ")
    assert settings[:3] == ["concurrency: 32", "output length (OSL): 128", "run 1: framework: sglang"]
    assert "run 1: input length (ISL): 1024" in settings and "run 2: input length (ISL): 120" in settings
    assert "run 2: model: Qwen3-30B-A3B-FP8" in settings
    reproduce = (
        BeautifulSoup(results_page(guide), "html.parser")
        .select("details#ev-serving-conc32 .dg-ev-value")[-1]
        .select_one(".dg-reproduce code")
        .get_text()
    )
    assert reproduce.splitlines()[1:4] == [
        "# run 1: command not stated",
        "# run 2",
        "aiperf profile --model"
        " 'Qwen3-30B-A3B-FP8' --url 'http://10.0.1.12:8000' --endpoint-type 'chat' --streaming --tokenizer"
        " 'Qwen/Qwen3-30B-A3B-FP8' --request-count 320 --concurrency 32 --synthetic-input-tokens-mean 120"
        " --output-tokens-mean 128 --ui-type None --artifact-dir 'artifacts/trtllm-conc32'",
    ]


def test_the_files_oldest_date_and_version_date_a_value_with_runs_from_several_files(guide: Path) -> None:
    older = VLLM.read_text(encoding="utf-8").replace('"date": "20260717-101544"', '"date": "20250301-080000"')
    second = guide.parent / "vllm-older.json"
    second.write_text(older, encoding="utf-8")
    import_runs(guide, [Request("vllm-bench", VLLM, "serving", "conc32", "road")])
    import_runs(guide, [Request("vllm-bench", second, "serving", "conc32", "road", repetition=True)])
    sample = derive_guide(guide).sample("serving", "conc32", "road")
    # the guide's freshness rules (as of 2026-06-01, at most 365 days) judge the value by its oldest run
    assert sample.setup.date is not None and sample.setup.date.isoformat() == "2025-03-01"
    assert [s.reason for s in sample.stale] == ["measured 2025-03-01, 457 days before 2026-06-01 (older than 365 days)"]


# -- a hand-written files entry is checked like an imported one ---------------------------------------


def test_a_hand_written_file_entry_whose_metric_has_another_unit_is_refused_at_build_time(guide: Path) -> None:
    raw = guide / "runs" / "serving" / "by-hand" / VLLM.name
    raw.parent.mkdir(parents=True)
    shutil.copy(VLLM, raw)
    sha = hashlib.sha256(raw.read_bytes()).hexdigest()
    table = guide / "tables" / "serving.yml"
    entry = f"{{path: runs/serving/by-hand/{VLLM.name}, sha256: {sha}, format: vllm-bench, metric: mean_ttft_ms}}"
    text_before = table.read_text(encoding="utf-8")
    table.write_text(
        text_before.replace(
            "    values: {road: not measured, cargo: not measured}   # both imported",
            f"    values:\n      road:\n        files:\n          - {entry}\n      cargo: not measured",
        ),
        encoding="utf-8",
    )
    line = table.read_text(encoding="utf-8").splitlines().index(f"          - {entry}") + 1
    with pytest.raises(GuideError) as caught:
        derive_guide(guide)
    assert [str(p) for p in caught.value.problems] == [
        f"tables/serving.yml:{line}: rows[0].values.road.files[0].metric: 'mean_ttft_ms' of"
        f" runs/serving/by-hand/{VLLM.name} is in ms; table 'serving' takes tok/s"
    ]
    # the check command says so too, with a non-zero exit and no traceback
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--data", guide],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"tables/serving.yml:{line}: rows[0].values.road.files[0].metric:" in done.stderr
    # the same entry with the metric the table takes builds
    table.write_text(table.read_text(encoding="utf-8").replace("metric: mean_ttft_ms", "metric: output_throughput"))
    assert cell(guide, "serving", "conc32", "road") == ("297.63", 297.63, (297.63,))


# -- an import that cannot land in the wrong cell ---------------------------------------------------

#: An SGLang file of three runs: random 1024/128 at 1 and at 8 requests/s, then ShareGPT at 8 requests/s.
RATES = IMPORTS / "sglang" / "sglang_rates_and_sharegpt.jsonl"


def _state(guide: Path, old: str, new: str) -> Path:
    table = guide / "tables" / "serving.yml"
    text = table.read_text(encoding="utf-8")
    assert old in text
    table.write_text(text.replace(old, new, 1), encoding="utf-8")
    return table


def test_a_record_run_at_another_request_rate_than_the_row_states_is_refused_with_both_values(guide: Path) -> None:
    table = _state(
        guide, "workload: {concurrency: 32, isl: 1024, osl: 128}", "workload: {concurrency: 32, request_rate: 8}"
    )
    assert derive_guide(guide).data is not None  # `workload: {request_rate: 8}` on a row is valid
    before = snapshot(guide)
    done = cli("sglang-bench", RATES, "--record", "1", *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1
    assert (
        f"{RATES} (run 1): this run's set-up contradicts the row it is filed under" in done.stderr
        and f"request_rate: the file ran at 1 request/s (line 1 $.request_rate), the row states 8 ({table}:25)"
        in done.stderr
    )
    assert snapshot(guide) == before
    # the record that ran at 8 requests/s is filed
    done = cli("sglang-bench", RATES, "--record", "2", *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 0, done.stderr


def test_a_sharegpt_run_into_a_table_of_the_random_dataset_is_refused(guide: Path) -> None:
    table = _state(guide, "metrics:", "workload: {dataset: random}\nmetrics:")
    done = cli("sglang-bench", RATES, "--record", "3", *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1
    assert "dataset: the file states sharegpt (line 3 $.dataset_name), the table states random (" in done.stderr
    assert f"{table}:" in done.stderr


def test_a_file_whose_runs_ran_different_workloads_is_not_filed_as_one_cells_repetitions(guide: Path) -> None:
    done = cli("sglang-bench", RATES, *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1
    assert "its runs differ in request_rate (run 1: 1, run 2: 8)" in done.stderr and "--record N" in done.stderr


def test_a_second_run_for_a_filled_cell_needs_repetition_and_the_refusal_names_both(guide: Path) -> None:
    assert cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road")).returncode == 0
    before = snapshot(guide)
    done = cli("vllm-bench", VLLM_TWO, "--record", "2", *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()[:12]
    kept = hashlib.sha256(VLLM_TWO.read_bytes()).hexdigest()[:12]
    assert f"serving / conc32 / road already holds runs/serving/{sha}-{VLLM.name};" in done.stderr
    assert f"this import adds runs/serving/{kept}-{VLLM_TWO.name} (run 2)" in done.stderr
    assert "--repetition" in done.stderr
    assert snapshot(guide) == before
    # two files for one empty cell in one command: the second is a repetition too
    done = cli("vllm-bench", VLLM, VLLM_TWO, *into(guide, "serving", "conc32", "cargo"))
    assert done.returncode == 1 and "serving / conc32 / cargo already holds" in done.stderr
    # another framework's run is no repetition, named or not (issue 52 item 5)
    done = cli("sglang-bench", SGLANG_SWEEP, "--record", "1", *into(guide, "serving", "conc32", "road"), "--repetition")
    assert done.returncode == 1 and "import refused, nothing written" in done.stderr
    assert "this run is no repetition of the run(s) the cell holds" in done.stderr
    assert f"runs/serving/{sha}-{VLLM.name} states vllm ($.framework)" in done.stderr
    assert snapshot(guide) == before
    done = cli("vllm-bench", VLLM_TWO, "--record", "2", *into(guide, "serving", "conc32", "road"), "--repetition")
    assert done.returncode == 0, done.stderr
    assert cell(guide, "serving", "conc32", "road")[2] == (297.63, 301.18)


def test_one_file_imported_into_many_cells_is_kept_once(guide: Path) -> None:
    for row, record in (("conc32", "1"), ("conc256", "2")):
        for series in ("road", "cargo"):
            done = cli("sglang-bench", SGLANG_SWEEP, "--record", record, *into(guide, "serving", row, series))
            assert done.returncode == 0, done.stderr
    kept = [p for p in (guide / "runs" / "serving").rglob("*") if p.is_file()]
    assert [p.relative_to(guide).as_posix() for p in kept] == [
        f"runs/serving/{hashlib.sha256(SGLANG_SWEEP.read_bytes()).hexdigest()[:12]}-{SGLANG_SWEEP.name}"
    ]
    text = (guide / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert text.count(f"path: {kept[0].relative_to(guide).as_posix()}") == 4
    # the build still checks the one copy's sha256 for every cell that points at it
    kept[0].write_bytes(kept[0].read_bytes().replace(b"263.9", b"363.9"))
    with pytest.raises(GuideError, match="the file changed since it was recorded"):
        derive_guide(guide)


def test_a_file_already_kept_elsewhere_in_the_table_is_pointed_at_not_copied(guide: Path) -> None:
    assert cli("vllm-bench", VLLM, *into(guide, "serving", "conc32", "road")).returncode == 0
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()
    old = guide / "runs" / "serving" / f"{sha[:12]}-{VLLM.name}"
    # a copy an older import kept under row and series folders stays the one copy
    legacy = guide / "runs" / "serving" / "conc32" / "road" / old.name
    legacy.parent.mkdir(parents=True)
    old.rename(legacy)
    table = guide / "tables" / "serving.yml"
    table.write_text(
        table.read_text(encoding="utf-8").replace(f"runs/serving/{old.name}", f"runs/serving/conc32/road/{old.name}"),
        encoding="utf-8",
    )
    renamed = guide.parent / "renamed.json"
    renamed.write_bytes(VLLM.read_bytes())
    assert cli("vllm-bench", renamed, *into(guide, "serving", "conc32", "cargo")).returncode == 0
    assert [p.name for p in (guide / "runs" / "serving").rglob("*.json")] == [old.name]
    assert table.read_text(encoding="utf-8").count(f"path: runs/serving/conc32/road/{old.name}") == 2


def test_the_ingest_modules_import_one_way() -> None:
    import ast

    folder = ROOT / "generator" / "ingest"
    edges: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator.ingest."):
                names.add(node.module.rsplit(".", 1)[1])
            if isinstance(node, ast.ImportFrom) and node.module == "generator.ingest":
                names.update(alias.name for alias in node.names)
        edges[path.stem] = names

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in edges.get(start, ()))

    assert [name for name in sorted(edges) if reaches(name, name)] == []


def test_a_mapping_files_entry_marks_a_repetition(guide: Path, tmp_path: Path) -> None:
    shutil.copy(VLLM, tmp_path / VLLM.name)
    shutil.copy(VLLM_TWO, tmp_path / VLLM_TWO.name)
    mapping = tmp_path / "sweep.yml"
    entries = (
        f"  - {{file: {VLLM.name}, format: vllm-bench, row: conc32, series: road}}\n"
        f"  - {{file: {VLLM_TWO.name}, record: 2, format: vllm-bench, row: conc32, series: road<MARK>}}\n"
    )
    mapping.write_text("table: serving\nruns:\n" + entries.replace("<MARK>", ""), encoding="utf-8")
    done = cli("--map", mapping, "--data", guide)
    assert done.returncode == 1
    assert f"{mapping}:4: {tmp_path / VLLM_TWO.name}: serving / conc32 / road already holds" in done.stderr
    mapping.write_text("table: serving\nruns:\n" + entries.replace("<MARK>", ", repetition: true"), encoding="utf-8")
    done = cli("--map", mapping, "--data", guide)
    assert done.returncode == 0, done.stderr
    assert cell(guide, "serving", "conc32", "road")[2] == (297.63, 301.18)
    mapping.write_text(
        "table: serving\nruns:\n" + entries.replace("<MARK>", ", repetition: yes please"), encoding="utf-8"
    )
    done = cli("--map", mapping, "--data", guide)
    assert done.returncode == 1 and "repetition: expected true or false, got 'yes please'" in done.stderr
