"""vLLM's ``vllm bench serve --save-result`` JSON (``--append-result``: one object a line).

Followed: ``vllm/benchmarks/serve.py`` of vllm-project/vllm (``main_async``: ``result_json`` holds
``date`` (``%Y%m%d-%H%M%S``), ``endpoint_type``, ``backend``, ``label``, ``model_id``,
``tokenizer_id``, ``num_prompts``, each ``--metadata KEY=VALUE`` as a top-level text field,
``request_rate`` (a number or ``"inf"``), ``burstiness``, ``max_concurrency``; then the result of
``benchmark()``: ``duration``, ``completed``, ``failed``, ``total_input_tokens``,
``total_output_tokens``, ``request_throughput``, ``output_throughput``, ``total_token_throughput``,
``max_output_tokens_per_s``, and ``mean_/median_/std_/pNN_`` + ``ttft|tpot|itl|e2el`` + ``_ms``).
It is written with ``json.dump`` on one line; ``--append-result`` adds a line per run.

Metric names are the file's own keys: ``output_throughput`` (tok/s), ``mean_ttft_ms`` (ms).
The file does not state input or output lengths or the serving framework; ``--metadata isl=...
osl=... framework=...`` records them, and this reader takes them from there.
"""

from __future__ import annotations

from typing import Any

from generator.read.formats import bench_lines
from generator.read.formats.decoding import stated_int, stated_text, workload
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import Stated, ToolOutputError, ToolRun

FORMAT = "vllm-bench"
TOOL = "vLLM bench serve"
#: Keys ``vllm bench serve`` always writes; a line without them was written by something else.
_SIGNATURE = ("model_id", "duration", "completed", "output_throughput")
#: Other files the same tools write, told by their keys, so that the refusal names them.
_OTHER_OUTPUTS = (
    (("total_output_tokens_retokenized",), "an SGLang bench_serving result (format sglang-bench)"),
    (
        ("elapsed_time", "requests_per_second", "tokens_per_second"),
        "vllm bench throughput's output (offline, no server)",
    ),
    (("avg_latency", "latencies"), "vllm bench latency's output (one batch, no server)"),
)
#: ``--backend`` values that talk to a vLLM server only (the default ``openai`` talks to any server).
_FRAMEWORK_OF_BACKEND = {"vllm": "vllm", "vllm-pooling": "vllm", "vllm-rerank": "vllm"}


def parse(content: bytes) -> list[ToolRun]:
    """Every run in the file, in file order."""
    found = bench_lines.records(content)
    runs = []
    for line, record in found:
        other = next((what for keys, what in _OTHER_OUTPUTS if all(k in record for k in keys)), None)
        if other is not None:
            raise ToolOutputError(bench_lines.place(line), f"not a vLLM bench serve result: this is {other}")
        run = bench_lines.tool_run(
            record,
            line,
            len(found),
            format=FORMAT,
            tool=TOOL,
            a_result="a vLLM bench serve result",
            signature=_SIGNATURE,
            workload=_workload,
            setup=_setup,
        )
        runs.append(run)
    return runs


def _from_int_text(record: dict[str, Any], keys: tuple[str, ...], line: bench_lines.Loc, count: int) -> Stated | None:
    for key in keys:
        value = record.get(key)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        found = stated_int(value, bench_lines.where(line, key, count))
        if found is not None:
            return found
    return None


def _workload(record: dict[str, Any], line: bench_lines.Loc, count: int) -> dict[str, Stated]:
    def at(key: str) -> str:
        return bench_lines.where(line, key, count)

    framework = stated_text(record.get("framework"), at("framework"))
    if framework is None and record.get("backend") in _FRAMEWORK_OF_BACKEND:
        framework = Stated(_FRAMEWORK_OF_BACKEND[record["backend"]], at("backend"))
    return workload(
        model=stated_text(record.get("model_id"), at("model_id")),
        framework=framework,
        concurrency=stated_int(record.get("max_concurrency"), at("max_concurrency")),
        isl=_from_int_text(record, ("isl", "input_len", "random_input_len"), line, count),
        osl=_from_int_text(record, ("osl", "output_len", "random_output_len"), line, count),
        nodes=_from_int_text(record, ("nodes",), line, count),
        gpus=_from_int_text(record, ("gpus",), line, count),
        **bench_lines.load(record, line, count),
    )


def _setup(record: dict[str, Any]) -> dict[str, str]:
    out = {"tool": TOOL}
    date = record.get("date")
    if isinstance(date, str) and len(date) >= 8 and date[:8].isdigit():
        out["date"] = f"{date[:4]}-{date[4:6]}-{date[6:8]}"
    return out


register_tool(FORMAT, parse)
