"""DeepEP V2's ``tests/elastic/test_ep.py`` (and the V2.5 port's ``tests/ep/test_ep.py``) as its logs really are.

The fixtures ``tests/fixtures/imports/deepep/test_ep.*.log`` were written for these tests in the layouts of a
public campaign's logs (see :mod:`generator.read.formats.deepep_v2`): a node's own ranks only, shuffled,
records glued to each other and to the profiler's ``USDT:`` lines, banners before the config, a crash after
warning lines cut mid-word. Their numbers are made up.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.ingest.importer import import_runs
from generator.ingest.planning import Request
from generator.pipeline import derive_guide
from generator.read.formats import deepep
from generator.read.formats.catalog import guess_format
from generator.read.formats.deepep_v2 import PHASES
from generator.read.formats.tool_output import ToolOutputError
from tests.conftest import FIXTURES

DEEPEP = FIXTURES / "imports" / "deepep"
NODE1, NODE2 = DEEPEP / "test_ep.efa-2node.node1.log", DEEPEP / "test_ep.efa-2node.node2.log"
QUANTITIES = ("time", "scaleout_bandwidth", "scaleup_bandwidth", "bytes")


def values(runs: list, name: str) -> list[float]:  # type: ignore[type-arg]
    return [run.metric(name).value for run in runs]


def test_a_node_log_is_a_run_per_rank_of_that_node_in_rank_order_with_the_five_operations() -> None:
    first, second = deepep.parse(NODE1.read_bytes()), deepep.parse(NODE2.read_bytes())
    assert [run.settings[0] for run in first] == [f"rank: {r}/16" for r in range(8)]
    assert [run.settings[0] for run in second] == [f"rank: {r}/16" for r in range(8, 16)]
    for run in (*first, *second):
        assert {f"{p}.{q}" for p in PHASES for q in QUANTITIES} <= set(run.metrics)
        assert run.metric("dispatch.copy_time").unit == run.metric("combine.reduce_time").unit == "µs"
    assert values(first, "dispatch.time") == [200.0 + 1.5 * r for r in range(8)]
    assert values(second, "reduced_combine.time") == [320.0 + 1.5 * r for r in range(8)]
    assert {run.workload["gpus"].value for run in first} == {16}
    assert {run.workload["nodes"].value for run in second} == {2}


def test_records_run_together_on_one_line_or_after_a_profiler_line_are_each_read() -> None:
    text = NODE1.read_text()
    glued = next(line for line in text.splitlines() if line.count("EP:") == 3)
    ranks = [int(part.split("/")[0]) for part in glued.split("EP:")[1:]]
    runs = deepep.parse(NODE1.read_bytes())
    for rank in ranks:  # each record of the line is its rank's combine
        assert runs[rank].metric("combine.time").value == 300.0 + 1.5 * rank
    after = next(line for line in NODE2.read_text().splitlines() if "profiler_stop   - EP:" in line)
    rank = int(after.split("EP:")[1].split("/")[0])
    (run,) = [r for r in deepep.parse(NODE2.read_bytes()) if r.settings[0] == f"rank: {rank}/16"]
    assert run.metric("expanded_dispatch.time").value == 202.0 + 1.5 * (rank % 8)  # the fixture repeats node 1
    assert any("run together" in warning for warning in run.warnings)


def test_the_config_banners_and_test_case_are_the_set_up() -> None:
    run = deepep.parse(NODE1.read_bytes())[0]
    assert run.software == {"nccl": "2.31.2+cuda13.3", "deepep": "0123456789abcdef0123456789abcdef01234567"}
    for setting in ("Ranks: 2 x 8", "Tokens: 128 (max: 128), hidden: 7168", "#SM: 12, #QPs: 11/11"):
        assert setting in run.settings
    assert {"NCCL_GIN_TYPE=5", "NCCL_SYM_GIN_KERNELS_ENABLE=0", "image: deepep-v2:dev"} <= set(run.settings)
    assert any(s.startswith("test case: do_handle_copy=1, expert_alignment=128") for s in run.settings)


def test_nccl_debug_info_lines_are_read_past_and_name_nccls_version() -> None:
    text = NODE1.read_text().replace("NCCL version 2.31.2+cuda13.3\n", "")
    info = [f"host-a:{100 + r}:{100 + r} [{r}] NCCL INFO NCCL version 2.31.3+cuda13.3" for r in range(8)]
    lines = text.splitlines()
    at = lines.index("Config:")
    runs = deepep.parse("\n".join(lines[:at] + info + lines[at:]).encode())
    assert runs[0].software["nccl"] == "2.31.3+cuda13.3" and len(runs) == 8


def test_direct_recv_mode_prints_dispatch_and_combine_only_and_that_is_a_whole_run() -> None:
    lines = NODE1.read_text().splitlines()
    kept = [x for x in lines if not any(op in x for op in ("expanded dispatch", "cached dispatch", "reduced combine"))]
    with pytest.raises(ToolOutputError, match="printed no expanded dispatch record for test case 1"):
        deepep.parse("\n".join(kept).encode())  # a baseline run without them stopped early
    at = kept.index(" > #SM: 12, #QPs: 11/11")
    runs = deepep.parse("\n".join([*kept[: at + 1], " > Mode: DRV_X", *kept[at + 1 :]]).encode())
    assert len(runs) == 8 and "Mode: DRV_X" in runs[0].settings
    assert {m.split(".")[0] for m in runs[0].metrics} == {"dispatch", "combine"}


def test_one_node_reads_its_zero_scale_out_bandwidth_and_the_v25_port_its_millisecond_times() -> None:
    one = deepep.parse((DEEPEP / "test_ep.one-node.log").read_bytes())
    assert len(one) == 8 and set(values(one, "combine.scaleout_bandwidth")) == {0.0}
    assert one[0].workload["nodes"].value == 1
    port = deepep.parse((DEEPEP / "test_ep.v25-port.node0.log").read_bytes())
    assert values(port, "dispatch.time")[:2] == [4000.0, 4002.0]  # printed 4000.000 and 4002.000
    assert port[0].software == {"nccl": "2.32.3+cuda13.4"}
    assert any(s.startswith("test case: expert_alignment=128") for s in port[0].settings)


def test_a_failed_run_is_refused_with_its_runtime_error_not_the_spawn_wrapper() -> None:
    path = DEEPEP / "test_ep.devcomm-failed.node2.log"
    assert guess_format(path.read_bytes()) == "deepep"
    with pytest.raises(ToolOutputError) as caught:
        deepep.parse(path.read_bytes())
    lines = path.read_text().splitlines()
    assert caught.value.where == f"line {lines.index(next(x for x in lines if x.startswith('RuntimeError'))) + 1}"
    assert "crashed: RuntimeError: NCCL exception" in caught.value.message
    assert "(GIN: DevComm setup failed on all available backends)" in caught.value.message
    assert "ProcessRaisedException" not in caught.value.message


@pytest.mark.parametrize(
    "refused",
    [
        "docker: Error response from daemon: could not select device driver with capabilities: [[gpu]].",
        "REFUSING TO START: 80000 MiB already in use on the busiest GPU.",
    ],
)
def test_a_test_its_launcher_refused_to_start_is_refused_with_the_launchers_line(refused: str) -> None:
    lines = NODE1.read_text().splitlines()
    cut = lines[: lines.index("Config:")]  # the launcher's line first; the test's banners after it, then nothing
    with pytest.raises(ToolOutputError) as caught:
        deepep.parse("\n".join([refused, "Set ALLOW_BUSY_GPU=1 to override.", *cut]).encode())
    assert caught.value.where == "line 1"
    assert caught.value.message == f"the test was not started as asked: {refused}"


@pytest.mark.parametrize(
    ("cut", "words"),
    [
        (lambda lines: lines[: next(i for i, x in enumerate(lines) if x.startswith("Config:"))], "after its banners"),
        (lambda lines: lines[: next(i for i, x in enumerate(lines) if "Testing with" in x) + 1], "'> Testing with"),
        (lambda lines: lines[: _last(lines, "@ EP:")] + [lines[_last(lines, "@ EP:")][:60]], "stops in the middle"),
        (lambda lines: lines[: _last(lines, "+ EP:")], "printed no reduced combine record for test case 1"),
    ],
    ids=["after the banners", "after Testing with", "inside a record", "before a rank's last record"],
)
def test_a_log_cut_short_is_refused_saying_where_it_stops(cut, words: str) -> None:  # type: ignore[no-untyped-def]
    lines = NODE1.read_text().splitlines()
    with pytest.raises(ToolOutputError) as caught:
        deepep.parse("\n".join(cut(lines)).encode())
    assert words in caught.value.message
    assert caught.value.where.startswith("line ")


def _last(lines: list[str], mark: str) -> int:
    return max(i for i, line in enumerate(lines) if mark in line)


def test_two_nodes_logs_in_one_cell_give_a_value_with_its_spread_over_the_sixteen_ranks(tmp_path: Path) -> None:
    guide = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", guide)
    shutil.copytree(FIXTURES / "imports" / "guide", guide, dirs_exist_ok=True)
    import_runs(guide, [Request("deepep", NODE1, "transport", "combine", "cargo")])
    # The second node's ranks repeat the same measurement: the author says so (--repetition).
    import_runs(guide, [Request("deepep", NODE2, "transport", "combine", "cargo", repetition=True)])
    sample = derive_guide(guide).sample("transport", "combine", "cargo")
    assert sorted(sample.runs) == sorted([300.0 + 1.5 * (r % 8) for r in range(16)])
    assert len(sample.runs) == 16
