"""What vLLM's ``vllm bench serve`` and SGLang's ``bench_serving`` share: flat JSON results, one a line.

SGLang's script was adapted from vLLM's ``benchmark_serving.py`` and both still write a result as
one flat JSON object on one line (``json.dump`` / ``json.dumps`` without indentation), appending a
line per run when asked to. The unit of a number is in its key: ``mean_ttft_ms`` is milliseconds,
``output_throughput`` tokens per second, ``duration`` seconds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from generator.read.formats.tool_output import Metric, ToolOutputError, load_json, path_text, text_of

#: Keys whose unit is not spelled in the name.
_UNITS = {
    "duration": "s",
    "completed": "requests",
    "failed": "requests",
    "num_prompts": "requests",
    "max_concurrent_requests": "requests",
    "concurrency": "requests",
    "total_input_tokens": "tokens",
    "total_output_tokens": "tokens",
    "total_output_tokens_retokenized": "tokens",
    "request_throughput": "req/s",
    "request_goodput": "req/s",
    "input_throughput": "tok/s",
    "output_throughput": "tok/s",
    "output_throughput_retokenized": "tok/s",
    "total_throughput": "tok/s",
    "total_token_throughput": "tok/s",
    "max_output_tokens_per_s": "tok/s",
    "accept_length": "tokens",
    "spec_decode_acceptance_rate": "%",
    "spec_decode_acceptance_length": "tokens",
}


def unit_of(key: str) -> str | None:
    """The unit a serving-benchmark key is in, or ``None`` when the name does not say."""
    if key.endswith("_ms"):
        return "ms"
    return _UNITS.get(key)


def records(content: bytes) -> list[tuple[int, dict[str, Any]]]:
    """Every result line of the file, with its line number; blank lines are skipped."""
    out: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text_of(content).splitlines(), start=1):
        if not line.strip():
            continue
        doc = load_json(line, first_line=number)
        if not isinstance(doc, dict):
            raise ToolOutputError(f"line {number}", f"expected one JSON object on this line, got {type(doc).__name__}")
        out.append((number, doc))
    return out


def where(line: int, key: str, count: int) -> str:
    """A key's place: ``$.output_throughput`` in a one-line file, ``line 3 $.output_throughput`` otherwise."""
    path = path_text((key,))
    return path if count == 1 else f"line {line} {path}"


def metrics(record: Mapping[str, Any], line: int, count: int) -> dict[str, Metric]:
    """Every finite number of a result line whose unit the key names."""
    out: dict[str, Metric] = {}
    for key, value in record.items():
        unit = unit_of(key)
        if unit is None or isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            continue
        out[key] = Metric(float(value), unit, where(line, key, count))
    return out


#: Parameters of a serving-benchmark run (besides its workload) that a result line states, and their words.
_SETTINGS = (
    ("dataset_name", "dataset"),
    ("num_prompts", "prompts"),
    ("request_rate", "request rate"),
    ("burstiness", "burstiness"),
)


def settings(record: Mapping[str, Any]) -> tuple[str, ...]:
    """The run's other parameters as the line states them: ``prompts: 320``, ``request rate: inf``."""
    out = []
    for key, word in _SETTINGS:
        value = record.get(key)
        if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
            continue
        text = str(value).strip()
        if text:
            out.append(f"{word}: {'inf' if text in ('Infinity', 'inf') else text}")
    return tuple(out)
