"""MLPerf Inference LoadGen's ``mlperf_log_summary.txt`` and ``mlperf_log_detail.txt``, read as LoadGen writes them.

The fixtures are the project's own, in LoadGen's layouts (``loadgen/results.cc``) with made-up numbers: a Server
run of an LLM benchmark (its summary and its detail log, the same numbers), an Offline LLM run, a SingleStream
and a MultiStream run, an INVALID Server run and an accuracy run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.planning import Request
from generator.pipeline import derive_guide
from generator.read.formats import mlperf_loadgen
from generator.read.formats.catalog import files_in, guess_format
from generator.read.formats.tool_output import ToolOutputError
from tests.conftest import FIXTURES
from tests.test_import_runs import guide

__all__ = ["guide"]  # the fixture, used by name

MLPERF = FIXTURES / "imports" / "mlperf"
SERVER = MLPERF / "server_llm_summary.txt"
DETAIL = MLPERF / "server_llm_detail.txt"


def read(path: Path) -> mlperf_loadgen.ToolRun:
    (run,) = mlperf_loadgen.parse(path.read_bytes())
    return run


def test_a_server_summary_gives_its_headline_latencies_in_ms_and_the_set_up() -> None:
    run = read(SERVER)
    assert (run.metric("completed_tokens_per_second").value, run.metric("completed_tokens_per_second").unit) == (
        3400.75,
        "tok/s",
    )
    assert run.metric("completed_samples_per_second").unit == "samples/s"
    assert run.metric("completed_samples_per_second").where == "line 7"
    # nanoseconds as the summary states them, converted to ms
    assert (run.metric("p99_latency").value, run.metric("p99_latency").unit) == (74000.0, "ms")
    assert run.metric("mean_ttft").value == 640.0 and run.metric("p99.9_ttft").value == 1600.0
    assert run.metric("p90_tpot").value == 140.0 and run.metric("min_tpot").value == 20.0
    assert {name: s.value for name, s in run.workload.items()} == {"scenario": "Server", "request_rate": 12.5}
    assert "target_qps: 12.5" in run.settings and "ttft_latency (ns): 2000000000" in run.settings
    assert run.verdict == "Result is : VALID" and run.valid
    assert run.warnings == ("line 78: 2 warnings encountered. See detailed log.",)


def test_the_detail_log_gives_the_same_result_as_the_summary() -> None:
    summary, detail = read(SERVER), read(DETAIL)
    assert set(summary.metrics) == set(detail.metrics)
    assert {n: m.value for n, m in summary.metrics.items()} == {n: m.value for n, m in detail.metrics.items()}
    assert {n: m.unit for n, m in summary.metrics.items()} == {n: m.unit for n, m in detail.metrics.items()}
    assert {n: s.value for n, s in detail.workload.items()} == {"scenario": "Server", "request_rate": 12.5}
    assert detail.setup["tool_version"] == "5.1 @ 0123456789" and detail.setup["date"] == "2026-06-01"
    # the sample set LoadGen logs on one line of 80 KB is skipped by its key, not refused
    assert max(len(line) for line in DETAIL.read_text(encoding="utf-8").splitlines()) > 64 * 1024


def test_offline_single_stream_and_multi_stream_headlines() -> None:
    offline = read(MLPERF / "offline_llm_summary.txt")
    assert offline.metric("samples_per_second").value == 42.5 and offline.metric("tokens_per_second").value == 12345.6
    assert "request_rate" not in offline.workload  # an Offline run sends every query at once
    # LoadGen 5.1 warns inside the parameters block: a note, not a setting
    assert offline.warnings[0].endswith("WARNING: sample_concatenate_permutation was set to true.")
    assert not [s for s in offline.settings if "WARNING" in s or "samples per query might" in s]
    assert "min_duration (ms): 600000" in offline.settings
    single = read(MLPERF / "singlestream_summary.txt")
    assert single.metric("p90_latency").value == 2.45
    assert single.metric("early_stopping_p90_latency").value == 2.46
    assert single.metric("early_stopping_p99_latency").value == 3.01
    assert single.metric("qps_with_loadgen_overhead").unit == "queries/s"
    multi = read(MLPERF / "multistream_summary.txt")
    assert multi.metric("p99_query_latency").value == 8.8  # the headline is per query of 8 samples
    assert multi.metric("early_stopping_p99_query_latency").value == 8.85
    assert multi.metric("mean_query_latency").value == 7.9 and "mean_latency" not in multi.metrics


def test_an_invalid_result_is_refused_with_loadgens_own_words() -> None:
    with pytest.raises(ToolOutputError) as caught:
        mlperf_loadgen.parse((MLPERF / "invalid_server_summary.txt").read_bytes())
    assert caught.value.where == "line 9"
    message = caught.value.message
    assert message.startswith("LoadGen: Result is : INVALID; Performance constraints satisfied : NO;")
    assert "Early stopping satisfied: NO" in message and "Min duration" not in message
    assert "TTFT constrain not met: Reduce target QPS to improve latency." in message


def test_an_invalid_detail_log_is_refused_with_its_validity_and_reason() -> None:
    text = DETAIL.read_text(encoding="utf-8")
    text = text.replace('"value": "VALID"', '"value": "INVALID"').replace(
        '"key": "result_perf_constraints_met", "value": true', '"key": "result_perf_constraints_met", "value": false'
    )
    with pytest.raises(ToolOutputError) as caught:
        mlperf_loadgen.parse(text.encode())
    assert "LoadGen: result_validity: INVALID; result_perf_constraints_met: false" in caught.value.message


def test_an_accuracy_run_is_not_a_performance_result() -> None:
    with pytest.raises(ToolOutputError) as caught:
        mlperf_loadgen.parse((MLPERF / "accuracy_summary.txt").read_bytes())
    assert (caught.value.where, caught.value.message) == (
        "line 6",
        "LoadGen: Mode : AccuracyOnly: not a performance run (only PerformanceOnly measures performance)",
    )
    detail = DETAIL.read_text(encoding="utf-8").replace('"PerformanceOnly"', '"AccuracyOnly"')
    with pytest.raises(ToolOutputError, match="Mode : AccuracyOnly: not a performance run"):
        mlperf_loadgen.parse(detail.encode())


def test_a_summary_cut_short_before_its_result_is_refused() -> None:
    text = SERVER.read_text(encoding="utf-8")
    with pytest.raises(ToolOutputError, match="no 'Result is :' line"):
        mlperf_loadgen.parse(text[: text.index("Result is")].encode())


def test_inspect_and_a_run_folder_find_the_format() -> None:
    assert guess_format(SERVER.read_bytes()) == "mlperf-loadgen"
    assert guess_format(DETAIL.read_bytes()) == "mlperf-loadgen"
    assert guess_format((MLPERF / "invalid_server_summary.txt").read_bytes()) == "mlperf-loadgen"
    assert [p.name for p in files_in(MLPERF, "mlperf-loadgen")] == []  # no file here has LoadGen's own name


def test_a_server_summary_imports_and_its_target_qps_is_checked_against_the_row(guide: Path) -> None:
    table = guide / "tables" / "serving.yml"
    text = table.read_text(encoding="utf-8")
    text = text.replace(
        "  sglang-bench: output_throughput\n",
        "  sglang-bench: output_throughput\n  mlperf-loadgen: completed_tokens_per_second\n",
    )
    table.write_text(text.replace("workload: {concurrency: 32, isl: 1024, osl: 128}", "workload: {request_rate: 8}"))
    with pytest.raises(ImportProblems) as caught:
        import_runs(guide, [Request("mlperf-loadgen", SERVER, "serving", "conc32", "road")])
    assert f"request_rate: the file ran at 12.5 request/s (line 58 (target_qps)), the row states 8 ({table}:" in str(
        caught.value
    )
    outcome = import_runs(guide, [Request("mlperf-loadgen", SERVER, "serving", "conc256", "road")])
    assert outcome.added == ["serving / conc256 / road: 3400.75 tok/s from server_llm_summary.txt"]
    assert derive_guide(guide).sample("serving", "conc256", "road").value == 3400.75


def _mllog(key: str, value: object) -> str:
    return ":::MLLOG " + json.dumps({"key": key, "value": value, "time_ms": 0.01, "namespace": "mlperf::logging"})


def test_gptj_summaries_give_the_tokens_per_second_loadgen_infers_and_mark_them_inferred() -> None:
    # GPT-J's SUT reports no tokens: LoadGen prints "Tokens per second (inferred)" (Offline) and "Completed
    # tokens per second (inferred)" (Server), samples x token_latency_scaling_factor (loadgen/results.cc)
    offline = read(MLPERF / "offline_gptj_summary.txt")
    inferred = offline.metric("inferred_tokens_per_second")
    assert (inferred.value, inferred.unit, inferred.where) == (1414.5, "tok/s", "line 8")
    assert "tokens_per_second" not in offline.metrics  # never passed off as counted tokens
    server = read(MLPERF / "server_gptj_summary.txt")
    inferred = server.metric("inferred_completed_tokens_per_second")
    assert (inferred.value, inferred.unit, inferred.where) == (1259.25, "tok/s", "line 8")
    assert server.metric("completed_samples_per_second").value == 18.25
    assert "completed_tokens_per_second" not in server.metrics


def test_the_detail_log_gives_the_inferred_tokens_per_second_under_the_same_names() -> None:
    for scenario, key, name, value in (
        ("Offline", "result_inferred_tokens_per_second", "inferred_tokens_per_second", 1414.5),
        ("Server", "result_inferred_completed_tokens_per_second", "inferred_completed_tokens_per_second", 1259.25),
    ):
        lines = [
            _mllog("effective_scenario", scenario),
            _mllog("effective_test_mode", "PerformanceOnly"),
            _mllog("result_validity", "VALID"),
            _mllog("result_samples_per_second", 20.5),
            _mllog(key, value),
        ]
        (run,) = mlperf_loadgen.parse("\n".join(lines).encode())
        assert (run.metric(name).value, run.metric(name).unit) == (value, "tok/s")
        assert run.metric(name).where == f"line 5 ({key})"
