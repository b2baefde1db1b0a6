"""A file read through a declared map: the runs it holds, each metric with its unit and where it was read.

The file is taken as the built-in readers take theirs (:func:`text_of`: not empty, at most 16 MiB, UTF-8;
JSON by :func:`load_json`, which refuses duplicate keys and numbers of more digits than any float; a text
log's lines at most 64 KiB by :func:`text_lines`). Each value says where it was read: the JSONPath of its
node (``$['benchmarks'][2]['output_throughput']``), the line and column of its cell (``line 14, column
'Value'``) or the line its pattern matched (``line 40``). A value that is not there is refused naming what the
map asked for (``$.ttft.p99``, ``column 'Value' where Metric = 'Request Latency (ms)'``, the pattern).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

from jsonpath_rfc9535 import JSONPathNodeList, JSONPathQuery
from jsonpath_rfc9535.exceptions import JSONPathError

from generator.read.formats.decoding import load_json, text_lines, text_of
from generator.read.formats.tool_output import ToolOutputError, ToolRun
from generator.read.maps.spec import DeclaredMap, Field
from generator.read.maps.text import text_runs
from generator.read.maps.values import Read, fill, parse_number


def read_with_map(spec: DeclaredMap, content: bytes) -> list[ToolRun]:
    """Every run ``content`` holds, read as ``spec`` declares; :class:`ToolOutputError` naming what is missing."""
    text = text_of(content)
    if spec.format == "json":
        runs = _json_runs(spec, text)
    elif spec.format == "csv":
        runs = [_csv_run(spec, text)]
    else:
        runs = text_runs(spec, text)
    said = (f"the tool's number: {spec.statistic} (as the map states it)",) if spec.statistic else ()
    settings = (f"read through the declared map {spec.file}", *said)
    setup_names = {f.name for f in spec.setup}
    return [
        ToolRun(
            format=spec.name,
            tool=spec.tool,
            metrics=metrics,
            workload={k: v for k, v in facts.items() if k not in setup_names},
            setup={"tool": spec.tool, **{k: str(v.value) for k, v in facts.items() if k in setup_names}},
            settings=settings,
        )
        for metrics, facts in runs
    ]


# -- JSON ---------------------------------------------------------------------------------------------------


def _json_runs(spec: DeclaredMap, text: str) -> list[Read]:
    doc = load_json(text)
    if spec.runs_query is None:
        return [
            fill(spec.metrics, spec.workload + spec.setup, lambda field: _one_node(field, doc, "$", ""), *spec.numbers)
        ]
    nodes = _find(spec.runs_query, doc, f"runs: {spec.runs}")
    if not nodes:
        raise ToolOutputError("", f"runs: {spec.runs} matches nothing in this file")
    out = []
    for number, node in enumerate(nodes, 1):
        base = node.path()

        def found(field: Field, node: Any = node, base: str = base, number: int = number) -> tuple[Any, str]:
            return _one_node(field, node.value, base, f"run {number} ({base}): ")

        out.append(fill(spec.metrics, spec.workload + spec.setup, found, *spec.numbers))
    return out


def _find(query: JSONPathQuery, doc: Any, what: str) -> JSONPathNodeList:
    try:
        return query.find(doc)
    except JSONPathError as exc:  # a descendant segment in a file nested deeper than the library follows
        raise ToolOutputError("", f"{what}: {str(exc).split(', line ')[0]}") from None


def _one_node(field: Field, doc: Any, base: str, head: str) -> tuple[Any, str]:
    assert field.query is not None
    nodes = _find(field.query, doc, f"{head}{field.name}: {field.selector}")
    if not nodes:
        raise ToolOutputError("", f"{head}{field.name}: no value at {field.selector} in this file")
    if len(nodes) > 1:
        shown = ", ".join(base + n.path()[1:] for n in nodes[:3])
        raise ToolOutputError(
            "",
            f"{head}{field.name}: {field.selector} selects {len(nodes)} values ({shown}...): a metric is one value"
            " (a list of runs is declared with runs:)",
        )
    return nodes[0].value, base + nodes[0].path()[1:]


# -- CSV ----------------------------------------------------------------------------------------------------


def _sections(spec: DeclaredMap, text: str) -> Iterator[tuple[list[str], list[tuple[int, list[str]]]]]:
    """Each block of rows between blank lines: its header and its rows with their line numbers."""
    lines = text_lines(text, spec.tool)  # refuses a line longer than a tool writes, before the CSV reader
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=spec.delimiter, strict=True)
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                if header is not None:
                    yield header, rows
                header, rows = None, []
            elif header is None:
                header = [cell.strip() for cell in row]
            else:
                rows.append((reader.line_num, row))
    except csv.Error as exc:
        raise ToolOutputError(f"line {reader.line_num}", f"not CSV: {exc}") from None
    if header is not None:
        yield header, rows


def _csv_run(spec: DeclaredMap, text: str) -> Read:
    sections = list(_sections(spec, text))

    def found(field: Field) -> tuple[Any, str]:
        wanted = [field.selector, *(name for name, _ in field.where)]
        asked = f"column {field.selector!r}" + (
            " where " + ", ".join(f"{k} = {v!r}" for k, v in field.where) if field.where else ""
        )
        hits: list[tuple[int, str]] = []
        headed = False
        for header, rows in sections:
            if not all(name in header for name in wanted):
                continue
            headed = True
            at = {name: header.index(name) for name in wanted}
            for line, row in rows:
                cells = {name: row[i].strip() if i < len(row) else "" for name, i in at.items()}
                if all(_same(cells[k], v, spec) for k, v in field.where):
                    hits.append((line, cells[field.selector]))
        if not headed:
            missing = [n for n in wanted if not any(n in header for header, _ in sections)]
            raise ToolOutputError("", f"{field.name}: no {', '.join(map(repr, missing or wanted))} column in this file")
        if not hits:
            raise ToolOutputError("", f"{field.name}: no row has {asked} in this file")
        if len(hits) > 1:
            lines = ", ".join(str(line) for line, _ in hits[:5])
            raise ToolOutputError("", f"{field.name}: {len(hits)} rows have {asked} (lines {lines}): add to where:")
        line, cell = hits[0]
        return cell, f"line {line}, column {field.selector!r}"

    return fill(spec.metrics, spec.workload + spec.setup, found, *spec.numbers)


def _same(cell: str, wanted: str, spec: DeclaredMap) -> bool:
    if cell == wanted.strip():
        return True
    ours, theirs = parse_number(cell, *spec.numbers), parse_number(wanted, *spec.numbers)
    return ours is not None and ours == theirs
