"""The set-up facts a run is compared by, in the words messages use: shared by the record format
(``workload:`` of a table or row, ``key:`` of an environment fact) and the benchmark tools' readers.

Not a format: kept apart from the readers so that the record format, which every build loads, does
not load them. The words are the tools' own vocabulary, as in every module of this folder.
"""

from __future__ import annotations

#: The set-up fields the comparability guard compares with the row a run is filed under, with the
#: words a message uses for each. A guide states them under these names: ``workload:`` of a table or
#: row, ``key:`` of a campaign's environment fact.
WORKLOAD_WORDS = {
    "model": "model",
    "framework": "framework",
    "concurrency": "concurrency",
    "isl": "input length (ISL)",
    "osl": "output length (OSL)",
    "nodes": "nodes",
    "gpus": "GPUs",
    "benchmark": "benchmark",
}
WORKLOAD_FIELDS = tuple(WORKLOAD_WORDS)
