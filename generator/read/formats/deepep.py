"""DeepEP's tests' standard output: the normal kernels' tuning sweeps (:mod:`deepep_normal`), the
low-latency kernels' per-rank times (:mod:`deepep_low_latency`) and the V2 ElasticBuffer test's per-rank
records (:mod:`deepep_v2`), one module per family of tests; their shared reading of lines, crashes and
numbers in :mod:`deepep_lines`. Each module's docstring says what its tests print and the metrics' names.

Followed: deepseek-ai/DeepEP at dd758ca (2026-07) and 6757592, and the history of each file since ebfe47e
(2025-02, the initial commit); for V2, the logs of a public campaign on AWS EFA.

This module tells the families apart by their result lines (``[tuning]``, ``[rank R] Dispatch``, ``* EP:
R/N | dispatch:``) and refuses a file that holds none, or two families' lines; a file in which the test
crashed is refused first, with the tool's own error line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from generator.read.formats import deepep_low_latency, deepep_normal, deepep_v2
from generator.read.formats.decoding import workload
from generator.read.formats.deepep_lines import LogLine, Run, lines_of, refuse_crash
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import ToolOutputError, ToolRun

FORMAT = "deepep"
TOOL = "DeepEP"

#: Signs of a V2 test_ep run before its first record: its banner lines and config.
_V2_SIGNS = (
    "DeepEP hybrid kernel selection",
    "Running all test cases:",
    "> Ranks: ",
    "tests/elastic/test_ep.py",
    "tests/ep/test_ep.py",
    "Initializing EP elastic buffer",
)


def parse(content: bytes) -> list[ToolRun]:
    """Every run in one test's output: one per printing process (normal kernels) or per rank."""
    return read_output(content, format_name=FORMAT, tool=TOOL)


def read_output(
    content: bytes,
    *,
    format_name: str,
    tool: str,
    uccl: bool = False,
    pplx: Callable[[list[LogLine]], list[Run]] | None = None,
) -> list[ToolRun]:
    """Read DeepEP's tests' output (``uccl``: also the lines UCCL EP's copies of them add; ``pplx``: the reader
    of UCCL's pplx-style lines)."""
    lines, warnings = lines_of(content, tool)
    refuse_crash(lines)
    kinds = {
        "normal": [ln for ln in lines if ln.text.startswith("[tuning]")],
        "low-latency": [ln for ln in lines if re.match(r"\[rank \d+\] Dispatch", ln.text)],
        "test_ep": [ln for ln in lines if deepep_v2.is_record(ln)],
    }
    if pplx is not None:
        kinds["pplx"] = [ln for ln in lines if ln.text.startswith("[pplx][rank ")]
    found = [kind for kind, got in kinds.items() if got]
    if not found:
        _refuse_empty(lines, tool)
    if len(found) > 1:
        second = min(kinds[found[1]][0].number, kinds[found[0]][0].number)
        raise ToolOutputError(
            f"line {second}", f"the output of two tests in one file ({' and '.join(found)}): keep one per file"
        )
    kind = found[0]
    software: dict[str, str] = {}
    if kind == "normal":
        runs = deepep_normal.read(lines, uccl, warnings)
    elif kind == "low-latency":
        runs = deepep_low_latency.read(lines, warnings)
    elif kind == "test_ep":
        runs = deepep_v2.read(lines, warnings)
        software = deepep_v2.software(lines)
    else:
        assert pplx is not None
        runs = pplx(lines)
    verdict = _verdict(lines)
    return [
        ToolRun(
            format=format_name,
            tool=tool,
            metrics=run.metrics,
            workload=workload(**run.workload),
            setup={"tool": tool},
            software=software,
            settings=tuple(run.settings),
            verdict=verdict,
            warnings=tuple(warnings),
        )
        for run in runs
    ]


def _refuse_empty(lines: list[LogLine], tool: str) -> None:
    """Refuse an output without a result line, saying where it ends: a V2 run that stopped after its banners,
    config or ``Testing with`` line says so."""
    last = next((ln for ln in reversed(lines) if ln.text.strip()), lines[-1])
    ends = f"it ends at line {last.number} with {last.text.strip()[:80]!r}"
    if any(sign in ln.text for ln in lines for sign in _V2_SIGNS):
        stage = next(
            (
                what
                for sign, what in (
                    ("> Testing with", "a '> Testing with ...' line"),
                    ("> Ranks: ", "its 'Config:' block"),
                    ("", "its banners"),
                )
                if any(sign in ln.text for ln in lines)
            ),
            "its banners",
        )
        raise ToolOutputError(
            f"line {last.number}",
            f"no result in this {tool} V2 test_ep output: no '* EP: R/N | dispatch: ...' record; the output stops"
            f" after {stage} and {ends} (cut short, or the test was killed?)",
        )
    raise ToolOutputError(
        f"line {last.number}",
        f"no result in this {tool} output: no '[tuning] Best ...', '[rank N] Dispatch + combine bandwidth'"
        f" or test_ep '* EP: ... | dispatch:' line; {ends} (the test failed or was cut short?)",
    )


def _verdict(lines: list[LogLine]) -> str:
    passed = sum(ln.text.count(" passed") for ln in lines if ln.text.startswith("[testing]"))
    if any("All correctness tests passed" in ln.text for ln in lines):
        return "All correctness tests passed!"
    return f"{passed} '[testing] ... passed' checks" if passed else ""


register_tool(FORMAT, parse)
