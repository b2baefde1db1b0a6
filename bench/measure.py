"""Timing helpers: child processes with their own CPU time and peak memory, and summaries.

Wall time is what an author waits for; CPU time (user + system of the child
alone, from ``os.wait4``) is much less disturbed when other jobs share the
machine, so both are kept. Ratios are only ever taken between figures measured
in the same run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Sample:
    wall: float
    """Seconds from start to exit."""
    cpu: float
    """User + system seconds of the child process."""
    peak_kib: int
    """Largest resident set size of the child, in KiB."""
    phases: dict[str, float] | None = None
    """Where the time went, as the child reported it (the Zensical adapter's ``--timings``), else None."""


class ChildFailed(RuntimeError):
    pass


def run_child(args: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> Sample:
    """Run a command to completion and measure it; raise :class:`ChildFailed` with its output if it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        list(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )
    assert proc.stdout is not None
    output = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    if proc.returncode != 0:
        raise ChildFailed(f"{' '.join(args)} exited with {proc.returncode}:\n{output.decode(errors='replace')[-4000:]}")
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def summary(values: Sequence[float]) -> dict[str, float]:
    """Median, min, max and count of some measurements."""
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "runs": len(values),
    }


def fit_slope(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Least-squares line through the points: ``(slope, intercept)``."""
    if len(xs) < 2:
        return (ys[0] / xs[0] if xs and xs[0] else 0.0), 0.0
    slope, intercept = statistics.linear_regression(xs, ys)
    return slope, intercept


def interleaved(
    jobs: dict[str, Callable[[], Sample]], runs: int, budget: float | None = None, min_runs: int = 1
) -> dict[str, list[Sample]]:
    """Run each job ``runs`` times, alternating between them so a burst of load hits all alike.

    With a ``budget`` in seconds, stop early once ``min_runs`` rounds are done and
    the budget is spent.
    """
    out: dict[str, list[Sample]] = {name: [] for name in jobs}
    start = time.perf_counter()
    for i in range(runs):
        if budget is not None and i >= min_runs and time.perf_counter() - start > budget:
            break
        order = list(jobs.items())
        if i % 2:
            order.reverse()
        for name, job in order:
            out[name].append(job())
    return out
