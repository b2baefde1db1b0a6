"""DeepEP's tests' standard output: the normal kernels' tuning sweeps, the low-latency kernels' per-rank
times, and the V2 ElasticBuffer test's per-rank dispatch and combine lines.

Followed: deepseek-ai/DeepEP at dd758ca (2026-07), and the history of each file since ebfe47e
(2025-02, the initial commit):

* ``tests/test_intranode.py`` and ``tests/test_internode.py`` (``tests/legacy/`` since b306af0),
  ``test_main``: ``[config] num_tokens=..., hidden=..., num_topk=...`` (internode adds
  ``num_topk_groups``), ``[layout] Kernel performance: T ms``, the ``[testing] Running with ...``
  checks (printed with ``end=''`` and completed by `` passed``, so lines of two nodes can run into
  one another), then per configuration tried ``[tuning] SMs S, NVL chunk C: B GB/s (NVL), T us``
  (``avg_t: T us`` in 9eb2f84, no time before it) or, internode,
  ``[tuning] SMs S, NVL chunk C, RDMA chunk R: N + T us, B GB/s (RDMA), B GB/s (NVL)`` (no
  ``N + T us`` before e02e4d2; ``N`` is the notify time), and after each sweep ``[tuning] Best
  dispatch (FP8): ...``, ``[tuning] Best dispatch (BF16): ...`` and ``[tuning] Best combine: ...``
  with the best configuration and ``t: T us`` (intranode, from 9eb2f84). Only local rank 0 of each
  node prints these lines: each printing process is a run.
* ``tests/test_low_latency.py`` (``tests/legacy/``), ``test_main``: one line per rank each of
  ``[rank R] Dispatch + combine bandwidth: B GB/s, avg_t=T us, min_t=T us, max_t=T us``,
  ``[rank R] Dispatch bandwidth: B GB/s, avg_t=T us | Combine bandwidth: B GB/s, avg_t=T us`` and
  ``[rank R] Dispatch send/recv time: S + R us | Combine send/recv time: S + R us`` (``T us`` in
  ebfe47e, ``T = S + R us`` in 85793dd and d79b3cd); ``test_loop``: ``Allocating buffer size: X MB
  ...``. Each rank is a run.
* ``tests/elastic/test_ep.py`` (V2, ``deep_ep.ElasticBuffer``, from b306af0),
  ``test_dispatch_combine``: the ``Config:`` block (`` > Ranks: O x U``, `` > Experts: K/E``,
  `` > Tokens: N (max: M), hidden: H``, `` > #SM: S, #QPs: Q/A``), `` > Testing with
  do_handle_copy=..., ... ...`` before each test case, then per rank and case
  ``   * EP: R/N | dispatch: B GB/s (SO), B GB/s (SU), T us, X bytes | copy: B GB/s, T us`` and
  the same for ``expanded dispatch`` (``-``), ``cached dispatch`` (``#``), ``combine`` (``@``,
  ``| reduce: ...``) and ``reduced combine`` (``+``); ``test_loop``: ``Testing with seed=S ...``
  before each pressure-test round (not read). Each rank is a run.

Launchers' prefixes (``[1,0]<stdout>:`` of ``mpirun --tag-output``, ``0: `` of ``srun -l``,
torchrun's ``[default0]:``) are removed; where they name the process, the lines of each process are
read apart. A file in which the test crashed (a Python traceback, an MPI abort, a signal) is refused
with the first error line; one that ends in the middle of a sweep or before the last operation
is refused as cut short.

Metric names (times in µs, bandwidths in GB/s):

* normal kernels: ``<op>.best.<quantity>`` for the ``Best`` line of ``dispatch_fp8``,
  ``dispatch_bf16`` and ``combine``, with quantity ``time``, ``notify_time`` (internode),
  ``nvl_bandwidth``, ``rdma_bandwidth`` (internode); ``<op>.<configuration>.<quantity>`` for each
  configuration tried, ``sms24_nvl6`` or ``sms24_nvl4_rdma16`` (``sms24_nvl_default`` for the
  default one); ``layout.time`` (ms) of the ``[layout]`` line.
* low latency: ``dispatch_combine.time`` (``avg_t``), ``dispatch_combine.min_time``,
  ``dispatch_combine.max_time``, ``dispatch_combine.bandwidth``; ``dispatch.time``,
  ``dispatch.bandwidth``, ``combine.time``, ``combine.bandwidth``; ``dispatch.send_time``,
  ``dispatch.recv_time``, ``combine.send_time``, ``combine.recv_time`` (``dispatch.send_recv_time``
  and ``combine.send_recv_time`` where the line gives the total).
* V2 ``test_ep``: ``<phase>.<quantity>`` for phases ``dispatch``, ``expanded_dispatch``,
  ``cached_dispatch``, ``combine``, ``reduced_combine`` and quantities ``time``,
  ``scaleout_bandwidth`` (SO), ``scaleup_bandwidth`` (SU), ``bytes``, then ``copy_time`` and
  ``copy_bandwidth`` (dispatch phases) or ``reduce_time`` and ``reduce_bandwidth`` (combine phases).
  Where the file holds several test cases, each name ends with its case: ``dispatch.time@case2``
  (cases numbered from 1 in the order the test runs them; their parameters are the run's settings).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.read.formats.tool_output import (
    MAX_NOTES,
    Metric,
    Stated,
    ToolOutputError,
    ToolRun,
    register_tool,
    split_launcher_prefix,
    text_lines,
    text_of,
    whole_number,
    workload,
)

FORMAT = "deepep"
TOOL = "DeepEP"

NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)"
_N = rf"({NUMBER})"
#: A number where a pattern is searched for: never started between two digits (a number found there is also
#: found one digit earlier, so the first match is the same), else every digit of a long run of digits would
#: read the rest of the run again.
_FIRST_N = rf"(?!(?<=\d)\d)({NUMBER})"

# -- lines of the normal kernels' tests -------------------------------------------------------------
_CONFIG = re.compile(r"^\[config\] (.*\S)")
_LAYOUT = re.compile(rf"^\[layout\] Kernel performance: {_N} ms")
_TUNING = re.compile(
    r"^\[tuning\] (?:Best (?P<op>dispatch|combine)(?: \((?P<dtype>FP8|BF16)\))?: )?"
    r"SMs (?P<sms>\d+), NVL chunk (?P<nvl>\d+|default)(?:, RDMA chunk (?P<rdma>\d+))?[,:] (?P<rest>.*)$"
)
_NOTIFY_PLUS = re.compile(rf"{_FIRST_N} \+ {_N} us")
_TRANSMIT = re.compile(rf"transmit: {_N} us")
_NOTIFY = re.compile(rf"notify: {_N} us")
_TIME = re.compile(rf"(?:avg_t: |t: |^|, ){_N} us")
_RDMA_BW = re.compile(rf"{_FIRST_N} GB/s \(RDMA\)")
_NVL_BW = re.compile(rf"{_FIRST_N} GB/s \(NVL\)")

# -- lines of the low-latency test ------------------------------------------------------------------
_LL_BOTH = re.compile(
    rf"^\[rank (\d+)\] Dispatch \+ combine bandwidth: {_N} GB/s, avg_t={_N} us, min_t={_N} us, max_t={_N} us"
)
_LL_SEPARATE = re.compile(
    rf"^\[rank (\d+)\] Dispatch bandwidth: {_N} GB/s, avg_t={_N} us \| Combine bandwidth: {_N} GB/s, avg_t={_N} us"
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
_LL_SPLIT = re.compile(rf"^(?:{_N} = )?{_N} \+ {_N}$")
_ALLOCATING = re.compile(r"^Allocating buffer size: (\S+) MB")

# -- lines of the V2 test_ep ------------------------------------------------------------------------
_V2_PERF = re.compile(
    r"^\s*[*\-#@+] EP:\s*(\d+)/(\d+) \| "
    r"(?P<phase>dispatch|expanded dispatch|cached dispatch|combine|reduced combine): "
    rf"{_N} GB/s \(SO\), {_N} GB/s \(SU\), {_N} us, {_N} bytes \| (?P<second>copy|reduce): {_N} GB/s, {_N} us"
)
_V2_CONFIG = re.compile(r"^\s*> (Ranks: (\d+) x (\d+)|Experts: \d+/\d+|Tokens: .*|#SM: .*)$")
_V2_PRESSURE = re.compile(r"^Testing with seed=\d+ \.\.\.")
_V2_PHASES = ("dispatch", "expanded_dispatch", "cached_dispatch", "combine", "reduced_combine")

#: Tags a line of these tests starts with; two processes' lines can run into one physical line.
_TAGS = re.compile(
    r"\[(?:config|layout|testing|tuning)\]|(?<!\[pplx\])\[rank \d+\] (?=Dispatch)"
    r"|\[[A-Za-z_]*\d+\]: |\[\d+,\d+\]<(?:stdout|stderr)>:"  # a launcher's prefix of another process's line
)

# -- a crash --------------------------------------------------------------------------------------
_TRACEBACK = "Traceback (most recent call last):"
_CRASH = re.compile(
    r"BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES"
    r"|MPI_ABORT was invoked"
    r"|(?:mpirun|prterun) noticed that process"
    r"|Primary job\s+terminated normally, but"
    r"|^(?:srun|slurmstepd): error:"
    r"|^terminate called after throwing"
    r"|^Fatal Python error:"
    r"|Segmentation fault"
    r"|ChildFailedError"
    r"|NON-DETERMINISM"
)
#: Slurm's ``*** JOB 12 ON host CANCELLED ...`` in two steps (``\*\*\* (?:JOB|STEP) \S+ .*CANCELLED``): the
#: first such start, then ``CANCELLED`` anywhere after it, so that no start makes the rest be read again.
_CANCELLED = re.compile(r"\*\*\* (?:JOB|STEP) \S+ ")


def parse(content: bytes) -> list[ToolRun]:
    """Every run in one test's output: one per printing process (normal kernels) or per rank."""
    return read_output(content, format_name=FORMAT, tool=TOOL)


@dataclass
class LogLine:
    number: int
    process: str  # the launcher's name of the process, empty when the line has no prefix
    text: str


def lines_of(content: bytes, tool: str = TOOL) -> tuple[list[LogLine], list[str]]:
    """The output's lines without launcher prefixes, a line two processes wrote into split in two;
    and what was read past, for ``inspect``. A line longer than any ``tool`` writes is refused."""
    out: list[LogLine] = []
    prefixed = 0
    joined = 0
    for number, raw in enumerate(text_lines(text_of(content), tool), 1):
        process, text = _strip_prefixes(raw.rstrip("\r"))
        prefixed += bool(process)
        cuts = [m.start() for m in _TAGS.finditer(text) if m.start() > 0]
        joined += bool(cuts)
        for start, end in zip([0, *cuts], [*cuts, len(text)], strict=True):
            other, piece = _strip_prefixes(text[start:end]) if start else ("", text[start:end])
            out.append(LogLine(number, other or process, piece.rstrip()))
    warnings = []
    if prefixed:
        warnings.append(f"a launcher's prefix ([1,0]<stdout>:, 0: ...) removed from {prefixed} lines")
    if joined:
        warnings.append(f"{joined} lines held the output of two processes run together; read as separate lines")
    return out, warnings


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
    """The first sign that a process died: its line and the words to quote (for a Python traceback,
    its exception line), or ``None``."""
    listed = list(lines)
    for i, line in enumerate(listed):
        text = line.text.strip()
        if text.startswith(_TRACEBACK):
            for later in listed[i + 1 :]:
                if later.process != line.process:
                    continue
                if later.text[:1].isspace() or not later.text.strip() or later.text.startswith(_TRACEBACK):
                    continue
                if later.text.startswith(("During handling", "The above exception")):
                    continue
                return later.number, f"{later.text.strip()} (a Python traceback from line {line.number})"
            return line.number, text
        if _CRASH.search(text) or _cancelled(text):
            return line.number, text.strip("= ")
    return None


def _cancelled(text: str) -> bool:
    start = _CANCELLED.search(text)
    return start is not None and text.find("CANCELLED", start.end()) >= 0


@dataclass
class _Run:
    key: str
    metrics: dict[str, Metric] = field(default_factory=dict)
    settings: list[str] = field(default_factory=list)
    workload: dict[str, Stated] = field(default_factory=dict)
    first: int = 0


def read_output(content: bytes, *, format_name: str, tool: str, uccl: bool = False) -> list[ToolRun]:
    """Read DeepEP's tests' output (``uccl``: also the lines UCCL EP's copies of them add)."""
    lines, warnings = lines_of(content, tool)
    crash = first_crash(lines)
    if crash is not None:
        number, words = crash
        raise ToolOutputError(f"line {number}", f"the test crashed: {words}; a crashed run is not a result")
    kinds = {
        "normal": [ln for ln in lines if ln.text.startswith("[tuning]")],
        "low-latency": [ln for ln in lines if re.match(r"\[rank \d+\] Dispatch", ln.text)],
        "test_ep": [ln for ln in lines if _V2_PERF.match(ln.text)],
    }
    if uccl:
        kinds["pplx"] = [ln for ln in lines if ln.text.startswith("[pplx][rank ")]
    found = [kind for kind, got in kinds.items() if got]
    if not found:
        last = next((ln for ln in reversed(lines) if ln.text.strip()), lines[-1])
        raise ToolOutputError(
            f"line {last.number}",
            f"no result in this {tool} output: no '[tuning] Best ...', '[rank N] Dispatch + combine bandwidth'"
            f" or test_ep '* EP: ... | dispatch:' line; it ends at line {last.number} with"
            f" {last.text.strip()[:80]!r} (the test failed or was cut short?)",
        )
    if len(found) > 1:
        second = min(kinds[found[1]][0].number, kinds[found[0]][0].number)
        raise ToolOutputError(
            f"line {second}", f"the output of two tests in one file ({' and '.join(found)}): keep one per file"
        )
    kind = found[0]
    if kind == "normal":
        runs = _normal(lines, uccl, warnings)
    elif kind == "low-latency":
        runs = _low_latency(lines, warnings)
    elif kind == "test_ep":
        runs = _test_ep(lines, warnings)
    else:
        runs = _pplx_lines(lines)
    verdict = _verdict(lines)
    return [
        ToolRun(
            format=format_name,
            tool=tool,
            metrics=run.metrics,
            workload=workload(**run.workload),
            setup={"tool": tool},
            settings=tuple(run.settings),
            verdict=verdict,
            warnings=tuple(warnings),
        )
        for run in runs
    ]


def _verdict(lines: list[LogLine]) -> str:
    passed = sum(ln.text.count(" passed") for ln in lines if ln.text.startswith("[testing]"))
    if any("All correctness tests passed" in ln.text for ln in lines):
        return "All correctness tests passed!"
    return f"{passed} '[testing] ... passed' checks" if passed else ""


def number(text: str, where: int) -> float:
    """A finite number of a result line; an error naming the line otherwise."""
    value = float(text)
    if not math.isfinite(value):
        raise ToolOutputError(f"line {where}", f"not a finite number ({text}) in a result line")
    return value


def _put(run: _Run, name: str, value: str, unit: str, line: int, what: str) -> None:
    if name in run.metrics:
        raise ToolOutputError(
            f"line {line}",
            f"a second {what} line for {run.key or 'the same process'}"
            f" (first at {run.metrics[name].where}): two runs in one file?",
        )
    run.metrics[name] = Metric(number(value, line), unit, f"line {line}")


# -- normal kernels ---------------------------------------------------------------------------------


def _normal(lines: list[LogLine], uccl: bool, warnings: list[str]) -> list[_Run]:
    tuning = [ln for ln in lines if ln.text.startswith("[tuning]")]
    configs = [ln for ln in lines if _CONFIG.match(ln.text)]
    layouts = [ln for ln in lines if _LAYOUT.match(ln.text)]
    if any(ln.process for ln in tuning):
        by_process = _by_process(tuning)
        keys = list(by_process)
        groups = list(by_process.values())
        config_of, layout_of = _by_process(configs), _by_process(layouts)
        extras = [(config_of.get(k, []), layout_of.get(k, [])) for k in keys]
    else:
        best = [ln for ln in tuning if ln.text.startswith("[tuning] Best")]
        kinds = defaultdict(list)
        for ln in best:
            kinds[_best_kind(ln.text)].append(ln)
        printers = max([len(configs), *(len(v) for v in kinds.values())])
        keys = [f"process {i}" if printers > 1 else "" for i in range(1, printers + 1)]
        if printers == 1:
            groups, extras = [tuning], [(configs, layouts)]
        else:
            skipped = len(tuning) - len(best)
            if skipped:
                warnings.append(
                    f"{printers} processes printed [tuning] lines without a launcher prefix to tell them apart:"
                    f" only their 'Best' lines are read ({skipped} lines of the sweeps are not)"
                )
            for kind, got in kinds.items():
                if len(got) != printers:
                    raise ToolOutputError(
                        f"line {lines[-1].number}",
                        f"{printers} processes ran the test but {len(got)} printed '[tuning] Best {kind}' (cut short?)",
                    )
            groups = [[got[i] for got in kinds.values()] for i in range(printers)]
            groups = [sorted(group, key=lambda ln: ln.number) for group in groups]
            extras = [(configs[i : i + 1], layouts[i : i + 1]) for i in range(printers)]
    runs = []
    for key, group, (config, layout) in zip(keys, groups, extras, strict=True):
        run = _Run(key, first=group[0].number)
        if key:
            run.settings.append(key if key.startswith("process") else f"process: {key}")
        for ln in config[:1]:
            found = _CONFIG.match(ln.text)
            assert found is not None
            run.settings.append(found.group(1))
        for ln in layout[:1]:
            found = _LAYOUT.match(ln.text)
            assert found is not None
            _put(run, "layout.time", found.group(1), "ms", ln.number, "[layout]")
        _sweeps(run, group, uccl, lines[-1].number)
        runs.append(run)
    return runs


def _by_process(lines: list[LogLine]) -> dict[str, list[LogLine]]:
    """The lines of each process, processes in the order of their first line."""
    out: dict[str, list[LogLine]] = defaultdict(list)
    for ln in lines:
        out[ln.process].append(ln)
    return out


def _best_kind(text: str) -> str:
    found = _TUNING.match(text)
    if found is None:
        return text
    return found.group("op") + (f" ({found.group('dtype')})" if found.group("dtype") else "")


def _sweeps(run: _Run, group: list[LogLine], uccl: bool, last: int) -> None:
    pending: list[tuple[LogLine, re.Match[str]]] = []
    seen: list[str] = []
    for ln in group:
        found = _TUNING.match(ln.text)
        if found is None:
            raise ToolOutputError(f"line {ln.number}", f"a [tuning] line this reader does not know: {ln.text[:80]!r}")
        if "transmit:" in found.group("rest") and not uccl:
            raise ToolOutputError(
                f"line {ln.number}", "a [tuning] line in UCCL EP's words (transmit: ..., notify: ...), not DeepEP's"
            )
        if not found.group("op"):
            pending.append((ln, found))
            continue
        op = found.group("op") + (f"_{found.group('dtype').lower()}" if found.group("dtype") else "")
        if op in seen:
            raise ToolOutputError(
                f"line {ln.number}", f"a second '[tuning] Best {_best_kind(ln.text)}' line (two runs in one file?)"
            )
        seen.append(op)
        _quantities(run, f"{op}.best", found, ln.number)
        best = f"SMs {found.group('sms')}, NVL chunk {found.group('nvl')}"
        if found.group("rdma"):
            best += f", RDMA chunk {found.group('rdma')}"
        run.settings.append(f"best {_best_kind(ln.text)}: {best}")
        for tried, match in pending:
            name = f"sms{match.group('sms')}_nvl{'_default' if match.group('nvl') == 'default' else match.group('nvl')}"
            if match.group("rdma"):
                name += f"_rdma{match.group('rdma')}"
            _quantities(run, f"{op}.{name}", match, tried.number)
        pending = []
    if pending:
        raise ToolOutputError(
            f"line {pending[-1][0].number}",
            "the output ends in the middle of a tuning sweep, before its '[tuning] Best ...' line (cut short?)",
        )
    if "combine" not in seen:
        raise ToolOutputError(
            f"line {group[-1].number}",
            f"the output stops after '{group[-1].text[:60]}' without the '[tuning] Best combine' line the test"
            " prints last (cut short?)",
        )


def _quantities(run: _Run, prefix: str, found: re.Match[str], line: int) -> None:
    rest = found.group("rest")
    time = notify = None
    if m := _NOTIFY_PLUS.search(rest):
        notify, time = m.group(1), m.group(2)
    if m := _TRANSMIT.search(rest):
        time = m.group(1)
    if m := _NOTIFY.search(rest):
        notify = m.group(1)
    if time is None and (m := _TIME.search(rest)):
        time = m.group(1)
    nvl, rdma = _NVL_BW.search(rest), _RDMA_BW.search(rest)
    if nvl is None:
        raise ToolOutputError(f"line {line}", f"a [tuning] line without its NVL bandwidth: {found.group(0)[:80]!r}")
    what = "'[tuning]' line of this configuration"
    _put(run, f"{prefix}.nvl_bandwidth", nvl.group(1), "GB/s", line, what)
    if rdma is not None:
        _put(run, f"{prefix}.rdma_bandwidth", rdma.group(1), "GB/s", line, what)
    if time is not None:
        _put(run, f"{prefix}.time", time, "µs", line, what)
    if notify is not None:
        _put(run, f"{prefix}.notify_time", notify, "µs", line, what)


# -- low latency ------------------------------------------------------------------------------------


def _low_latency(lines: list[LogLine], warnings: list[str]) -> list[_Run]:
    runs: dict[int, _Run] = {}
    kinds: dict[int, set[str]] = defaultdict(set)
    allocating = next((m.group(1) for ln in lines if (m := _ALLOCATING.match(ln.text))), None)

    def run_of(rank: str, line: int) -> _Run:
        number = whole_number(rank, f"line {line}")
        if number not in runs:
            runs[number] = _Run(f"rank {rank}", settings=[f"rank: {rank}"], first=line)
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
                _put(run, name, m.group(group), unit, ln.number, what)
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
    missing = ranks[-1] + 1 - len(ranks)
    if missing:
        listed = ", ".join(map(str, _missing(ranks, MAX_NOTES)))
        more = f" and {missing - MAX_NOTES} more" if missing > MAX_NOTES else ""
        warnings.append(f"no lines of rank {listed}{more} (the log of some of the ranks?)")
    return [runs[rank] for rank in ranks]


def _missing(ranks: list[int], limit: int) -> list[int]:
    """The first ``limit`` whole numbers below the last of ``ranks`` (sorted) that are not among them."""
    out: list[int] = []
    expected = 0
    for rank in ranks:
        out += range(expected, min(rank, expected + limit - len(out)))
        if len(out) >= limit:
            break
        expected = rank + 1
    return out


def _send_recv(run: _Run, op: str, text: str, line: int) -> None:
    what = "'send/recv time'"
    split = _LL_SPLIT.match(text)
    if split is not None:
        if split.group(1) is not None:
            _put(run, f"{op}.send_recv_time", split.group(1), "µs", line, what)
        _put(run, f"{op}.send_time", split.group(2), "µs", line, what)
        _put(run, f"{op}.recv_time", split.group(3), "µs", line, what)
    elif re.fullmatch(NUMBER, text):
        _put(run, f"{op}.send_recv_time", text, "µs", line, what)
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


# -- V2 test_ep -------------------------------------------------------------------------------------


def _test_ep(lines: list[LogLine], warnings: list[str]) -> list[_Run]:
    stop = next((ln.number for ln in lines if _V2_PRESSURE.match(ln.text.strip())), None)
    if stop is not None:
        warnings.append(f"the pressure test from line {stop} on is not read")
        lines = [ln for ln in lines if ln.number < stop]
    cases = list(dict.fromkeys(params for ln in lines if (params := _v2_case(ln.text)) is not None))
    config = list(dict.fromkeys(m.group(1) for ln in lines if (m := _V2_CONFIG.match(ln.text))))
    seen: dict[tuple[int, str], int] = defaultdict(int)  # (rank, phase) -> lines so far
    found: dict[int, dict[tuple[int, str], tuple[int, re.Match[str]]]] = defaultdict(dict)
    sizes: dict[int, tuple[int, int]] = {}
    for ln in lines:
        m = _V2_PERF.match(ln.text)
        if m is None:
            continue
        rank = whole_number(m.group(1), f"line {ln.number}")
        phase = m.group("phase").replace(" ", "_")
        seen[(rank, phase)] += 1
        found[rank][(seen[(rank, phase)], phase)] = (ln.number, m)
        sizes.setdefault(rank, (whole_number(m.group(2), f"line {ln.number}"), ln.number))
    count = max(seen.values())
    for rank in sorted(found):
        for case in range(1, count + 1):
            lacking = [p for p in _V2_PHASES if (case, p) not in found[rank]]
            if lacking:
                raise ToolOutputError(
                    f"line {lines[-1].number}",
                    f"rank {rank} printed no {lacking[0].replace('_', ' ')} line for test case {case}:"
                    " the output stops early (cut short?)",
                )
    runs = []
    for rank in sorted(found):
        total, where = sizes[rank]
        run = _Run(f"rank {rank}", settings=[f"rank: {rank}/{total}", *config], first=where)
        run.workload["gpus"] = Stated(total, f"line {where}")
        for i, params in enumerate(cases[:count], 1):
            run.settings.append(f"case {i}: {params}" if count > 1 else f"test case: {params}")
        for (case, phase), (number_, m) in sorted(found[rank].items(), key=lambda item: item[1][0]):
            suffix = f"@case{case}" if count > 1 else ""
            second = m.group("second")
            what = f"'{m.group('phase')}' (test case {case})"
            for name, value, unit in (
                ("scaleout_bandwidth", m.group(4), "GB/s"),
                ("scaleup_bandwidth", m.group(5), "GB/s"),
                ("time", m.group(6), "µs"),
                ("bytes", m.group(7), "bytes"),
                (f"{second}_bandwidth", m.group(9), "GB/s"),
                (f"{second}_time", m.group(10), "µs"),
            ):
                _put(run, f"{phase}.{name}{suffix}", value, unit, number_, what)
        runs.append(run)
    return runs


def _v2_case(text: str) -> str | None:
    """The parameters of `` > Testing with do_handle_copy=..., ... ...``, or ``None`` for another line.

    What ``^\\s*> Testing with (.*?)\\s*\\.\\.\\.\\s*$`` takes, by stripping instead of a lazy group that tries
    every end and reads the blanks after each again.
    """
    head = "> Testing with "
    rest = text.lstrip()
    if not rest.startswith(head):
        return None
    rest = rest[len(head) :].rstrip()
    return rest[:-3].rstrip() if rest.endswith("...") else None


# -- UCCL's pplx-style low-latency test -------------------------------------------------------------

_PPLX = re.compile(
    rf"^\[pplx\]\[rank (\d+)\] (?P<op>Dispatch|Combine) (?P<what>both|send|recv) p50: {_N} us(?:, {_N} GB/s)?"
)


def _pplx_lines(lines: list[LogLine]) -> list[_Run]:
    runs: dict[int, _Run] = {}
    for ln in lines:
        m = _PPLX.match(ln.text)
        if m is None:
            continue  # progress lines: "[pplx][rank 0] Iteration i/n"
        rank = whole_number(m.group(1), f"line {ln.number}")
        run = runs.setdefault(rank, _Run(f"rank {rank}", settings=[f"rank: {rank}"], first=ln.number))
        op = m.group("op").lower()
        quantity = {"both": "time_p50", "send": "send_time_p50", "recv": "recv_time_p50"}[m.group("what")]
        what = f"'{m.group('op')} {m.group('what')} p50'"
        _put(run, f"{op}.{quantity}", m.group(4), "µs", ln.number, what)
        if m.group(5) is not None:
            _put(run, f"{op}.bandwidth", m.group(5), "GB/s", ln.number, what)
    if not runs:
        raise ToolOutputError(f"line {lines[-1].number}", "no '[pplx][rank 0] Dispatch both p50' line (cut short?)")
    for run in runs.values():
        if "combine.time_p50" not in run.metrics:
            raise ToolOutputError(
                f"line {lines[-1].number}",
                "the output stops before the 'Combine both p50' line the test prints last (cut short?)",
            )
    return [runs[rank] for rank in sorted(runs)]


register_tool(FORMAT, parse)
