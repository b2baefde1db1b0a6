"""pplx-kernels' all-to-all benchmark, ``python3 -m tests.bench_all_to_all``: its standard output or the
``data/<date>_all_to_all.tsv`` it writes (the same lines).

Followed: ``tests/bench_all_to_all.py`` of ppl-ai/pplx-kernels at 12cecfd (2025-08), and its history
from 88bd737 (2025-03, the initial commit), ``_worker_bench_all_to_all``: rank 0 prints
``EP=<world size> DP=<world size / dp size>``, a tab-separated header ``E  E/tok  tok  dim
Dispatch_lat  Dispatch_bw  Dispatch_bytes  Combine_lat ... Torch_lat ... NVSHMEM_lat ...
NVSHMEM_bytes`` (``Scatter_`` and ``Gather_`` for ``Dispatch_`` and ``Combine_`` before 514656b),
then one row per ``MoEConfig`` of its list whose experts are at least the world size (7 with 64
experts, 7 with 256), each latency ``{mean:4.1f}μs ± {std:4.1f}μs`` over 20 repetitions of 10
samples, each bandwidth ``{mean:2.3f}GB/s``, and at the end ``Saved to <path>``. Each ``EP=`` block
is a run (a log of several invocations holds several).

Metric names: ``<op>.<quantity>[E=<experts>,E/tok=<experts per token>,tok=<tokens>,dim=<hidden>]``
with op ``dispatch``, ``combine``, ``torch_all_to_all`` (``Torch_``), ``nvshmem_alltoall``
(``NVSHMEM_``) and quantity ``time`` (the mean, µs), ``time_std`` (µs), ``bandwidth`` (GB/s),
``bytes``; for example ``dispatch.time[E=256,E/tok=8,tok=128,dim=7168]``.

The C++ benchmark (``csrc/all_to_all/bench_all_to_all.cpp``, ``mpirun ... bench_all_to_all``) prints
another table and is not read.
"""

from __future__ import annotations

import re

from generator.read.formats.decoding import whole_number, workload
from generator.read.formats.deepep_lines import LogLine, first_crash, lines_of, number
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun

FORMAT = "pplx-kernels"
TOOL = "pplx-kernels bench_all_to_all"

_WORLD = re.compile(r"^EP=(\d+) DP=(\d+)\s*$")
_KEYS = ("E", "E/tok", "tok", "dim")
_OPS = {"Dispatch": "dispatch", "Scatter": "dispatch", "Combine": "combine", "Gather": "combine"}
_OPS |= {"Torch": "torch_all_to_all", "NVSHMEM": "nvshmem_alltoall"}
_NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|nan|inf"
#: A latency and a bandwidth cell: a number, not any run of characters (a lazy ``\S+?`` before ``us ±``
#: tried each ``us±`` of a long cell again with the rest of it: quadratic time within one line).
_LATENCY = re.compile(rf"^\s*({_NUM})\s*(μs|µs|us)\s*±\s*({_NUM})\s*(μs|µs|us)\s*$")
_BANDWIDTH = re.compile(rf"^\s*({_NUM})\s*GB/s\s*$")
#: One cell of a row and the blanks before it: a latency ``78.1μs ±  3.2μs`` (blanks inside), a bandwidth
#: ``97.128GB/s`` or a number; what separates cells is any run of tabs and spaces (a README's copy of the
#: output has its tabs expanded to spaces, so splitting at tabs, or at blanks, would cut the latencies).
_CELL = re.compile(
    rf"[ \t]*((?:{_NUM})[ \t]*(?:μs|µs|us)[ \t]*±[ \t]*(?:{_NUM})[ \t]*(?:μs|µs|us)|(?:{_NUM})[ \t]*GB/s|(?:{_NUM}))"
    r"(?=[ \t]|$)"
)
#: (experts, experts per token) of ``_worker_bench_all_to_all``'s configurations, 7 token counts each.
_CONFIGS = ((64, 7), (256, 7))


def parse(content: bytes) -> list[ToolRun]:
    """Every ``EP=`` block of the output, in file order."""
    lines, warnings = lines_of(content, TOOL)
    crash = first_crash(lines)
    if crash is not None:
        raise ToolOutputError(f"line {crash[0]}", f"the benchmark crashed: {crash[1]}; a crashed run is not a result")
    starts = [i for i, ln in enumerate(lines) if _WORLD.match(ln.text.strip())]
    header_at = [i for i, ln in enumerate(lines) if ln.text.split()[:4] == list(_KEYS)]
    if not header_at:
        raise ToolOutputError(
            "", "no bench_all_to_all table (a tab-separated 'E  E/tok  tok  dim  Dispatch_lat ...' header)"
        )
    if not starts:
        starts = [header_at[0]]  # the lines without the first: still one run
    runs = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        runs.append(_block(lines[start:end], warnings))
    return runs


def _cells(text: str) -> list[str]:
    """The cells of a row, separated by tabs or spaces; what no cell pattern takes ends the list there (so
    that the count of cells says the row is not whole)."""
    out: list[str] = []
    at = 0
    end = len(text.rstrip())
    while at < end:
        found = _CELL.match(text, at)
        if found is None:
            out.append(text[at:end].strip())
            break
        out.append(found.group(1))
        at = found.end()
    return out


def _block(block: list[LogLine], warnings: list[str]) -> ToolRun:
    world = _WORLD.match(block[0].text.strip())
    gpus = whole_number(world.group(1), f"line {block[0].number}") if world else 0
    header_i = next((i for i, ln in enumerate(block) if ln.text.split()[:4] == list(_KEYS)), None)
    if header_i is None:
        raise ToolOutputError(f"line {block[0].number}", "an 'EP= DP=' line without the table's header after it")
    header = block[header_i].text.split()
    metrics: dict[str, Metric] = {}
    rows = 0
    saved = None
    for ln in block[header_i + 1 :]:
        text = ln.text.strip()
        if not text:
            continue
        if text.startswith("Saved to"):
            saved = text
            break
        if not text.split(None, 1)[0].isdigit():
            continue  # a message between rows (NVSHMEM, NCCL)
        fields = _cells(ln.text)
        if len(fields) != len(header):
            raise ToolOutputError(
                f"line {ln.number}", f"a row with {len(fields)} fields, the header has {len(header)} (cut short?)"
            )
        row = dict(zip(header, fields, strict=True))
        key = ",".join(f"{k}={row[k].strip()}" for k in _KEYS)
        for column, value in row.items():
            if column in _KEYS:
                continue
            head, _, kind = column.partition("_")
            op = _OPS.get(head)
            if op is None:
                continue
            if kind == "lat":
                found = _LATENCY.match(value)
                if found is None:
                    raise ToolOutputError(f"line {ln.number}", f"{column} {value.strip()!r} is not 'mean μs ± std μs'")
                metrics[f"{op}.time[{key}]"] = Metric(number(found.group(1), ln.number), "µs", f"line {ln.number}")
                metrics[f"{op}.time_std[{key}]"] = Metric(number(found.group(3), ln.number), "µs", f"line {ln.number}")
            elif kind == "bw":
                found = _BANDWIDTH.match(value)
                if found is None:
                    raise ToolOutputError(f"line {ln.number}", f"{column} {value.strip()!r} is not 'N GB/s'")
                metrics[f"{op}.bandwidth[{key}]"] = Metric(
                    number(found.group(1), ln.number), "GB/s", f"line {ln.number}"
                )
            elif kind == "bytes":
                metrics[f"{op}.bytes[{key}]"] = Metric(number(value, ln.number), "bytes", f"line {ln.number}")
        rows += 1
    last = block[-1].number
    if not rows:
        raise ToolOutputError(
            f"line {block[header_i].number}", "the table has no rows: the benchmark stopped (cut short?)"
        )
    if world is not None and saved is None:
        expected = sum(count for experts, count in _CONFIGS if gpus <= experts)
        if rows < expected:
            raise ToolOutputError(
                f"line {last}",
                f"{rows} of the {expected} rows the benchmark prints for EP={world.group(1)}, and no"
                " 'Saved to' line: the output stops early (cut short?)",
            )
    settings = [f"EP={world.group(1)} DP={world.group(2)}"] if world else []
    if saved:
        settings.append(saved)
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=workload(gpus=Stated(gpus, f"line {block[0].number}")) if world else {},
        setup={"tool": TOOL},
        settings=tuple(settings),
        warnings=tuple(warnings),
    )


register_tool(FORMAT, parse)
