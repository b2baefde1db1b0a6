"""nccl-tests' standard output: the result table of all_gather_perf, reduce_scatter_perf, alltoall_perf ...

Followed: ``src/util.cu`` of NVIDIA/nccl-tests (``writeDeviceReport``: the ``# nccl-tests version``,
``# Collective test starting:``, ``# nThread ... nGpus ...`` and ``#  Rank %2d Group %2d Pid %6d on
%10s device %2d [...] <name>`` lines; ``writeResultHeader``: the two ``#`` header lines naming the
columns ``size count type redop root`` then ``time algbw busbw #wrong`` for out-of-place and again
for in-place (``cputime`` with ``-C``; ``i_min i_max i_p99 i_cv%`` more with ``-I 1``; a timestamp
with ``-Z``); ``writeBenchmarkLinePreamble``/``writeBenchmarkLineBody``: one line per message size;
``writeResultFooter``: ``# Out of bounds values : N OK|FAILED`` and ``# Avg bus bandwidth : X``),
where the table moved from ``src/common.cu``; and the repository's ``doc/PERFORMANCE.md`` for what
``algbw`` and ``busbw`` mean. Units: size in bytes, times in microseconds, bandwidths in GB/s.

Metric names: ``<side>.<column>@<size in bytes>``, for example ``out_of_place.time@1048576`` or
``in_place.busbw@134217728``; where one size has several rows (``-d all``, ``-o all``) the type and
reduction follow: ``out_of_place.time@1048576[half,sum]``. ``avg_bus_bandwidth`` is the footer's.
"""

from __future__ import annotations

import math
import re

from generator.read.formats.tool_output import (
    Metric,
    Stated,
    ToolOutputError,
    ToolRun,
    register_tool,
    text_of,
    workload,
)

FORMAT = "nccl-tests"
TOOL = "nccl-tests"

_RANK = re.compile(r"^#\s+Rank\s+(\d+)\s+Group\s+\d+\s+Pid\s+\d+\s+on\s+(\S+)\s+device\s+\d+\s")
_VERSION = re.compile(r"^#\s*nccl-tests version\s+(\S+)(?:.*nccl-library=(\d+))?")
_STARTING = re.compile(r"^#\s*Collective test starting:\s*(\S+)")
_PARAMETERS = re.compile(r"^#\s*(nThread\s.*\S)\s*$")  # the run's parameters, printed by the test before the devices
_BAD_VALUES = re.compile(r"^#\s*Out of bounds values\s*:\s*(\d+)\s*(\w*)")
_AVG_BUSBW = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(\S+)")
_UNIT = {"time": "µs", "cputime": "µs", "algbw": "GB/s", "busbw": "GB/s", "i_min": "µs", "i_max": "µs", "i_p99": "µs"}
_SIDES = ("out_of_place", "in_place")
_PREAMBLE = ("size", "count", "type", "redop", "root")


def parse(content: bytes) -> ToolRun:
    """Read one test's standard output (one collective, one table)."""
    lines = text_of(content).splitlines()
    header, columns = _header(lines)
    rows = _rows(lines, header, columns)
    metrics: dict[str, Metric] = {}
    for (size, type_, redop), (number, values) in rows.items():
        shared = sum(1 for key in rows if key[0] == size) > 1
        suffix = f"@{size}" + (f"[{type_},{redop}]" if shared else "")
        for side, column, value in values:
            if column in _UNIT:
                metrics[f"{side}.{column}{suffix}"] = Metric(value, _UNIT[column], f"line {number} ({side} {column})")
    footer = _footer(lines)
    if footer is not None:
        metrics["avg_bus_bandwidth"] = footer
    ranks = [(i, m) for i, line in enumerate(lines, 1) if (m := _RANK.match(line))]
    setup = {"tool": TOOL}
    software: dict[str, str] = {}
    benchmark = None
    parameters: tuple[str, ...] = ()
    for number, line in enumerate(lines, 1):
        if found := _VERSION.match(line):
            setup["tool_version"] = found.group(1)
            if found.group(2):
                software["nccl"] = _nccl_version(int(found.group(2)))
        if found := _STARTING.match(line):
            benchmark = Stated(found.group(1), f"line {number}")
        if found := _PARAMETERS.match(line):
            parameters = (" ".join(found.group(1).split()),)
    first = f"line {ranks[0][0]}" if ranks else ""
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=workload(
            benchmark=benchmark,
            gpus=Stated(len({m.group(1) for _, m in ranks}), first) if ranks else None,
            nodes=Stated(len({m.group(2) for _, m in ranks}), first) if ranks else None,
        ),
        setup=setup,
        software=software,
        settings=parameters,
    )


def _nccl_version(code: int) -> str:
    """NCCL_VERSION_CODE -> text: 22807 -> 2.28.7 (from 2.9 on), 2708 -> 2.7.8 (before)."""
    if code >= 20900:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


def _header(lines: list[str]) -> tuple[int, list[str]]:
    """The line number of the column-name header and the names of the columns after the preamble."""
    for number, line in enumerate(lines, 1):
        words = line.lstrip("#").split()
        if line.startswith("#") and words[:2] == ["size", "count"]:
            names = [w for w in words if w not in _PREAMBLE and w != "timestamp"]
            if not names or len(names) % 2 or names[0] not in ("time", "cputime"):
                raise ToolOutputError(
                    f"line {number}", "a result header this reader does not know (expected time algbw busbw ...)"
                )
            return number, names[: len(names) // 2]
    raise ToolOutputError(
        "",
        "no nccl-tests result table (a '# size count type redop root time algbw busbw' header): nccl-tests output?",
    )


def _rows(
    lines: list[str], header: int, columns: list[str]
) -> dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]]:
    rows: dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]] = {}
    width = len(_PREAMBLE) + 2 * len(columns)
    for number in range(header + 1, len(lines) + 1):
        line = lines[number - 1]
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        if not words[0].isdigit():
            continue  # a message a test prints between rows (NCCL warnings, "Reducing maxBytes ...")
        if len(words) < width:
            raise ToolOutputError(
                f"line {number}", f"a result row with {len(words)} fields, expected {width} (cut short?)"
            )
        size, type_, redop = int(words[0]), words[2], words[3]
        values: list[tuple[str, str, float]] = []
        for half, side in enumerate(_SIDES):
            for i, column in enumerate(columns):
                text = words[len(_PREAMBLE) + half * len(columns) + i]
                if column in ("#wrong", "error"):
                    if text not in ("N/A", "0", "0.0", "0e+00") and _float(text, number) != 0:
                        raise ToolOutputError(
                            f"line {number}",
                            f"{text} wrong values {side.replace('_', '-')}: the data check failed, not a result",
                        )
                    continue
                values.append((side, column, _float(text, number)))
        if (size, type_, redop) in rows:
            raise ToolOutputError(
                f"line {number}", f"a second row for size {size} {type_} {redop} (two tests in one file?)"
            )
        rows[(size, type_, redop)] = (number, values)
    if not rows:
        raise ToolOutputError(f"line {header}", "the result table has no rows")
    return rows


def _float(text: str, number: int) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ToolOutputError(f"line {number}", f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ToolOutputError(f"line {number}", f"not a finite number ({text})")
    return value


def _footer(lines: list[str]) -> Metric | None:
    bad = next(((n, m) for n, line in enumerate(lines, 1) if (m := _BAD_VALUES.match(line))), None)
    if bad is None:
        raise ToolOutputError(
            f"line {len(lines)}",
            "the output ends before nccl-tests' closing '# Out of bounds values' line (cut short?)",
        )
    number, found = bad
    if int(found.group(1)) != 0:
        raise ToolOutputError(
            f"line {number}", f"{found.group(1)} out-of-bounds values (FAILED): the run is not a result"
        )
    for n, line in enumerate(lines, 1):
        if m := _AVG_BUSBW.match(line):
            return Metric(_float(m.group(1), n), "GB/s", f"line {n}")
    return None


register_tool(FORMAT, parse)
