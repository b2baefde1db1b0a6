"""The benchmark tools whose own output the guide can import, by format name.

``read_runs("aiperf", content)`` parses a file as that tool writes it into its runs (most files
hold one; a vLLM or SGLang result file holds one a line). A file of another tool is named as such:
``not an AIPerf export ... (it reads as a vllm-bench file)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.read.formats import (
    aiperf,
    deepep,
    mlperf_loadgen,
    nccl_tests,
    pplx_kernels,
    sglang_bench,
    uccl_ep,
    vllm_bench,
)
from generator.read.formats.tool_output import ToolOutputError, ToolRun

Parser = Callable[[bytes], list[ToolRun]]

PARSERS: dict[str, Parser] = {
    aiperf.FORMAT: lambda content: [aiperf.parse(content)],
    vllm_bench.FORMAT: vllm_bench.parse,
    sglang_bench.FORMAT: sglang_bench.parse,
    nccl_tests.FORMAT: nccl_tests.parse,
    deepep.FORMAT: deepep.parse,
    uccl_ep.FORMAT: uccl_ep.parse,
    pplx_kernels.FORMAT: pplx_kernels.parse,
    mlperf_loadgen.FORMAT: mlperf_loadgen.parse,
}

#: What each format is, for help texts and messages.
DESCRIPTIONS = {
    aiperf.FORMAT: "AIPerf profile_export_aiperf.json",
    vllm_bench.FORMAT: "vllm bench serve --save-result JSON",
    sglang_bench.FORMAT: "python -m sglang.bench_serving --output-file JSON lines",
    nccl_tests.FORMAT: "nccl-tests standard output (all_gather_perf, reduce_scatter_perf, alltoall_perf ...)",
    deepep.FORMAT: "DeepEP tests' standard output (test_intranode, test_internode, test_low_latency, V2 test_ep)",
    uccl_ep.FORMAT: "UCCL EP ep/bench scripts' standard output (test_low_latency, test_internode ...)",
    pplx_kernels.FORMAT: "pplx-kernels tests.bench_all_to_all standard output or its _all_to_all.tsv",
    mlperf_loadgen.FORMAT: "MLPerf Inference LoadGen's mlperf_log_summary.txt or mlperf_log_detail.txt",
}


#: The name (glob) a format's file has inside a run folder, and names of the tool's other files to skip.
_FILE_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    aiperf.FORMAT: (("profile_export_aiperf.json",), ()),
    vllm_bench.FORMAT: (("*.json",), (".pytorch.json",)),  # vLLM also writes a PyTorch-benchmark copy
    sglang_bench.FORMAT: (("*.jsonl",), ()),
    nccl_tests.FORMAT: (("*.log", "*.txt", "*.out", "*.json"), ()),
    deepep.FORMAT: (("*.log", "*.txt", "*.out"), ()),
    uccl_ep.FORMAT: (("*.log", "*.txt", "*.out"), ()),
    pplx_kernels.FORMAT: (("*.log", "*.txt", "*.out", "*_all_to_all.tsv"), ()),
    mlperf_loadgen.FORMAT: (("mlperf_log_summary.txt",), ()),
}


def files_in(folder: Path, format_name: str) -> list[Path]:
    """The files of ``format_name`` anywhere inside a run folder, by the names the tool gives them."""
    patterns, skipped = _FILE_NAMES[format_name]
    found = {p for pattern in patterns for p in folder.rglob(pattern) if p.is_file()}
    return sorted(p for p in found if not p.name.endswith(skipped))


def guess(content: bytes) -> str | None:
    """The format a file reads as, or ``None``."""
    for name, parser in PARSERS.items():
        try:
            parser(content)
        except ToolOutputError:
            continue
        return name
    return None


#: What a file of each format shows near its start even when the run failed (for guessing the format of a
#: file no reader accepts, so that the refusal is the right reader's).
_MARKS: dict[str, tuple[bytes, ...]] = {
    aiperf.FORMAT: (b'"input_config"', b'"aiperf_version"', b"Metric,avg,"),
    sglang_bench.FORMAT: (b'"total_output_tokens_retokenized"',),
    vllm_bench.FORMAT: (b'"model_id"',),
    nccl_tests.FORMAT: (b"# nThread", b"# nccl-tests version", b"# Using devices", b'"nccl_version"'),
    deepep.FORMAT: (
        b"[config] num_tokens=",
        b"[tuning] SMs ",
        b"Allocating buffer size:",
        b" > Testing with do_handle_copy",
        b" > Testing with expert_alignment",  # the V2.5 port's test_ep
        b"Running all test cases:",
        b"DeepEP hybrid kernel selection",
        b"tests/elastic/test_ep.py",
        b"tests/ep/test_ep.py",
    ),
    uccl_ep.FORMAT: (b"Start experiment with settings:", b"[pplx][rank "),
    pplx_kernels.FORMAT: (b"\tDispatch_lat\t", b"\tScatter_lat\t"),
    mlperf_loadgen.FORMAT: (b"MLPerf Results Summary", b':::MLLOG {"key": "loadgen_version"'),
}


def guess_format(content: bytes) -> str | None:
    """The format a file reads as; failing that, the format whose marks it shows (its reader then says
    why it refuses the file); ``None`` when it looks like none."""
    found = guess(content)
    if found is not None:
        return found
    head = content[:65536]
    for name, marks in _MARKS.items():
        if any(mark in head for mark in marks):
            return name
    return None


def read_runs(format_name: str, content: bytes) -> list[ToolRun]:
    """Every run in ``content`` read as ``format_name``; a :class:`ToolOutputError` otherwise."""
    parser = PARSERS.get(format_name)
    if parser is None:
        raise ToolOutputError("", f"unknown format {format_name!r}; known: {', '.join(PARSERS)}")
    try:
        return parser(content)
    except ToolOutputError as exc:
        other = guess(content)
        if other is not None and other != format_name:
            raise ToolOutputError(exc.where, f"{exc.message} (it reads as a {other} file)") from None
        raise
