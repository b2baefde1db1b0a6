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

The first layout (AIPerf 0.1.x, no ``schema_version``) nests the metrics under ``records``, each
``{"tag": ..., "header": ..., "unit": ..., "avg": ..., "p50": ...}`` (``null`` where a statistic does
not apply), and its ``input_config`` names the model under ``endpoint.model_names``, the concurrency
under ``loadgen.concurrency`` and the output length under ``input.prompt.output_tokens.mean``; both
layouts read to the same metric names.

Refused: a cancelled run (``was_cancelled: true``), one AIPerf marks incomplete, one in which every request
failed (``error_request_count`` and no ``request_count``: AIPerf 0.8 does not mark it cancelled; refused with
its ``error_summary``, ``20 of 20 requests failed: TimeoutError``), and the CSV export
(``profile_export_aiperf.csv``, which holds the same run: import the JSON beside it). A run that its
harness marks invalid (``metadata.submission_valid: false``, with its reason beside it) reads, with
that verdict: the importer refuses it unless the author gives a reason. Failed requests
(``error_summary``) are listed as warnings, in AIPerf's words.

Metric names here are ``<tag>.<statistic>``: ``output_token_throughput.avg``, ``request_latency.p99``.
"""

from __future__ import annotations

import json
import math
from typing import Any

from generator.read.formats.decoding import (
    dig,
    expect_object,
    few,
    load_json,
    path_text,
    stated_int,
    stated_text,
    text_of,
    workload,
)
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun
from generator.read.formats.units import canonical_unit

FORMAT = "aiperf"
TOOL = "AIPerf"
#: Export schema versions this reader knows (AIPerf bumps the major number on a breaking change).
KNOWN_SCHEMA_MAJOR = "1"


def parse(content: bytes) -> ToolRun:
    """Read a ``profile_export_aiperf.json``."""
    text = text_of(content)
    if text.lstrip().startswith("Metric,"):
        raise ToolOutputError(
            "line 1",
            "this is AIPerf's CSV export (profile_export_aiperf.csv); import the profile_export_aiperf.json"
            " written beside it, which holds the same run with its set-up",
        )
    _refuse_per_request(text)
    doc = expect_object(load_json(text), TOOL, "AIPerf writes one object per export")
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
    _refuse_all_failed(doc)
    config = doc.get("input_config")
    config = config if isinstance(config, dict) else {}
    valid, verdict = _submission(doc)
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=_first_workload(config) if "loadgen" in config else _workload(config),
        setup=_setup(doc),
        verdict=verdict,
        valid=valid,
        warnings=_errors(doc),
        unusable=_unusable(doc),
    )


def _refuse_per_request(text: str) -> None:
    """AIPerf's per-request export (``profile_export.jsonl``, one record a line) is not the run's summary."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or not (lines[0].startswith("{") and lines[0].endswith("}")):
        return
    try:
        first = json.loads(lines[0])
    except ValueError:
        return
    if isinstance(first, dict) and "metrics" in first and ("metadata" in first or "error" in first):
        raise ToolOutputError(
            "line 1",
            "this is AIPerf's per-request export (profile_export.jsonl, one request a line); import the"
            " profile_export_aiperf.json beside it, which holds the run's statistics",
        )


def _metrics(doc: dict[str, Any]) -> dict[str, Metric]:
    records = doc.get("records")
    found: dict[tuple[str, tuple[str, ...]], dict[str, Any]]
    if isinstance(records, dict) and "schema_version" not in doc:  # the 0.1.x layout
        found = {
            (str(result["tag"]) if isinstance(result.get("tag"), str) else key, ("records", key)): result
            for key, result in records.items()
            if isinstance(result, dict)
        }
    else:
        found = {(tag, (tag,)): result for tag, result in doc.items() if isinstance(result, dict)}
    out: dict[str, Metric] = {}
    for (tag, path), result in found.items():
        if not isinstance(result.get("unit"), str):
            continue
        unit = canonical_unit(result["unit"])
        for stat, value in result.items():
            if stat in ("unit", "count") or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if math.isfinite(value):
                out[f"{tag}.{stat}"] = Metric(float(value), unit, path_text((*path, stat)))
    return out


def _unusable(doc: dict[str, Any]) -> dict[str, str]:
    """Statistics that are not finite numbers (AIPerf writes ``NaN`` where it could not compute one)."""
    records = doc.get("records")
    layout = records if isinstance(records, dict) and "schema_version" not in doc else doc
    out = {}
    for tag, result in layout.items():
        if not isinstance(result, dict) or not isinstance(result.get("unit"), str):
            continue
        for stat, value in result.items():
            if isinstance(value, float) and not math.isfinite(value):
                out[f"{tag}.{stat}"] = f"is not a finite number ({value}, at {path_text((tag, stat))})"
    return out


def _submission(doc: dict[str, Any]) -> tuple[bool, str]:
    """Whether the run's harness marks it valid (``metadata.submission_valid``), and its verdict in its words."""
    metadata = doc.get("metadata")
    if not isinstance(metadata, dict) or metadata.get("submission_valid") is not False:
        return True, ""
    reasons = [
        f"{key}: {value}" if not isinstance(value, list) else f"{key}: {'; '.join(map(str, value))}"
        for key, value in metadata.items()
        if key != "submission_valid" and ("reason" in key or "invalid" in key) and value not in (None, "", [])
    ]
    return False, "submission_valid: false" + (f" ({'; '.join(reasons)})" if reasons else "")


def _errors(doc: dict[str, Any]) -> tuple[str, ...]:
    """AIPerf's summary of failed requests: ``11 requests failed: RequestCancellationError (499) ...``."""
    summary = doc.get("error_summary")
    if not isinstance(summary, list):
        return ()
    out = []
    for entry in summary:
        if not isinstance(entry, dict):
            continue
        found = entry.get("error_details")
        details: dict[str, Any] = found if isinstance(found, dict) else {}
        count = entry.get("count")
        kind = details.get("type") or "error"
        code = f" ({details['code']})" if details.get("code") is not None else ""
        message = str(details.get("message") or "")[:160]
        out.append(f"{count} request(s) failed: {kind}{code}" + (f": {message}" if message else ""))
    return tuple(few(out, "kinds of failed requests"))


def _first_workload(config: dict[str, Any]) -> dict[str, Stated]:
    """The set-up the 0.1.x ``input_config`` states (``endpoint``, ``loadgen``, ``input``)."""
    names = dig(config, "endpoint", "model_names")
    model = None
    if isinstance(names, list) and len(names) == 1:
        model = stated_text(names[0], path_text(("input_config", "endpoint", "model_names", 0)))
    osl = dig(config, "input", "prompt", "output_tokens")
    isl = dig(config, "input", "prompt", "input_tokens")
    rate = dig(config, "loadgen", "request_rate")
    return workload(
        model=model,
        concurrency=stated_int(
            dig(config, "loadgen", "concurrency"), path_text(("input_config", "loadgen", "concurrency"))
        ),
        isl=stated_int(
            isl.get("mean") if isinstance(isl, dict) else None,
            path_text(("input_config", "input", "prompt", "input_tokens", "mean")),
        ),
        osl=stated_int(
            osl.get("mean") if isinstance(osl, dict) else None,
            path_text(("input_config", "input", "prompt", "output_tokens", "mean")),
        ),
        request_rate=Stated(rate, path_text(("input_config", "loadgen", "request_rate")))
        if isinstance(rate, (int, float)) and not isinstance(rate, bool) and rate > 0 and math.isfinite(rate)
        else None,
        prompts=stated_int(
            dig(config, "loadgen", "request_count"), path_text(("input_config", "loadgen", "request_count"))
        ),
    )


def _refuse_incomplete(doc: dict[str, Any]) -> None:
    if doc.get("was_cancelled") is True:
        errors = _errors(doc)
        said = f" (AIPerf's error summary: {'; '.join(errors[:2])})" if errors else ""
        raise ToolOutputError("$.was_cancelled", f"the run was cancelled: a partial run is not a result{said}")
    if doc.get("is_complete") is False:
        reason = doc.get("incomplete_reason")
        why = f" ({reason})" if isinstance(reason, str) and reason else ""
        raise ToolOutputError("$.is_complete", f"AIPerf marked the run incomplete{why}: a partial run is not a result")


def _refuse_all_failed(doc: dict[str, Any]) -> None:
    """A run in which every request failed (AIPerf counts them in ``error_request_count`` and names them in
    ``error_summary``; it does not mark such a run cancelled) measured nothing: refused with AIPerf's summary."""
    failed = dig(doc, "error_request_count", "avg")
    if not isinstance(failed, (int, float)) or isinstance(failed, bool) or not failed > 0:
        return
    done = dig(doc, "request_count", "avg")
    if isinstance(done, (int, float)) and not isinstance(done, bool) and done > 0:
        return
    summary = doc.get("error_summary")
    kinds = [
        str(entry["error_details"].get("type") or "error")
        for entry in (summary if isinstance(summary, list) else [])
        if isinstance(entry, dict) and isinstance(entry.get("error_details"), dict)
    ]
    named = f": {', '.join(dict.fromkeys(kinds))}" if kinds else ""
    errors = _errors(doc)
    said = f" (AIPerf's error summary: {'; '.join(errors[:2])})" if errors else ""
    raise ToolOutputError(
        "$.error_request_count",
        f"{failed:g} of {failed:g} requests failed{named}{said}: a run without one successful request is not a result",
    )


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
    concurrency = requests = None
    found = _profiling_phase(config)
    if found is not None:
        i, phase = found
        concurrency = stated_int(phase.get("concurrency"), path_text(("input_config", "phases", i, "concurrency")))
        requests = stated_int(phase.get("requests"), path_text(("input_config", "phases", i, "requests")))
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
        prompts=requests,
    )


def _setup(doc: dict[str, Any]) -> dict[str, str]:
    out = {"tool": TOOL}
    version = doc.get("aiperf_version")
    if isinstance(version, str) and version:
        out["tool_version"] = version
    command = dig(doc, "run_info", "cli_command") or dig(doc, "input_config", "cli_command")
    if isinstance(command, str) and command:
        out["command"] = command
    start = doc.get("start_time")
    if isinstance(start, str) and len(start) >= 10:
        out["date"] = start[:10]
    return out


register_tool(FORMAT, parse)
