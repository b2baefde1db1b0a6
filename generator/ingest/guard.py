"""The comparability guard: a run is filed only under a row whose set-up it does not contradict.

A row (or its table, or its campaign) states what every run under it ran: concurrency, input and
output lengths, model, framework, nodes and GPUs. A tool's file states some of the same facts
about itself. Where both state a fact and they differ, the run measured something else, and the
importer refuses it unless the author says why (``--accept-difference "reason"``); the reason and
the differences are then kept with the run and shown on the page.

Where either side is silent nothing is compared: a client-side benchmark does not know how many
GPUs served it, and the guide never guesses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.read.formats.tool_output import WORKLOAD_FIELDS, Stated, ToolRun

#: Names the same framework goes by.
_FRAMEWORK_ALIASES = {"trt-llm": "trtllm", "tensorrt-llm": "trtllm", "tensorrt_llm": "trtllm", "trt": "trtllm"}

FIELD_WORDS = {
    "model": "model",
    "framework": "framework",
    "concurrency": "concurrency",
    "isl": "input length (ISL)",
    "osl": "output length (OSL)",
    "nodes": "nodes",
    "gpus": "GPUs",
    "benchmark": "benchmark",
}


@dataclass(frozen=True)
class Expected:
    """What the guide states for a field of a row, and where it says so (for the message)."""

    value: str | int
    where: str


@dataclass(frozen=True)
class Difference:
    """A fact the run's file and the row state differently."""

    field: str
    expected: Expected
    stated: Stated

    def __str__(self) -> str:
        return (
            f"{FIELD_WORDS[self.field]}: the run says {self.stated.value} ({self.stated.where}),"
            f" {self.expected.where} says {self.expected.value}"
        )


def _same(field: str, ours: str | int, theirs: str | int | float) -> bool:
    if field == "model":
        # "Qwen/Qwen3-30B-A3B-FP8" (a hub id) and "Qwen3-30B-A3B-FP8" name the same model
        return str(ours).rsplit("/", 1)[-1].lower() == str(theirs).rsplit("/", 1)[-1].lower()
    if field == "framework":
        a, b = str(ours).lower(), str(theirs).lower()
        return _FRAMEWORK_ALIASES.get(a, a) == _FRAMEWORK_ALIASES.get(b, b)
    if field == "benchmark":
        return str(ours).removesuffix("_perf") == str(theirs).removesuffix("_perf")
    return ours == theirs


def differences(run: ToolRun, expected: Mapping[str, Expected]) -> list[Difference]:
    """Every field both the run and the row state, where they differ, in a fixed order."""
    found = []
    for name in WORKLOAD_FIELDS:
        ours, theirs = expected.get(name), run.workload.get(name)
        if ours is not None and theirs is not None and not _same(name, ours.value, theirs.value):
            found.append(Difference(name, ours, theirs))
    return found
