"""From a tool's parsed runs to the one value the build shows: the test, run and metric a data file's
``metric`` names (``alltoall_perf: run 2: busbw``), what the chosen run states about itself, and the
registration of each format's reader with the build (:func:`register_tool`)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from generator.read.formats.tool_output import ToolOutputError, ToolRun
from generator.read.run_registry import FileRun, RunFileError, register
from generator.workload import WORKLOAD_WORDS

_PART = re.compile(r"^[A-Za-z][\w.-]*$")


def split_part(metric: str) -> tuple[str | None, str]:
    """``"alltoall_perf: avg_bus_bandwidth"`` -> ``("alltoall_perf", "avg_bus_bandwidth")``: the test of a
    file of several that a metric names; ``(None, metric)`` when it names none (``run 2: x`` is a run)."""
    head, sep, rest = metric.partition(":")
    if sep and rest.strip() and _PART.match(head.strip()) and head.strip() != "run":
        return head.strip(), rest.strip()
    return None, metric.strip()


def split_metric(metric: str) -> tuple[int | None, str]:
    """``"run 2: output_throughput"`` -> ``(2, "output_throughput")``; ``"x"`` -> ``(None, "x")``."""
    head, sep, rest = metric.partition(":")
    words = head.split()
    if sep and len(words) == 2 and words[0] == "run" and words[1].isdigit():
        return int(words[1]), rest.strip()
    return None, metric.strip()


def join_metric(run: int | None, name: str, part: str | None = None) -> str:
    """The metric text the data holds: the test first when the file holds several, then the run
    number when the test (or file) holds several runs."""
    text = name if run is None else f"run {run}: {name}"
    return text if not part else f"{part}: {text}"


def parts_of(runs: list[ToolRun]) -> list[str]:
    """The tests a file holds, in file order (empty for a format without parts)."""
    return list(dict.fromkeys(run.part for run in runs if run.part))


def select_part(runs: list[ToolRun], part: str | None) -> list[ToolRun]:
    """The runs of test ``part``; every run when the file holds one test; an error naming the tests otherwise."""
    parts = parts_of(runs)
    if part is None:
        if len(parts) > 1:
            raise ToolOutputError(
                "",
                f"the file holds {len(parts)} tests ({', '.join(parts)}): pick one"
                f" (--test {parts[0]} on import, or the metric as '{parts[0]}: <metric>')",
            )
        return runs
    chosen = [run for run in runs if run.part == part]
    if not chosen:
        failed = [w for run in runs for w in run.warnings if w.startswith(f"{part} ")]
        why = f"; {failed[0]}" if failed else ""
        held = ", ".join(parts) if parts else "no named tests"
        raise ToolOutputError("", f"no test {part!r} gave a result in this file (it holds {held}){why}")
    return chosen


def run_value(runs: list[ToolRun], metric: str | None) -> float:
    """The number ``metric`` names in a file's runs (``run N:`` picks one of several); an error otherwise."""
    run, name = _chosen(runs, metric)
    return run.metric(name).value


def _chosen(runs: list[ToolRun], metric: str | None) -> tuple[ToolRun, str]:
    if metric is None:
        raise ToolOutputError("", "this format holds many numbers: name one with 'metric'")
    part, rest = split_part(metric)
    runs = select_part(runs, part)
    number, name = split_metric(rest)
    if number is None:
        if len(runs) != 1:
            raise ToolOutputError("", f"the file holds {len(runs)} runs: write the metric as 'run N: {name}'")
        number = 1
    if not 1 <= number <= len(runs):
        raise ToolOutputError("", f"run {number} asked for, the file holds {len(runs)}")
    return runs[number - 1], name


def _date(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if text else None
    except ValueError:
        return None


def file_run(runs: list[ToolRun], metric: str | None) -> FileRun:
    """What the build takes from a kept file: the number ``metric`` names, its unit, and the set-up the
    chosen run states (tool, version, command, date, software versions, and its workload and other
    parameters as settings). A :class:`RunFileError` when the file does not give that number."""
    try:
        run, name = _chosen(runs, metric)
        found = run.metric(name)
    except ToolOutputError as exc:
        raise RunFileError(str(exc)) from None
    stated = [f"{WORKLOAD_WORDS.get(key, key)}: {value.value}" for key, value in run.workload.items()]
    return FileRun(
        value=found.value,
        unit=found.unit,
        tool=run.setup.get("tool") or run.tool,
        tool_version=run.setup.get("tool_version"),
        command=run.setup.get("command"),
        date=_date(run.setup.get("date")),
        software=dict(run.software),
        settings=(*stated, *run.settings, *((f"{run.tool} verdict: {run.verdict}",) if run.verdict else ())),
        invalid=None if run.valid else run.verdict or "marked invalid",
        workload={key: (value.value, value.where) for key, value in run.workload.items()},
    )


def register_tool(name: str, parse: Callable[[bytes], ToolRun | list[ToolRun]]) -> None:
    """Register the reader of a tool's format ``name`` from its ``parse``: the value the build shows is
    the ``metric`` of the parsed run(s), with what the file states about the run (:func:`file_run`)."""

    def read_value(content: bytes, metric: str | None) -> FileRun:
        try:
            parsed = parse(content)
        except ToolOutputError as exc:
            raise RunFileError(str(exc)) from None
        return file_run(parsed if isinstance(parsed, list) else [parsed], metric)

    read_value.__doc__ = f"The {name} run value the build shows (see :func:`register_tool`)."
    register(name)(read_value)
