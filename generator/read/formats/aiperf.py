"""AIPerf's ``profile_export_aiperf.json``: aggregated statistics per metric, with units, and the run's set-up.

Followed: ``aiperf/exporters/metrics_json_exporter.py`` and ``JsonExportData`` / ``JsonMetricResult``
in ``aiperf/common/models/export_models.py`` of AIPerf 0.13.0 (PyPI ``aiperf``, repository
ai-dynamo/aiperf; export ``schema_version`` 1.4), and the AIPerf tutorial "Working with Profile
Export Files" (``docs/tutorials/working-with-profile-exports.md``). The file is one JSON object:

* one key per metric tag, each ``{"unit": "tokens/sec", "avg": ..., "p50": ..., "min": ..., ...}``
  (statistics that do not apply are left out);
* ``input_config``: the benchmark configuration (``models.items[].name``, ``phases[]`` with ``kind``
  and ``concurrency``, ``datasets[].prompts.isl`` / ``osl`` as a number or ``{"mean": ...}``);
* ``aiperf_version``, ``run_info.cli_command``, ``start_time``, ``was_cancelled``, ``is_complete``.

Metric names here are ``<tag>.<statistic>``: ``output_token_throughput.avg``, ``request_latency.p99``.
"""

from __future__ import annotations

import math
from typing import Any

from generator.read.formats.tool_output import (
    Metric,
    Stated,
    ToolOutputError,
    ToolRun,
    canonical_unit,
    dig,
    expect_object,
    load_json,
    path_text,
    register_tool,
    stated_int,
    stated_text,
    text_of,
    workload,
)

FORMAT = "aiperf"
TOOL = "AIPerf"
#: Export schema versions this reader knows (AIPerf bumps the major number on a breaking change).
KNOWN_SCHEMA_MAJOR = "1"


def parse(content: bytes) -> ToolRun:
    """Read a ``profile_export_aiperf.json``."""
    doc = expect_object(load_json(text_of(content)), TOOL, "AIPerf writes one object per export")
    schema = doc.get("schema_version")
    if schema is not None and (not isinstance(schema, str) or schema.split(".")[0] != KNOWN_SCHEMA_MAJOR):
        raise ToolOutputError("$.schema_version", f"export schema {schema!r} is not one this reader knows (1.x)")
    metrics = _metrics(doc)
    if not metrics:
        raise ToolOutputError(
            "$",
            "no AIPerf metrics (objects with a unit and statistics such as avg) in this file: is it an AIPerf export?",
        )
    _refuse_incomplete(doc)
    config = doc.get("input_config")
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=_workload(config if isinstance(config, dict) else {}),
        setup=_setup(doc),
    )


def _metrics(doc: dict[str, Any]) -> dict[str, Metric]:
    out: dict[str, Metric] = {}
    for tag, result in doc.items():
        if not isinstance(result, dict) or not isinstance(result.get("unit"), str):
            continue
        unit = canonical_unit(result["unit"])
        for stat, value in result.items():
            if stat == "unit" or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if math.isfinite(value):
                out[f"{tag}.{stat}"] = Metric(float(value), unit, path_text((tag, stat)))
    return out


def _refuse_incomplete(doc: dict[str, Any]) -> None:
    if doc.get("was_cancelled") is True:
        raise ToolOutputError("$.was_cancelled", "the run was cancelled: a partial run is not a result")
    if doc.get("is_complete") is False:
        reason = doc.get("incomplete_reason")
        why = f" ({reason})" if isinstance(reason, str) and reason else ""
        raise ToolOutputError("$.is_complete", f"AIPerf marked the run incomplete{why}: a partial run is not a result")


def _profiling_phase(config: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
    phases = config.get("phases")
    if not isinstance(phases, list):
        return None
    for i, phase in enumerate(phases):
        if isinstance(phase, dict) and phase.get("kind", "profiling") == "profiling":
            return i, phase
    return None


def _length(config: dict[str, Any], index: int, which: str) -> Stated | None:
    value = dig(config, "datasets", index, "prompts", which)
    where = path_text(("input_config", "datasets", index, "prompts", which))
    if isinstance(value, dict):
        return stated_int(value.get("mean"), where + ".mean")
    return stated_int(value, where)


def _workload(config: dict[str, Any]) -> dict[str, Stated]:
    models = dig(config, "models", "items")
    model = None
    if isinstance(models, list) and len(models) == 1:
        model = stated_text(dig(models, 0, "name"), path_text(("input_config", "models", "items", 0, "name")))
    concurrency = None
    found = _profiling_phase(config)
    if found is not None:
        i, phase = found
        concurrency = stated_int(phase.get("concurrency"), path_text(("input_config", "phases", i, "concurrency")))
    datasets = config.get("datasets")
    index = 0
    if isinstance(datasets, list):
        names = [d.get("name") if isinstance(d, dict) else None for d in datasets]
        index = names.index("main") if "main" in names else 0
    return workload(
        model=model,
        concurrency=concurrency,
        isl=_length(config, index, "isl"),
        osl=_length(config, index, "osl"),
    )


def _setup(doc: dict[str, Any]) -> dict[str, str]:
    out = {"tool": TOOL}
    version = doc.get("aiperf_version")
    if isinstance(version, str) and version:
        out["tool_version"] = version
    command = dig(doc, "run_info", "cli_command")
    if isinstance(command, str) and command:
        out["command"] = command
    start = doc.get("start_time")
    if isinstance(start, str) and len(start) >= 10:
        out["date"] = start[:10]
    return out


register_tool(FORMAT, parse)
