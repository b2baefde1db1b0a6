"""The set-up facts the built-in benchmark readers state a run by, in the words messages use.

A guide declares its own set-up keys (``setup_keys:`` of ``guide.yml``: name, label, numeric or not,
unit, which one is the load; :func:`generator.setup_keys.declared`), and states them under those names
(``workload:`` of a table, series or row, ``key:`` of a campaign's environment fact). The keys below are
only what the engine's own readers of LLM-serving tools (AIPerf, vllm bench, ...) state about a file,
and the keys a guide that declares none is read with. The record format never loads the readers.
"""

from __future__ import annotations

#: The set-up fields the built-in readers state, with the words a message uses for each.
WORKLOAD_WORDS = {
    "model": "model",
    "framework": "framework",
    "concurrency": "concurrency",
    "request_rate": "request rate",
    "dataset": "dataset",
    "isl": "input length (ISL)",
    "osl": "output length (OSL)",
    "prompts": "number of prompts",
    "scenario": "scenario",
    "nodes": "nodes",
    "gpus": "GPUs",
    "benchmark": "benchmark",
}
WORKLOAD_FIELDS = tuple(WORKLOAD_WORDS)

#: How a message names a value of a field: ``the file ran at 1 request/s``.
UNITS = {"request_rate": "request/s"}

#: The readers' fields that are numbers (the others are names); the first two are loads a sweep varies.
NUMERIC = ("concurrency", "request_rate", "isl", "osl", "prompts", "nodes", "gpus")
LOADS = ("concurrency", "request_rate")
