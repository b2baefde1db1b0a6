"""What a benchmark tool's own output file says: its metrics (value and unit) and its run's set-up.

Each tool's format has a module next to this one (``aiperf.py``, ``vllm_bench.py``,
``sglang_bench.py``, ``nccl_tests.py``) that parses the file exactly as the tool writes it into a
:class:`ToolRun`. The importer (``python -m generator import``) and the build (which reads the kept
raw file again) both go through these parsers, so a number on the page is always derived from the
raw file with the same code that checked it at import time.

A problem is a :class:`ToolOutputError` that says where in the file it is: a line (``line 12``) for
text and broken JSON, a JSON path (``$.output_token_throughput.unit``) for a JSON document.

The parsers' shared parts live next to this module, each named for what it does: ``units.py`` (a
unit's spelling and conversions), ``decoding.py`` (the file as text, its lines, JSON and the values in
it), ``dispatch.py`` (which run and metric of a file the build shows, and registering a format's
reader) and ``launcher.py`` (the prefixes a launcher puts before each line).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class ToolOutputError(Exception):
    """A file that is not what its format says, or lacks what was asked of it.

    ``where`` is a line (``line 12``) or a JSON path (``$.a.b[0]``), empty when the problem is the
    whole file (empty, too large, not text).
    """

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Metric:
    """One number the tool reports, in the unit it reports it in (canonical spelling, see
    :func:`~generator.read.formats.units.canonical_unit`)."""

    value: float
    unit: str
    where: str  # a JSON path or a line of the file, for messages


@dataclass(frozen=True)
class Stated:
    """A fact of the run's set-up as the file states it, with where it says so."""

    value: str | int | float
    where: str


#: Names the same framework goes by.
_FRAMEWORK_ALIASES = {"trt-llm": "trtllm", "tensorrt-llm": "trtllm", "tensorrt_llm": "trtllm", "trt": "trtllm"}


def _as_number(value: str | int | float) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def same_stated(name: str, ours: str | int | float, theirs: str | int | float) -> bool:
    """Whether the guide's ``ours`` and the file's ``theirs`` state the same value of field ``name``.

    A model is named by its last path part (``Qwen/Qwen3-30B-A3B-FP8`` is ``Qwen3-30B-A3B-FP8``), a
    framework by any of its names, a benchmark with or without ``_perf``; numbers compare as numbers
    (the guide's ``"2"`` is the file's ``2``), anything else as text, ignoring case.
    """
    if name == "model":
        return str(ours).rsplit("/", 1)[-1].lower() == str(theirs).rsplit("/", 1)[-1].lower()
    if name == "framework":
        a, b = str(ours).lower(), str(theirs).lower()
        return _FRAMEWORK_ALIASES.get(a, a) == _FRAMEWORK_ALIASES.get(b, b)
    if name == "benchmark":
        return str(ours).removesuffix("_perf") == str(theirs).removesuffix("_perf")
    a_num, b_num = _as_number(ours), _as_number(theirs)
    if a_num is not None and b_num is not None:
        return a_num == b_num
    return str(ours).strip().lower() == str(theirs).strip().lower()


@dataclass(frozen=True)
class ToolRun:
    """One run of a benchmark tool, read from its own output.

    ``workload`` holds what the file states of :data:`~generator.workload.WORKLOAD_FIELDS` (absent when the file is
    silent: a client-side tool does not know how many GPUs served it). ``setup`` holds the
    provenance the file states (``tool``, ``tool_version``, ``command`` line, ``date`` as
    YYYY-MM-DD) and ``software`` the versions of components it names (``{"nccl": "2.28.7"}``), all
    as text; ``settings`` other parameters of the run it states (``prompts: 320``).
    """

    format: str
    tool: str
    metrics: Mapping[str, Metric]
    workload: Mapping[str, Stated] = field(default_factory=dict)
    setup: Mapping[str, str] = field(default_factory=dict)
    software: Mapping[str, str] = field(default_factory=dict)
    settings: tuple[str, ...] = ()
    verdict: str = ""
    """The tool's own verdict on the run, in its words (``Out of bounds values : 0 OK``,
    ``submission_valid: false (...)``); empty when the file states none."""
    valid: bool = True
    """``False`` when the tool itself marks the run invalid: the importer refuses it unless the author
    gives a reason (``--accept-difference``), and the evidence then shows :attr:`verdict`."""
    warnings: tuple[str, ...] = ()
    """What the reader noticed and read past (a row split by a log line and joined, a launcher's
    prefix removed), for ``inspect``."""
    unusable: Mapping[str, str] = field(default_factory=dict)
    """Metrics the file holds that are not finite numbers (``NaN``, ``Infinity``), with why, so that
    asking for one says so instead of "no metric"."""
    part: str = ""
    """Which test of a file that holds several the run belongs to (nccl-tests' ``alltoall_perf`` in a
    sweep log); empty when the format has no such parts."""

    def metric(self, name: str) -> Metric:
        """The metric called ``name``, or an error listing what the file does have."""
        found = self.metrics.get(name)
        if found is None and name in self.unusable:
            raise ToolOutputError("", f"{name} in this {self.tool} output {self.unusable[name]}")
        if found is None:
            raise ToolOutputError("", f"no metric {name!r} in this {self.tool} output; it has {_some(self.metrics)}")
        return found


def _some(names: Mapping[str, Any], limit: int = 12) -> str:
    listed = sorted(names)
    if not listed:
        return "none"
    shown = ", ".join(listed[:limit])
    return shown + (f" and {len(listed) - limit} more" if len(listed) > limit else "")
