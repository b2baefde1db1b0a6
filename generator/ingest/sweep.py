"""A sweep's mapping file: which run file (or run folder) goes under which row and series.

```yaml
format: tool-a               # default for every entry
table: throughput            # default for every entry
runs:
  - {file: conc4/left, row: conc4, series: left}                         # a run folder
  - {file: conc4/right/result.json, row: conc4, series: right}
  - {file: sweep.jsonl, record: 2, format: tool-b, table: latency, row: conc256, series: right}
  - {file: sweep.jsonl, record: 1-5, format: tool-b, table: by-load, series: right}  # runs 1 to 5, a row each
  - {file: odd-run, row: conc32, series: left, accept_difference: "two clients were down: concurrency 30"}
  - {file: odd-run-again, row: conc32, series: left, repetition: true}   # a second run of a filled cell
  - {file: rate-sweep.jsonl, table: by-rate, series: left, context: lab}   # a sweep table: a row per load
```

An entry without ``row`` files its runs in a sweep table by the load each run's file states, in its
``context`` (a field of the entry or the top), creating the rows the table lacks
(:mod:`generator.ingest.by_load`).

Paths are relative to the mapping file and stay inside its folder (no absolute path, no ``..``, no
link out of it). A folder stands for the one file of the entry's format
inside it, at any depth, found by the name the tool gives its file
(:func:`generator.read.formats.catalog.files_in`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from generator.ingest.planning import Request, parse_records
from generator.read.formats.catalog import PARSERS, files_in
from generator.read.yaml_source import read_yaml

_ENTRY_KEYS = {"file", "row", "series", "table", "format", "record", "accept_difference", "repetition", "context"}
_TOP_KEYS = {"format", "table", "runs", "context"}
#: Fields an entry may leave out: ``row`` in a sweep table (each run's own load finds it), ``context``.
_OPTIONAL = ("row", "context")
#: A format that is not built in names a map the guide keeps (``maps/<name>.yml``), checked on import.
_MAP_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def _file_in(folder: Path, format_name: str) -> tuple[Path | None, str]:
    found = files_in(folder, format_name)
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f"no {format_name} file in the folder {folder}"
    listed = ", ".join(str(p.relative_to(folder)) for p in found[:5])
    return None, f"{len(found)} {format_name} files in the folder {folder} ({listed}): name the file"


def _confined(folder: Path, name: str) -> tuple[Path, str]:
    """``folder/name`` resolved, and why it is refused (``""`` when it is not): it must stay in ``folder``."""
    given = Path(name)
    if given.is_absolute() or ".." in given.parts:
        return given, f"{name!r}: give a path inside the mapping file's folder (no absolute path, no ..)"
    base = folder.resolve()
    source = (base / given).resolve()
    if not source.is_relative_to(base):
        return source, f"{name!r} is not a file or folder inside the mapping file's folder (a link out of it?)"
    return source, ""


def read_sweep(path: Path) -> tuple[list[Request], list[str]]:
    """The requests a mapping file describes, and every problem found in it."""
    doc, problems = read_yaml(path, str(path))
    if doc is None:
        return [], [str(p) for p in problems]
    out: list[Request] = []
    errors: list[str] = []

    def err(loc: tuple[str | int, ...], message: str) -> None:
        field = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in loc).replace(".[", "[")
        errors.append(f"{path}:{doc.line_of(loc)}: {field + ': ' if field else ''}{message}")

    data: Any = doc.data
    if not isinstance(data, dict):
        err((), "expected a mapping with `runs:` (a list of {file, row, series})")
        return [], errors
    for key in sorted(set(data) - _TOP_KEYS):
        err((key,), f"unknown field; expected one of {', '.join(sorted(_TOP_KEYS))}")
    runs = data.get("runs")
    if not isinstance(runs, list) or not runs:
        err(("runs",), "expected a list of runs, each {file, row, series}")
        return [], errors
    for i, entry in enumerate(runs):
        loc: tuple[str | int, ...] = ("runs", i)
        if not isinstance(entry, dict):
            err(loc, "expected a mapping {file, row, series}")
            continue
        for key in sorted(set(entry) - _ENTRY_KEYS):
            err((*loc, key), f"unknown field; expected one of {', '.join(sorted(_ENTRY_KEYS))}")
        given = {key: entry.get(key, data.get(key)) for key in ("file", "row", "series", "table", "format", "context")}
        fields = {key: value for key, value in given.items() if isinstance(value, str) and value}
        missing = [key for key in given if key not in fields and (key not in _OPTIONAL or given[key] is not None)]
        for key in missing:
            err(
                (*loc, key),
                ("missing (text expected)" if given[key] is None else f"expected text, got {given[key]!r}")
                + (" here or at the top of the file" if key in ("table", "format", "context") else ""),
            )
        record = entry.get("record")
        if isinstance(record, str):
            try:
                record = parse_records(record)
            except ValueError as exc:
                err((*loc, "record"), str(exc))
                continue
        elif record is not None and (isinstance(record, bool) or not isinstance(record, int) or record < 1):
            err((*loc, "record"), f"expected a whole number from 1, or runs as text (1-5, 1,3,6-7), got {record!r}")
            continue
        accept = entry.get("accept_difference")
        if accept is not None and (not isinstance(accept, str) or not accept.strip()):
            err((*loc, "accept_difference"), "expected the reason as text")
            continue
        repetition = entry.get("repetition", False)
        if not isinstance(repetition, bool):
            err((*loc, "repetition"), f"expected true or false, got {repetition!r}")
            continue
        if missing:
            continue
        if fields["format"] not in PARSERS and not _MAP_NAME.match(fields["format"]):
            err(
                (*loc, "format"),
                f"unknown format {fields['format']!r}; known: {', '.join(PARSERS)}, or a map the guide keeps in maps/",
            )
            continue
        source, outside = _confined(path.parent, fields["file"])
        if outside:
            err((*loc, "file"), outside)
            continue
        if source.is_dir() and fields["format"] not in PARSERS:
            err((*loc, "file"), f"{source} is a folder: name the file a declared map reads")
            continue
        if source.is_dir():
            found, why = _file_in(source, fields["format"])
            if found is None:
                err((*loc, "file"), why)
                continue
            source = found
        elif not source.is_file():
            err((*loc, "file"), f"no such file or folder: {source}")
            continue
        out.append(
            Request(
                format=fields["format"],
                source=source,
                table=fields["table"],
                row=fields.get("row"),
                series=fields["series"],
                record=record,
                accept=accept,
                origin=f"{path}:{doc.line_of(loc)}",
                repetition=repetition,
                context=fields.get("context"),
            )
        )
    return out, errors
