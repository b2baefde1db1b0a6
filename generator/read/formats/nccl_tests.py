"""nccl-tests' standard output: the result table of all_gather_perf, reduce_scatter_perf, alltoall_perf ...

Followed: ``src/util.cu`` of NVIDIA/nccl-tests (``writeDeviceReport``: the ``# nccl-tests version``,
``# Collective test starting:``, ``# nThread ... nGpus ...`` and ``#  Rank %2d Group %2d Pid %6d on
%10s device %2d [...] <name>`` lines; ``writeResultHeader``: the two ``#`` header lines naming the
columns ``size count type redop root`` then ``time algbw busbw #wrong`` for out-of-place and again
for in-place (``cputime`` with ``-C``; ``i_min i_max i_p99 i_cv%`` more with ``-I 1``; a timestamp
with ``-Z``); ``writeBenchmarkLinePreamble``/``writeBenchmarkLineBody``: one line per message size,
printed in pieces (``N/A`` in the in-place ``#wrong`` column of tests that have no in-place check);
``writeResultFooter``: ``# Out of bounds values : N OK|FAILED``, ``# Avg bus bandwidth : X [OK|FAILED]``
and ``# Collective test concluded: <name>``), where the table moved from ``src/common.cu``; the
failure lines of ``src/common.h`` (``<host>: Test NCCL failure <file>:<line> '<reason>'``, ``Test
CUDA failure``, `` .. <host> pid <n>: Test failure <file>:<line>``); and the repository's
``doc/PERFORMANCE.md`` for what ``algbw`` and ``busbw`` mean. Units: size in bytes, times in
microseconds, bandwidths in GB/s.

The variants it reads, as they are found on clusters:

* **older nccl-tests** (before about 2.10): an ``error`` column (the largest numeric error, not a
  count of wrong values) instead of ``#wrong``, no ``root`` column, ``Rank N Pid`` lines without
  ``Group``; the columns are taken from the header, so either layout reads;
* **launcher prefixes**: ``mpirun --tag-output`` puts ``[1,0]<stdout>:`` before every piece a rank
  writes (so in the middle of a row too), and ``srun -l`` puts ``0: `` before every line; both are
  removed, and lines of ranks other than the one printing the table are set aside;
* **``NCCL_DEBUG=INFO``**: NCCL's log lines (``host:pid:tid [dev] NCCL INFO ...``) are set aside,
  also where one lands in the middle of a result row, whose two halves are joined again;
* **several tests in one log** (a sweep script running all_reduce_perf, alltoall_perf, ... into one
  file): each test is a run of its own, named by its binary (:attr:`ToolRun.part`), picked with
  ``--test alltoall_perf`` or ``alltoall_perf: <metric>``;
* **a failed or cut-off test** is refused with what nccl-tests or the launcher printed (``Test NCCL
  failure ...``, ``MPI_ABORT``, line N), or with where the log stops (after the device list, in the
  middle of the table); in a log of several tests, the others still read.

* **the JSON report** (``-J FILE``, nccl-tests 2.17.3 and later; ``jsonOutputInit`` /
  ``writeBenchmarkLinePreamble`` / ``writeBenchmarkLineBody`` / ``writeResultFooter`` of ``src/util.cu``:
  ``{version, start_time, args, nccl_version, config, devices, results: [{size, count, type, redop,
  root, out_of_place: {time, alg_bw, bus_bw, nwrong}, in_place: {...}}], out_of_bounds: {count, okay},
  average_bus_bandwidth: {bandwidth, okay}, end_time}``): the same metric names as the text table.

Metric names: ``<side>.<column>@<size in bytes>``, for example ``out_of_place.time@1048576`` or
``in_place.busbw@134217728``; where one size has several rows (``-d all``, ``-o all``) the type and
reduction follow: ``out_of_place.time@1048576[half,sum]``. ``avg_bus_bandwidth`` is the footer's.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from dataclasses import replace

from generator.read.formats import nccl_tests_json
from generator.read.formats.decoding import expect_object, few, load_json, text_lines, text_of, whole_number, workload
from generator.read.formats.dispatch import register_tool
from generator.read.formats.nccl_tests_lines import SIDES, UNIT, Cleaned, Line, clean, continues_row, nccl_version
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun

FORMAT = "nccl-tests"
TOOL = "nccl-tests"

_RANK = re.compile(r"^#\s+Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+\d+\s")
_VERSION = re.compile(r"^#\s*nccl-tests version\s+(\S+)(?:.*nccl-library=(\d+))?")
_STARTING = re.compile(r"^#\s*Collective test starting:\s*(\S+)")
_CONCLUDED = re.compile(r"^#\s*Collective test concluded:\s*(\S+)")
_PARAMETERS = re.compile(r"^#\s*(nThread\s.*\S)\s*$")  # the run's parameters, printed by the test before the devices
_BAD_VALUES = re.compile(r"^#\s*Out of bounds values\s*:\s*(\d+)\s*(\w*)")
_AVG_BUSBW = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(\S+)\s*(\w*)")


def parse(content: bytes) -> list[ToolRun]:
    """Read a log of one test or several (one run each, in file order); refused when none gives a result."""
    text = text_of(content)
    if text.lstrip().startswith("{"):
        return [
            nccl_tests_json.read_report(
                expect_object(load_json(text), TOOL, "nccl-tests -J writes one object per test")
            )
        ]
    cleaned = clean(text_lines(text, TOOL))
    sections = _sections(cleaned.lines)
    excerpt = not sections and any(_is_header(line.text.strip()) for line in cleaned.lines)
    if excerpt:
        sections = [cleaned.lines]  # a table pasted with its column header only: one test
    if not sections:
        failure = _first_failure(cleaned.failures, 1, None)
        raise ToolOutputError(
            failure[0] if failure else "",
            failure[1]
            if failure
            else "no nccl-tests output (no '# nThread ... nGpus ...' line and no result table): nccl-tests output?",
        )
    runs: list[ToolRun] = []
    failed: list[str] = []
    errors: list[ToolOutputError] = []
    for index, section in enumerate(sections):
        end = sections[index + 1][0].number - 1 if index + 1 < len(sections) else None
        try:
            runs.extend(_test(section, cleaned, end, excerpt))
        except ToolOutputError as exc:
            name = _test_name(section) or f"test {index + 1}"
            errors.append(exc)
            failed.append(f"{name} did not give a result: {exc}")
    if not runs:
        if len(errors) == 1:
            raise errors[0]
        raise ToolOutputError(errors[0].where, f"no test of the {len(errors)} in this log gave a result: {failed[0]}")
    notes = (*cleaned.notes, *few(failed, "tests that did not give a result"))
    return [_with_notes(run, notes) for run in runs]


def _with_notes(run: ToolRun, notes: tuple[str, ...]) -> ToolRun:
    return replace(run, warnings=(*run.warnings, *notes)) if notes else run


# -- one test of the log --------------------------------------------------------------------------------


def _sections(lines: list[Line]) -> list[list[Line]]:
    """The log split into tests: each starts at its version/starting lines or, in older logs, its nThread line.

    A version or starting line, or an nThread line, still belongs to the test the lines before it opened
    while every line since that test's start is a version or starting line or blank (a test has one nThread
    line): what the lines since the last start are is kept as they are read, not read again at each line.
    """
    starts: list[int] = []
    parameters = False  # an nThread line since the last start
    opening = True  # only version, starting and blank lines since the last start
    for i, line in enumerate(lines):
        text = line.text.strip()
        is_parameters = _PARAMETERS.match(text) is not None
        is_opening = _VERSION.match(text) is not None or _STARTING.match(text) is not None
        if (is_parameters or is_opening) and not (starts and not parameters and opening):
            starts.append(i)
            parameters, opening = False, True
        parameters = parameters or is_parameters
        opening = opening and (is_opening or not text)
    if not starts:
        return []
    ends = [*starts[1:], len(lines)]
    return [lines[a:b] for a, b in zip(starts, ends, strict=True)]


def _test_name(section: list[Line]) -> str:
    for line in section:
        if found := _STARTING.match(line.text.strip()):
            return found.group(1)
    return ""


def _test(section: list[Line], cleaned: Cleaned, end: int | None, excerpt: bool = False) -> list[ToolRun]:
    """The runs of one test: one, or one per cycle of ``-N`` (each cycle prints the whole table again).
    ``excerpt``: the table was pasted without nccl-tests' opening lines (and maybe its closing ones)."""
    first, last = section[0].number, end if end is not None else math.inf
    header = _header(section)
    if header is None:
        failure = _first_failure(cleaned.failures, first, last)
        if failure is not None:
            raise ToolOutputError(*failure)
        devices = [line for line in section if _RANK.match(line.text.strip())]
        stop = (devices or section)[-1].number
        raise ToolOutputError(
            f"line {stop}",
            "no result table: the log stops after the device list"
            if devices
            else "no result table: the log stops after the test's parameters",
        )
    index, preamble, columns = header
    cycles, row_notes = _rows(section, index, preamble, columns, cleaned, first, last)
    per_size = Counter(size for size, _, _ in cycles[0])
    every: list[dict[str, Metric]] = []
    for rows in cycles:
        metrics: dict[str, Metric] = {}
        for (size, type_, redop), (number, values) in rows.items():
            shared = per_size[size] > 1
            suffix = f"@{size}" + (f"[{type_},{redop}]" if shared else "")
            for side, column, value in values:
                if column in UNIT:
                    where = f"line {number} ({side} {column})"
                    metrics[f"{side}.{column}{suffix}"] = Metric(value, UNIT[column], where)
        every.append(metrics)
    if excerpt and not any(_BAD_VALUES.match(line.text.strip()) for line in section):
        verdict, footer = "", None
        row_notes.append("a pasted table: no nccl-tests opening or closing lines, so no 'Out of bounds values' verdict")
    else:
        verdict, footer = _footer(section, cleaned, first, last)
    unusable: dict[str, str] = {}
    if footer is not None and len(cycles) > 1:
        unusable["avg_bus_bandwidth"] = (
            f"is nccl-tests' average over the rows of all {len(cycles)} cycles (-N) together, not one run's:"
            " take a size's busbw, which each cycle gives"
        )
    elif footer is not None:
        every[0]["avg_bus_bandwidth"] = footer
    ranks = [(line.number, m) for line in section if (m := _RANK.match(line.text.strip()))]
    setup = {"tool": TOOL}
    software: dict[str, str] = {}
    benchmark = None
    parameters: tuple[str, ...] = ()
    for line in section:
        text = line.text.strip()
        if found := _VERSION.match(text):
            setup["tool_version"] = found.group(1)
            if found.group(2):
                software["nccl"] = nccl_version(whole_number(found.group(2), f"line {line.number}"))
        if found := _STARTING.match(text):
            benchmark = Stated(found.group(1), f"line {line.number}")
        if found := _PARAMETERS.match(text):
            parameters = (" ".join(found.group(1).split()),)
    at = f"line {ranks[0][0]}" if ranks else ""
    cycle = [(f"cycle {k} of {len(every)} (-N)",) if len(every) > 1 else () for k in range(1, len(every) + 1)]
    return [
        ToolRun(
            format=FORMAT,
            tool=TOOL,
            metrics=metrics,
            workload=workload(
                benchmark=benchmark,
                gpus=Stated(len({m.group(1) for _, m in ranks}), at) if ranks else None,
                nodes=Stated(len({m.group(2) for _, m in ranks}), at) if ranks else None,
            ),
            setup=setup,
            software=software,
            settings=parameters + cycle[k],
            verdict=verdict,
            warnings=tuple(row_notes),
            unusable=unusable,
            part=benchmark.value if benchmark is not None else "",  # type: ignore[arg-type]
        )
        for k, metrics in enumerate(every)
    ]


def _first_failure(failures: list[tuple[int, str]], first: int, last: float | None) -> tuple[str, str] | None:
    top = math.inf if last is None else last
    at = bisect.bisect_left(failures, first, key=lambda failure: failure[0])  # in line order
    if at < len(failures) and failures[at][0] <= top:
        number, text = failures[at]
        return f"line {number}", f"the run failed: {text[:300]!r}"
    return None


def _is_header(text: str) -> bool:
    """Whether a line is the table's header naming its columns, ``#  size  count  type ...``."""
    return text.startswith("#") and text.lstrip("#").split()[:2] == ["size", "count"]


def _header(section: list[Line]) -> tuple[int, list[str], list[str]] | None:
    """The index of the column-name header, the preamble's names and the names of one side's columns."""
    for index, line in enumerate(section):
        text = line.text.strip()
        words = text.lstrip("#").split()
        if _is_header(text):
            first = next((i for i, w in enumerate(words) if w in ("time", "cputime")), None)
            names = [w for w in words[first:] if w != "timestamp"] if first is not None else []
            if first is None or not names or len(names) % 2:
                raise ToolOutputError(
                    f"line {line.number}",
                    "a result header this reader does not know"
                    " (expected size count type redop [root] time algbw busbw ...)",
                )
            return index, words[:first], names[: len(names) // 2]
    return None


def _rows(
    section: list[Line],
    header: int,
    preamble: list[str],
    columns: list[str],
    cleaned: Cleaned,
    first: int,
    last: float,
) -> tuple[list[dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]]], list[str]]:
    """The table's rows by (size, type, reduction), a table per cycle of ``-N``: a cycle starts where the
    first row's key comes again; any other key that comes again is refused."""
    rows: dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]] = {}
    cycles = [rows]
    joined: list[str] = []
    width = len(preamble) + 2 * len(columns)
    type_at = preamble.index("type") if "type" in preamble else 2
    redop_at = preamble.index("redop") if "redop" in preamble else 3
    body = section[header + 1 :]
    i = 0
    while i < len(body):
        line = body[i]
        i += 1
        text = line.text.strip()
        if not text or text.startswith("#"):
            if _BAD_VALUES.match(text) or _CONCLUDED.match(text):
                break
            continue
        words = text.split()
        if not words[0].isdigit():
            continue  # a message a test prints between rows (NCCL warnings, "Reducing maxBytes ...")
        start = line.number
        while len(words) < width and i < len(body):  # a row split by a log line: join its halves
            nxt = body[i].text
            if not nxt.strip():
                i += 1
                continue
            if not continues_row(nxt):
                break
            words += nxt.split()
            line = body[i]
            i += 1
        if len(words) < width:
            failure = _first_failure(cleaned.failures, first, last)
            if failure is not None:
                raise ToolOutputError(*failure)
            raise ToolOutputError(
                f"line {line.number}", f"a result row with {len(words)} fields, expected {width} (cut short?)"
            )
        if line.number != start:
            joined.append(f"lines {start}-{line.number}: a result row split by other output, joined")
        size, type_, redop = whole_number(words[0], f"line {line.number}"), words[type_at], words[redop_at]
        values: list[tuple[str, str, float]] = []
        for half, side in enumerate(SIDES):
            for k, column in enumerate(columns):
                value_text = words[len(preamble) + half * len(columns) + k]
                if column == "#wrong":
                    if value_text != "N/A" and _float(value_text, line.number) != 0:
                        raise ToolOutputError(
                            f"line {line.number}",
                            f"{value_text} wrong values {side.replace('_', '-')}: the data check failed, not a result",
                        )
                    continue
                if column == "error":  # older nccl-tests: the largest numeric error; the footer judges it
                    if value_text != "N/A":
                        _float(value_text, line.number)
                    continue
                values.append((side, column, _float(value_text, line.number)))
        if (size, type_, redop) in rows and (size, type_, redop) == next(iter(cycles[0])):
            rows = {}
            cycles.append(rows)
        elif (size, type_, redop) in rows:
            raise ToolOutputError(
                f"line {line.number}", f"a second row for size {size} {type_} {redop} in one test's table"
            )
        rows[(size, type_, redop)] = (line.number, values)
    if not rows:
        failure = _first_failure(cleaned.failures, first, last)
        if failure is not None:
            raise ToolOutputError(*failure)
        raise ToolOutputError(
            f"line {section[header].number}", "no result rows: the log stops after the result table's header"
        )
    for k, cycle in enumerate(cycles[1:], 2):
        if list(cycle) != list(cycles[0]):
            raise ToolOutputError(
                f"line {next(reversed(cycle.values()))[0]}",
                f"cycle {k} (-N) printed {len(cycle)} rows where the first printed {len(cycles[0])}:"
                " the output stops early (cut short?)",
            )
    return cycles, few(joined, "result rows split by other output, joined")


def _float(text: str, number: int) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ToolOutputError(f"line {number}", f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ToolOutputError(f"line {number}", f"not a finite number ({text})")
    return value


def _footer(section: list[Line], cleaned: Cleaned, first: int, last: float) -> tuple[str, Metric | None]:
    """nccl-tests' verdict (its closing lines, in its words) and the average bus bandwidth it states."""
    bad = next(((line, m) for line in section if (m := _BAD_VALUES.match(line.text.strip()))), None)
    if bad is None:
        failure = _first_failure(cleaned.failures, first, last)
        if failure is not None:
            raise ToolOutputError(*failure)
        raise ToolOutputError(
            f"line {section[-1].number}",
            "the log stops before nccl-tests' closing '# Out of bounds values' line (cut short?)",
        )
    line, found = bad
    if whole_number(found.group(1), f"line {line.number}") != 0:
        raise ToolOutputError(
            f"line {line.number}", f"{found.group(1)} out-of-bounds values (FAILED): the run is not a result"
        )
    verdict = f"Out of bounds values : {found.group(1)} {found.group(2)}".strip()
    for line in section:
        if m := _AVG_BUSBW.match(line.text.strip()):
            if m.group(2).upper() == "FAILED":
                raise ToolOutputError(
                    f"line {line.number}",
                    f"Avg bus bandwidth {m.group(1)} FAILED (below the -c check): nccl-tests failed the run",
                )
            return verdict, Metric(_float(m.group(1), line.number), "GB/s", f"line {line.number}")
    return verdict, None


register_tool(FORMAT, parse)
