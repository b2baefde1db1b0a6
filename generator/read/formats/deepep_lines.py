"""What every DeepEP test's output shares: its lines without launchers' prefixes, the crash that ends a failed
run, and the numbers of its result lines. The tests' own lines are read by :mod:`deepep_normal`
(``test_intranode.py``, ``test_internode.py``), :mod:`deepep_low_latency` (``test_low_latency.py``) and
:mod:`deepep_v2` (V2's ``tests/elastic/test_ep.py``); :mod:`deepep` tells them apart.

Launchers' prefixes (``[1,0]<stdout>:`` of ``mpirun --tag-output``, ``0: `` of ``srun -l``, torchrun's
``[default0]:``) are removed; where they name the process, the lines of each process are read apart. Where
processes wrote into one physical line without a newline between (a ``[tuning]`` line run into another, two
or three V2 ``* EP:`` records on one line, a record after a profiler's ``USDT:... profiler_stop``), the line
is cut where each starts.

A file in which the test crashed is refused with the tool's own words: for a Python traceback its exception
line (the one a spawned process raised, not ``ProcessRaisedException`` that reports it), else the line of
an MPI abort, a signal, Slurm's cancel, or a launcher's refusal to start the test (Docker's ``docker: Error
response from daemon: ...``, a campaign script's ``REFUSING TO START: 110794 MiB already in use on the busiest
GPU.``), which is quoted even where the test ran on after it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.read.formats.decoding import text_lines, text_of
from generator.read.formats.launcher import split_launcher_prefix
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError

TOOL = "DeepEP"

NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)"
N = rf"({NUMBER})"
#: A number where a pattern is searched for: never started between two digits (a number found there is also
#: found one digit earlier, so the first match is the same), else every digit of a long run of digits would
#: read the rest of the run again.
FIRST_N = rf"(?!(?<=\d)\d)({NUMBER})"

#: Where a line of these tests starts; two processes' lines can run into one physical line.
_TAGS = re.compile(
    r"\[(?:config|layout|testing|tuning)\]|(?<!\[pplx\])\[rank \d+\] (?=Dispatch)"
    r"|\[[A-Za-z_]*\d+\]: |\[\d+,\d+\]<(?:stdout|stderr)>:"  # a launcher's prefix of another process's line
    r"|(?<= )[*\-#@+] EP: |USDT:"  # a V2 test_ep record; a profiler's line
)

# -- a crash --------------------------------------------------------------------------------------
_TRACEBACK = "Traceback (most recent call last):"
#: Python's line naming the exception: ``RuntimeError: ...``, ``torch.multiprocessing.spawn.ProcessRaisedException:``.
_EXCEPTION = re.compile(r"[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit|Failure)(?::|$)")
#: Exceptions that only report another process's: the line to quote is that process's own, further down.
_WRAPPERS = ("ProcessRaisedException", "ProcessExitedException", "ChildFailedError")
_CRASH = re.compile(
    r"BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES"
    r"|MPI_ABORT was invoked"
    r"|(?:mpirun|prterun) noticed that process"
    r"|Primary job\s+terminated normally, but"
    r"|^(?:srun|slurmstepd): error:"
    r"|^docker: Error response from daemon"
    r"|^REFUSING TO START\b"  # a campaign's launcher, when the GPUs are busy
    r"|^terminate called after throwing"
    r"|^Fatal Python error:"
    r"|Segmentation fault"
    r"|ChildFailedError"
    r"|NON-DETERMINISM"
)
#: A launcher's refusal to start the test (Docker's, a campaign script's): the test never ran as asked.
_NOT_STARTED = re.compile(r"docker: Error response from daemon|REFUSING TO START\b")
#: Slurm's ``*** JOB 12 ON host CANCELLED ...`` in two steps (``\*\*\* (?:JOB|STEP) \S+ .*CANCELLED``): the
#: first such start, then ``CANCELLED`` anywhere after it, so that no start makes the rest be read again.
_CANCELLED = re.compile(r"\*\*\* (?:JOB|STEP) \S+ ")


@dataclass
class LogLine:
    number: int
    process: str  # the launcher's name of the process, empty when the line has no prefix
    text: str


def lines_of(content: bytes, tool: str = TOOL) -> tuple[list[LogLine], list[str]]:
    """The output's lines without launcher prefixes, a line several processes wrote into cut where each
    starts; and what was read past, for ``inspect``. A line longer than any ``tool`` writes is refused."""
    out: list[LogLine] = []
    prefixed = 0
    joined = 0
    for number, raw in enumerate(text_lines(text_of(content), tool), 1):
        process, text = _strip_prefixes(raw.rstrip("\r"))
        prefixed += bool(process)
        cuts = _cuts(text)
        joined += bool(cuts)
        for start, end in zip([0, *cuts], [*cuts, len(text)], strict=True):
            other, piece = _strip_prefixes(text[start:end]) if start else ("", text[start:end])
            out.append(LogLine(number, other or process, piece.rstrip()))
    warnings = []
    if prefixed:
        warnings.append(f"a launcher's prefix ([1,0]<stdout>:, 0: ...) removed from {prefixed} lines")
    if joined:
        warnings.append(
            f"{joined} lines held the output of two processes (or more) run together; read as separate lines"
        )
    return out, warnings


def _cuts(text: str) -> list[int]:
    """Where in ``text`` another process's line starts after something of this one (not after blanks only:
    a V2 record's own indent is not a line of its own). Each character is looked at at most twice."""
    cuts: list[int] = []
    previous = 0
    for found in _TAGS.finditer(text):
        start = found.start()
        if start > previous and text[previous:start].strip():
            cuts.append(start)
            previous = start
    return cuts


def _strip_prefixes(line: str) -> tuple[str, str]:
    process = []
    for _ in range(3):  # srun -l in front of torchrun's prefix, and so on
        prefix, rest = split_launcher_prefix(line)
        if not prefix:
            break
        process.append(re.sub(r"<(?:stdout|stderr)>|:\s*$", "", prefix.strip()))  # one process, both streams
        line = rest
    return " ".join(process), line


def first_crash(lines: Iterable[LogLine]) -> tuple[int, str] | None:
    """The first sign that a process died: its line and the words to quote (for a Python traceback, the
    exception line of the process that raised it), or ``None``."""
    listed = list(lines)
    for i, line in enumerate(listed):
        text = line.text.strip()
        if text.startswith(_TRACEBACK):
            return _exception_of(listed, i)
        if _CRASH.search(text) or _cancelled(text):
            return line.number, text.strip("= ")
    return None


def _exception_of(listed: list[LogLine], start: int) -> tuple[int, str]:
    """The exception line of the traceback at ``start``: the first of its process's lines after it that names an
    exception, past one that only reports another process's (``ProcessRaisedException``) when a later
    traceback holds that process's own."""
    head = listed[start]
    wrapper: LogLine | None = None
    for later in listed[start + 1 :]:
        if later.process != head.process or later.text[:1].isspace() or not _EXCEPTION.match(later.text):
            continue
        name = later.text.split(":", 1)[0].rsplit(".", 1)[-1]
        if name in _WRAPPERS:
            wrapper = wrapper or later
            continue
        return later.number, f"{later.text.strip()} (a Python traceback from line {head.number})"
    if wrapper is not None:
        return wrapper.number, f"{wrapper.text.strip()} (a Python traceback from line {head.number})"
    return head.number, head.text.strip()


def _cancelled(text: str) -> bool:
    start = _CANCELLED.search(text)
    return start is not None and text.find("CANCELLED", start.end()) >= 0


def refuse_crash(lines: list[LogLine], what: str = "test") -> None:
    """Refuse the output when a process crashed, quoting the tool's line."""
    crash = first_crash(lines)
    if crash is not None:
        number, words = crash
        if _NOT_STARTED.match(words):
            raise ToolOutputError(f"line {number}", f"the {what} was not started as asked: {words}")
        raise ToolOutputError(f"line {number}", f"the {what} crashed: {words}; a crashed run is not a result")


@dataclass
class Run:
    """The metrics, settings and set-up facts of one printing process or rank, as they are read."""

    key: str
    metrics: dict[str, Metric] = field(default_factory=dict)
    settings: list[str] = field(default_factory=list)
    workload: dict[str, Stated] = field(default_factory=dict)
    first: int = 0


def number(text: str, where: int) -> float:
    """A finite number of a result line; an error naming the line otherwise."""
    value = float(text)
    if not math.isfinite(value):
        raise ToolOutputError(f"line {where}", f"not a finite number ({text}) in a result line")
    return value


def put(run: Run, name: str, value: str, unit: str, line: int, what: str) -> None:
    """Record metric ``name`` of ``run``; a second line for the same metric is refused."""
    if name in run.metrics:
        raise ToolOutputError(
            f"line {line}",
            f"a second {what} line for {run.key or 'the same process'}"
            f" (first at {run.metrics[name].where}): two runs in one file?",
        )
    run.metrics[name] = Metric(number(value, line), unit, f"line {line}")


def missing(ranks: list[int], limit: int) -> list[int]:
    """The first ``limit`` whole numbers below the last of ``ranks`` (sorted) that are not among them."""
    out: list[int] = []
    expected = 0
    for rank in ranks:
        out += range(expected, min(rank, expected + limit - len(out)))
        if len(out) >= limit:
            break
        expected = rank + 1
    return out
