"""Every reader's time grows linearly with its input: no line, run of digits or number of lines makes it read
the same text again and again.

Each case reads inputs of 1 KB, 10 KB, 100 KB and 1 MB made of what the reader's patterns look at (blanks,
digits, ``|``, ``#``, tabs, ``GB/s``, a launcher's tags, the start of a line a pattern expects followed by
what its number or text would be) and asserts a ratio, never a time: ten times the input may take at most
:data:`RATIO` times as long (linear, with room for a busy machine). A read still running at that bound is
stopped there (the check of signals in :mod:`re` lets it), so a reader that backtracks fails in about a
second instead of hanging the suite; times are the process's own processor time, which other work on the
machine does not add to. Text logs are read both as one line of the whole size (refused, by
its number, past :data:`~generator.read.formats.decoding.MAX_LINE_BYTES`) and as lines of up to 50 KB,
which every reader reads through.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import io
import json
import math
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.ingest import inspect_file
from generator.read.formats.catalog import PARSERS
from generator.read.formats.decoding import MAX_LINE_BYTES
from generator.read.formats.tool_output import ToolOutputError
from generator.read.runs import RunFileError, read_run_file

#: The input sizes, each ten times the one before.
SIZES = (1_000, 10_000, 100_000, 1_000_000)
#: How many times longer an input ten times larger may take (linear is ten).
RATIO = 30
#: Below this many seconds a time is taken as this: the clock's and the interpreter's noise, not the reader.
FLOOR = 0.005
#: The longest line of the inputs made of many long lines (under the limit, so that each is read).
LONG_LINE = 50_000

Read = Callable[[bytes], object]
Make = Callable[[int], bytes]


class _Late(Exception):
    pass


def _stop(signum: int, frame: object) -> None:
    raise _Late


def _seconds(read: Read, content: bytes, limit: float | None = None) -> float:
    """The processor time ``read(content)`` takes (other processes on the machine do not count), without the
    collector's pauses; ``math.inf`` when it is still reading after ``limit`` seconds of it."""
    previous = signal.signal(signal.SIGPROF, _stop)
    gc.disable()
    start = time.process_time()
    try:
        if limit is not None:
            signal.setitimer(signal.ITIMER_PROF, limit)
        with contextlib.suppress(ToolOutputError, RunFileError):
            read(content)
    except _Late:
        return math.inf
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        gc.enable()
    return time.process_time() - start


def assert_linear(read: Read, make: Make) -> None:
    """Each input about ten times the last takes at most :data:`RATIO` times as long, in proportion to its bytes
    (measured up to three times when it does not: the least of them is the reader's)."""
    small = make(SIZES[0])
    took_small = min(_seconds(read, small) for _ in range(3))
    for size in SIZES[1:]:
        large = make(size)
        allowed = RATIO / 10 * len(large) / len(small) * max(took_small, FLOOR)
        took = _seconds(read, large, allowed)
        for _ in range(2):
            if took <= allowed:
                break
            took = min(took, _seconds(read, large, allowed))
        assert took <= allowed, (
            f"{len(large)} bytes took {'longer than ' if took == math.inf else ''}{min(took, allowed):.3f} s, more"
            f" than {RATIO / 10:g} times the time per byte of {len(small)} bytes ({took_small:.4f} s):"
            " the time grows faster than the input"
        )
        small, took_small = large, took


# -- inputs -------------------------------------------------------------------------------------------------


def one_line(head: str, unit: str, tail: str = "") -> Make:
    """One line of ``size`` bytes: ``head``, ``unit`` again and again, ``tail``."""

    def make(size: int) -> bytes:
        return (head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail + "\n").encode()

    return make


def long_lines(head: str, unit: str, tail: str = "", *, before: str = "") -> Make:
    """``before``, then lines of up to :data:`LONG_LINE` bytes (``head``, ``unit`` repeated, ``tail``) making
    ``size`` bytes."""

    def make(size: int) -> bytes:
        width = min(size, LONG_LINE)
        line = one_line(head, unit, tail)(width)
        return before.encode() + line * max(1, size // width)

    return make


def many_lines(line: Callable[[int], str], *, before: str = "", after: str = "") -> Make:
    """``before``, then line ``line(i)`` for i = 0, 1, ... until ``size`` bytes, then ``after``."""

    def make(size: int) -> bytes:
        out, total, i = [before], len(before), 0
        while total < size:
            text = line(i) + "\n"
            out.append(text)
            total += len(text)
            i += 1
        out.append(after)
        return "".join(out).encode()

    return make


#: What the text logs' patterns look at, as a line's start and the unit repeated after it.
TEXT_UNITS = {
    "blanks": ("x", " "),
    "digits": ("", "1"),
    "pipes": ("", "|"),
    "hashes": ("", "#"),
    "hash blank": ("", "# "),
    "tabs": ("1", "\t"),
    "GB/s": ("", "1 GB/s "),
    "decimals": ("", "1."),
    "exponents": ("", "1e"),
    "brackets": ("", "["),
    "bracket digits": ("[", "1"),
    "mpirun tags": ("", "[1,0]<stdout>:"),
    "torchrun tags": ("", "[default0]: "),
    "colons": ("", "1:"),
    "nccl log starts": ("", "1:1:1 [0] NCCL "),
    "nccl warnings": ("", "NCCL WARN "),
    "slurm cancels": ("", "*** JOB x "),
    "srun labels": ("", " 1: "),
    "primary job": ("Primary job", " "),
}

NCCL_HEADER = (
    "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1\n"
    "#  Rank  0 Group  0 Pid      1 on       host device  0 [0x1b] NVIDIA H100 80GB HBM3\n"
    "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw"
    " #wrong\n"
    "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
)
NCCL_ROW = "{size} 2 float sum -1 10.1 0.79 0.79 0 10.2 0.78 0.78 0"
NCCL_FOOTER = "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 0.78\n"
BEST = "[tuning] Best combine: SMs 24, NVL chunk 4: "
V2_LINE = " * EP: {rank}/8 | {phase}: 1 GB/s (SO), 1 GB/s (SU), 1 us, 1 bytes | {second}: 1 GB/s, 1 us"
V2 = V2_LINE.format(rank=0, phase="dispatch", second="copy") + "\n"
PPLX_HEAD = "EP=8 DP=8\nE\tE/tok\ttok\tdim\tDispatch_lat\tDispatch_bw\tDispatch_bytes\n"

#: Inputs each text reader is given beside :data:`TEXT_UNITS`: what reaches the patterns behind a line's start.
TEXT_CASES: dict[str, dict[str, Make]] = {
    "nccl-tests": {
        "a row of digits": long_lines("", "1", before=NCCL_HEADER),
        "a version line": long_lines("# nccl-tests version 2.17.8", " "),
        "parameters": long_lines("# nThread ", "1 "),
        "a device line": long_lines("#  Rank 0 Pid 1 on ", " "),
        "the average": long_lines("# Avg bus bandwidth : 1", " "),
        "version lines": many_lines(lambda i: "# nccl-tests version 2.17.8 nccl-headers=22807 nccl-library=22807"),
        "starting lines": many_lines(lambda i: "# Collective test starting: all_reduce_perf"),
        "tests that failed": many_lines(lambda i: "# nThread 1\nhost: Test NCCL failure common.cu:1 'x'"),
        "rows of distinct sizes": many_lines(lambda i: NCCL_ROW.format(size=i + 1), before=NCCL_HEADER),
        "rows split by log lines": many_lines(
            lambda i: f"{i + 1} 2 float sum -1 10.1 0.79\nh:1:2 [0] NCCL INFO x\n0.79 0 10.2 0.78 0.78 0",
            before=NCCL_HEADER,
            after=NCCL_FOOTER,
        ),
        "ranks' tags": many_lines(lambda i: f"[1,{i}]<stdout>:# nThread 1"),
        "cycles of one row": many_lines(lambda i: NCCL_ROW.format(size=8), before=NCCL_HEADER, after=NCCL_FOOTER),
        "a pasted table's rows": many_lines(
            lambda i: "0: " + NCCL_ROW.format(size=i + 1), before=NCCL_HEADER.split("\n", 2)[2]
        ),
    },
    "deepep": {
        "a best line's digits": long_lines(BEST, "1"),
        "a best line's digits and unit": long_lines(BEST, "1", " us, 1 GB/s (NVL)"),
        "a best line's sums": long_lines(BEST, "1 + "),
        "a best line's decimals": long_lines(BEST, "1."),
        "a best line's exponents": long_lines(BEST, "1e"),
        "a best line's commas": long_lines(BEST, ", "),
        "send/recv digits": long_lines("[rank 0] Dispatch send/recv time: ", "1"),
        "send/recv separators": long_lines("[rank 0] Dispatch send/recv time: ", " us | Combine send/recv time: "),
        "a test case's blanks": long_lines("> Testing with ", " ", before=V2),
        "a test case's dots": long_lines("> Testing with ", " ...", "x", before=V2),
        "a test_ep line's digits": long_lines(" * EP: ", "1"),
        "a config line": long_lines("[config] x", " "),
        "a rank of digits": many_lines(lambda i: "[rank " + "1" * 400 + "] Dispatch + combine bandwidth: 1 GB/s"),
        "processes' tuning lines": many_lines(
            lambda i: f"[1,{i}]<stdout>:[tuning] Best combine: SMs 1, NVL chunk 1: 1 GB/s (NVL)"
        ),
        "ranks ever farther apart": lambda size: many_lines(
            lambda i: f"[rank {i * (size // 1000)}] Dispatch send/recv time: 1 us | Combine send/recv time: 1 us"
        )(size),
        "test_ep ranks": many_lines(
            lambda i: (
                V2_LINE.format(rank=i, phase="dispatch", second="copy")
                + "\n"
                + V2_LINE.format(rank=i, phase="combine", second="reduce")
            )
        ),
        "a traceback": many_lines(lambda i: f"[1,{i}]<stdout>:  File x" if i else "Traceback (most recent call last):"),
        "test_ep records run together": long_lines("", V2_LINE.format(rank=0, phase="dispatch", second="copy")),
        "profiler lines run together": long_lines("", "USDT:1 2:2 x.cpp:52] profiler_start"),
        "record marks after blanks": long_lines("", "   * EP: "),
        "a traceback of wrappers": many_lines(
            lambda i: "x.ProcessRaisedException: " if i else "Traceback (most recent call last):"
        ),
    },
    "uccl-ep": {
        "a pplx line's digits": long_lines("[pplx][rank 0] Dispatch both p50: ", "1"),
        "a transmit line": long_lines(BEST, "transmit: 1"),
        "a best line's digits": long_lines(BEST, "1"),
    },
    "pplx-kernels": {
        "a world of digits": long_lines("EP=", "1", " DP=1"),
        "a latency": long_lines("", "1us", "\t1GB/s\t1", before=PPLX_HEAD + "8\t1\t1\t1\t"),
        "a latency's blanks": long_lines("", " ", "x\t1GB/s\t1", before=PPLX_HEAD + "8\t1\t1\t1\t1"),
        "rows": many_lines(lambda i: f"{i}\t1\t1\t1\t1μs ± 1μs\t1GB/s\t1", before=PPLX_HEAD),
        "blocks": many_lines(lambda i: PPLX_HEAD + "8\t1\t1\t1\t1μs ± 1μs\t1GB/s\t1\nSaved to x"),
        "a pasted row's blanks": long_lines("", " ", "1μs ± 1μs 1GB/s 1", before=PPLX_HEAD + "8 1 1 1"),
        "a pasted row's latency digits": long_lines("", "1", "μs ± 1μs 1GB/s 1", before=PPLX_HEAD + "8 1 1 1 "),
        # A row's rest that no cell pattern takes is its last cell, read by the latency pattern.
        "a latency cell of 'us±' again and again": long_lines(
            "8\t1\t1\t1\t", "us±", "x", before="EP=8 DP=8\nE\tE/tok\ttok\tdim\tDispatch_lat\n"
        ),
    },
}

LOADGEN_HEAD = (
    "================================================\nMLPerf Results Summary\n"
    "================================================\nScenario : Server\nMode     : PerformanceOnly\n"
)
MLLOG = ':::MLLOG {{"key": "{key}", "value": {value}, "time_ms": 1.0}}'
TEXT_CASES["mlperf-loadgen"] = {
    "a summary line's digits": long_lines("Completed samples per second    : ", "1", before=LOADGEN_HEAD),
    "a percentile's digits": long_lines("", "1", " percentile latency (ns)   : 1", before=LOADGEN_HEAD),
    "an estimate's digits": long_lines(" * Early stopping 90th percentile estimate: ", "1", before=LOADGEN_HEAD),
    "estimates on one line": long_lines("", " * Early stopping 90th percentile estimate: 1", before=LOADGEN_HEAD),
    "colons": long_lines("", " : ", before=LOADGEN_HEAD),
    "latency lines": many_lines(lambda i: f"{i}.00 percentile latency (ns)   : {i}", before=LOADGEN_HEAD),
    "parameters": many_lines(lambda i: f"setting_{i} : {i}", before=LOADGEN_HEAD + "Test Parameters Used\n"),
    "detail lines": many_lines(lambda i: MLLOG.format(key=f"result_{i}.00_percentile_latency_ns", value=i)),
    "a long sample set": long_lines(MLLOG.format(key="loaded_qsl_set", value="[1").rstrip("}"), ",1", "]}"),
    "a detail key's quotes": long_lines(':::MLLOG {"key": "', '"'),
}

AIPERF_DOC = {"output_token_throughput": {"unit": "tokens/sec", "avg": 1.0}}
VLLM_LINE = {"model_id": "m", "duration": 1, "completed": 1, "output_throughput": 1.0}


def json_number(key: str, head: str, unit: str) -> Make:
    """A JSON object whose ``key`` holds ``head`` and ``unit`` repeated, up to ``size`` bytes."""
    return lambda size: ('{"' + key + '": ' + head + unit * (size // len(unit)) + "}\n").encode()


def json_with(doc: dict[str, object], key: str, item: Callable[[int], object], per: int = 60) -> Make:
    """``doc`` with ``key`` holding a list of ``item(i)``, about ``size`` bytes in all."""
    return lambda size: json.dumps({**doc, key: [item(i) for i in range(size // per)]}).encode()


#: The JSON readers' inputs: long numbers, long strings, deep nesting, many keys, many lines.
JSON_CASES: dict[str, dict[str, Make]] = {
    "aiperf": {
        "digits": json_number("x", "", "1"),
        "a decimal's digits": json_number("x", "1.", "1"),
        "a string": lambda size: ('{"x": "' + "a" * size + '"}').encode(),
        "nesting": lambda size: b"[" * size,
        "metrics": lambda size: json.dumps(
            {f"m{i}": {"unit": "ms", "avg": i, "p50": i} for i in range(size // 40)}
        ).encode(),
        "kinds of failed requests": json_with(
            {**AIPERF_DOC, "was_cancelled": True},
            "error_summary",
            lambda i: {"count": 1, "error_details": {"type": f"E{i}", "code": 500, "message": "x"}},
        ),
    },
    "vllm-bench": {
        "digits": json_number("model_id", "", "1"),
        "a decimal's digits": json_number("duration", "1.", "1"),
        "lines": many_lines(lambda i: json.dumps({**VLLM_LINE, "completed": i + 1})),
        "keys": lambda size: json.dumps({**VLLM_LINE, **{f"k{i}:": i for i in range(size // 12)}}).encode(),
    },
    "sglang-bench": {
        "digits": json_number("backend", "", "1"),
        "lines": many_lines(lambda i: json.dumps({"backend": "sglang", "completed": i})),
    },
    "nccl-tests": {
        "a report's rows of one size": json_with(
            {"config": {}, "average_bus_bandwidth": {"bandwidth": 1.0}},
            "results",
            lambda i: {"size": 8, "type": f"t{i}", "out_of_place": {"time": 1.0}},
        ),
        "a report's rows": json_with(
            {"config": {}, "average_bus_bandwidth": {"bandwidth": 1.0}},
            "results",
            lambda i: {"size": i, "out_of_place": {"time": 1.0}},
        ),
    },
}

TEXT_FORMATS = ("nccl-tests", "deepep", "uccl-ep", "pplx-kernels", "mlperf-loadgen")
#: The two ways a text log is cut into lines and cleaned of launchers' tags (UCCL EP and pplx-kernels go through
#: DeepEP's): given every one of :data:`TEXT_UNITS`.
LINE_READERS = ("nccl-tests", "deepep")


def _cases() -> list[object]:
    out: list[object] = []
    for name in TEXT_FORMATS:
        for what, (head, unit) in TEXT_UNITS.items() if name in LINE_READERS else ():
            out.append(pytest.param(name, long_lines(head, unit), id=f"{name}-lines of {what}"))
        for what, make in TEXT_CASES[name].items():
            out.append(pytest.param(name, make, id=f"{name}-{what}"))
    for name, cases in JSON_CASES.items():
        for what, make in cases.items():
            out.append(pytest.param(name, make, id=f"{name}-{what}"))
    return out


# -- the readers -----------------------------------------------------------------------------------------


def test_every_format_is_given_inputs() -> None:
    assert set(PARSERS) <= set(TEXT_FORMATS) | set(JSON_CASES)


@pytest.mark.parametrize(("format_name", "make"), _cases())
def test_a_reader_reads_in_time_linear_in_its_input(format_name: str, make: Make) -> None:
    assert_linear(PARSERS[format_name], make)


@pytest.mark.parametrize("format_name", TEXT_FORMATS)
def test_one_line_of_a_megabyte_is_refused_by_its_number_in_linear_time(format_name: str) -> None:
    for head, unit in (("", "1"), ("", " 1:"), (BEST, "1")):
        assert_linear(PARSERS[format_name], one_line(head, unit))
    with pytest.raises(ToolOutputError) as caught:
        PARSERS[format_name](b"# nThread 1\n" + one_line(BEST, "1")(1_000_000))
    assert caught.value.where == "line 2"
    assert f"line is 1000000 bytes long; {format_name.split('-')[0].lower()}" in str(caught.value).lower()
    assert f"more than {MAX_LINE_BYTES} bytes" in str(caught.value)


def test_a_line_at_the_limit_is_read_and_one_byte_more_is_refused() -> None:
    """The limit refuses what no tool writes, nothing a tool does: a line of the limit's length still reads."""
    head, tail = BEST + "1 us, ", "2 GB/s (NVL)"
    line = head + " " * (MAX_LINE_BYTES - len(head) - len(tail)) + tail
    (run,) = PARSERS["deepep"](line.encode())
    assert (run.metrics["combine.best.nvl_bandwidth"].value, run.metrics["combine.best.time"].value) == (2, 1)
    with pytest.raises(ToolOutputError, match=f"line is {MAX_LINE_BYTES + 1} bytes long"):
        PARSERS["deepep"]((line + " ").encode())


# -- inspect and check ---------------------------------------------------------------------------------------


def _inspect(tmp_path: Path, *, as_json: bool) -> Read:
    def read(content: bytes) -> None:
        path = tmp_path / "output.log"
        path.write_bytes(content)
        args = argparse.Namespace(file=path, format=None, json=as_json)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            inspect_file.run(args)

    return read


def _check(tmp_path: Path, format_name: str) -> Read:
    (tmp_path / "runs").mkdir(exist_ok=True)

    def read(content: bytes) -> None:
        (tmp_path / "runs" / "output.log").write_bytes(content)
        read_run_file(tmp_path, "runs/output.log", hashlib.sha256(content).hexdigest(), format_name, "x")

    return read


@pytest.mark.parametrize(
    ("make", "as_json"),
    [
        pytest.param(long_lines("", "1:1:1 [0] NCCL "), False, id="nccl log starts"),
        pytest.param(long_lines(BEST, "1"), False, id="a best line's digits"),
        pytest.param(long_lines(BEST, "1"), True, id="a best line's digits --json"),
        pytest.param(json_number("x", "", "1"), True, id="json digits --json"),
        pytest.param(TEXT_CASES["nccl-tests"]["rows split by log lines"], True, id="rows split by log lines --json"),
    ],
)
def test_inspect_guesses_and_reads_in_time_linear_in_the_file(tmp_path: Path, make: Make, as_json: bool) -> None:
    assert_linear(_inspect(tmp_path, as_json=as_json), make)


@pytest.mark.parametrize(
    ("format_name", "make"),
    [
        pytest.param("nccl-tests", long_lines("", "1:"), id="nccl-tests colons"),
        pytest.param("nccl-tests", TEXT_CASES["nccl-tests"]["version lines"], id="nccl-tests version lines"),
        pytest.param("deepep", long_lines(BEST, "1"), id="deepep a best line's digits"),
        pytest.param("json", json_number("x", "", "1"), id="json digits"),
        pytest.param("number", lambda size: b"1" * size, id="number digits"),
    ],
)
def test_check_reads_a_run_file_in_time_linear_in_it(tmp_path: Path, format_name: str, make: Make) -> None:
    assert_linear(_check(tmp_path, format_name), make)


# -- numbers too long for any tool --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("format_name", "content", "where"),
    [
        pytest.param(
            "deepep", "[rank {n}] Dispatch send/recv time: 1 us | Combine send/recv time: 1 us\n", 1, id="rank"
        ),
        pytest.param("deepep", V2_LINE.format(rank="{n}", phase="dispatch", second="copy") + "\n", 1, id="test_ep"),
        pytest.param("uccl-ep", "[pplx][rank {n}] Dispatch both p50: 1 us\n", 1, id="pplx rank"),
        pytest.param("pplx-kernels", "EP={n} DP=1\n" + PPLX_HEAD.split("\n", 1)[1], 1, id="world"),
        pytest.param("nccl-tests", NCCL_HEADER + NCCL_ROW + "\n", 5, id="size"),
        pytest.param(
            "nccl-tests", NCCL_HEADER + NCCL_ROW.format(size=8) + "\n# Out of bounds values : {n} OK\n", 6, id="bad"
        ),
    ],
)
def test_a_number_longer_than_any_tool_prints_is_refused_by_its_line(
    format_name: str, content: str, where: int
) -> None:
    """Python's ``int`` refuses more than 4300 digits with its own error: the reader says which line it is."""
    with pytest.raises(ToolOutputError) as caught:
        PARSERS[format_name](content.replace("{size}", "{n}").format(n="7" * 5000).encode())
    assert caught.value.where == f"line {where}"
    assert "more than 308 digits" in caught.value.message


def test_a_size_of_digits_int_does_not_read_is_refused_by_its_line() -> None:
    """``²`` is a digit to ``str.isdigit`` and not to ``int``."""
    with pytest.raises(ToolOutputError) as caught:
        PARSERS["nccl-tests"]((NCCL_HEADER + NCCL_ROW.format(size="²") + "\n").encode())
    assert (caught.value.where, caught.value.message) == ("line 5", "expected a whole number, got '²'")
