"""The set-up facts a run is compared by, in the words messages use.

Declared by the record format (``workload:`` of a table or row, ``key:`` of a campaign's environment
fact); the benchmark tools' readers state what a file says under the same names, and the importer
compares the two (:mod:`generator.ingest.guard`). The record format never loads the readers.
"""

from __future__ import annotations

#: The set-up fields the comparability guard compares with the row a run is filed under, with the
#: words a message uses for each. A guide states them under these names: ``workload:`` of a table or
#: row, ``key:`` of a campaign's environment fact.
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
