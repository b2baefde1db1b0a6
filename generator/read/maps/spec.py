"""A declared map, read and checked: how to take numbers from a result file no built-in reader knows.

```yaml
format: json                 # json | csv | text
tool: my-harness             # optional: the harness, shown as the tool in the value's evidence
runs: "$.benchmarks[*]"      # optional (json, text): each match is one run; metric paths are relative to it
metrics:
  throughput: {path: "$.requests_per_second", unit: req/s}
  latency_p99: {path: "$.latency.p99", unit: ms}
  # csv:  {column: "Value", where: {Metric: "Request Throughput (requests/sec)"}, unit: req/s}
  # text: {pattern: 'Request throughput \\(req/s\\):\\s+(?P<value>[0-9.]+)', unit: req/s}
workload:                    # optional: the set-up the file states (keys guide.yml declares), checked on import
  concurrency: {path: "$.max_concurrency"}
numbers: {decimal: ".", grouping: ","}   # optional: how the tool prints numbers ("5,494.07"); these are the defaults
setup:                       # optional: the tool's version, command line and date, as the file states them
  tool_version: {path: "$.version"}
  command: {path: "$.argv"}
  date: {path: "$.date"}     # YYYY-MM-DD
statistic: {of: fastest, iterations: 5}   # optional: what the tool's number is (fastest, median, mean, ...)
```

JSON paths are RFC 9535 JSONPath (:mod:`jsonpath_rfc9535`, without the regular-expression functions
``match`` and ``search``, whose patterns no check here sees); a text ``pattern`` (and a text ``runs``) is a
regular expression searched over the whole file by RE2, in time linear in the file (:mod:`.patterns`). Every
problem of a map is reported at once as ``file:line: field: message``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from jsonpath_rfc9535 import JSONPathEnvironment, JSONPathQuery
from jsonpath_rfc9535.exceptions import JSONPathError
from jsonpath_rfc9535.lex import tokenize
from jsonpath_rfc9535.tokens import TokenType

from generator.errors import Problem
from generator.read.maps.patterns import Pattern, UnsafePattern, compile_pattern
from generator.read.yaml_source import read_yaml

FORMATS = ("json", "csv", "text")
_TOP = ("format", "tool", "runs", "metrics", "workload", "delimiter", "numbers", "setup", "statistic")
#: What a map's ``setup:`` may read: the provenance a file states of its run.
SETUP_FIELDS = ("tool_version", "command", "date")
#: The statistics a tool may state its number is, of its own iterations.
STATISTICS = ("fastest", "slowest", "median", "mean", "single")
_KEYS = {"json": ("path", "unit"), "csv": ("column", "where", "unit"), "text": ("pattern", "unit")}
_SELECTOR = {"json": "path", "csv": "column", "text": "pattern"}
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,63}$")
_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
#: Characters a map may state as its grouping (thousands) separator, and as its decimal mark.
GROUPINGS = (",", ".", " ", "'", "\u00a0", "\u202f", "\u2009", "_", "")
DECIMALS = (".", ",")
_DELIMITERS = {",": ",", "\t": "\t", ";": ";", "|": "|"}


class _Environment(JSONPathEnvironment):
    """RFC 9535 without ``match()`` and ``search()``: their I-Regexp patterns would run unchecked."""

    def setup_function_extensions(self) -> None:
        super().setup_function_extensions()
        del self.function_extensions["match"], self.function_extensions["search"]


JSONPATH = _Environment()


class MapError(Exception):
    """Every problem of a map file, each ``file:line: field: message``."""

    def __init__(self, located: list[Problem]) -> None:
        self.located = located
        self.problems = [str(p) for p in located]
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Field:
    """One number (a metric) or set-up fact (a workload key) the map reads, and how."""

    name: str
    unit: str  # empty for a workload key
    selector: str  # the path, column or pattern as written
    query: JSONPathQuery | None = None
    where: tuple[tuple[str, str], ...] = ()
    pattern: Pattern | None = None
    text: bool = False
    """Read as the file writes it, never as a number (a version ``0.10``, a command, a date)."""


@dataclass(frozen=True)
class DeclaredMap:
    """A checked map: ``name`` is the format it reads (its file name without ``.yml``)."""

    name: str
    file: str
    format: str
    tool: str
    metrics: tuple[Field, ...]
    workload: tuple[Field, ...] = ()
    setup: tuple[Field, ...] = ()
    """The tool's version, command and date as the file states them (:data:`SETUP_FIELDS`)."""
    statistic: str = ""
    """What the tool's own number is, as the map states it: ``fastest of 5 iterations``; empty: not stated."""
    runs: str = ""
    runs_query: JSONPathQuery | None = None
    runs_pattern: Pattern | None = None
    delimiter: str = ","
    numbers: tuple[str, str] = (".", ",")
    """The decimal mark and the grouping (thousands) separator the tool prints numbers with."""


def _closest(key: str, known: tuple[str, ...]) -> str:
    near = difflib.get_close_matches(key, known, n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def load_map(path: Path, display: str | None = None, keys: tuple[str, ...] | None = None) -> DeclaredMap:
    """The map in ``path``; :class:`MapError` listing every problem it has. ``keys``: the set-up keys the guide
    declares, which its ``workload:`` may read (``None``: any key name, for a map the check has read already)."""
    shown = display or str(path)
    doc, problems = read_yaml(path, shown)
    if doc is None:
        raise MapError(problems)
    errors: list[Problem] = []

    def err(loc: tuple[str | int, ...], message: str) -> None:
        errors.append(Problem(shown, doc.line_of(loc), ".".join(str(p) for p in loc), message))

    data: Any = doc.data
    if not isinstance(data, dict):
        raise MapError([Problem(shown, 1, "", "expected a mapping with format: and metrics:")])
    for key in data:
        if key not in _TOP:
            err((key,), f"unknown field; expected one of {', '.join(_TOP)}{_closest(str(key), _TOP)}")
    kind = data.get("format")
    if kind not in FORMATS:
        err(("format",), f"expected one of {', '.join(FORMATS)}, got {kind!r}")
        raise MapError(errors)
    tool = data.get("tool", "")
    if not isinstance(tool, str) or len(tool) > 80:
        err(("tool",), "expected the harness's name as text (at most 80 characters)")
        tool = ""
    delimiter = data.get("delimiter", ",")
    if "delimiter" in data and (kind != "csv" or delimiter not in _DELIMITERS):
        err(("delimiter",), "only a csv map has a delimiter: one of ',', '\\t', ';', '|'")
    runs = data.get("runs", "")
    runs_query, runs_pattern = None, None
    if "runs" in data:
        if not isinstance(runs, str) or not runs:
            err(("runs",), "expected a JSONPath (json) or a regular expression (text) as text")
        elif kind == "csv":
            err(("runs",), "a csv map takes one row per metric (where:); runs: is for json and text")
        elif kind == "json":
            runs_query = _jsonpath(runs, ("runs",), err)
        else:
            runs_pattern = _pattern(runs, ("runs",), err, group=None)
    numbers = _numbers(data.get("numbers"), err) if "numbers" in data else (".", ",")
    metrics = _fields(data, "metrics", kind, err, required=True)
    workload = _fields(data, "workload", kind, err, required=False, declared=keys)
    setup = _fields(data, "setup", kind, err, required=False, declared=SETUP_FIELDS)
    statistic = _statistic(data.get("statistic"), err) if "statistic" in data else ""
    if errors:
        raise MapError(errors)
    return DeclaredMap(
        name=path.name.removesuffix(".yml").removesuffix(".yaml"),
        file=shown,
        format=kind,
        tool=tool or f"declared map {path.name}",
        metrics=metrics,
        workload=workload,
        setup=setup,
        statistic=statistic,
        runs=runs if isinstance(runs, str) else "",
        runs_query=runs_query,
        runs_pattern=runs_pattern,
        delimiter=_DELIMITERS.get(delimiter, ","),
        numbers=numbers,
    )


def _statistic(given: Any, err: Any) -> str:
    """``statistic: {of: fastest, iterations: 5}``: what the tool's number is, in words: ``fastest of 5 iterations``."""
    if not isinstance(given, dict) or not set(given) <= {"of", "iterations"} or given.get("of") not in STATISTICS:
        err(("statistic",), f"expected {{of: one of {', '.join(STATISTICS)}, iterations: a whole number (optional)}}")
        return ""
    count = given.get("iterations")
    if count is None:
        return str(given["of"])
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        err(("statistic", "iterations"), "expected how many iterations the tool ran, a whole number from 1")
        return ""
    return f"{given['of']} of {count} iteration{'s' if count != 1 else ''}"


def _numbers(given: Any, err: Any) -> tuple[str, str]:
    """``numbers: {decimal: ",", grouping: "."}``: how the tool prints a number (``5.494,07``)."""
    if not isinstance(given, dict) or not set(given) <= {"decimal", "grouping"}:
        err(("numbers",), "expected {decimal: '.' or ',', grouping: ',', '.', ' ', \"'\" or ''}")
        return (".", ",")
    decimal, grouping = (
        given.get("decimal", "."),
        given.get("grouping", "," if given.get("decimal", ".") == "." else ""),
    )
    if decimal not in DECIMALS:
        err(("numbers", "decimal"), "the decimal mark is '.' or ','")
    elif grouping not in GROUPINGS or grouping == decimal:
        shown = ", ".join(repr(g) for g in GROUPINGS)
        err(("numbers", "grouping"), f"the grouping separator is one of {shown}, and not the decimal mark")
    else:
        return (decimal, grouping)
    return (".", ",")


#: Filters inside filters at most this deep (``$[?@[?@.x]]`` is two): each level reads the nodes below the last.
MAX_FILTER_DEPTH = 2


def _filter_problem(lexemes: list[Any]) -> str | None:
    """Why a path's filters are refused: an absolute query (``$``) inside a filter re-reads the whole document for
    every node the filter tests (``$[?$[?$[*]]]`` is exponential in its depth), or filters nested too deeply."""
    brackets: list[bool] = []  # one per open bracket: whether it holds a filter
    for lexeme in lexemes:
        if lexeme.type_ is TokenType.LBRACKET:
            brackets.append(False)
        elif lexeme.type_ is TokenType.RBRACKET and brackets:
            brackets.pop()
        elif lexeme.type_ is TokenType.FILTER and brackets:
            brackets[-1] = True
            if sum(brackets) > MAX_FILTER_DEPTH:
                return f"filters nested at most {MAX_FILTER_DEPTH} deep (each level reads every node below the last)"
        elif lexeme.type_ is TokenType.ROOT and any(brackets):
            return "a filter may query only the node it tests (@), not the whole document ($)"
    return None


def _jsonpath(text: str, loc: tuple[str | int, ...], err: Any) -> JSONPathQuery | None:
    try:
        lexemes = list(tokenize(text))
        if sum(part.type_ is TokenType.DOUBLE_DOT for part in lexemes) > 1:
            err(
                loc,
                "at most one descendant segment (..) a path: each reads every node below it, so two re-read them",
            )
            return None
        if (why := _filter_problem(lexemes)) is not None:
            err(loc, why)
            return None
        return JSONPATH.compile(text)
    except JSONPathError as exc:
        message, _, place = str(exc).partition(", line ")
        column = f" at column {place.rpartition('column ')[2]}" if "column " in place else ""
        if "match" in message or "search" in message:
            message += " (match() and search() are not taken: their patterns are not checked)"
        err(loc, f"not a JSONPath (RFC 9535): {message}{column}")
    except RecursionError:
        err(loc, "not a JSONPath (RFC 9535): nested too deeply")
    return None


def _pattern(text: str, loc: tuple[str | int, ...], err: Any, *, group: str | None) -> Pattern | None:
    try:
        return compile_pattern(text, group=group)
    except UnsafePattern as exc:
        err(loc, str(exc))
        return None


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _fields(
    data: dict[str, Any], section: str, kind: str, err: Any, *, required: bool, declared: tuple[str, ...] | None = None
) -> tuple[Field, ...]:
    given = data.get(section)
    if given is None and not required:
        return ()
    if not isinstance(given, dict) or not given:
        err((section,), f"expected a mapping of names to {{{', '.join(_KEYS[kind])}}}")
        return ()
    out: list[Field] = []
    keys = _KEYS[kind] if section == "metrics" else tuple(k for k in _KEYS[kind] if k != "unit")
    for name, spec in given.items():
        loc: tuple[str | int, ...] = (section, name)
        if section in ("workload", "setup") and (
            not _KEY.match(str(name)) or (declared is not None and name not in declared)
        ):
            known = declared or ()
            near = _closest(str(name), known)
            what = "a set-up key guide.yml declares" if section == "workload" else "a set-up field a map reads"
            err(loc, f"not {what}; expected one of {', '.join(known) or 'none'}{near}")
            continue
        if not _NAME.match(str(name)):
            err(loc, "a metric's name is a letter, then letters, digits, '_', '.' or '-' (at most 64)")
            continue
        if not isinstance(spec, dict):
            err(loc, f"expected {{{', '.join(keys)}}}")
            continue
        bad = [key for key in spec if key not in keys]
        for key in bad:
            other = [f for f, ks in _KEYS.items() if key in ks]
            hint = f" ({key} is for a {other[0]} map)" if other else _closest(str(key), keys)
            err((*loc, key), f"unknown field for a {kind} map; expected {', '.join(keys)}{hint}")
        selector = spec.get(_SELECTOR[kind])
        if not isinstance(selector, str) or not selector:
            err((*loc, _SELECTOR[kind]), "missing (text expected)")
            continue
        unit = spec.get("unit", "")
        if section == "metrics" and (not isinstance(unit, str) or not unit.strip() or len(unit) > 40):
            err((*loc, "unit"), "missing: every metric states its unit (ms, req/s, GB/s ...)")
            bad.append("unit")
        where: tuple[tuple[str, str], ...] = ()
        if kind == "csv" and "where" in spec:
            chosen = spec["where"]
            if not isinstance(chosen, dict) or not chosen or not all(_scalar(v) for v in chosen.values()):
                err((*loc, "where"), "expected {column: value, ...}: the row whose cells hold these values")
                continue
            where = tuple((str(k), str(v)) for k, v in chosen.items())
        field = Field(str(name), unit.strip() if isinstance(unit, str) else "", selector, where=where)
        if kind == "json":
            query = _jsonpath(selector, (*loc, "path"), err)
            field = Field(field.name, field.unit, selector, query=query)
        elif kind == "text":
            pattern = _pattern(selector, (*loc, "pattern"), err, group="value")
            field = Field(field.name, field.unit, selector, pattern=pattern)
        if not bad:  # a field with a problem is reported, never read
            out.append(replace(field, text=section == "setup"))
    return tuple(out)
