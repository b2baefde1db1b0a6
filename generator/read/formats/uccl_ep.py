"""UCCL EP's benchmark scripts' standard output: ``ep/bench/test_low_latency.py``, ``test_internode.py``,
``test_intranode.py`` and ``test_low_latency_pplx.py`` of uccl-project/uccl.

Followed: uccl-project/uccl at da914a2 (2026-08), ``ep/bench/``. These scripts are DeepEP's tests
run on UCCL's ``Buffer`` and print DeepEP's lines (read by :mod:`deepep`, with its metric names),
with these differences:

* ``test_internode.py``, ``test_main``: ``[tuning] SMs S, NVL chunk C, RDMA chunk R, transmit: T
  us, notify: N us, BW: B GB/s (RDMA), B GB/s (NVL)`` per configuration tried and the same after
  ``[tuning] Best dispatch (FP8):``, ``(BF16):`` and ``Best combine:`` (since the file was added in 419d521, 2025-09);
  ``transmit`` is the metric ``time`` and ``notify`` ``notify_time``
  (``dispatch_fp8.best.time``, ``combine.best.notify_time``, ...);
* ``test_intranode.py``: DeepEP's ``... GB/s (NVL), avg_t: T us`` per configuration;
* ``test_low_latency.py``, ``test_main``: ``Start experiment with settings: ...`` before each
  correctness case and ``✓ All correctness tests passed!`` (the run's verdict) before DeepEP's
  ``[rank R] ...`` lines (each rank a run);
* ``test_low_latency_pplx.py`` (from 4ebaec3, 2026-02), ``test_main``: rank 0 alone prints
  ``[pplx][rank 0] Dispatch both p50: T us, B GB/s``, ``Dispatch send p50: T us``,
  ``Dispatch recv p50: T us`` and the same for ``Combine`` (metrics ``dispatch.time_p50``,
  ``dispatch.bandwidth``, ``dispatch.send_time_p50``, ``dispatch.recv_time_p50``, ``combine....``;
  times in µs), after ``[pplx][rank 0] Iteration i/n`` progress lines.

The raw RDMA all-to-all benchmark in ``ep/bench/alltoall/`` (``Rank R: average of last N rounds:
T us``) measures no dispatch or combine and is not read. A DeepEP output reads as this format too:
the scripts print the same lines.
"""

from __future__ import annotations

import re

from generator.read.formats import deepep
from generator.read.formats.decoding import whole_number
from generator.read.formats.deepep_lines import LogLine, N, Run, put
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import ToolOutputError, ToolRun

FORMAT = "uccl-ep"
TOOL = "UCCL EP"


def parse(content: bytes) -> list[ToolRun]:
    """Every run in one script's output: one per printing process (normal kernels) or per rank."""
    return deepep.read_output(content, format_name=FORMAT, tool=TOOL, uccl=True, pplx=_pplx_lines)


_PPLX = re.compile(
    rf"^\[pplx\]\[rank (\d+)\] (?P<op>Dispatch|Combine) (?P<what>both|send|recv) p50: {N} us(?:, {N} GB/s)?"
)


def _pplx_lines(lines: list[LogLine]) -> list[Run]:
    """A run per rank that printed ``[pplx][rank R] ... p50`` lines (rank 0 alone, in the script)."""
    runs: dict[int, Run] = {}
    for ln in lines:
        m = _PPLX.match(ln.text)
        if m is None:
            continue  # progress lines: "[pplx][rank 0] Iteration i/n"
        rank = whole_number(m.group(1), f"line {ln.number}")
        run = runs.setdefault(rank, Run(f"rank {rank}", settings=[f"rank: {rank}"], first=ln.number))
        op = m.group("op").lower()
        quantity = {"both": "time_p50", "send": "send_time_p50", "recv": "recv_time_p50"}[m.group("what")]
        what = f"'{m.group('op')} {m.group('what')} p50'"
        put(run, f"{op}.{quantity}", m.group(4), "µs", ln.number, what)
        if m.group(5) is not None:
            put(run, f"{op}.bandwidth", m.group(5), "GB/s", ln.number, what)
    if not runs:
        raise ToolOutputError(f"line {lines[-1].number}", "no '[pplx][rank 0] Dispatch both p50' line (cut short?)")
    for run in runs.values():
        if "combine.time_p50" not in run.metrics:
            raise ToolOutputError(
                f"line {lines[-1].number}",
                "the output stops before the 'Combine both p50' line the test prints last (cut short?)",
            )
    return [runs[rank] for rank in sorted(runs)]


register_tool(FORMAT, parse)
