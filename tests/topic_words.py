"""The shipped guide's topic words: the engine must not contain any of them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

#: Words that belong to the shipped guide (expert-parallel all-to-all on one fabric), never to the engine.
TOPIC_WORDS = [
    "EFA", "MoE", "Mixture-of-Experts", "NIC", "NICs", "fabric", "fabrics", "DeepEP", "fork", "forks",
    "token", "tokens", "tok/s", "GPU", "GPUs", "expert", "experts", "all-to-all", "dispatch", "combine",
    "decode", "prefill", "UCCL", "pplx", "NVSHMEM", "NCCL", "IBGDA", "GDAKI", "AWS", "CUDA", "kernel",
    "kernels", "proxy", "allgather", "vLLM", "SGLang", "TRT-LLM", "trtllm", "libfabric", "InfiniBand",
    "parallelism", "inference", "serving", "Qwen", "p5en", "cluster", "clusters",
]  # fmt: skip

#: What LLM serving brings to a page besides the shipped guide's own topic: its set-up and its units. No engine
#: text a reader sees (templates, scripts' strings, a built page of another topic's guide) says any of them.
SERVING_WORDS = [
    "cluster", "clusters", "serving", "served", "token", "tokens", "GPU", "GPUs", "node", "nodes", "prompt",
    "prompts", "LLM", "LLMs", "inference", "concurrency", "batch", "ms", "µs", "ns", "GB/s", "MB/s", "GiB/s",
    "Gb/s", "Gbps", "GB", "MB", "KB", "GiB", "MiB", "KiB", "req/s", "ops/s", "tok/s",
]  # fmt: skip
_SERVING = re.compile(r"(?<![.\w/-])(" + "|".join(re.escape(w) for w in SERVING_WORDS) + r")(?![\w/-])")


def serving_words(text: str) -> list[str]:
    """The words and units of LLM serving in ``text``, as written (case counts: ``MB`` is a unit, ``mb`` is not)."""
    return [m.group(0) for m in _SERVING.finditer(text)]


# A word on its own: not part of a longer word, a path or a method call (``raw.decode("utf-8")``).
_WORD = re.compile(r"(?<![.\w/-])(" + "|".join(re.escape(w) for w in TOPIC_WORDS) + r")(?![\w-])", re.IGNORECASE)


def topic_words(text: str) -> list[str]:
    return [m.group(0) for m in _WORD.finditer(text)]


def found_in(paths: Iterable[Path], root: Path) -> list[str]:
    """``file:line: word`` for every topic word in ``paths``."""
    hits = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hits += [f"{path.relative_to(root)}:{number}: {word}" for word in topic_words(line)]
    return hits
