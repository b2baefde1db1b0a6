"""Every variant the tools write, read as the tool writes it, and every failed run refused with the tool's reason.

The fixtures (``tests/fixtures/imports/variants/`` and the edits made here to the other fixtures) are
this project's own text in each tool's format; their numbers are made up. The published files the
readers are checked against live outside the repository (``tests/test_real_outputs.py``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.read.formats import aiperf, nccl_tests, vllm_bench
from generator.read.formats.catalog import read_runs
from generator.read.formats.dispatch import file_run, run_value
from generator.read.formats.tool_output import ToolOutputError

ROOT = Path(__file__).resolve().parents[1]
IMPORTS = ROOT / "tests" / "fixtures" / "imports"
VARIANTS = IMPORTS / "variants"
VLLM = IMPORTS / "vllm" / "vllm-infqps-concurrency32-Qwen3-30B-A3B-FP8-20260717-101544.json"
AIPERF = IMPORTS / "aiperf" / "profile_export_aiperf.json"
NCCL = IMPORTS / "nccl" / "all_gather_perf.2x8.log"


def refusal(format_name: str, content: bytes) -> str:
    with pytest.raises(ToolOutputError) as caught:
        read_runs(format_name, content)
    return str(caught.value)


# -- nccl-tests ------------------------------------------------------------------------------------------


def test_mpirun_tags_and_an_nccl_log_line_inside_a_row_are_read_past_and_the_row_joined() -> None:
    (run,) = nccl_tests.parse((VARIANTS / "nccl-old-mpirun-split-row.log").read_bytes())
    # the older layout: no root column, an `error` column that is a numeric error (2e-07), not a failure
    assert run.metric("out_of_place.time@8").value == 101.5
    joined = run.metric("in_place.busbw@1048576")
    assert (joined.value, joined.unit) == (4.04, "GB/s")
    assert run.metric("avg_bus_bandwidth").value == 2.0235
    assert {k: v.value for k, v in run.workload.items()} == {"gpus": 2, "nodes": 2}  # `Rank N Pid` without Group
    assert run.verdict == "Out of bounds values : 0 OK"
    assert any("split by other output, joined" in w for w in run.warnings)
    assert any("NCCL log line" in w for w in run.warnings)


def test_a_row_cut_by_a_log_line_and_never_finished_is_refused_not_guessed() -> None:
    text = (VARIANTS / "nccl-old-mpirun-split-row.log").read_text(encoding="utf-8")
    cut = text.replace("[1,0]<stdout>:   485.3    2.16    4.05  5e-07    486.3    2.16    4.04  5e-07\n", "")
    assert "a result row with 4 fields, expected 12 (cut short?)" in refusal("nccl-tests", cut.encode())


def test_srun_labels_two_tests_one_failed_the_failed_one_says_what_nccl_tests_printed() -> None:
    content = (VARIANTS / "nccl-srun-two-tests-one-failed.log").read_bytes()
    runs = nccl_tests.parse(content)
    assert [r.part for r in runs] == ["all_gather_perf"]
    assert runs[0].metric("out_of_place.busbw@2097152").value == 11.9
    (note,) = [w for w in runs[0].warnings if w.startswith("alltoall_perf ")]
    assert "line 27" in note and "Test NCCL failure alltoall.cu:274 'remote process exited" in note
    with pytest.raises(ToolOutputError, match=r"no test 'alltoall_perf' gave a result .*Test NCCL failure"):
        run_value(runs, "alltoall_perf: avg_bus_bandwidth")
    assert run_value(runs, "all_gather_perf: avg_bus_bandwidth") == 10.27


def test_a_log_whose_only_test_failed_is_refused_with_the_tools_first_failure_line() -> None:
    lines = (VARIANTS / "nccl-srun-two-tests-one-failed.log").read_text(encoding="utf-8").splitlines(keepends=True)
    message = refusal("nccl-tests", "".join(lines[18:]).encode())
    assert message.startswith("line 9: the run failed:") and "Test NCCL failure alltoall.cu:274" in message


def test_several_tests_in_one_log_are_runs_of_their_own_and_a_metric_must_name_one() -> None:
    one = NCCL.read_text(encoding="utf-8")
    two = one + "\n" + one.replace("all_gather_perf", "reduce_scatter_perf")
    runs = nccl_tests.parse(two.encode())
    assert [r.part for r in runs] == ["all_gather_perf", "reduce_scatter_perf"]
    assert [r.workload["benchmark"].value for r in runs] == ["all_gather_perf", "reduce_scatter_perf"]
    with pytest.raises(ToolOutputError, match=r"holds 2 tests \(all_gather_perf, reduce_scatter_perf\): pick one"):
        run_value(runs, "avg_bus_bandwidth")
    picked = file_run(runs, "reduce_scatter_perf: out_of_place.time@1048576")
    assert picked.value == 61.84 and "benchmark: reduce_scatter_perf" in picked.settings


def test_a_log_that_stops_after_the_device_list_says_so_with_its_line() -> None:
    lines = NCCL.read_text(encoding="utf-8").splitlines(keepends=True)
    devices = max(i for i, line in enumerate(lines) if "Rank" in line and "device" in line)
    message = refusal("nccl-tests", "".join(lines[: devices + 1]).encode())
    assert message == f"line {devices + 1}: no result table: the log stops after the device list"


def test_avg_bus_bandwidth_failed_by_the_check_option_is_refused() -> None:
    text = NCCL.read_text(encoding="utf-8")
    failed = "\n".join(
        line + " FAILED" if line.startswith("# Avg bus bandwidth") else line for line in text.splitlines()
    )
    assert "FAILED (below the -c check)" in refusal("nccl-tests", failed.encode())


# -- vLLM and harnesses built on benchmark_serving.py ------------------------------------------------------


def test_sweep_serve_indented_run_and_summary_list_read_as_runs() -> None:
    record = json.loads(VLLM.read_text(encoding="utf-8"))
    (one,) = vllm_bench.parse(json.dumps({**record, "run_number": 0}, indent=4).encode())
    assert one.metric("output_throughput").value == 297.63
    second = {**record, "output_throughput": 301.5}
    runs = vllm_bench.parse(json.dumps([record, second], indent=4).encode())
    assert [r.metric("output_throughput").value for r in runs] == [297.63, 301.5]
    assert runs[1].metric("output_throughput").where == "$[1].output_throughput"


def test_a_truncated_indented_document_says_truncated_not_line_one() -> None:
    text = json.dumps(json.loads(VLLM.read_text(encoding="utf-8")), indent=4)
    message = refusal("vllm-bench", text[: len(text) // 2].encode())
    assert "truncated" in message


def test_harness_keys_request_goodput_colon_p99_9_and_per_request_arrays_still_read() -> None:
    record = json.loads(VLLM.read_text(encoding="utf-8"))
    record.update({"request_goodput:": 3.5, "p99.9_ttft_ms": 812.0, "input_lens": [1024] * 4, "output_lens": [128] * 4})
    (run,) = vllm_bench.parse(json.dumps(record).encode())
    assert run.metric("request_goodput").value == 3.5
    assert run.metric("p99.9_ttft_ms").unit == "ms"


def test_a_run_in_which_every_request_failed_is_refused_with_the_counts() -> None:
    record = json.loads(VLLM.read_text(encoding="utf-8"))
    zeroed = {k: (0.0 if isinstance(v, float) else v) for k, v in record.items()}
    zeroed.update({"completed": 0, "failed": 8, "num_prompts": 8})
    message = refusal("vllm-bench", json.dumps(zeroed).encode())
    assert message.startswith("$.completed: 0 of 8 requests completed, 8 failed")


def test_some_failed_requests_are_the_tools_verdict_and_shown_in_the_evidence() -> None:
    record = json.loads(VLLM.read_text(encoding="utf-8"))
    record.update({"completed": 318, "failed": 2})
    runs = vllm_bench.parse(json.dumps(record).encode())
    assert runs[0].verdict == "2 of 320 requests failed"
    assert "vLLM bench serve verdict: 2 of 320 requests failed" in file_run(runs, "output_throughput").settings


# -- AIPerf ---------------------------------------------------------------------------------------------


def _first_layout() -> bytes:
    """The fixture's metrics in AIPerf 0.1's layout: under ``records``, each with tag and header."""
    doc = json.loads(AIPERF.read_text(encoding="utf-8"))
    records = {
        tag: {"tag": tag, "header": tag.replace("_", " ").title(), **value}
        for tag, value in doc.items()
        if isinstance(value, dict) and "unit" in value
    }
    return json.dumps(
        {
            "records": records,
            "input_config": {
                "endpoint": {"model_names": ["Qwen/Qwen3-30B-A3B-FP8"], "type": "chat"},
                "loadgen": {"concurrency": 32},
                "input": {"prompt": {"output_tokens": {"mean": 128}}},
                "cli_command": "aiperf profile -m Qwen/Qwen3-30B-A3B-FP8 --concurrency 32",
            },
            "was_cancelled": False,
            "error_summary": [{"error_details": {"code": 499, "type": "RequestCancellationError"}, "count": 3}],
            "start_time": "2026-07-17T10:15:44",
        }
    ).encode()


def test_aiperf_first_layout_reads_to_the_same_metric_names() -> None:
    run = aiperf.parse(_first_layout())
    assert run.metric("output_token_throughput.avg").value == 535.4587
    assert run.metric("output_token_throughput.avg").where == "$.records.output_token_throughput.avg"
    assert {k: v.value for k, v in run.workload.items()} == {
        "model": "Qwen/Qwen3-30B-A3B-FP8",
        "concurrency": 32,
        "osl": 128,
    }
    assert run.setup["command"].startswith("aiperf profile -m")
    assert run.warnings == ("3 request(s) failed: RequestCancellationError (499)",)


def test_aiperf_csv_export_is_named_as_such() -> None:
    assert "AIPerf's CSV export" in refusal("aiperf", b"Metric,avg,min,max\r\nRequest Latency (ms),1,1,1\r\n")


def test_aiperf_cancelled_run_is_refused_with_aiperfs_error_summary() -> None:
    doc = json.loads(AIPERF.read_text(encoding="utf-8"))
    doc.update(
        was_cancelled=True,
        error_summary=[{"error_details": {"code": 500, "type": "Internal Server Error"}, "count": 32}],
    )
    message = refusal("aiperf", json.dumps(doc).encode())
    assert "cancelled" in message and "32 request(s) failed: Internal Server Error (500)" in message


def _invalid() -> bytes:
    doc = json.loads(AIPERF.read_text(encoding="utf-8"))
    doc["metadata"] = {"submission_valid": False, "submission_invalid_reason": "warm-up requests were counted"}
    return json.dumps(doc).encode()


def test_a_run_its_harness_marks_invalid_reads_with_that_verdict() -> None:
    run = aiperf.parse(_invalid())
    assert not run.valid
    assert run.verdict == "submission_valid: false (submission_invalid_reason: warm-up requests were counted)"


def _demo(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny-guide", data)
    shutil.copytree(IMPORTS / "guide", data, dirs_exist_ok=True)
    return data


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_import_refuses_an_invalid_run_and_files_it_with_a_reason_and_the_verdict(tmp_path: Path) -> None:
    data = _demo(tmp_path)
    source = tmp_path / "profile_export_aiperf.json"
    source.write_bytes(_invalid())
    cell = ["--data", data, "--table", "serving", "--row", "conc32", "--series", "cargo"]
    before = sorted(data.rglob("*"))
    refused = _cli("import", "aiperf", source, *cell)
    assert refused.returncode == 1
    assert "AIPerf marks this run invalid (submission_valid: false" in refused.stderr
    assert sorted(data.rglob("*")) == before
    accepted = _cli("import", "aiperf", source, *cell, "--accept-difference", "ISL 120 and warm-up on purpose")
    assert accepted.returncode == 0, accepted.stderr
    table = (data / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert "AIPerf marks the run invalid: submission_valid: false" in table
    assert _cli("check", "--data", data).returncode == 0
    # the kept file without its reason is a check problem, not a silent value
    stripped = table.replace("accepted:", "was_accepted:")
    (data / "tables" / "serving.yml").write_text(stripped, encoding="utf-8")
    assert _cli("check", "--data", data).returncode == 1


def test_import_test_option_picks_one_test_of_a_sweep_log(tmp_path: Path) -> None:
    data = _demo(tmp_path)
    one = NCCL.read_text(encoding="utf-8")
    log = tmp_path / "sweep.log"
    log.write_text(one + "\n" + one.replace("all_gather_perf", "reduce_scatter_perf"), encoding="utf-8")
    cell = ["--data", data, "--table", "allgather", "--row", "one-mib", "--series", "road"]
    ambiguous = _cli("import", "nccl-tests", log, *cell)
    assert ambiguous.returncode == 1 and "holds 2 tests" in ambiguous.stderr
    picked = _cli("import", "nccl-tests", log, *cell, "--test", "all_gather_perf")
    assert picked.returncode == 0, picked.stderr
    assert "metric: 'all_gather_perf: " in (data / "tables" / "allgather.yml").read_text(encoding="utf-8")
    assert _cli("check", "--data", data).returncode == 0


# -- inspect ---------------------------------------------------------------------------------------------


def test_inspect_json_has_the_documented_shape() -> None:
    done = _cli("inspect", VARIANTS / "nccl-old-mpirun-split-row.log", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["format"] == "nccl-tests"
    (run,) = doc["runs"]
    assert run["metrics"]["avg_bus_bandwidth"] == {"value": 2.0235, "unit": "GB/s", "where": "line 19"}
    assert run["setup"]["tool"] == "nccl-tests" and run["verdict"] == "Out of bounds values : 0 OK"
    assert any("NCCL log line" in w for w in doc["warnings"])


def test_inspect_exits_1_with_the_reason_and_no_traceback(tmp_path: Path) -> None:
    done = _cli("inspect", VARIANTS / "nccl-srun-two-tests-one-failed.log", "--format", "nccl-tests")
    assert done.returncode == 0  # one test of two gave a result; the other is listed as read past
    assert "alltoall_perf did not give a result" in done.stdout
    bad = tmp_path / "empty\x1b[2J.log"
    bad.write_bytes(b"")
    refused = _cli("inspect", bad)
    assert refused.returncode == 1 and "the file is empty" in refused.stderr
    assert "\x1b" not in refused.stderr and "Traceback" not in refused.stderr
    folder = _cli("inspect", tmp_path)
    assert folder.returncode == 1 and "not a regular file" in folder.stderr
    invalid = tmp_path / "profile_export_aiperf.json"
    invalid.write_bytes(_invalid())
    marked = _cli("inspect", invalid)
    assert marked.returncode == 1 and "marks this run invalid" in marked.stderr
    assert "verdict of the tool: submission_valid: false" in marked.stdout


#: What a tool file can hold to act on a terminal: clear the screen, an OSC 8 link, a carriage return,
#: a C1 control sequence introducer, a right-to-left override, a backspace.
TERMINAL = "Qwen\x1b[2J\x1b]8;;https://x.invalid/\x07link\x1b]8;;\x07\r\x9b31m\u202e\x08"
TERMINAL_SHOWN = "Qwen\\x1b[2J\\x1b]8;;https://x.invalid/\\x07link\\x1b]8;;\\x07\\r\\x9b31m\\u202e\\x08"


def test_inspect_prints_a_files_terminal_escapes_escaped(tmp_path: Path) -> None:
    doc = json.loads(VLLM.read_text(encoding="utf-8"))
    doc["model_id"] = doc["tokenizer_id"] = TERMINAL
    evil = tmp_path / "vllm.json"
    evil.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    text = _cli("inspect", evil)
    assert text.returncode == 0, text.stderr
    assert f"model: {TERMINAL_SHOWN} ($.model_id)" in text.stdout
    as_json = _cli("inspect", evil, "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["runs"][0]["setup"]["workload"]["model"] == TERMINAL, "the same document"
    for out in (text.stdout, text.stderr, as_json.stdout, as_json.stderr):
        assert not any(c in out for c in "\x1b\r\x9b\u202e\x08\x07"), repr(out)


def test_nccl_tests_json_report_reads_to_the_text_tables_metric_names() -> None:
    (run,) = nccl_tests.parse((VARIANTS / "nccl-alltoall-report.json").read_bytes())
    busbw = run.metric("out_of_place.busbw@2097152")
    assert (busbw.value, busbw.unit, busbw.where) == (10.34, "GB/s", "$.results[1].out_of_place.bus_bw")
    assert run.metric("in_place.time@1048576").unit == "µs"
    assert run.metric("avg_bus_bandwidth").value == 8.825
    assert {k: v.value for k, v in run.workload.items()} == {"benchmark": "alltoall_perf", "gpus": 2, "nodes": 2}
    assert run.software == {"nccl": "2.28.7"} and run.setup["date"] == "2026-07-17"


def test_nccl_tests_json_report_with_wrong_values_or_cut_short_is_refused() -> None:
    text = (VARIANTS / "nccl-alltoall-report.json").read_text(encoding="utf-8")
    wrong = text.replace('"bus_bw":10.34,"nwrong":0', '"bus_bw":10.34,"nwrong":3')
    assert "3 wrong values out-of-place" in refusal("nccl-tests", wrong.encode())
    assert "truncated" in refusal("nccl-tests", text[: len(text) // 2].encode())
    failed = text.replace('"out_of_bounds":{"count":0,"okay":true}', '"out_of_bounds":{"count":2,"okay":false}')
    assert "2 out-of-bounds values" in refusal("nccl-tests", failed.encode())


def test_aiperf_per_request_export_is_named_as_such() -> None:
    line = json.dumps({"metadata": {"x_request_id": "a", "worker_id": "w1"}, "metrics": {"request_latency": 1.0}})
    message = refusal("aiperf", f"{line}\n{line}\n".encode())
    assert "per-request export (profile_export.jsonl" in message


def test_other_files_of_the_same_tools_are_named_not_misread() -> None:
    throughput = {
        "elapsed_time": 12.5,
        "num_requests": 100,
        "total_num_tokens": 5000,
        "requests_per_second": 8.0,
        "tokens_per_second": 400.0,
    }
    assert "vllm bench throughput's output" in refusal("vllm-bench", json.dumps(throughput).encode())
    latency = {"avg_latency": 1.2, "latencies": [1.1, 1.3], "percentiles": {"50": 1.2}}
    assert "vllm bench latency's output" in refusal("vllm-bench", json.dumps(latency).encode())
    sglang = (IMPORTS / "sglang" / "sglang_0717_320_1024_128.jsonl").read_bytes()
    assert "an SGLang bench_serving result" in refusal("vllm-bench", sglang)
