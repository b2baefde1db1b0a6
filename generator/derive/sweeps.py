"""Sweep tables: how a run of loads with one verdict is named (each row's load: :func:`generator.model.load_of`).

A sweep table (``sweep: {load: concurrency}``) states its load per row in ``workload``. Its comparisons are
judged row by row like any table's; a cell then names each run of consecutive loads that got the same verdict
against the same opponent by its range: ``conc ≤ 32`` (from the lowest load measured), ``conc ≥ 64`` (to the
highest), ``conc 48`` or ``conc 48–56`` (between), ``conc 1–256`` (every load measured agrees). The same rules
are in ``yours.js`` (``sweepNames``), held together by the parity test.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from generator.model import load_text


def range_name(label: str, loads: Sequence[float], first: int, last: int) -> str:
    """The name of the run ``loads[first..last]`` (inclusive) of the sorted loads compared."""
    lo, hi = load_text(loads[first]), load_text(loads[last])
    if first == 0 and last == len(loads) - 1:
        return f"{label} {lo}–{hi}" if first != last else f"{label} {lo}"
    if first == 0:
        return f"{label} ≤ {hi}"
    if last == len(loads) - 1:
        return f"{label} ≥ {lo}"
    return f"{label} {lo}" if first == last else f"{label} {lo}–{hi}"


def run_names(loads: Sequence[float], keys: Sequence[Hashable], label: str) -> list[str]:
    """For loads sorted ascending and each one's verdict key, the name of the run each load lies in."""
    names = [""] * len(loads)
    start = 0
    for i in range(1, len(loads) + 1):
        if i == len(loads) or keys[i] != keys[start]:
            name = range_name(label, loads, start, i - 1)
            for j in range(start, i):
                names[j] = name
            start = i
    return names
