"""What a benchmark tool's own output file says: its metrics (value and unit) and its run's set-up.

Each tool's format has a module next to this one (``aiperf.py``, ``vllm_bench.py``,
``sglang_bench.py``, ``nccl_tests.py``) that parses the file exactly as the tool writes it into a
:class:`ToolRun`. The importer (``python -m generator import``) and the build (which reads the kept
raw file again) both go through these parsers, so a number on the page is always derived from the
raw file with the same code that checked it at import time.

A problem is a :class:`ToolOutputError` that says where in the file it is: a line (``line 12``) for
text and broken JSON, a JSON path (``$.output_token_throughput.unit``) for a JSON document.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.read.runs import FileRun, RunFileError, register
from generator.workload import WORKLOAD_FIELDS, WORKLOAD_WORDS

#: A raw result file larger than this is refused (the guide keeps raw files in the repository).
MAX_RAW_BYTES = 16 * 1024 * 1024
#: The longest line a tool's text log may have. The tools write lines of at most a few hundred bytes (an
#: ``NCCL_DEBUG`` line about a thousand); a longer line is not their output, and refusing it keeps the work
#: of reading every line bounded. JSON results are not cut into lines: a vLLM or SGLang run is one line of
#: any length.
MAX_LINE_BYTES = 64 * 1024
#: How many notes of one kind a run lists before it counts the rest.
MAX_NOTES = 20


class ToolOutputError(Exception):
    """A file that is not what its format says, or lacks what was asked of it.

    ``where`` is a line (``line 12``) or a JSON path (``$.a.b[0]``), empty when the problem is the
    whole file (empty, too large, not text).
    """

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Metric:
    """One number the tool reports, in the unit it reports it in (canonical spelling, see :func:`canonical_unit`)."""

    value: float
    unit: str
    where: str  # a JSON path or a line of the file, for messages


@dataclass(frozen=True)
class Stated:
    """A fact of the run's set-up as the file states it, with where it says so."""

    value: str | int | float
    where: str


#: Names the same framework goes by.
_FRAMEWORK_ALIASES = {"trt-llm": "trtllm", "tensorrt-llm": "trtllm", "tensorrt_llm": "trtllm", "trt": "trtllm"}


def _as_number(value: str | int | float) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def same_stated(name: str, ours: str | int | float, theirs: str | int | float) -> bool:
    """Whether the guide's ``ours`` and the file's ``theirs`` state the same value of field ``name``.

    A model is named by its last path part (``Qwen/Qwen3-30B-A3B-FP8`` is ``Qwen3-30B-A3B-FP8``), a
    framework by any of its names, a benchmark with or without ``_perf``; numbers compare as numbers
    (the guide's ``"2"`` is the file's ``2``), anything else as text, ignoring case.
    """
    if name == "model":
        return str(ours).rsplit("/", 1)[-1].lower() == str(theirs).rsplit("/", 1)[-1].lower()
    if name == "framework":
        a, b = str(ours).lower(), str(theirs).lower()
        return _FRAMEWORK_ALIASES.get(a, a) == _FRAMEWORK_ALIASES.get(b, b)
    if name == "benchmark":
        return str(ours).removesuffix("_perf") == str(theirs).removesuffix("_perf")
    a_num, b_num = _as_number(ours), _as_number(theirs)
    if a_num is not None and b_num is not None:
        return a_num == b_num
    return str(ours).strip().lower() == str(theirs).strip().lower()


@dataclass(frozen=True)
class ToolRun:
    """One run of a benchmark tool, read from its own output.

    ``workload`` holds what the file states of :data:`WORKLOAD_FIELDS` (absent when the file is
    silent: a client-side tool does not know how many GPUs served it). ``setup`` holds the
    provenance the file states (``tool``, ``tool_version``, ``command`` line, ``date`` as
    YYYY-MM-DD) and ``software`` the versions of components it names (``{"nccl": "2.28.7"}``), all
    as text; ``settings`` other parameters of the run it states (``prompts: 320``).
    """

    format: str
    tool: str
    metrics: Mapping[str, Metric]
    workload: Mapping[str, Stated] = field(default_factory=dict)
    setup: Mapping[str, str] = field(default_factory=dict)
    software: Mapping[str, str] = field(default_factory=dict)
    settings: tuple[str, ...] = ()
    verdict: str = ""
    """The tool's own verdict on the run, in its words (``Out of bounds values : 0 OK``,
    ``submission_valid: false (...)``); empty when the file states none."""
    valid: bool = True
    """``False`` when the tool itself marks the run invalid: the importer refuses it unless the author
    gives a reason (``--accept-difference``), and the evidence then shows :attr:`verdict`."""
    warnings: tuple[str, ...] = ()
    """What the reader noticed and read past (a row split by a log line and joined, a launcher's
    prefix removed), for ``inspect``."""
    unusable: Mapping[str, str] = field(default_factory=dict)
    """Metrics the file holds that are not finite numbers (``NaN``, ``Infinity``), with why, so that
    asking for one says so instead of "no metric"."""
    part: str = ""
    """Which test of a file that holds several the run belongs to (nccl-tests' ``alltoall_perf`` in a
    sweep log); empty when the format has no such parts."""

    def metric(self, name: str) -> Metric:
        """The metric called ``name``, or an error listing what the file does have."""
        found = self.metrics.get(name)
        if found is None and name in self.unusable:
            raise ToolOutputError("", f"{name} in this {self.tool} output {self.unusable[name]}")
        if found is None:
            raise ToolOutputError("", f"no metric {name!r} in this {self.tool} output; it has {_some(self.metrics)}")
        return found


def _some(names: Mapping[str, Any], limit: int = 12) -> str:
    listed = sorted(names)
    if not listed:
        return "none"
    shown = ", ".join(listed[:limit])
    return shown + (f" and {len(listed) - limit} more" if len(listed) > limit else "")


# -- units ------------------------------------------------------------------------------------------

#: Spellings tools use -> the guide's spelling. Units not listed here are kept as written.
_UNIT_ALIASES = {
    "tokens/sec": "tok/s",
    "tokens/s": "tok/s",
    "token/s": "tok/s",
    "tok/sec": "tok/s",
    "tokens/sec/user": "tok/s/user",
    "tokens/s/user": "tok/s/user",
    "requests/sec": "req/s",
    "requests/s": "req/s",
    "request/s": "req/s",
    "sec": "s",
    "seconds": "s",
    "milliseconds": "ms",
    "us": "µs",
    "\u03bcs": "µs",  # Greek mu, which looks the same as the micro sign
    "usec": "µs",
    "microseconds": "µs",
    "nanoseconds": "ns",
}

#: Units that differ only by a factor: (dimension, factor to the dimension's base unit).
_SCALES = {
    "s": ("time", 1.0),
    "ms": ("time", 1e-3),
    "µs": ("time", 1e-6),
    "ns": ("time", 1e-9),
    "GB/s": ("bandwidth", 1e9),
    "MB/s": ("bandwidth", 1e6),
}


def canonical_unit(unit: str) -> str:
    """The guide's spelling of a unit: ``tokens/sec`` -> ``tok/s``, ``us`` -> ``µs``."""
    text = unit.strip()
    return _UNIT_ALIASES.get(text, _UNIT_ALIASES.get(text.lower(), text))


def convert(value: float, unit: str, to: str) -> float:
    """``value`` in ``unit`` expressed in ``to``; a :class:`ValueError` if one cannot be the other.

    >>> convert(1.5, "ms", "µs")
    1500.0
    """
    here, there = canonical_unit(unit), canonical_unit(to)
    if here == there:
        return value
    a, b = _SCALES.get(here), _SCALES.get(there)
    if a is None or b is None or a[0] != b[0]:
        raise ValueError(f"the metric is in {here}, which cannot be expressed in {there}")
    return value * a[1] / b[1]


# -- reading ----------------------------------------------------------------------------------------


def text_of(content: bytes) -> str:
    """The file as text: refused when empty, too large, or not UTF-8."""
    if len(content) > MAX_RAW_BYTES:
        raise ToolOutputError(
            "", f"the file has {len(content)} bytes; the most a raw result may have is {MAX_RAW_BYTES}"
        )
    if not content.strip():
        raise ToolOutputError("", "the file is empty")
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = content[: exc.start].count(b"\n") + 1
        raise ToolOutputError(f"line {line}", "not UTF-8 text (is this a binary file?)") from None


#: The most digits a whole number in a tool's file may have: any such number fits a float.
_MAX_DIGITS = 308
#: A run of more digits than that, found from the start of each run of digits only (``(?<!\d)``): tried
#: inside a run, it would scan the run's rest again from every digit.
_LONG_NUMBER = re.compile(rf"(?<!\d)\d{{{_MAX_DIGITS + 1},}}")


def text_lines(text: str, tool: str) -> list[str]:
    """The lines of a tool's text log; a line longer than :data:`MAX_LINE_BYTES` is refused by its number."""
    lines = text.splitlines()
    if max(map(len, lines), default=0) * 4 <= MAX_LINE_BYTES:  # no line can be too long: a character is at most 4 bytes
        return lines
    for number, line in enumerate(lines, 1):
        if len(line) * 4 > MAX_LINE_BYTES and (size := len(line.encode("utf-8"))) > MAX_LINE_BYTES:
            raise ToolOutputError(
                f"line {number}",
                f"line is {size} bytes long; {tool} writes lines of at most a few hundred bytes, and a line of"
                f" more than {MAX_LINE_BYTES} bytes is not read (is this {tool}'s output?)",
            )
    return lines


def whole_number(text: str, where: str) -> int:
    """A whole number a line states (a size, a rank, a count); an error naming ``where`` when it has more digits
    than any number the tools print, or is not one."""
    if len(text) > _MAX_DIGITS:
        raise ToolOutputError(where, f"a number has more than {_MAX_DIGITS} digits")
    try:
        return int(text)
    except ValueError:
        raise ToolOutputError(where, f"expected a whole number, got {text[:40]!r}") from None


def few(notes: list[str], what: str) -> list[str]:
    """At most :data:`MAX_NOTES` of ``notes``, the rest counted in one more: ``and 7 more <what>``."""
    if len(notes) <= MAX_NOTES:
        return notes
    return [*notes[:MAX_NOTES], f"and {len(notes) - MAX_NOTES} more {what}"]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


class _TooLong(Exception):
    pass


def _int(text: str) -> int:
    if len(text) > _MAX_DIGITS and len(text.lstrip("-")) > _MAX_DIGITS:
        raise _TooLong
    return int(text)


def load_json(text: str, *, first_line: int = 1) -> Any:
    """Parse one JSON document; a broken or truncated one is an error naming its line and column."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int)
    except _TooLong:
        found = _LONG_NUMBER.search(text)
        line = first_line + (text.count("\n", 0, found.start()) if found else 0)
        raise ToolOutputError(f"line {line}", f"a number has more than {_MAX_DIGITS} digits") from None
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        what = "the file ends in the middle of the JSON (truncated?)" if cut else exc.msg
        raise ToolOutputError(
            f"line {exc.lineno + first_line - 1} column {exc.colno}", f"not valid JSON: {what}"
        ) from None
    except _DuplicateKey as exc:
        raise ToolOutputError(f"line {first_line}", f"the key {exc.key!r} appears twice in one object") from None
    except RecursionError:
        raise ToolOutputError(f"line {first_line}", "the JSON is nested too deeply") from None


def path_text(path: tuple[str | int, ...]) -> str:
    """``("a", 0, "b")`` -> ``$.a[0].b``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def dig(doc: Any, *path: str | int) -> Any:
    """The value at ``path`` inside ``doc``, or ``None`` where any step is missing."""
    here = doc
    for part in path:
        if isinstance(part, int):
            if not isinstance(here, list) or not -len(here) <= part < len(here):
                return None
        elif not isinstance(here, dict) or part not in here:
            return None
        here = here[part]
    return here


def number_at(doc: Any, path: tuple[str | int, ...], *, where: Callable[[str], str] | None = None) -> float:
    """A finite number at ``path``; an error naming the path otherwise."""
    value = dig(doc, *path)
    name = path_text(path) if where is None else where(path_text(path))
    if value is None:
        raise ToolOutputError(name, "missing")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(name, f"expected a number, got {json.dumps(value)[:60]}")
    if not math.isfinite(value):
        raise ToolOutputError(name, f"not a finite number ({value})")
    return float(value)


def stated_int(value: Any, where: str) -> Stated | None:
    """A whole number the file states (``4`` or ``4.0``), or ``None`` when it states nothing usable."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    if float(value) != int(value):
        return None
    return Stated(int(value), where)


def stated_text(value: Any, where: str) -> Stated | None:
    if isinstance(value, str) and value.strip():
        return Stated(value.strip(), where)
    return None


def workload(**fields: Stated | None) -> dict[str, Stated]:
    """The stated workload fields, dropping the ones the file is silent on."""
    unknown = set(fields) - set(WORKLOAD_FIELDS)
    assert not unknown, unknown
    return {name: value for name, value in fields.items() if value is not None}


def expect_object(doc: Any, tool: str, hint: str) -> dict[str, Any]:
    """The document must be a JSON object; another tool's file is named as such."""
    if not isinstance(doc, dict):
        raise ToolOutputError("$", f"expected a JSON object ({hint}), got {type(doc).__name__}: is this a {tool} file?")
    return doc


# -- one run value for the build ----------------------------------------------------------------


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
    stated = [f"{WORKLOAD_WORDS[key]}: {value.value}" for key, value in run.workload.items()]
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


# -- launcher prefixes ------------------------------------------------------------------------------

#: What a launcher writes before each line of a process's output: Open MPI's ``mpirun --tag-output``
#: (``[1,0]<stdout>:``), torchrun's ``--tee`` / ``--redirects`` (``[default0]:``) and PyTorch's
#: per-rank error lines (``[rank0]:``), and ``srun -l`` (``0: ``, padded to the widest task id).
_LAUNCHER_PREFIX = re.compile(
    r"^(?:\[(?P<mpi>\d+,\d+)\]<(?:stdout|stderr)>:"
    r"|\[(?P<torch>[A-Za-z_]*\d+)\]: ?"
    r"|(?P<srun>[ ]*\d+): )"
)


def split_launcher_prefix(line: str) -> tuple[str, str]:
    """``("[1,0]<stdout>:", "rest")`` for a line a launcher prefixed, ``("", line)`` otherwise.

    The prefix names the process (``1,0`` is job 1, rank 0) and is returned without the text after it.
    """
    found = _LAUNCHER_PREFIX.match(line)
    if found is None:
        return "", line
    return found.group(0), line[found.end() :]


def strip_launcher_prefix(line: str) -> str:
    """The line without the prefix ``mpirun --tag-output``, ``srun -l`` or torchrun put before it."""
    return split_launcher_prefix(line)[1]
