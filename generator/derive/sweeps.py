"""Sweep tables: how a run of loads with one verdict is named (each row's load: :func:`generator.model.load_of`).

A sweep table (``sweep: {load: concurrency}``) states its load per row in ``workload``. Its comparisons are
judged row by row like any table's; a cell then names each run of consecutive loads that got the same verdict
against the same opponent by the measured loads it spans, and by nothing else: ``conc 20`` (one load),
``conc 50–100`` (from its lowest measured load to its highest). A name never reaches past a measured load
(no ``conc ≤ 20``: nothing below 20 was measured) and never reads ``conc 50–50``. A run stops at a load the
table measured in the same context that the run does not hold (a load only one side has, or one judged against
another opponent), so ``conc 20–80`` never spans a load it says nothing about. The same rules are in
``yours.js`` (``sweepNames``, in ``render/assets/javascripts/yours/30-regimes.js``), held together by the parity
test.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence

from generator.model import load_text


def range_name(label: str, lo: float, hi: float) -> str:
    """The name of a run of measured loads from ``lo`` to ``hi``: ``conc 20``, ``conc 50–100``."""
    first, last = load_text(lo), load_text(hi)
    return f"{label} {first}" if first == last else f"{label} {first}–{last}"


def run_names(loads: Sequence[float], keys: Sequence[Hashable], label: str, every: Collection[float] = ()) -> list[str]:
    """For loads sorted ascending and each one's verdict key, the name of the run each load lies in.

    ``every``: the loads the table measured where these were (its rows of the same context); a run of one key
    stops at one of them it does not hold, so no name spans a load it says nothing about.
    """
    measured = sorted({*loads, *every})
    place = {load: i for i, load in enumerate(measured)}
    names = [""] * len(loads)
    start = 0
    for i in range(1, len(loads) + 1):
        joined = i < len(loads) and keys[i] == keys[start] and place[loads[i]] - place[loads[i - 1]] <= 1
        if not joined:
            name = range_name(label, loads[start], loads[i - 1])
            for j in range(start, i):
                names[j] = name
            start = i
    return names
