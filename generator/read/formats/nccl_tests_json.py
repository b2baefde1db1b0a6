"""nccl-tests' JSON report (``-J FILE``, nccl-tests 2.17.3 and later), read to the metric names of the text table.

Followed: ``jsonOutputInit`` / ``writeBenchmarkLinePreamble`` / ``writeBenchmarkLineBody`` /
``writeResultFooter`` of ``src/util.cu`` of NVIDIA/nccl-tests: ``{version, start_time, args, nccl_version,
config, devices, results: [{size, count, type, redop, root, out_of_place: {time, alg_bw, bus_bw, nwrong},
in_place: {...}}], out_of_bounds: {count, okay}, average_bus_bandwidth: {bandwidth, okay}, end_time}``. The
newest reports write booleans as strings (``"okay": "true"``) and the root padded (``"root": "    -1"``).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from generator.read.formats.decoding import dig, path_text, workload
from generator.read.formats.nccl_tests_lines import SIDES, UNIT, nccl_version
from generator.read.formats.tool_output import Metric, Stated, ToolOutputError, ToolRun

FORMAT = "nccl-tests"
TOOL = "nccl-tests"

#: The report's keys of one side of a row -> the text table's column names.
_JSON_COLUMNS = {"time": "time", "cpu_time": "cputime", "alg_bw": "algbw", "bus_bw": "busbw"}
_JSON_PER_ITER = {"min_us": "i_min", "max_us": "i_max", "p99_us": "i_p99"}


def read_report(doc: dict[str, Any]) -> ToolRun:
    results = doc.get("results")
    if not isinstance(results, list) or "config" not in doc:
        raise ToolOutputError("$", "not an nccl-tests JSON report (no config and results): is it nccl-tests -J output?")
    bad = doc.get("out_of_bounds")
    if isinstance(bad, dict) and bad.get("okay") is False:
        raise ToolOutputError(
            "$.out_of_bounds", f"{bad.get('count')} out-of-bounds values (okay: false): the run is not a result"
        )
    if not results:
        raise ToolOutputError("$.results", "no result rows: the test stopped before its first message size")
    per_size = Counter(r.get("size") for r in results if isinstance(r, dict) and isinstance(r.get("size"), int))
    metrics: dict[str, Metric] = {}
    for i, row in enumerate(results):
        if not isinstance(row, dict) or not isinstance(row.get("size"), int):
            raise ToolOutputError(path_text(("results", i)), "a result without its size")
        size = row["size"]
        shared = per_size[size] > 1
        suffix = f"@{size}" + (f"[{row.get('type')},{row.get('redop')}]" if shared else "")
        for side in SIDES:
            values = row.get(side)
            if values is None:
                continue  # nccl-tests writes null where it runs one side only
            if not isinstance(values, dict):
                raise ToolOutputError(path_text(("results", i, side)), "expected an object of time and bandwidths")
            wrong = values.get("nwrong")
            if isinstance(wrong, (int, float)) and not isinstance(wrong, bool) and wrong != 0:
                raise ToolOutputError(
                    path_text(("results", i, side, "nwrong")),
                    f"{wrong:g} wrong values {side.replace('_', '-')}: the data check failed, not a result",
                )
            for key, column in _JSON_COLUMNS.items():
                if key in values:
                    metrics[f"{side}.{column}{suffix}"] = _json_metric(values[key], column, ("results", i, side, key))
            per_iter = row.get(f"{side}_per_iter")
            if isinstance(per_iter, dict):
                for key, column in _JSON_PER_ITER.items():
                    if key in per_iter:
                        at = ("results", i, f"{side}_per_iter", key)
                        metrics[f"{side}.{column}{suffix}"] = _json_metric(per_iter[key], column, at)
    average = doc.get("average_bus_bandwidth")
    verdict = "out_of_bounds okay" if isinstance(bad, dict) and bad.get("okay") is True else ""
    if isinstance(average, dict):
        if average.get("okay") is False:
            raise ToolOutputError(
                "$.average_bus_bandwidth.okay",
                "the average bus bandwidth failed the -c check: nccl-tests failed the run",
            )
        if "bandwidth" in average:
            metrics["avg_bus_bandwidth"] = _json_metric(
                average["bandwidth"], "busbw", ("average_bus_bandwidth", "bandwidth")
            )
    else:
        raise ToolOutputError("$", "the report ends before nccl-tests' average bus bandwidth (cut short?)")
    args = doc.get("args")
    program = args[0].rsplit("/", 1)[-1] if isinstance(args, list) and args and isinstance(args[0], str) else ""
    devices_at, listed = _devices(doc)
    devices = [d for d in listed if isinstance(d, dict)]
    setup = {"tool": TOOL}
    if isinstance(args, list) and all(isinstance(a, str) for a in args):
        setup["command"] = " ".join(args)
    start = doc.get("start_time")
    if isinstance(start, str) and len(start) >= 10:
        setup["date"] = start[:10]
    software: dict[str, str] = {}
    code = doc.get("nccl_version")
    if isinstance(code, int) and not isinstance(code, bool):
        software["nccl"] = nccl_version(code)
    config = dig(doc, "config")
    settings = (
        tuple(f"{k}: {v}" for k, v in config.items() if isinstance(v, (int, bool, str)))
        if isinstance(config, dict)
        else ()
    )
    return ToolRun(
        format=FORMAT,
        tool=TOOL,
        metrics=metrics,
        workload=workload(
            benchmark=Stated(program, "$.args[0]") if program else None,
            gpus=Stated(len(devices), path_text(devices_at)) if devices else None,
            nodes=Stated(len(set(_hostnames(listed, devices_at))), path_text(devices_at)) if devices else None,
        ),
        setup=setup,
        software=software,
        settings=settings,
        verdict=verdict,
        part=program,
    )


def _devices(doc: dict[str, Any]) -> tuple[tuple[str, ...], list[Any]]:
    """The report's list of devices and where it is: ``devices`` at the top, or ``config.devices`` (version 3)."""
    for at in (("devices",), ("config", "devices")):
        found = dig(doc, *at)
        if isinstance(found, list):
            return at, found
    return ("devices",), []


def _hostnames(devices: list[Any], at: tuple[str, ...]) -> list[str]:
    """Each device's ``hostname`` (text, as nccl-tests writes it); a device whose host name is not text is refused
    by its path, so that the count of nodes is never a guess."""
    out = []
    for i, device in enumerate(devices):
        if not isinstance(device, dict):
            continue
        name = device.get("hostname")
        if not isinstance(name, str):
            kind = "a list" if isinstance(name, list) else "an object" if isinstance(name, dict) else repr(name)[:40]
            raise ToolOutputError(
                path_text((*at, i, "hostname")), f"expected the device's host name as text, got {kind}"
            )
        out.append(name)
    return out


def _json_metric(value: object, column: str, path: tuple[str | int, ...]) -> Metric:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(path_text(path), f"expected a number, got {value!r}")
    if not math.isfinite(value):
        raise ToolOutputError(path_text(path), f"not a finite number ({value})")
    return Metric(float(value), UNIT[column], path_text(path))
