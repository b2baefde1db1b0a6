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
from dataclasses import dataclass, field, replace
from typing import Any

from generator.read.formats.tool_output import (
    Metric,
    Stated,
    ToolOutputError,
    ToolRun,
    dig,
    expect_object,
    few,
    load_json,
    path_text,
    register_tool,
    text_lines,
    text_of,
    whole_number,
    workload,
)

FORMAT = "nccl-tests"
TOOL = "nccl-tests"

_RANK = re.compile(r"^#\s+Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+\d+\s")
_VERSION = re.compile(r"^#\s*nccl-tests version\s+(\S+)(?:.*nccl-library=(\d+))?")
_STARTING = re.compile(r"^#\s*Collective test starting:\s*(\S+)")
_CONCLUDED = re.compile(r"^#\s*Collective test concluded:\s*(\S+)")
_PARAMETERS = re.compile(r"^#\s*(nThread\s.*\S)\s*$")  # the run's parameters, printed by the test before the devices
_BAD_VALUES = re.compile(r"^#\s*Out of bounds values\s*:\s*(\d+)\s*(\w*)")
_AVG_BUSBW = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(\S+)\s*(\w*)")
_UNIT = {"time": "µs", "cputime": "µs", "algbw": "GB/s", "busbw": "GB/s", "i_min": "µs", "i_max": "µs", "i_p99": "µs"}
_SIDES = ("out_of_place", "in_place")

#: ``mpirun --tag-output``'s tag of each piece a rank writes: ``[1,0]<stdout>:``.
_MPI_TAG = re.compile(r"\[\d+,(\d+)\]<(?:stdout|stderr|stddiag)>:")
#: ``srun -l``'s label of each line: ``0: `` (right-aligned, so possibly after spaces).
_SRUN_LABEL = re.compile(r"^\s*(\d+): ")
#: A line of NCCL's own log (``NCCL_DEBUG=INFO``), possibly in the middle of a table row. Tried only where a
#: run of non-blanks starts (``(?<!\S)``): a match inside a run is also one from the run's start, and trying
#: from every character of a long run would scan the run's rest again from each.
_NCCL_LOG = re.compile(r"(?<!\S)\S+:\d+:\d+ \[\d+\] NCCL (?:INFO|WARN|TRACE|ABORT)\b.*$")
#: What nccl-tests, NCCL, CUDA, MPI or Slurm print when a run fails; also an NCCL warning (:data:`_WARN`)
#: with one of :data:`_WARN_WORDS` after it.
_FAILURE = re.compile(
    r"Test (?:NCCL |CUDA )?failure\b"
    r"|MPI_ABORT was invoked"
    r"|mpirun noticed that process"
    r"|Primary job\s+terminated"
    r"|srun: error:"
    r"|Segmentation fault|core dumped|Aborted \(core"
    r"|Invalid number of GPUs"
    r"|\bout of memory\b",
    re.IGNORECASE,
)
#: ``NCCL WARN .*(?:error|fail|abort)`` in two steps: the first warning, then a word anywhere after it (a
#: later warning's words are after the first's too), so that no warning makes the rest of the line be read
#: again.
_WARN = re.compile(r"NCCL WARN ", re.IGNORECASE)
_WARN_WORDS = re.compile(r"error|fail|abort", re.IGNORECASE)


@dataclass
class _Line:
    """One line of the table rank's output, with the number of the file line it ends on."""

    number: int
    text: str


@dataclass
class _Cleaned:
    lines: list[_Line]
    failures: list[tuple[int, str]] = field(default_factory=list)  # (file line, what was printed), any rank
    notes: list[str] = field(default_factory=list)


def parse(content: bytes) -> list[ToolRun]:
    """Read a log of one test or several (one run each, in file order); refused when none gives a result."""
    text = text_of(content)
    if text.lstrip().startswith("{"):
        return [_json_report(expect_object(load_json(text), TOOL, "nccl-tests -J writes one object per test"))]
    cleaned = _clean(text_lines(text, TOOL))
    sections = _sections(cleaned.lines)
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
            runs.append(_test(section, cleaned, end))
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


# -- taking the launcher's and NCCL's lines out ---------------------------------------------------------


def _clean(physical: list[str]) -> _Cleaned:
    """The table rank's own output, with launcher tags and NCCL's log lines taken out."""
    out = _Cleaned([])
    tagged = sum(1 for line in physical[:400] if _MPI_TAG.search(line))
    labelled = sum(1 for line in physical[:400] if _SRUN_LABEL.match(line))
    table_rank = _table_rank(physical) if tagged else "0"
    if tagged:
        out.notes.append(f"mpirun's '[1,N]<stdout>:' tags removed; lines of ranks other than {table_rank} set aside")
    srun = not tagged and labelled * 2 >= len([line for line in physical[:400] if line.strip()]) > 0
    if srun:
        out.notes.append("srun -l's 'N: ' line labels removed")
    nccl_lines = 0
    for number, raw in enumerate(physical, 1):
        text = raw
        if tagged:
            text = _own_pieces(raw, table_rank)
        elif srun:
            text = _SRUN_LABEL.sub("", raw, count=1)
        if _failed(raw):
            out.failures.append((number, _untagged(raw).strip()))
        log = _NCCL_LOG.search(text)
        if log is not None:
            nccl_lines += 1
            text = text[: log.start()]  # a row piece before NCCL's line is kept: _rows joins its halves
            if not text.strip():
                continue
        out.lines.append(_Line(number, text))
    if nccl_lines:
        out.notes.append(f"{nccl_lines} NCCL log line(s) (NCCL_DEBUG) set aside")
    return out


def _failed(line: str) -> bool:
    """Whether a line is what a failing run prints (:data:`_FAILURE`)."""
    if _FAILURE.search(line):
        return True
    warning = _WARN.search(line)
    return warning is not None and _WARN_WORDS.search(line, warning.end()) is not None


#: nccl-tests' own header after a tag, looked at where the tag ends.
_OWN_HEADER = re.compile(r"\s*# (?:nThread|nccl-tests|Collective test)")


def _table_rank(physical: list[str]) -> str:
    """The rank whose pieces hold nccl-tests' own header (rank 0 under mpirun)."""
    for line in physical:
        for match in _MPI_TAG.finditer(line):
            if _OWN_HEADER.match(line, match.end()):
                return match.group(1)
    return "0"


def _own_pieces(line: str, rank: str) -> str:
    """The pieces of a tagged line that ``rank`` wrote, joined; an untagged start belongs to no rank."""
    pieces = _MPI_TAG.split(line)
    # split gives [before, rank, text, rank, text, ...]
    kept = [pieces[i + 1] for i in range(1, len(pieces) - 1, 2) if pieces[i] == rank]
    return "".join(kept)


def _untagged(line: str) -> str:
    return _MPI_TAG.sub("", line)


def _continues_row(text: str) -> bool:
    """Whether a line is the second half of a result row (numbers, ``N/A``), not a line of its own."""
    words = text.split()
    return bool(words) and all(_number_like(w) for w in words) and not text.lstrip().startswith("#")


def _number_like(word: str) -> bool:
    if word == "N/A":
        return True
    try:
        float(word)
    except ValueError:
        return False
    return True


# -- one test of the log --------------------------------------------------------------------------------


def _sections(lines: list[_Line]) -> list[list[_Line]]:
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


def _test_name(section: list[_Line]) -> str:
    for line in section:
        if found := _STARTING.match(line.text.strip()):
            return found.group(1)
    return ""


def _test(section: list[_Line], cleaned: _Cleaned, end: int | None) -> ToolRun:
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
    rows, row_notes = _rows(section, index, preamble, columns, cleaned, first, last)
    metrics: dict[str, Metric] = {}
    per_size = Counter(size for size, _, _ in rows)
    for (size, type_, redop), (number, values) in rows.items():
        shared = per_size[size] > 1
        suffix = f"@{size}" + (f"[{type_},{redop}]" if shared else "")
        for side, column, value in values:
            if column in _UNIT:
                metrics[f"{side}.{column}{suffix}"] = Metric(value, _UNIT[column], f"line {number} ({side} {column})")
    verdict, footer = _footer(section, cleaned, first, last)
    if footer is not None:
        metrics["avg_bus_bandwidth"] = footer
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
                software["nccl"] = _nccl_version(whole_number(found.group(2), f"line {line.number}"))
        if found := _STARTING.match(text):
            benchmark = Stated(found.group(1), f"line {line.number}")
        if found := _PARAMETERS.match(text):
            parameters = (" ".join(found.group(1).split()),)
    at = f"line {ranks[0][0]}" if ranks else ""
    return ToolRun(
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
        settings=parameters,
        verdict=verdict,
        warnings=tuple(row_notes),
        part=benchmark.value if benchmark is not None else "",  # type: ignore[arg-type]
    )


def _first_failure(failures: list[tuple[int, str]], first: int, last: float | None) -> tuple[str, str] | None:
    top = math.inf if last is None else last
    at = bisect.bisect_left(failures, first, key=lambda failure: failure[0])  # in line order
    if at < len(failures) and failures[at][0] <= top:
        number, text = failures[at]
        return f"line {number}", f"the run failed: {text[:300]!r}"
    return None


def _nccl_version(code: int) -> str:
    """NCCL_VERSION_CODE -> text: 22807 -> 2.28.7 (from 2.9 on), 2708 -> 2.7.8 (before)."""
    if code >= 20900:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


def _header(section: list[_Line]) -> tuple[int, list[str], list[str]] | None:
    """The index of the column-name header, the preamble's names and the names of one side's columns."""
    for index, line in enumerate(section):
        text = line.text.strip()
        words = text.lstrip("#").split()
        if text.startswith("#") and words[:2] == ["size", "count"]:
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
    section: list[_Line],
    header: int,
    preamble: list[str],
    columns: list[str],
    cleaned: _Cleaned,
    first: int,
    last: float,
) -> tuple[dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]], list[str]]:
    rows: dict[tuple[int, str, str], tuple[int, list[tuple[str, str, float]]]] = {}
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
            if not _continues_row(nxt):
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
        for half, side in enumerate(_SIDES):
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
        if (size, type_, redop) in rows:
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
    return rows, few(joined, "result rows split by other output, joined")


def _float(text: str, number: int) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ToolOutputError(f"line {number}", f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ToolOutputError(f"line {number}", f"not a finite number ({text})")
    return value


def _footer(section: list[_Line], cleaned: _Cleaned, first: int, last: float) -> tuple[str, Metric | None]:
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


# -- the JSON report (-J) -----------------------------------------------------------------------------

#: The report's keys of one side of a row -> the text table's column names.
_JSON_COLUMNS = {"time": "time", "cpu_time": "cputime", "alg_bw": "algbw", "bus_bw": "busbw"}
_JSON_PER_ITER = {"min_us": "i_min", "max_us": "i_max", "p99_us": "i_p99"}


def _json_report(doc: dict[str, Any]) -> ToolRun:
    results = doc.get("results")
    if not isinstance(results, list) or "config" not in doc:
        raise ToolOutputError("$", "not an nccl-tests JSON report (no config and results): is it nccl-tests -J output?")
    bad = doc.get("out_of_bounds")
    if isinstance(bad, dict) and bad.get("okay") is False:
        raise ToolOutputError(
            "$.out_of_bounds", f"{bad.get('count')} out-of-bounds values (okay: false): the run is not a result"
        )
    if not results:
        raise ToolOutputError("$.results", "no result rows: the test stopped before its first message size")
    per_size = Counter(r.get("size") for r in results if isinstance(r, dict) and isinstance(r.get("size"), int))
    metrics: dict[str, Metric] = {}
    for i, row in enumerate(results):
        if not isinstance(row, dict) or not isinstance(row.get("size"), int):
            raise ToolOutputError(path_text(("results", i)), "a result without its size")
        size = row["size"]
        shared = per_size[size] > 1
        suffix = f"@{size}" + (f"[{row.get('type')},{row.get('redop')}]" if shared else "")
        for side in _SIDES:
            values = row.get(side)
            if values is None:
                continue  # nccl-tests writes null where it runs one side only
            if not isinstance(values, dict):
                raise ToolOutputError(path_text(("results", i, side)), "expected an object of time and bandwidths")
            wrong = values.get("nwrong")
            if isinstance(wrong, (int, float)) and not isinstance(wrong, bool) and wrong != 0:
                raise ToolOutputError(
                    path_text(("results", i, side, "nwrong")),
                    f"{wrong:g} wrong values {side.replace('_', '-')}: the data check failed, not a result",
                )
            for key, column in _JSON_COLUMNS.items():
                if key in values:
                    metrics[f"{side}.{column}{suffix}"] = _json_metric(values[key], column, ("results", i, side, key))
            per_iter = row.get(f"{side}_per_iter")
            if isinstance(per_iter, dict):
                for key, column in _JSON_PER_ITER.items():
                    if key in per_iter:
                        at = ("results", i, f"{side}_per_iter", key)
                        metrics[f"{side}.{column}{suffix}"] = _json_metric(per_iter[key], column, at)
    average = doc.get("average_bus_bandwidth")
    verdict = "out_of_bounds okay" if isinstance(bad, dict) and bad.get("okay") is True else ""
    if isinstance(average, dict):
        if average.get("okay") is False:
            raise ToolOutputError(
                "$.average_bus_bandwidth.okay",
                "the average bus bandwidth failed the -c check: nccl-tests failed the run",
            )
        if "bandwidth" in average:
            metrics["avg_bus_bandwidth"] = _json_metric(
                average["bandwidth"], "busbw", ("average_bus_bandwidth", "bandwidth")
            )
    else:
        raise ToolOutputError("$", "the report ends before nccl-tests' average bus bandwidth (cut short?)")
    args = doc.get("args")
    program = args[0].rsplit("/", 1)[-1] if isinstance(args, list) and args and isinstance(args[0], str) else ""
    devices = (
        [d for d in doc.get("devices") or [] if isinstance(d, dict)] if isinstance(doc.get("devices"), list) else []
    )
    setup = {"tool": TOOL}
    if isinstance(args, list) and all(isinstance(a, str) for a in args):
        setup["command"] = " ".join(args)
    start = doc.get("start_time")
    if isinstance(start, str) and len(start) >= 10:
        setup["date"] = start[:10]
    software: dict[str, str] = {}
    code = doc.get("nccl_version")
    if isinstance(code, int) and not isinstance(code, bool):
        software["nccl"] = _nccl_version(code)
    config = dig(doc, "config")
    settings = (
        tuple(f"{k}: {v}" for k, v in config.items() if isinstance(v, (int, bool, str)))
        if isinstance(config, dict)
        else ()
    )
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=workload(
            benchmark=Stated(program, "$.args[0]") if program else None,
            gpus=Stated(len(devices), "$.devices") if devices else None,
            nodes=Stated(len({d.get("hostname") for d in devices}), "$.devices") if devices else None,
        ),
        setup=setup,
        software=software,
        settings=settings,
        verdict=verdict,
        part=program,
    )


def _json_metric(value: object, column: str, path: tuple[str | int, ...]) -> Metric:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(path_text(path), f"expected a number, got {value!r}")
    if not math.isfinite(value):
        raise ToolOutputError(path_text(path), f"not a finite number ({value})")
    return Metric(float(value), _UNIT[column], path_text(path))


register_tool(FORMAT, parse)
