"""SGLang's ``python -m sglang.bench_serving --output-file FILE.jsonl``: one JSON object a line, a line per run.

Followed: ``python/sglang/bench_serving.py`` of sgl-project/sglang (``benchmark()``: the ``result``
dict of arguments ``backend``, ``dataset_name``, ``request_rate``, ``max_concurrency``,
``sharegpt_output_len``, ``random_input_len``, ``random_output_len``, ``random_range_ratio`` and
results ``duration``, ``completed``, ``total_input_tokens``, ``total_output_tokens``,
``total_output_tokens_retokenized``, ``request_throughput``, ``input_throughput``,
``output_throughput``, ``mean_/median_/std_/p99_`` + ``e2e_latency|ttft|tpot|itl`` + ``_ms``,
``concurrency``, ``accept_length``; appended to the output file with ``json.dumps(...) + "\\n"``),
and the SGLang "Bench Serving Guide" (``docs/developer_guide/bench_serving.md``, "JSONL output
format").

Metric names are the file's own keys: ``output_throughput`` (tok/s), ``median_ttft_ms`` (ms).
``random_input_len``/``random_output_len`` state ISL/OSL for the ``random`` datasets; the
``backend`` names the framework for SGLang's, vLLM's and TensorRT-LLM's own endpoints.
"""

from __future__ import annotations

from typing import Any

from generator.read.formats import bench_lines
from generator.read.formats.decoding import stated_int, stated_text, workload
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import Stated, ToolRun

FORMAT = "sglang-bench"
TOOL = "SGLang bench_serving"
#: Keys ``bench_serving`` always writes; a line without them was written by something else.
_SIGNATURE = ("backend", "total_output_tokens_retokenized", "duration", "completed", "output_throughput")
_FRAMEWORK_OF_BACKEND = {
    "sglang": "sglang",
    "sglang-native": "sglang",
    "sglang-oai": "sglang",
    "sglang-oai-chat": "sglang",
    "vllm": "vllm",
    "vllm-chat": "vllm",
    "trt": "trtllm",
    "lmdeploy": "lmdeploy",
    "lmdeploy-chat": "lmdeploy",
}


def parse(content: bytes) -> list[ToolRun]:
    """Every run in the file, in file order."""
    found = bench_lines.records(content)
    runs = []
    for line, record in found:
        run = bench_lines.tool_run(
            record,
            line,
            len(found),
            format=FORMAT,
            tool=TOOL,
            a_result="an SGLang bench_serving result",
            signature=_SIGNATURE,
            workload=_workload,
            setup=lambda record: {"tool": TOOL},
        )
        runs.append(run)
    return runs


def _workload(record: dict[str, Any], line: bench_lines.Loc, count: int) -> dict[str, Stated]:
    def at(key: str) -> str:
        return bench_lines.where(line, key, count)

    backend = record.get("backend")
    framework = None
    if isinstance(backend, str) and backend in _FRAMEWORK_OF_BACKEND:
        framework = Stated(_FRAMEWORK_OF_BACKEND[backend], at("backend"))
    dataset = record.get("dataset_name")
    random = isinstance(dataset, str) and dataset.startswith("random")
    isl = stated_int(record.get("random_input_len"), at("random_input_len")) if random else None
    osl = stated_int(record.get("random_output_len"), at("random_output_len")) if random else None
    if osl is None and dataset == "sharegpt":
        osl = stated_int(record.get("sharegpt_output_len"), at("sharegpt_output_len"))
    return workload(
        model=stated_text(record.get("model_id"), at("model_id")),
        framework=framework,
        concurrency=stated_int(record.get("max_concurrency"), at("max_concurrency")),
        isl=isl,
        osl=osl,
        **bench_lines.load(record, line, count),
    )


register_tool(FORMAT, parse)
