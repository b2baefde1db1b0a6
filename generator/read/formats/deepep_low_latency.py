"""DeepEP's low-latency test, ``tests/test_low_latency.py`` (``tests/legacy/`` since b306af0), as read from
its standard output.

Followed: deepseek-ai/DeepEP at dd758ca (2026-07) and the history of the file since ebfe47e (2025-02),
``test_main``: one line per rank each of ``[rank R] Dispatch + combine bandwidth: B GB/s, avg_t=T us,
min_t=T us, max_t=T us``, ``[rank R] Dispatch bandwidth: B GB/s, avg_t=T us | Combine bandwidth: B GB/s,
avg_t=T us`` and ``[rank R] Dispatch send/recv time: S + R us | Combine send/recv time: S + R us`` (``T us``
in ebfe47e, ``T = S + R us`` in 85793dd and d79b3cd); ``test_loop``: ``Allocating buffer size: X MB ...``.
Each rank is a run.

Metric names (times in µs, bandwidths in GB/s): ``dispatch_combine.time`` (``avg_t``),
``dispatch_combine.min_time``, ``dispatch_combine.max_time``, ``dispatch_combine.bandwidth``;
``dispatch.time``, ``dispatch.bandwidth``, ``combine.time``, ``combine.bandwidth``; ``dispatch.send_time``,
``dispatch.recv_time``, ``combine.send_time``, ``combine.recv_time`` (``dispatch.send_recv_time`` and
``combine.send_recv_time`` where the line gives the total).
"""

from __future__ import annotations

import re
from collections import defaultdict

from generator.read.formats.decoding import MAX_NOTES, whole_number
from generator.read.formats.deepep_lines import NUMBER, LogLine, N, Run, missing, put
from generator.read.formats.tool_output import ToolOutputError

_LL_BOTH = re.compile(
    rf"^\[rank (\d+)\] Dispatch \+ combine bandwidth: {N} GB/s, avg_t={N} us, min_t={N} us, max_t={N} us"
)
_LL_SEPARATE = re.compile(
    rf"^\[rank (\d+)\] Dispatch bandwidth: {N} GB/s, avg_t={N} us \| Combine bandwidth: {N} GB/s, avg_t={N} us"
)
_LL_SEND_RECV = re.compile(r"^\[rank (\d+)\] Dispatch send/recv time: (.*?) us \| Combine send/recv time: (.*?) us")
#: The low-latency lines of one rank that hold numbers: pattern, kind, the line's words, and the metric
#: and unit of each number it holds, in order.
_LL_LINES = (
    (
        _LL_BOTH,
        "both",
        "'Dispatch + combine bandwidth'",
        (
            ("dispatch_combine.bandwidth", "GB/s"),
            ("dispatch_combine.time", "µs"),
            ("dispatch_combine.min_time", "µs"),
            ("dispatch_combine.max_time", "µs"),
        ),
    ),
    (
        _LL_SEPARATE,
        "separate",
        "'Dispatch bandwidth ... | Combine bandwidth'",
        (
            ("dispatch.bandwidth", "GB/s"),
            ("dispatch.time", "µs"),
            ("combine.bandwidth", "GB/s"),
            ("combine.time", "µs"),
        ),
    ),
)
_LL_SPLIT = re.compile(rf"^(?:{N} = )?{N} \+ {N}$")
_ALLOCATING = re.compile(r"^Allocating buffer size: (\S+) MB")


def read(lines: list[LogLine], warnings: list[str]) -> list[Run]:
    """A run per rank, in rank order; a rank that printed fewer kinds of line than the others is refused."""
    runs: dict[int, Run] = {}
    kinds: dict[int, set[str]] = defaultdict(set)
    allocating = next((m.group(1) for ln in lines if (m := _ALLOCATING.match(ln.text))), None)

    def run_of(rank: str, line: int) -> Run:
        number = whole_number(rank, f"line {line}")
        if number not in runs:
            runs[number] = Run(f"rank {rank}", settings=[f"rank: {rank}"], first=line)
            if allocating:
                runs[number].settings.append(f"buffer: {allocating} MB")
        return runs[number]

    for ln in lines:
        found = next(
            ((m, kind, what, names) for pattern, kind, what, names in _LL_LINES if (m := pattern.match(ln.text))), None
        )
        if found is not None:
            m, kind, what, names = found
            run = run_of(m.group(1), ln.number)
            for group, (name, unit) in enumerate(names, start=2):
                put(run, name, m.group(group), unit, ln.number, what)
            kinds[whole_number(m.group(1), f"line {ln.number}")].add(kind)
        elif m := _LL_SEND_RECV.match(ln.text):
            run = run_of(m.group(1), ln.number)
            for op, text in (("dispatch", m.group(2)), ("combine", m.group(3))):
                _send_recv(run, op, text.strip(), ln.number)
            kinds[whole_number(m.group(1), f"line {ln.number}")].add("send/recv")
        elif re.match(r"\[rank \d+\] Dispatch", ln.text):
            raise ToolOutputError(f"line {ln.number}", f"a rank's line this reader does not know: {ln.text[:80]!r}")
    _complete(kinds, lines)
    ranks = sorted(runs)
    absent = ranks[-1] + 1 - len(ranks)
    if absent:
        listed = ", ".join(map(str, missing(ranks, MAX_NOTES)))
        more = f" and {absent - MAX_NOTES} more" if absent > MAX_NOTES else ""
        warnings.append(f"no lines of rank {listed}{more} (the log of some of the ranks?)")
    return [runs[rank] for rank in ranks]


def _send_recv(run: Run, op: str, text: str, line: int) -> None:
    what = "'send/recv time'"
    split = _LL_SPLIT.match(text)
    if split is not None:
        if split.group(1) is not None:
            put(run, f"{op}.send_recv_time", split.group(1), "µs", line, what)
        put(run, f"{op}.send_time", split.group(2), "µs", line, what)
        put(run, f"{op}.recv_time", split.group(3), "µs", line, what)
    elif re.fullmatch(NUMBER, text):
        put(run, f"{op}.send_recv_time", text, "µs", line, what)
    else:
        raise ToolOutputError(f"line {line}", f"a send/recv time this reader does not know: {text[:60]!r}")


def _complete(kinds: dict[int, set[str]], lines: list[LogLine]) -> None:
    """Every rank printed the same kinds of line; one that did not stopped early (the output is cut)."""
    every = set().union(*kinds.values())
    for rank, got in sorted(kinds.items()):
        if got != every:
            lacking = ", ".join(sorted(every - got))
            raise ToolOutputError(
                f"line {lines[-1].number}",
                f"rank {rank} printed no {lacking} line where other ranks did: the output stops early (cut short?)",
            )
