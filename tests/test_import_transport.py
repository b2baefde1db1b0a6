"""The transport tools' own output: DeepEP's tests, UCCL EP's bench scripts, pplx-kernels' bench_all_to_all.

The fixtures in ``tests/fixtures/imports/{deepep,uccl,pplx}/`` were written for these tests in each
tool's print format (see the module docstrings of ``generator/read/formats/deepep.py``,
``uccl_ep.py`` and ``pplx_kernels.py`` for the print statements followed); their numbers are made
up. The two real DeepEP files in ``../shared/real-outputs/`` are read where they are, never copied.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.ingest.importer import import_runs
from generator.ingest.planning import Request
from generator.pipeline import build_guide, derive_guide
from generator.read.formats import deepep, pplx_kernels, uccl_ep
from generator.read.formats.catalog import guess, read_runs
from generator.read.formats.launcher import split_launcher_prefix, strip_launcher_prefix
from generator.read.formats.tool_output import ToolOutputError
from tests.conftest import FIXTURES
from tests.test_real_outputs import real_outputs_folders

IMPORTS = FIXTURES / "imports"
DEEPEP, UCCL, PPLX = IMPORTS / "deepep", IMPORTS / "uccl", IMPORTS / "pplx"


def values(runs: list, name: str) -> list[float]:  # type: ignore[type-arg]
    return [run.metric(name).value for run in runs]


# -- DeepEP's normal kernels ------------------------------------------------------------------------


def test_intranode_gives_each_best_line_and_each_configuration_tried() -> None:
    (run,) = deepep.parse((DEEPEP / "test_intranode.log").read_bytes())
    best = run.metric("dispatch_fp8.best.time")
    assert (best.value, best.unit) == (274.71, "µs")
    assert run.metric("dispatch_fp8.best.nvl_bandwidth").value == 230.40
    assert run.metric("dispatch_fp8.best.nvl_bandwidth").unit == "GB/s"
    assert run.metric("dispatch_bf16.best.time").value == 488.75
    assert run.metric("combine.best.time").value == 485.19
    assert run.metric("dispatch_fp8.sms20_nvl8.time").value == 277.60
    assert run.metric("dispatch_bf16.sms20_nvl_default.time").value == 499.30
    assert run.metric("combine.sms20_nvl1.nvl_bandwidth").value == 120.55
    assert (run.metric("layout.time").value, run.metric("layout.time").unit) == (0.052, "ms")
    assert run.metric("combine.best.time").where == f"line {_line_of(DEEPEP / 'test_intranode.log', 'Best combine')}"
    assert "num_tokens=2048, hidden=4096, num_topk=6" in run.settings
    assert "best dispatch (FP8): SMs 20, NVL chunk 6" in run.settings
    assert run.verdict == "16 '[testing] ... passed' checks"
    assert "rdma_bandwidth" not in " ".join(run.metrics)


def _line_of(path: Path, words: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if words in line)


def test_the_first_intranode_and_internode_prints_give_bandwidths_without_a_time() -> None:
    (intra,) = deepep.parse((DEEPEP / "test_intranode.first.log").read_bytes())
    assert intra.metric("dispatch_bf16.best.nvl_bandwidth").value == 205.77
    assert intra.metric("combine.best.nvl_bandwidth").value == 187.62
    with pytest.raises(ToolOutputError, match="no metric 'combine.best.time'"):
        intra.metric("combine.best.time")
    (inter,) = deepep.parse((DEEPEP / "test_internode.first.log").read_bytes())
    assert inter.metric("dispatch_fp8.best.rdma_bandwidth").value == 30.05
    assert inter.metric("dispatch_fp8.best.nvl_bandwidth").value == 97.80
    assert inter.metric("combine.sms20_nvl2_rdma12.rdma_bandwidth").value == 19.90
    assert not [name for name in inter.metrics if name.endswith(".time") and not name.startswith("layout")]


def test_internode_on_two_nodes_under_srun_is_a_run_per_node() -> None:
    runs = deepep.parse((DEEPEP / "test_internode.srun.log").read_bytes())
    assert [run.settings[0] for run in runs] == ["process: 0", "process: 8"]
    assert values(runs, "dispatch_fp8.best.time") == [390.0, 404.0]
    assert values(runs, "dispatch_fp8.best.notify_time") == [32.0, 32.0]
    assert values(runs, "combine.best.time") == [782.0, 796.0]
    assert values(runs, "combine.best.rdma_bandwidth") == [22.10, 22.10]
    assert values(runs, "dispatch_bf16.sms20_nvl8_rdma8.time") == [690.0, 704.0]
    assert any("prefix" in warning for warning in runs[0].warnings)


def test_processes_that_print_without_a_prefix_give_a_run_each_from_their_best_lines() -> None:
    # the same two nodes' output, gathered without srun's labels: the sweeps cannot be told apart
    text = (DEEPEP / "test_internode.srun.log").read_text()
    bare = "\n".join(strip_launcher_prefix(line) for line in text.splitlines()).encode()
    runs = deepep.parse(bare)
    assert values(runs, "dispatch_fp8.best.time") == [390.0, 404.0]
    assert "dispatch_fp8.sms20_nvl8_rdma8.time" not in runs[0].metrics
    assert any("only their 'Best' lines" in warning for warning in runs[0].warnings)


def test_passed_lines_of_several_processes_run_together_do_not_confuse_the_reader() -> None:
    lines = (DEEPEP / "test_intranode.log").read_text().splitlines()
    testing = [i for i, line in enumerate(lines) if line.startswith("[testing]")]
    # two processes' "[testing] ... ..." (printed with end='') and " passed" land on one physical line
    joined = lines[: testing[0]] + [lines[testing[0]].removesuffix(" passed") + lines[testing[1]], " passed"]
    joined += lines[testing[1] + 1 :]
    (run,) = deepep.parse("\n".join(joined).encode())
    assert run.metric("dispatch_fp8.best.time").value == 274.71
    assert any("two processes" in warning for warning in run.warnings)


# -- DeepEP's low-latency test and V2 test_ep ------------------------------------------------------


def test_low_latency_under_mpirun_is_a_run_per_rank_in_rank_order() -> None:
    runs = deepep.parse((DEEPEP / "test_low_latency.mpirun.log").read_bytes())
    assert [run.settings[0] for run in runs] == ["rank: 0", "rank: 1", "rank: 2", "rank: 3"]
    assert values(runs, "dispatch_combine.time") == [605.40, 591.40, 612.40, 598.40]
    assert values(runs, "dispatch_combine.min_time") == [575.15, 565.15, 580.15, 570.15]
    assert values(runs, "dispatch.time") == [245.30, 253.30, 241.30, 249.30]
    assert values(runs, "combine.time") == [353.75, 349.75, 355.75, 351.75]
    assert values(runs, "dispatch.send_time") == [21.10, 23.10, 20.10, 22.10]
    assert values(runs, "combine.recv_time") == [42.05, 44.05, 41.05, 43.05]
    assert {run.metric("dispatch.bandwidth").unit for run in runs} == {"GB/s"}
    assert "buffer: 1103.5 MB" in runs[0].settings


def test_v2_test_ep_is_a_run_per_rank_stating_its_world_size() -> None:
    runs = deepep.parse((DEEPEP / "test_ep.first-case.log").read_bytes())
    assert len(runs) == 4
    assert values(runs, "dispatch.time") == [150.0, 153.125, 156.25, 159.375]
    assert values(runs, "combine.time") == [210.0, 213.125, 216.25, 219.375]
    assert values(runs, "dispatch.scaleup_bandwidth") == [38.0, 39.0, 40.0, 41.0]
    assert values(runs, "combine.reduce_time") == [9.5, 9.625, 9.75, 9.875]
    assert runs[0].metric("reduced_combine.bytes").unit == "bytes"
    assert {run.workload["gpus"].value for run in runs} == {4}
    assert "Ranks: 2 x 2" in runs[0].settings
    assert any(s.startswith("test case: do_handle_copy=1,") for s in runs[0].settings)


def test_v2_test_ep_with_several_cases_names_each_case() -> None:
    runs = deepep.parse((DEEPEP / "test_ep.two-cases.log").read_bytes())
    assert values(runs, "dispatch.time@case1") == [150.0, 153.125]
    assert values(runs, "dispatch.time@case2") == [161.0, 164.125]
    with pytest.raises(ToolOutputError, match="no metric 'dispatch.time'"):
        runs[0].metric("dispatch.time")
    assert any(s.startswith("case 2: ") and s.endswith("allocate_on_comm_stream=1") for s in runs[0].settings)


# -- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "where", "words"),
    [
        ("test_internode.crash.log", "line 13", "crashed: RuntimeError: Failed: CUDA error"),
        ("test_intranode.cut.log", "line 34", "ends in the middle of a tuning sweep"),
        ("test_low_latency.cut.log", "line 14", "rank 1 printed no send/recv, separate line"),
        ("test_low_latency.no-result.log", "line 2", "no result in this DeepEP output"),
    ],
)
def test_a_crashed_or_cut_run_is_refused_saying_where_and_what_the_tool_printed(
    name: str, where: str, words: str
) -> None:
    with pytest.raises(ToolOutputError) as caught:
        deepep.parse((DEEPEP / name).read_bytes())
    assert caught.value.where == where
    assert words in caught.value.message
    assert "Traceback (most recent" not in caught.value.message


def test_a_run_that_stops_before_the_combine_tuning_is_refused() -> None:
    lines = (DEEPEP / "test_intranode.log").read_text().splitlines()
    cut = lines[: _line_of(DEEPEP / "test_intranode.log", "Best dispatch (BF16)")]
    with pytest.raises(ToolOutputError, match="without the '\\[tuning\\] Best combine' line"):
        deepep.parse("\n".join(cut).encode())


def test_an_mpi_abort_without_a_traceback_is_quoted() -> None:
    text = (DEEPEP / "test_low_latency.mpirun.log").read_text()
    aborted = text + "MPI_ABORT was invoked on rank 2 in communicator MPI_COMM_WORLD\nwith errorcode 1.\n"
    with pytest.raises(ToolOutputError) as caught:
        deepep.parse(aborted.encode())
    assert caught.value.where == f"line {len(text.splitlines()) + 1}"
    assert "MPI_ABORT was invoked on rank 2" in caught.value.message


def test_other_tools_files_are_not_deepep_output() -> None:
    for other in (IMPORTS / "nccl" / "all_gather_perf.2x8.log", PPLX / "bench_all_to_all.ep8.log"):
        with pytest.raises(ToolOutputError, match="no result in this DeepEP output"):
            deepep.parse(other.read_bytes())
    assert guess((DEEPEP / "test_low_latency.mpirun.log").read_bytes()) == "deepep"
    assert guess((PPLX / "bench_all_to_all.ep8.log").read_bytes()) == "pplx-kernels"


def test_launcher_prefixes() -> None:
    assert split_launcher_prefix("[1,12]<stdout>:[rank 3] Dispatch") == ("[1,12]<stdout>:", "[rank 3] Dispatch")
    assert strip_launcher_prefix(" 8: [config] num_tokens=1") == "[config] num_tokens=1"
    assert strip_launcher_prefix("[default3]:hello") == "hello"
    assert strip_launcher_prefix("[rank0]: Traceback (most recent call last):") == "Traceback (most recent call last):"
    assert strip_launcher_prefix("[rank 0] Dispatch bandwidth: 1 GB/s") == "[rank 0] Dispatch bandwidth: 1 GB/s"
    assert strip_launcher_prefix("   1024   256 float") == "   1024   256 float"


# -- UCCL EP ----------------------------------------------------------------------------------------


def test_uccl_internode_reads_transmit_and_notify_and_deepep_names_it_uccl() -> None:
    (run,) = uccl_ep.parse((UCCL / "test_internode.log").read_bytes())
    assert run.metric("dispatch_fp8.best.time").value == 905.5
    assert run.metric("dispatch_fp8.best.notify_time").value == 55.10
    assert run.metric("combine.best.rdma_bandwidth").value == 14.20
    assert run.tool == "UCCL EP"
    with pytest.raises(ToolOutputError, match="UCCL EP's words .*it reads as a uccl-ep file"):
        read_runs("deepep", (UCCL / "test_internode.log").read_bytes())


def test_uccl_low_latency_is_a_run_per_rank_with_its_verdict() -> None:
    runs = uccl_ep.parse((UCCL / "test_low_latency.log").read_bytes())
    assert values(runs, "dispatch.time") == [168.40, 174.40]
    assert values(runs, "dispatch_combine.time") == [402.60, 393.60]
    assert {run.verdict for run in runs} == {"All correctness tests passed!"}


def test_uccl_pplx_style_low_latency_gives_rank_0s_medians() -> None:
    (run,) = uccl_ep.parse((UCCL / "test_low_latency_pplx.log").read_bytes())
    assert run.metric("dispatch.time_p50").value == 171.25
    assert run.metric("combine.time_p50").value == 244.80
    assert run.metric("combine.bandwidth").value == 18.35
    assert run.metric("dispatch.recv_time_p50").unit == "µs"
    cut = (UCCL / "test_low_latency_pplx.log").read_text().split("[pplx][rank 0] Combine")[0]
    with pytest.raises(ToolOutputError, match="Combine both p50"):
        uccl_ep.parse(cut.encode())


# -- pplx-kernels -----------------------------------------------------------------------------------


def test_pplx_bench_all_to_all_gives_every_row_and_its_tsv_the_same() -> None:
    (run,) = pplx_kernels.parse((PPLX / "bench_all_to_all.ep8.log").read_bytes())
    key = "[E=256,E/tok=8,tok=128,dim=7168]"
    assert (run.metric(f"dispatch.time{key}").value, run.metric(f"dispatch.time{key}").unit) == (532.0, "µs")
    assert run.metric(f"dispatch.time_std{key}").value == 7.5
    assert run.metric(f"combine.time{key}").value == 518.0
    assert run.metric(f"nvshmem_alltoall.bytes{key}").value == 56000
    assert run.metric("torch_all_to_all.bandwidth[E=64,E/tok=6,tok=1,dim=2048]").unit == "GB/s"
    assert run.workload["gpus"].value == 8
    (tsv,) = pplx_kernels.parse((PPLX / "20260101_120000_all_to_all.tsv").read_bytes())
    assert tsv.metrics == run.metrics
    with pytest.raises(ToolOutputError, match="5 of the 14 rows .*cut short"):
        pplx_kernels.parse((PPLX / "bench_all_to_all.cut.log").read_bytes())


def test_pplx_first_columns_scatter_and_gather_are_dispatch_and_combine() -> None:
    text = (
        (PPLX / "bench_all_to_all.ep8.log").read_text().replace("Dispatch_", "Scatter_").replace("Combine_", "Gather_")
    )
    (run,) = pplx_kernels.parse(text.encode())
    assert run.metric("dispatch.time[E=64,E/tok=6,tok=1,dim=2048]").value == 109.0


# -- import: each rank is a run ---------------------------------------------------------------------


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    """The bicycle guide with the imports' campaign and transport table, every cell still empty."""
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    shutil.copytree(IMPORTS / "guide", data, dirs_exist_ok=True)
    return data


def test_a_low_latency_file_imports_a_run_per_rank_and_each_row_takes_its_own_metric(guide: Path) -> None:
    source = DEEPEP / "test_low_latency.mpirun.log"
    import_runs(guide, [Request("deepep", source, "transport", "dispatch", "road")])
    import_runs(guide, [Request("deepep", source, "transport", "combine", "road")])
    data = derive_guide(guide)
    dispatch = data.sample("transport", "dispatch", "road")
    assert dispatch.runs == (245.30, 253.30, 241.30, 249.30)
    assert dispatch.value == pytest.approx(247.30)  # the median over the ranks
    page = build_guide(guide)["results.md"]
    assert '247.30 <span class="dg-spread">241.3–253.3</span><span class="dg-runs">4 runs</span>' in page
    assert data.sample("transport", "combine", "road").runs == (353.75, 349.75, 355.75, 351.75)
    kept = sorted(p.name for p in (guide / "runs" / "transport").rglob("*.log"))  # one copy for both cells
    assert len(kept) == 1 and {p.read_bytes() for p in (guide / "runs").rglob("*.log")} == {source.read_bytes()}


def test_a_crashed_file_is_refused_by_the_import_and_nothing_lands(guide: Path) -> None:
    before = (guide / "tables" / "transport.yml").read_text()
    with pytest.raises(Exception, match="crashed: RuntimeError"):
        import_runs(guide, [Request("deepep", DEEPEP / "test_internode.crash.log", "transport", "dispatch", "road")])
    assert (guide / "tables" / "transport.yml").read_text() == before
    assert not (guide / "runs" / "transport").exists()


# -- the real files, read where they are ------------------------------------------------------------


def test_the_real_deepep_files_do_what_expected_json_says() -> None:
    cases = {}
    for real in real_outputs_folders():  # $GUIDE_REAL_OUTPUTS and its -2 sibling, else ../shared/real-outputs*
        expected = json.loads((real / "expected.json").read_text(encoding="utf-8"))
        cases |= {real / name: w for name, w in expected.items() if isinstance(w, dict) and w["format"] == "deepep"}
    assert len(cases) >= 9
    for path, want in cases.items():
        content = path.read_bytes()
        if want["expect"] == "read":
            runs = read_runs("deepep", content)
            found = {m.value for run in runs for m in run.metrics.values()}
            assert set(want["values"]) <= found, path.name
        else:
            with pytest.raises(ToolOutputError) as caught:
                read_runs("deepep", content)
            assert any(word in str(caught.value).lower() for word in want["words"]), (path.name, str(caught.value))
            assert caught.value.where.startswith("line ")
