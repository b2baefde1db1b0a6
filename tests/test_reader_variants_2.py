"""The second round of variants found in published files: pplx-kernels output pasted with its tabs expanded,
nccl-tests with ``-N`` cycles, a nccl-tests table pasted without its opening lines, a ``-J`` report whose
host name is not text, an AIPerf run in which every request failed without being marked cancelled.

The fixtures are this project's own text in each tool's format (numbers made up); the published files they
stand for are read where they are by ``tests/test_real_outputs.py``.
"""

from __future__ import annotations

import json

import pytest

from generator.read.formats import nccl_tests, pplx_kernels
from generator.read.formats.catalog import guess, read_runs
from generator.read.formats.tool_output import ToolOutputError
from tests.conftest import FIXTURES

IMPORTS = FIXTURES / "imports"
VARIANTS = IMPORTS / "variants"
PPLX = IMPORTS / "pplx"


def refusal(format_name: str, content: bytes) -> ToolOutputError:
    with pytest.raises(ToolOutputError) as caught:
        read_runs(format_name, content)
    return caught.value


# -- pplx-kernels -----------------------------------------------------------------------------------------


def test_pplx_output_pasted_with_its_tabs_expanded_reads_as_the_tab_separated_output() -> None:
    spaced = (PPLX / "bench_all_to_all.ep8.readme-spaces.log").read_bytes()
    assert b"\t" not in spaced and b"\xce\xbcs 9.000GB/s" in spaced  # one space between a latency and a bandwidth
    (tabs,) = pplx_kernels.parse((PPLX / "bench_all_to_all.ep8.log").read_bytes())
    (spaces,) = pplx_kernels.parse(spaced)
    assert {k: m.value for k, m in spaces.metrics.items()} == {k: m.value for k, m in tabs.metrics.items()}
    assert spaces.metric("torch_all_to_all.time_std[E=64,E/tok=6,tok=1,dim=2048]").value == 1.5
    assert guess(spaced) == "pplx-kernels"


def test_a_pasted_pplx_row_missing_a_cell_is_refused_by_its_line() -> None:
    lines = (PPLX / "bench_all_to_all.ep8.readme-spaces.log").read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("64 "))
    lines[row] = lines[row].rsplit(None, 1)[0]
    caught = refusal("pplx-kernels", "\n".join(lines).encode())
    assert caught.where == f"line {row + 1}" and "a row with 15 fields, the header has 16" in caught.message


# -- nccl-tests ---------------------------------------------------------------------------------------------


def test_nccl_cycles_are_runs_each_with_the_whole_table() -> None:
    runs = nccl_tests.parse((VARIANTS / "nccl-cycles-N3.log").read_bytes())
    assert [run.metric("out_of_place.time@1048576").value for run in runs] == [61.84, 62.84, 61.34]
    assert [run.settings[-1] for run in runs] == [f"cycle {k} of 3 (-N)" for k in (1, 2, 3)]
    assert {len(run.metrics) for run in runs} == {48}
    with pytest.raises(ToolOutputError, match="average over the rows of all 3 cycles"):
        runs[0].metric("avg_bus_bandwidth")
    assert runs[0].verdict == "Out of bounds values : 0 OK"


def test_a_last_cycle_cut_short_or_a_row_repeated_within_a_cycle_is_refused() -> None:
    lines = (VARIANTS / "nccl-cycles-N3.log").read_text(encoding="utf-8").splitlines()
    last_row = max(i for i, line in enumerate(lines) if line.startswith("   134217728"))
    cut = lines[:last_row] + lines[last_row + 1 :]
    assert (
        "cycle 3 (-N) printed 7 rows where the first printed 8"
        in refusal("nccl-tests", "\n".join(cut).encode()).message
    )
    second = next(i for i, line in enumerate(lines) if line.startswith("     2097152"))
    repeated = lines[: second + 1] + [lines[second]] + lines[second + 1 :]
    assert "a second row for size 2097152" in refusal("nccl-tests", "\n".join(repeated).encode()).message


def test_a_table_pasted_with_its_column_header_only_reads_under_srun_labels() -> None:
    (run,) = nccl_tests.parse((VARIANTS / "nccl-pasted-table-srun.log").read_bytes())
    assert run.metric("out_of_place.busbw@134217728").value == 37.32
    assert run.metric("in_place.time@1048576").value == 60.91
    assert run.verdict == "" and "avg_bus_bandwidth" not in run.metrics
    assert any("no 'Out of bounds values' verdict" in w for w in run.warnings)
    assert any("srun -l" in w for w in run.warnings)


def test_a_pasted_table_with_wrong_values_is_still_refused() -> None:
    text = (VARIANTS / "nccl-pasted-table-srun.log").read_text(encoding="utf-8")
    row = "0:      4194304       1048576     float    none      -1   139.70   30.02   28.15       0"
    assert row in text
    caught = refusal("nccl-tests", text.replace(row, row[:-1] + "7").encode())
    assert "7 wrong values out-of-place: the data check failed" in caught.message


@pytest.mark.parametrize(("hostname", "kind"), [(["node-b", "x"], "a list"), ({"name": "node-b"}, "an object")])
def test_a_json_report_whose_host_name_is_not_text_is_refused_by_its_path(hostname: object, kind: str) -> None:
    doc = json.loads((VARIANTS / "nccl-alltoall-report.json").read_text(encoding="utf-8"))
    doc["devices"][1]["hostname"] = hostname
    caught = refusal("nccl-tests", json.dumps(doc).encode())
    assert caught.where == "$.devices[1].hostname"
    assert caught.message == f"expected the device's host name as text, got {kind}"


# -- AIPerf -------------------------------------------------------------------------------------------------


def _aiperf(done: float | None) -> bytes:
    doc = json.loads((IMPORTS / "aiperf" / "profile_export_aiperf.json").read_text(encoding="utf-8"))
    for key in ("request_throughput", "output_token_throughput", "time_to_first_token", "request_count"):
        doc.pop(key, None)
    if done is not None:
        doc["request_count"] = {"unit": "requests", "avg": done}
    doc["error_request_count"] = {"unit": "requests", "avg": 20.0}
    doc["was_cancelled"] = False
    doc["error_summary"] = [{"error_details": {"type": "TimeoutError", "message": "TimeoutError()"}, "count": 20}]
    return json.dumps(doc).encode()


def test_an_aiperf_run_in_which_every_request_timed_out_is_refused_with_aiperfs_summary() -> None:
    caught = refusal("aiperf", _aiperf(None))
    assert caught.where == "$.error_request_count"
    assert caught.message.startswith("20 of 20 requests failed: TimeoutError")
    assert "20 request(s) failed: TimeoutError" in caught.message


def test_an_aiperf_run_with_some_successful_requests_still_reads_with_its_failures_noted() -> None:
    (run,) = read_runs("aiperf", _aiperf(5.0))
    assert run.metric("request_count.avg").value == 5.0
    assert any("20 request(s) failed: TimeoutError" in w for w in run.warnings)
