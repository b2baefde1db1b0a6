"""``python -m generator inspect FILE``: what the guide reads from a benchmark tool's file, before importing it.

It goes through the same readers as ``import`` and the build (:func:`generator.read.formats.catalog.read_runs`),
so what it prints is what an import would file: the format (guessed when not given), each run with every
metric and its unit, the set-up the file states, the tool's own verdict and what the reader read past.
A file the import would refuse exits 1 with the reason, in one line naming where in the file it is.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from generator.errors import Problem, printable
from generator.read.formats.catalog import DESCRIPTIONS, PARSERS, guess_format, read_runs
from generator.read.formats.decoding import MAX_RAW_BYTES, text_of
from generator.read.formats.dispatch import parts_of
from generator.read.formats.tool_output import ToolOutputError, ToolRun
from generator.read.maps import DeclaredMap, MapError, load_map, read_with_map
from generator.workload import WORKLOAD_WORDS

#: The formats, for the help of ``inspect`` and ``import`` (which imports it from here: the ``ingest``
#: modules import one way, ``cli_import`` -> ``sweep`` -> ``importer`` -> ``planning`` -> ``inspect_file``).
EPILOG = "formats:\n" + "\n".join(f"  {name:<14} {text}" for name, text in DESCRIPTIONS.items())


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "inspect",
        help="show what the guide reads from a benchmark tool's file (runs, metrics, set-up, verdict)",
        description="Read a benchmark tool's own output file with the reader import and the build use, and"
        " print each run's metrics with units, the set-up the file states and the tool's verdict.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument(
        "--format", choices=sorted(PARSERS), metavar="FORMAT", help="the tool's format (default: guessed)"
    )
    parser.add_argument(
        "--map",
        type=Path,
        metavar="MAP_YML",
        help="read the file through a declared map (format json, csv or text) instead of a built-in reader",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON document instead of text")


def read_source(path: Path) -> bytes:
    """A result file's bytes: refused, before reading, when it is not a regular file or is too large."""
    try:  # opened without blocking and checked on the open file: a pipe swapped in cannot hang the read
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise ToolOutputError("", f"cannot read it ({exc.strerror or exc})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise ToolOutputError("", "not a regular file (a folder, a device or a pipe)")
    if info.st_size > MAX_RAW_BYTES:
        os.close(fd)
        raise ToolOutputError(
            "", f"the file has {info.st_size} bytes; the most a raw result may have is {MAX_RAW_BYTES}"
        )
    with os.fdopen(fd, "rb") as handle:
        try:
            return handle.read(MAX_RAW_BYTES + 1)
        except OSError as exc:
            raise ToolOutputError("", f"cannot read it ({exc.strerror or exc})") from None


def describe(format_name: str, runs: list[ToolRun]) -> dict[str, Any]:
    """The JSON form: ``{"format", "runs": [{"metrics": {name: {value, unit}}, "setup": {...}, ...}], "warnings"}``."""
    warnings: list[str] = []
    out_runs = []
    for run in runs:
        for note in run.warnings:
            if note not in warnings:
                warnings.append(note)
        entry: dict[str, Any] = {
            "metrics": {name: {"value": m.value, "unit": m.unit, "where": m.where} for name, m in run.metrics.items()},
            "setup": {
                **dict(run.setup),
                "software": dict(run.software),
                "workload": {name: s.value for name, s in run.workload.items()},
                "settings": list(run.settings),
            },
            "verdict": run.verdict,
            "valid": run.valid,
        }
        if run.part:
            entry["test"] = run.part
        out_runs.append(entry)
    return {"format": format_name, "runs": out_runs, "warnings": warnings}


def _text(format_name: str, guessed: bool, runs: list[ToolRun], what: str = "") -> str:
    what = what or DESCRIPTIONS[format_name]
    lines = [f"format: {format_name}" + (" (guessed)" if guessed else "") + f" ({what})"]
    parts = parts_of(runs)
    lines.append(f"runs: {len(runs)}" + (f" in {len(parts)} tests: {', '.join(parts)}" if len(parts) > 1 else ""))
    for number, run in enumerate(runs, 1):
        head = f"run {number}" + (f" ({run.part})" if run.part else "")
        lines += ["", head]
        setup = [f"{key}: {value}" for key, value in run.setup.items()]
        setup += [f"{name} {version}" for name, version in run.software.items()]
        lines.append("  set-up: " + ("; ".join(setup) if setup else "not stated"))
        stated = [f"{WORKLOAD_WORDS.get(k, k)}: {value.value} ({value.where})" for k, value in run.workload.items()]
        lines.append("  states: " + ("; ".join(stated) if stated else "nothing of the workload"))
        if run.settings:
            lines.append("  settings: " + "; ".join(run.settings))
        if run.verdict:
            lines.append(f"  verdict of the tool: {run.verdict}" + ("" if run.valid else " (marked invalid)"))
        lines.append(f"  metrics ({len(run.metrics)}):")
        width = max((len(name) for name in run.metrics), default=0)
        for name, metric in run.metrics.items():
            where = f"  ({metric.where})" if what else ""  # a map's values say where they were read
            lines.append(f"    {name:<{width}}  {metric.value:g} {metric.unit}{where}")
    notes = list(dict.fromkeys(note for run in runs for note in run.warnings))
    if notes:
        lines += ["", "read past:"]
        lines += [f"  {note}" for note in notes]
    # Every line holds text of the file (names, units, set-up, the tool's verdict): escaped, so that
    # its terminal escapes, carriage returns and bidirectional controls are shown, never acted on.
    return "\n".join(printable(line) for line in lines) + "\n"


def _json_text(document: Any) -> str:
    """The JSON document with every character a terminal would act on or hide written as ``\\uXXXX``.

    ``json.dumps`` escapes C0 controls but writes C1 controls (``\\x9b`` starts a sequence on many
    terminals) and bidirectional overrides as they are; outside strings JSON is printable ASCII, so
    escaping them everywhere keeps the same document."""
    text = json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False)
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable() or c == "\n":
            out.append(c)
        elif ord(c) > 0xFFFF:
            high, low = divmod(ord(c) - 0x10000, 0x400)
            out.append(f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}")
        else:
            out.append(f"\\u{ord(c):04x}")
    return "".join(out)


def _declared(path: Path) -> DeclaredMap:
    """The map file given with ``--map``: read like a data file (its problems as ``file:line: field: message``)."""
    if not path.is_file():
        raise MapError([Problem(str(path), 0, "", "no such map file")])
    return load_map(path)


def run(args: argparse.Namespace) -> int:
    """Print what the file reads as; exit 1 with the reason when an import would refuse it."""
    path: Path = args.file
    shown = printable(str(path))
    what = ""
    map_file: Path | None = getattr(args, "map", None)  # a caller's Namespace may predate --map
    try:
        if map_file is not None and args.format is not None:
            raise ToolOutputError("", "--map reads the file through the map: give no --format")
        content = read_source(path)
        format_name, guessed = args.format, False
        if map_file is not None:
            spec = _declared(map_file)
            format_name, what = spec.name, f"declared map {spec.file}, {spec.format}"
            runs = read_with_map(spec, content)
        elif format_name is None:
            format_name, guessed = guess_format(content), True
            if format_name is None:
                text_of(content)  # an empty, binary or oversized file says so first
                raise ToolOutputError(
                    "",
                    f"not a file of any format the guide reads ({', '.join(PARSERS)});"
                    " a declared map reads any JSON, CSV or text file (--map MAP.yml)",
                )
        if map_file is None:
            runs = read_runs(format_name, content)
    except MapError as exc:
        for problem in exc.problems:
            print(printable(problem), file=sys.stderr)
        return 1
    except ToolOutputError as exc:
        if args.json:
            print(json.dumps({"format": args.format, "refused": str(exc)}, indent=1, allow_nan=False))
        print(f"{shown}: refused: {printable(str(exc))}", file=sys.stderr)
        return 1
    if args.json:
        print(_json_text(describe(format_name, runs)))
    else:
        sys.stdout.write(_text(format_name, guessed, runs, what))
    invalid = [r for r in runs if not r.valid]
    if invalid:
        print(
            f"{shown}: the tool marks {'this run' if len(runs) == 1 else f'{len(invalid)} run(s)'} invalid"
            f" ({printable(invalid[0].verdict)}): import refuses it unless --accept-difference gives a reason",
            file=sys.stderr,
        )
        return 1
    return 0
