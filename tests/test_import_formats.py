"""Each benchmark tool's own output, read as the tool writes it: metrics with units, the run's set-up, bad files.

The fixtures in ``tests/fixtures/imports/`` were written for these tests in each tool's exact
format (see the module docstrings of ``generator/read/formats/`` for the source followed); their
numbers are made up.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.read.formats import aiperf, nccl_tests, sglang_bench, vllm_bench
from generator.read.formats.catalog import PARSERS, guess, read_runs
from generator.read.formats.tool_output import ToolOutputError
from generator.read.formats.units import convert

IMPORTS = Path(__file__).resolve().parent / "fixtures" / "imports"
AIPERF = IMPORTS / "aiperf" / "profile_export_aiperf.json"
VLLM = IMPORTS / "vllm" / "vllm-infqps-concurrency32-Qwen3-30B-A3B-FP8-20260717-101544.json"
VLLM_TWO = IMPORTS / "vllm" / "vllm-append-two-runs.json"
SGLANG = IMPORTS / "sglang" / "sglang_0717_320_1024_128.jsonl"
SGLANG_SWEEP = IMPORTS / "sglang" / "sglang_0717_sweep.jsonl"
NCCL = IMPORTS / "nccl" / "all_gather_perf.2x8.log"
ALL = {"aiperf": AIPERF, "vllm-bench": VLLM, "sglang-bench": SGLANG, "nccl-tests": NCCL}


def stated(run: object) -> dict[str, object]:
    return {name: s.value for name, s in run.workload.items()}  # type: ignore[attr-defined]


# -- what each format gives -------------------------------------------------------------------------


def test_aiperf_export_gives_statistics_with_units_and_the_set_up() -> None:
    run = aiperf.parse(AIPERF.read_bytes())
    tput = run.metric("output_token_throughput.avg")
    assert (tput.value, tput.unit, tput.where) == (535.4587, "tok/s", "$.output_token_throughput.avg")
    assert run.metric("request_latency.p99").unit == "ms"
    assert run.metric("request_throughput.avg").unit == "req/s"
    assert run.metric("benchmark_duration.avg").unit == "s"
    assert stated(run) == {"model": "Qwen3-30B-A3B-FP8", "concurrency": 32, "isl": 120, "osl": 128, "prompts": 320}
    assert run.workload["concurrency"].where == "$.input_config.phases[0].concurrency"
    assert run.setup["tool_version"] == "0.13.0"
    assert run.setup["date"] == "2026-07-17"
    assert run.setup["command"].startswith("aiperf profile --model")


def test_vllm_result_gives_its_keys_with_units_from_their_names() -> None:
    (run,) = vllm_bench.parse(VLLM.read_bytes())
    assert (run.metric("output_throughput").value, run.metric("output_throughput").unit) == (297.63, "tok/s")
    assert run.metric("median_ttft_ms").unit == "ms"
    assert run.metric("request_throughput").unit == "req/s"
    assert run.metric("duration").unit == "s"
    # framework, isl and osl come from `--metadata`; model, concurrency, request rate and prompts from the
    # file's own fields
    assert stated(run) == {
        "model": "Qwen3-30B-A3B-FP8",
        "framework": "vllm",
        "concurrency": 32,
        "isl": 1024,
        "osl": 128,
        "request_rate": "inf",
        "prompts": 320,
    }
    assert run.setup["date"] == "2026-07-17"


def test_vllm_append_result_file_holds_one_run_a_line() -> None:
    runs = vllm_bench.parse(VLLM_TWO.read_bytes())
    assert [r.metric("output_throughput").value for r in runs] == [297.63, 301.18]
    assert runs[1].metric("output_throughput").where == "line 2 $.output_throughput"


def test_sglang_jsonl_gives_a_run_a_line_and_isl_osl_of_the_random_dataset() -> None:
    (run,) = sglang_bench.parse(SGLANG.read_bytes())
    assert run.metric("output_throughput").value == 263.9
    assert run.metric("p99_itl_ms").unit == "ms"
    assert stated(run) == {
        "framework": "sglang",
        "concurrency": 32,
        "isl": 1024,
        "osl": 128,
        "dataset": "random",
        "request_rate": "inf",
    }
    sweep = sglang_bench.parse(SGLANG_SWEEP.read_bytes())
    assert [(r.workload["concurrency"].value, r.metric("output_throughput").value) for r in sweep] == [
        (32, 263.9),
        (256, 2173.8),
    ]


def test_nccl_tests_table_gives_every_size_both_sides_and_the_ranks() -> None:
    (run,) = nccl_tests.parse(NCCL.read_bytes())
    time = run.metric("out_of_place.time@1048576")
    assert (time.value, time.unit, time.where) == (61.84, "µs", "line 26 (out_of_place time)")
    assert run.metric("in_place.busbw@134217728").value == 37.89
    assert run.metric("avg_bus_bandwidth").value == 30.7388
    assert stated(run) == {"benchmark": "all_gather_perf", "gpus": 16, "nodes": 2}
    assert run.setup["tool_version"] == "2.17.6"
    assert run.software == {"nccl": "2.28.7"}


def test_nccl_tests_sizes_with_several_rows_are_told_apart_by_type_and_reduction() -> None:
    text = NCCL.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.strip().startswith("1048576"))
    doubled = text.replace(row, row + "\n" + row.replace("float", " half"))
    (run,) = nccl_tests.parse(doubled.encode())
    assert run.metric("out_of_place.time@1048576[float,none]").value == 61.84
    assert "out_of_place.time@1048576" not in run.metrics


def test_nccl_tests_without_data_check_prints_n_a_and_is_read() -> None:
    text = NCCL.read_text(encoding="utf-8").replace("       0", "     N/A")
    assert nccl_tests.parse(text.encode())[0].metric("out_of_place.time@2097152").value == 88.12


def test_each_fixture_is_recognised_as_its_own_format_only() -> None:
    for name, path in ALL.items():
        assert guess(path.read_bytes()) == name
        for other, parser in PARSERS.items():
            if other != name:
                with pytest.raises(ToolOutputError):
                    parser(path.read_bytes())


def test_units_convert_within_a_dimension_only() -> None:
    assert convert(1.5, "ms", "µs") == 1500.0
    assert convert(2.0, "tokens/sec", "tok/s") == 2.0
    with pytest.raises(ValueError, match="in ms, which cannot be expressed in tok/s"):
        convert(1.0, "ms", "tok/s")


# -- bad files: a clear message naming the line or JSON path ----------------------------------------


def error_of(format_name: str, content: bytes) -> str:
    with pytest.raises(ToolOutputError) as caught:
        read_runs(format_name, content)
    return str(caught.value)


@pytest.mark.parametrize("name", sorted(ALL))
def test_an_empty_file_is_refused(name: str) -> None:
    assert error_of(name, b"") == "the file is empty"
    assert error_of(name, b"  \n\n") == "the file is empty"


@pytest.mark.parametrize("name", ["aiperf", "vllm-bench", "sglang-bench"])
def test_a_truncated_json_file_names_the_line_where_it_stops(name: str) -> None:
    content = ALL[name].read_bytes()
    cut = content[: len(content) * 2 // 3]
    message = error_of(name, cut)
    last_line = cut.count(b"\n") + 1
    assert message.startswith(f"line {last_line} column ")
    assert "not valid JSON: the file ends in the middle of the JSON (truncated?)" in message


def test_a_truncated_nccl_log_says_it_was_cut_short() -> None:
    lines = NCCL.read_text(encoding="utf-8").splitlines(keepends=True)
    assert "stops before nccl-tests' closing '# Out of bounds values' line" in error_of(
        "nccl-tests", "".join(lines[:28]).encode()
    )
    cut_row = "".join(lines[:27]) + lines[27][:70]
    assert error_of("nccl-tests", cut_row.encode()) == "line 28: a result row with 7 fields, expected 13 (cut short?)"


@pytest.mark.parametrize(("name", "other"), [(a, b) for a in sorted(ALL) for b in sorted(ALL) if a != b])
def test_another_tools_file_is_refused_and_named(name: str, other: str) -> None:
    message = error_of(name, ALL[other].read_bytes())
    assert message.endswith(f"(it reads as a {other} file)")


def test_a_missing_metric_lists_what_the_file_has() -> None:
    run = aiperf.parse(AIPERF.read_bytes())
    with pytest.raises(
        ToolOutputError, match=r"no metric 'output_token_throughput\.p50' in this AIPerf output; it has "
    ):
        run.metric("output_token_throughput.p50")


def test_an_aiperf_run_that_did_not_complete_is_refused() -> None:
    doc = json.loads(AIPERF.read_text(encoding="utf-8"))
    doc["is_complete"] = False
    doc["incomplete_reason"] = "record-stall watchdog fired"
    message = error_of("aiperf", json.dumps(doc).encode())
    assert message == (
        "$.is_complete: AIPerf marked the run incomplete (record-stall watchdog fired): a partial run is not a result"
    )
    doc["is_complete"], doc["was_cancelled"] = True, True
    assert error_of("aiperf", json.dumps(doc).encode()).startswith("$.was_cancelled: the run was cancelled")


def test_an_aiperf_export_of_an_unknown_schema_is_refused() -> None:
    doc = json.loads(AIPERF.read_text(encoding="utf-8"))
    doc["schema_version"] = "2.0"
    assert error_of("aiperf", json.dumps(doc).encode()).startswith("$.schema_version: export schema '2.0'")


def test_a_json_key_given_twice_is_refused() -> None:
    text = AIPERF.read_text(encoding="utf-8").replace(
        '"aiperf_version": "0.13.0",', '"aiperf_version": "0.13.0", "aiperf_version": "9",'
    )
    assert "the key 'aiperf_version' appears twice" in error_of("aiperf", text.encode())


def test_a_nan_metric_is_not_offered_and_says_it_is_not_a_finite_number() -> None:
    text = VLLM.read_text(encoding="utf-8").replace('"output_throughput": 297.63', '"output_throughput": NaN')
    (run,) = vllm_bench.parse(text.encode())
    assert "output_throughput" not in run.metrics
    with pytest.raises(ToolOutputError, match=r"output_throughput .* is not a finite number \(nan"):
        run.metric("output_throughput")


def test_nccl_tests_with_wrong_values_is_not_a_result() -> None:
    text = NCCL.read_text(encoding="utf-8")
    broken = text.replace("# Out of bounds values : 0 OK", "# Out of bounds values : 3 FAILED")
    assert (
        error_of("nccl-tests", broken.encode()) == "line 34: 3 out-of-bounds values (FAILED): the run is not a result"
    )
    row = next(line for line in text.splitlines() if line.strip().startswith("2097152"))
    wrong = text.replace(row, row[:-1] + "5")
    assert "5 wrong values in-place: the data check failed" in error_of("nccl-tests", wrong.encode())


def test_a_binary_file_is_refused() -> None:
    assert error_of("aiperf", b"\x89PNG\r\n\x1a\n\xff\xfe") == "line 1: not UTF-8 text (is this a binary file?)"


def test_an_unknown_format_is_named() -> None:
    assert (
        error_of("genai-perf", b"{}") == "unknown format 'genai-perf';"
        " known: aiperf, vllm-bench, sglang-bench, nccl-tests, deepep, uccl-ep, pplx-kernels, mlperf-loadgen"
    )
