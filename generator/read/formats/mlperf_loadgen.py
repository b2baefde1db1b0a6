"""MLPerf Inference LoadGen's own result files: ``mlperf_log_summary.txt`` and ``mlperf_log_detail.txt``.

Followed: ``loadgen/results.cc`` of mlcommons/inference (``PerformanceSummary::LogSummary`` and
``LogDetail``) and ``loadgen/test_settings_internal.cc`` (``TestSettingsInternal::LogSummary``), as
LoadGen 4.x and 5.x write them, and real summaries of the public results repositories
(mlcommons/inference_results_v4.1 ...).

The summary: a ``MLPerf Results Summary`` banner, ``SUT name : ...``, ``Scenario : Offline | Server |
SingleStream | MultiStream | Interactive``, ``Mode     : PerformanceOnly``, the scenario's headline
(``Samples per second: N`` and ``Tokens per second: N`` for Offline, ``Completed samples per second
: N`` and ``Completed tokens per second: N`` for Server, ``90th percentile latency (ns) : N`` for
SingleStream, ``99th percentile latency (ns) : N`` of queries for MultiStream), ``Result is : VALID``
with the constraints it checked (``  Min duration satisfied : Yes``), the early-stopping result, then
``Additional Stats`` (min, max, mean and percentile latencies in ns; for LLM benchmarks the same of the
first token and of the time per output token) and ``Test Parameters Used`` (``target_qps : 73.5``,
``min_duration (ms): 600000`` ...), the run's set-up.

The detail log: one ``:::MLLOG {json}`` a line, ``key`` and ``value``; the same results under
``result_*`` keys (``result_samples_per_second``, ``result_completed_tokens_per_second``,
``result_99.00_percentile_latency_ns`` ...), ``effective_*`` settings, ``loadgen_version`` and
``test_datetime``. Lines LoadGen writes for the sample sets (``loaded_qsl_set`` and the like) may be
longer than any other log's lines; they are skipped by their key, unread.

Metric names are the same in both files: ``samples_per_second``, ``tokens_per_second``,
``completed_samples_per_second``, ``completed_tokens_per_second``, ``scheduled_samples_per_second``,
``inferred_tokens_per_second`` and ``inferred_completed_tokens_per_second`` (LoadGen's ``Tokens per second
(inferred)``, ``result_inferred_tokens_per_second``: for a benchmark whose SUT reports no tokens, GPT-J, the
samples times ``token_latency_scaling_factor``; kept apart from the counted tokens, as LoadGen keeps them),
``p90_latency``, ``mean_latency``, ``p99_query_latency`` (MultiStream), ``p99_ttft``, ``mean_tpot``,
``early_stopping_p90_latency`` ...; latencies in ms, converted from the ns LoadGen writes.

Refused, with LoadGen's own words: a result that is not ``VALID`` (its ``Result is : INVALID`` line and
every constraint it lists as ``NO``, or the detail log's ``result_validity`` and
``result_invalid_reason``) and a mode other than ``PerformanceOnly`` (an accuracy run has no
performance result).
"""

from __future__ import annotations

import math
import re
from typing import Any

from generator.read.formats.decoding import MAX_LINE_BYTES, load_json, text_lines, text_of, workload
from generator.read.formats.dispatch import register_tool
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun

FORMAT = "mlperf-loadgen"
TOOL = "MLPerf LoadGen"

_BANNER = "MLPerf Results Summary"
_MLLOG = ":::MLLOG "
_SCENARIOS = ("Offline", "Server", "SingleStream", "MultiStream", "Interactive")

#: Headline and throughput lines of the summary -> (metric, unit).
_RATES = {
    "Samples per second": ("samples_per_second", "samples/s"),
    "Tokens per second": ("tokens_per_second", "tok/s"),
    "Completed samples per second": ("completed_samples_per_second", "samples/s"),
    "Completed tokens per second": ("completed_tokens_per_second", "tok/s"),
    # Benchmarks whose SUT reports no tokens (GPT-J): LoadGen infers them as samples x
    # ``token_latency_scaling_factor`` and says so in the label; the name says so too.
    "Tokens per second (inferred)": ("inferred_tokens_per_second", "tok/s"),
    "Completed tokens per second (inferred)": ("inferred_completed_tokens_per_second", "tok/s"),
    "Scheduled samples per second": ("scheduled_samples_per_second", "samples/s"),
    "QPS w/ loadgen overhead": ("qps_with_loadgen_overhead", "queries/s"),
    "QPS w/o loadgen overhead": ("qps_without_loadgen_overhead", "queries/s"),
    "TPS w/ loadgen overhead": ("tps_with_loadgen_overhead", "tok/s"),
    "TPS w/o loadgen overhead": ("tps_without_loadgen_overhead", "tok/s"),
}
#: What a latency line is of -> the metric's suffix.
_OF = {
    "latency": "latency",
    "first token latency": "ttft",
    "first token percentile latency": "ttft",
    "time to output token": "tpot",
    "first token": "ttft",
}
#: ``Min latency (ns)``, ``Mean First Token latency (ns)``, ``Max Time to Output Token (ns)``.
_EXTREME = re.compile(r"(Min|Max|Mean) (latency|First Token latency|Time to Output Token) \(ns\)")
#: ``50.00 percentile latency (ns)``, ``90th percentile latency (ns)``, ``99th first token percentile latency
#: (ns)``, ``99.90 percentile time to output token (ns)``.
_PERCENTILE = re.compile(
    r"(\d{1,3}(?:\.\d{1,4})?)(?:th)? (percentile latency|percentile first token latency|first token percentile"
    r" latency|percentile time to output token) \(ns\)"
)
#: A setting of ``Test Parameters Used``: ``target_qps``, ``min_duration (ms)``.
_SETTING = re.compile(r"[a-z][a-z0-9_]{0,60}(?: \([a-z]{1,4}\))?")
#: `` * Early stopping 90th percentile estimate: 8434934462`` (SingleStream, MultiStream).
_EARLY = re.compile(r"\* Early stopping (\d{1,3})th percentile estimate: (\d+)")


def parse(content: bytes) -> list[ToolRun]:
    """The one run a summary or a detail log holds."""
    text = text_of(content)
    head = text[:4096]
    if _MLLOG in head and _BANNER not in head:
        return [_detail(text)]
    lines = text_lines(text, TOOL)
    if _BANNER not in head:
        raise ToolOutputError(
            "", f"not an MLPerf LoadGen summary: no '{_BANNER}' banner and no ':::MLLOG' lines near the start"
        )
    return [_summary(lines)]


def _percentile(text: str) -> str:
    """``50.00`` -> ``p50``, ``99.90`` -> ``p99.9``."""
    return "p" + (text.rstrip("0").rstrip(".") if "." in text else text)


def _ms(text: str, where: str) -> float:
    value = _number(text, where)
    return value / 1e6


def _number(text: str, where: str) -> float:
    if len(text) > 40:
        raise ToolOutputError(where, f"expected a number, got {text[:40]!r}...")
    try:
        value = float(text)
    except ValueError:
        raise ToolOutputError(where, f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ToolOutputError(where, f"not a finite number ({text})")
    return value


def _latency_name(label: str, scenario: str, per_query: bool) -> str | None:
    """The metric a latency line of the summary is, or ``None`` when it is not one."""
    query = "query_" if per_query or (scenario == "MultiStream" and label[:1].isdigit() and "th " in label) else ""
    if found := _EXTREME.fullmatch(label):
        of = _OF[found.group(2).lower()]
        return f"{found.group(1).lower()}_{query if of == 'latency' else ''}{of}"
    if found := _PERCENTILE.fullmatch(label):
        kind = " ".join(found.group(2).replace("percentile", "").split())
        of = _OF[kind]
        return f"{_percentile(found.group(1))}_{query if of == 'latency' else ''}{of}"
    return None


def _summary(lines: list[str]) -> ToolRun:
    fields: dict[str, tuple[str, int]] = {}
    metrics: dict[str, Metric] = {}
    unmet: list[str] = []
    recommendations: list[str] = []
    settings: list[str] = []
    notes: list[str] = []
    section = "results"
    per_query = False
    early = "latency"  # what the early-stopping lines that follow estimate
    result: tuple[str, int] | None = None
    target: tuple[str, str] | None = None
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        where = f"line {number}"
        if line in ("Additional Stats", "Test Parameters Used"):
            section = "stats" if line == "Additional Stats" else "parameters"
            continue
        if not line or line.startswith("===="):
            continue
        if line.endswith(("encountered during test.", "encountered. See detailed log.")):
            if not line.startswith("No "):
                notes.append(f"{where}: {line}")
            continue
        if section == "parameters":
            name, sep, value = line.partition(":")
            if line.startswith("WARNING"):
                notes.append(f"{where}: {line}")
            elif sep and _SETTING.fullmatch(name.strip()):
                settings.append(f"{name.strip()}: {value.strip()}")
                if name.strip() == "target_qps":
                    target = (value.strip(), where)
            continue
        if line.startswith("Per-query latency"):
            per_query = True
            continue
        if line.endswith("Early Stopping Result:"):
            early = {"TTFT": "ttft", "TPOT": "tpot"}.get(line.split()[0], "latency")
            continue
        if found := _EARLY.fullmatch(line):
            multi = fields.get("Scenario", ("", 0))[0] == "MultiStream"
            of = "query_latency" if multi and early == "latency" else early
            name = f"early_stopping_p{found.group(1)}_{of}"
            metrics.setdefault(name, Metric(_ms(found.group(2), where), "ms", where))
            continue
        if line.startswith("* "):
            if result is not None and result[0] != "VALID":
                recommendations.append(line[2:].strip())
            continue
        label, sep, value = line.partition(":")
        label, value = label.strip(), value.strip()
        if not sep:
            continue
        if label in ("SUT name", "Scenario", "Mode"):
            fields.setdefault(label, (value, number))
        elif label == "Result is":
            result = (value, number)
        elif label.endswith("satisfied") and value.upper() == "NO":
            unmet.append(line)
        elif label in _RATES:
            name, unit = _RATES[label]
            metrics.setdefault(name, Metric(_number(value, where), unit, where))
        elif (latency := _latency_name(label, fields.get("Scenario", ("", 0))[0], per_query)) is not None:
            metrics.setdefault(latency, Metric(_ms(value, where), "ms", where))
    scenario, mode = _scenario_and_mode(fields)
    if result is None:
        raise ToolOutputError(
            "", "no 'Result is :' line: LoadGen writes it after every run, so this summary is cut short"
        )
    if result[0] != "VALID":
        said = "; ".join([f"Result is : {result[0]}", *unmet, *recommendations[:3]])
        raise ToolOutputError(f"line {result[1]}", f"LoadGen: {said}: an invalid result is not a result")
    return _run(scenario, metrics, settings, fields.get("SUT name", ("", 0))[0], {}, notes, target)


def _scenario_and_mode(fields: dict[str, tuple[str, int]]) -> tuple[tuple[str, int], tuple[str, int]]:
    scenario, mode = fields.get("Scenario"), fields.get("Mode")
    if scenario is None or mode is None:
        missing = " and ".join(name for name in ("Scenario", "Mode") if name not in fields)
        raise ToolOutputError("", f"no '{missing} :' line, which every LoadGen summary has near its start")
    if mode[0] != "PerformanceOnly":
        raise ToolOutputError(
            f"line {mode[1]}",
            f"LoadGen: Mode : {mode[0]}: not a performance run (only PerformanceOnly measures performance)",
        )
    if scenario[0] not in _SCENARIOS:
        raise ToolOutputError(
            f"line {scenario[1]}", f"Scenario : {scenario[0]}: not a scenario LoadGen runs ({', '.join(_SCENARIOS)})"
        )
    return scenario, mode


def _run(
    scenario: tuple[str, int],
    metrics: dict[str, Metric],
    settings: list[str],
    sut: str,
    setup: dict[str, str],
    notes: list[str],
    target: tuple[str, str] | None,
) -> ToolRun:
    """The run; a Server's ``target_qps`` is the rate LoadGen sent queries at (Poisson arrivals), its request rate."""
    if not metrics:
        raise ToolOutputError("", "LoadGen's result holds no number this reader knows")
    stated: dict[str, Stated | None] = {"scenario": Stated(scenario[0], f"line {scenario[1]}")}
    if target is not None and scenario[0] in ("Server", "Interactive"):
        rate = _number(target[0], target[1])
        stated["request_rate"] = Stated(int(rate) if rate.is_integer() else rate, f"{target[1]} (target_qps)")
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=workload(**stated),
        setup={"tool": TOOL, **setup},
        settings=tuple(([f"SUT name: {sut}"] if sut else []) + settings),
        verdict="Result is : VALID",
        warnings=tuple(notes),
    )


# -- the detail log ---------------------------------------------------------------------------------

#: ``result_*`` keys of the detail log -> (metric, unit), besides the latencies (:func:`_detail_latency`).
_DETAIL_RATES = {
    "result_samples_per_second": ("samples_per_second", "samples/s"),
    "result_tokens_per_second": ("tokens_per_second", "tok/s"),
    "result_completed_samples_per_sec": ("completed_samples_per_second", "samples/s"),
    "result_completed_tokens_per_second": ("completed_tokens_per_second", "tok/s"),
    "result_inferred_tokens_per_second": ("inferred_tokens_per_second", "tok/s"),
    "result_inferred_completed_tokens_per_second": ("inferred_completed_tokens_per_second", "tok/s"),
    "result_scheduled_samples_per_sec": ("scheduled_samples_per_second", "samples/s"),
    "result_qps_with_loadgen_overhead": ("qps_with_loadgen_overhead", "queries/s"),
    "result_qps_without_loadgen_overhead": ("qps_without_loadgen_overhead", "queries/s"),
    "result_token_throughput_with_loadgen_overhead": ("tps_with_loadgen_overhead", "tok/s"),
    "result_token_throughput": ("tps_without_loadgen_overhead", "tok/s"),
}
_DETAIL_LATENCY = re.compile(
    r"result_(?:(?P<first>first_token_)|(?P<tpot>time_per_output_token_))?"
    r"(?:(?P<ext>min|max|mean)_(?P<q>query_)?latency_ns|(?P<p>\d{1,3}\.\d{2})_percentile_(?P<pq>per_query_)?"
    r"(?:latency_)?ns)"
)
_DETAIL_TPOT = re.compile(r"result_time_to_output_token_(min|max|mean)")
#: Keys the reader reads besides ``result_*`` ones and ``effective_*`` settings.
_DETAIL_KEYS = (
    "loadgen_version",
    "test_datetime",
    "sut_name",
    "early_stopping_latency_ss",
    "early_stopping_latency_ms",
)
#: The start of a ``:::MLLOG`` line up to its key's value.
_KEY_START = ':::MLLOG {"key": "'


def _detail_latency(key: str) -> str | None:
    if found := _DETAIL_TPOT.fullmatch(key):
        return f"{found.group(1)}_tpot"
    found = _DETAIL_LATENCY.fullmatch(key)
    if found is None:
        return None
    of = "ttft" if found.group("first") else "tpot" if found.group("tpot") else "latency"
    query = "query_" if (found.group("q") or found.group("pq")) and of == "latency" else ""
    which = found.group("ext") or _percentile(found.group("p"))
    return f"{which}_{query}{of}"


def _detail(text: str) -> ToolRun:
    values: dict[str, tuple[Any, int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith(_MLLOG):
            if len(line) * 4 > MAX_LINE_BYTES and (size := len(line.encode("utf-8"))) > MAX_LINE_BYTES:
                raise ToolOutputError(
                    f"line {number}",
                    f"line is {size} bytes long; {TOOL} writes only its ':::MLLOG' lines that long, and another"
                    f" line of more than {MAX_LINE_BYTES} bytes is not read",
                )
            continue
        end = line.find('"', len(_KEY_START), 200) if line.startswith(_KEY_START) else -1
        key = line[len(_KEY_START) : end] if end > 0 else ""
        wanted = key.startswith(("result_", "effective_", "early_stopping_")) or key in _DETAIL_KEYS
        if not wanted:
            continue  # a key not read: its line (a sample set may be long) is skipped unparsed
        if len(line.encode("utf-8")) > MAX_LINE_BYTES:
            raise ToolOutputError(f"line {number}", f"the line of {key} is longer than {MAX_LINE_BYTES} bytes")
        doc = load_json(line[len(_MLLOG) :], first_line=number)
        if isinstance(doc, dict) and isinstance(doc.get("key"), str):
            values.setdefault(doc["key"], (doc.get("value"), number))
    if not values:
        raise ToolOutputError("", "no LoadGen results in this detail log (no result_ or effective_ keys)")
    scenario = values.get("effective_scenario")
    mode = values.get("effective_test_mode")
    fields = {}
    if scenario is not None:
        fields["Scenario"] = (str(scenario[0]), scenario[1])
    if mode is not None:
        fields["Mode"] = (str(mode[0]), mode[1])
    (name, line_no), _ = _scenario_and_mode(fields)
    validity = values.get("result_validity")
    if validity is None:
        raise ToolOutputError("", "no result_validity: LoadGen logs it after every run, so this log is cut short")
    if validity[0] != "VALID":
        unmet = [key for key, (value, _) in values.items() if key.endswith("_met") and value is False]
        reason = values.get("result_invalid_reason", ("", 0))[0]
        said = "; ".join(
            [f"result_validity: {validity[0]}", *(f"{k}: false" for k in unmet), *([str(reason)] if reason else [])]
        )
        raise ToolOutputError(f"line {validity[1]}", f"LoadGen: {said}: an invalid result is not a result")
    metrics: dict[str, Metric] = {}
    for key, (value, number) in values.items():
        where = f"line {number} ({key})"
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            continue
        if key in _DETAIL_RATES:
            metric, unit = _DETAIL_RATES[key]
            metrics.setdefault(metric, Metric(float(value), unit, where))
        elif (metric_name := _detail_latency(key)) is not None:
            metrics.setdefault(metric_name, Metric(value / 1e6, "ms", where))
    _early_stopping(values, name, metrics)
    settings = [
        f"{key.removeprefix('effective_')}: {value}"
        for key, (value, _) in values.items()
        if key.startswith("effective_") and key not in ("effective_scenario", "effective_test_mode")
    ]
    setup = {}
    if isinstance(version := values.get("loadgen_version", (None, 0))[0], str):
        setup["tool_version"] = version
    if isinstance(date := values.get("test_datetime", (None, 0))[0], str) and len(date) >= 10:
        setup["date"] = date[:10]
    sut = values.get("sut_name", ("", 0))[0]
    qps = values.get("effective_target_qps")
    target = (str(qps[0]), f"line {qps[1]}") if qps is not None else None
    return _run((name, line_no), metrics, settings, str(sut or ""), setup, [], target)


def _early_stopping(values: dict[str, tuple[Any, int]], scenario: str, metrics: dict[str, Metric]) -> None:
    """The early-stopping estimates: SingleStream's of its target percentile (``early_stopping_latency_ss``)
    and of the 99th (``_ms``), MultiStream's of the query latency (``_ms``)."""
    target = values.get("effective_target_latency_percentile", (None, 0))[0]
    percent = round(target * 100) if isinstance(target, (int, float)) and not isinstance(target, bool) else None
    pairs: list[tuple[str, str]] = []
    if scenario == "SingleStream":
        if percent is not None:
            pairs.append(("early_stopping_latency_ss", f"early_stopping_p{percent}_latency"))
        pairs.append(("early_stopping_latency_ms", "early_stopping_p99_latency"))
    elif scenario == "MultiStream" and percent is not None:
        pairs.append(("early_stopping_latency_ms", f"early_stopping_p{percent}_query_latency"))
    for key, name in pairs:
        found = values.get(key)
        if found is not None and isinstance(found[0], (int, float)) and not isinstance(found[0], bool) and found[0] > 0:
            metrics.setdefault(name, Metric(found[0] / 1e6, "ms", f"line {found[1]} ({key})"))


register_tool(FORMAT, parse)
