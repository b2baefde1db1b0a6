"""What vLLM's ``vllm bench serve`` and SGLang's ``bench_serving`` share: flat JSON results, one a line.

SGLang's script was adapted from vLLM's ``benchmark_serving.py`` and both still write a result as
one flat JSON object on one line (``json.dump`` / ``json.dumps`` without indentation), appending a
line per run when asked to. ``vllm bench sweep serve`` writes each run as an indented document
(``run=N.json``) and a ``summary.json`` that is a list of them; both read here, a list entry being a
run (``$[0]``). The unit of a number is in its key: ``mean_ttft_ms`` is milliseconds,
``output_throughput`` tokens per second, ``duration`` seconds. Harnesses built on
``benchmark_serving.py`` spell one key ``"request_goodput:"``; it reads as ``request_goodput``.

A run in which no request completed (``completed: 0``; the tools still write every metric, as 0.0)
is refused with the counts the file states.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from generator.read.formats.decoding import load_json, path_text, stated_int, stated_text, text_of
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun

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


#: Where a run is in its file: a line number (JSON lines) or the JSON path of a list entry (``$[0]``).
Loc = int | str


def records(content: bytes) -> list[tuple[Loc, dict[str, Any]]]:
    """Every run of the file, with where it is: one object per line (blank lines skipped), or one
    document holding an object or a list of them."""
    text = text_of(content)
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if lines and lines[first].strip() in ("{", "["):  # an indented document, not one object a line
        doc = load_json(text)
        if isinstance(doc, dict):
            return [(first + 1, _named(doc))]
        if isinstance(doc, list) and doc and all(isinstance(item, dict) for item in doc):
            return [(f"$[{i}]", _named(item)) for i, item in enumerate(doc)]
        raise ToolOutputError("$", "expected a result object or a list of them")
    out: list[tuple[Loc, dict[str, Any]]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        doc = load_json(line, first_line=number)
        if not isinstance(doc, dict):
            raise ToolOutputError(f"line {number}", f"expected one JSON object on this line, got {type(doc).__name__}")
        out.append((number, _named(doc)))
    return out


def _named(record: dict[str, Any]) -> dict[str, Any]:
    """The record with keys a harness misspells (``"request_goodput:"``) under the tool's own name."""
    if not any(key.endswith(":") for key in record):
        return record
    out = dict(record)
    for key, value in record.items():
        plain = key.rstrip(":")
        if plain != key and out.get(plain) is None:
            out.pop(key)
            out[plain] = value
    return out


def tool_run(
    record: dict[str, Any],
    line: Loc,
    count: int,
    *,
    format: str,
    tool: str,
    a_result: str,
    signature: tuple[str, ...],
    workload: Callable[[dict[str, Any], Loc, int], Mapping[str, Stated]],
    setup: Callable[[dict[str, Any]], Mapping[str, str]],
) -> ToolRun:
    """One run of a bench tool's result file (vLLM's and SGLang's write the same shape): refused, as not
    ``a_result``, when a key of the tool's ``signature`` is missing, and when no request completed; its
    failed requests noted. ``workload`` and ``setup`` read what the tool states of them."""
    missing = [key for key in signature if key not in record]
    if missing:
        raise ToolOutputError(place(line), f"not {a_result}: no {', '.join(missing)} (written by another tool?)")
    refuse_failed(record, line, count)
    note = failed_note(record)
    return ToolRun(
        format=format,
        tool=tool,
        metrics=metrics(record, line, count),
        workload=workload(record, line, count),
        settings=settings(record),
        verdict=note,
        warnings=(note,) if note else (),
        unusable=unusable(record, line, count),
        setup=setup(record),
    )


def place(loc: Loc) -> str:
    """``line 3`` or ``$[0]``: a run's place, for messages."""
    return f"line {loc}" if isinstance(loc, int) else loc


def where(loc: Loc, key: str, count: int) -> str:
    """A key's place: ``$.output_throughput`` in a one-run file, ``line 3 $.output_throughput`` or
    ``$[1].output_throughput`` otherwise."""
    if isinstance(loc, str):
        return f"{loc}.{key}"
    path = path_text((key,))
    return path if count == 1 else f"line {loc} {path}"


def refuse_failed(record: dict[str, Any], loc: Loc, count: int) -> None:
    """Refuse a run in which no request completed, saying how many were sent and failed."""
    completed = record.get("completed")
    if isinstance(completed, bool) or not isinstance(completed, (int, float)) or completed != 0:
        return
    failed = record.get("failed")
    sent = record.get("num_prompts")
    if isinstance(sent, (int, float)) and not isinstance(sent, bool):
        total = f" of {int(sent)}"
    elif isinstance(failed, (int, float)) and not isinstance(failed, bool):
        total = f" of {int(failed)}"
    else:
        total = ""
    why = f", {int(failed)} failed" if isinstance(failed, (int, float)) and not isinstance(failed, bool) else ""
    raise ToolOutputError(
        where(loc, "completed", count),
        f"0{total} requests completed{why}: every request failed, so every metric is 0 and the run is not a result",
    )


def failed_note(record: dict[str, Any]) -> str:
    """The tool's count of failed requests, in its words, when some failed; empty otherwise."""
    failed, completed = record.get("failed"), record.get("completed")
    if isinstance(failed, int) and not isinstance(failed, bool) and failed > 0 and isinstance(completed, int):
        return f"{failed} of {failed + completed} requests failed"
    return ""


def unusable(record: Mapping[str, Any], line: Loc, count: int) -> dict[str, str]:
    """Keys whose value is ``NaN`` or infinite, with why (asking for one says so)."""
    return {
        key: f"is not a finite number ({value}, at {where(line, key, count)})"
        for key, value in record.items()
        if isinstance(value, float) and not math.isfinite(value) and unit_of(key) is not None
    }


def metrics(record: Mapping[str, Any], line: Loc, count: int) -> dict[str, Metric]:
    """Every finite number of a result line whose unit the key names."""
    out: dict[str, Metric] = {}
    for key, value in record.items():
        unit = unit_of(key)
        if unit is None or isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            continue
        out[key] = Metric(float(value), unit, where(line, key, count))
    return out


#: Parameters of a serving-benchmark run (besides its workload) that a result line states, and their words.
_SETTINGS = (("burstiness", "burstiness"),)


def settings(record: Mapping[str, Any]) -> tuple[str, ...]:
    """The run's other parameters as the line states them: ``burstiness: 1.0``."""
    out = []
    for key, word in _SETTINGS:
        value = record.get(key)
        if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
            continue
        text = str(value).strip()
        if text:
            out.append(f"{word}: {'inf' if text in ('Infinity', 'inf') else text}")
    return tuple(out)


def load(record: Mapping[str, Any], line: Loc, count: int) -> dict[str, Stated]:
    """The load a result line states it ran: ``request_rate`` (``inf`` for all at once), ``dataset``
    (``dataset_name``) and ``prompts`` (``num_prompts``), each with where the line says so."""
    out: dict[str, Stated] = {}
    rate = record.get("request_rate")
    if isinstance(rate, (int, float)) and not isinstance(rate, bool) and (rate > 0 or math.isinf(rate)):
        out["request_rate"] = Stated("inf" if math.isinf(rate) else rate, where(line, "request_rate", count))
    elif isinstance(rate, str) and rate.strip() in ("inf", "Infinity"):
        out["request_rate"] = Stated("inf", where(line, "request_rate", count))
    dataset = stated_text(record.get("dataset_name"), where(line, "dataset_name", count))
    if dataset is not None:
        out["dataset"] = dataset
    prompts = stated_int(record.get("num_prompts"), where(line, "num_prompts", count))
    if prompts is not None:
        out["prompts"] = prompts
    return out
