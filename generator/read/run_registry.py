"""The registry of run-file readers: format name -> reader (:data:`READERS`), what a reader returns
(:class:`FileRun`) or raises (:class:`RunFileError`), and the two built-in formats ``number`` and ``json``.

To add a format (a benchmark tool's own output), write a function and register it::

    @register("my-tool-json")
    def my_tool(content: bytes, metric: str | None) -> float | FileRun:
        ...

Imports no reader: the readers of :mod:`generator.read.formats` import this module to register, and
:mod:`generator.read.runs` reads a kept file through the reader registered for its format.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from generator.number_range import out_of_range, shown


@dataclass(frozen=True)
class FileRun:
    """One run value read from a raw file, with what the file itself states about it.

    ``unit`` is the unit the file gives the value in (``None`` when it gives none); the build refuses a
    file whose unit is not its table's. The other fields are the set-up the file states, as text the
    evidence block shows instead of "not stated": ``tool``, ``tool_version``, ``command``, ``date``,
    ``software`` (component -> version) and ``settings`` (other facts of the run: ``concurrency: 4``).
    """

    value: float
    unit: str | None = None
    tool: str | None = None
    tool_version: str | None = None
    command: str | None = None
    date: dt.date | None = None
    software: Mapping[str, str] = field(default_factory=dict)
    settings: tuple[str, ...] = ()
    invalid: str | None = None
    """The tool's verdict when the tool itself marks the run invalid; such a run is filed only with an
    ``accepted`` reason."""
    workload: Mapping[str, tuple[str | int | float, str]] = field(default_factory=dict)
    """The workload facts the file states (``concurrency``, ``model``, ``framework`` ...), each with where it
    states it; the build compares them with the row's (:mod:`generator.check.file_workload`)."""


Reader = Callable[[bytes, "str | None"], "float | FileRun"]

#: Format name -> reader. ``number`` and ``json`` are built in.
READERS: dict[str, Reader] = {}
MAX_RUN_FILE_BYTES = 16 * 1024 * 1024


class RunFileError(Exception):
    """A raw result file that cannot give a run value; the message says why, for the author."""


def register(name: str) -> Callable[[Reader], Reader]:
    """Register ``reader`` under the format ``name`` (a lower-case id)."""

    def add(reader: Reader) -> Reader:
        if name in READERS and READERS[name] is not reader:
            raise ValueError(f"a reader for format {name!r} is already registered")
        READERS[name] = reader
        return reader

    return add


@register("number")
def number_file(content: bytes, metric: str | None) -> float:
    """A text file holding one number (surrounding white space allowed); ``metric`` must be absent."""
    if metric is not None:
        raise RunFileError("format 'number' holds one number; remove 'metric'")
    text = content.decode("utf-8", errors="replace").strip()
    try:
        return float(text)
    except ValueError:
        raise RunFileError(f"expected one number, found {text[:40]!r}") from None


@register("json")
def json_file(content: bytes, metric: str | None) -> float:
    """A JSON document; ``metric`` is a dotted path to the number (``results.throughput.avg``, ``runs.0``)."""
    if metric is None:
        raise RunFileError("format 'json' needs 'metric': the dotted path to the number in the file")
    try:
        node: object = json.loads(content)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RunFileError(f"not valid JSON ({exc})") from None
    except ValueError:  # an integer beyond Python's limit of digits
        raise RunFileError("a number in the file has too many digits") from None
    except RecursionError:
        raise RunFileError("not valid JSON (nested too deeply)") from None
    walked: list[str] = []
    for part in metric.split("."):
        walked.append(part)
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise RunFileError(f"no {'.'.join(walked)!r} in the file")
    if isinstance(node, bool) or not isinstance(node, (int, float)):
        raise RunFileError(f"{metric!r} is not a number")
    if why := out_of_range(node):
        raise RunFileError(f"{metric!r} is {shown(node)}; {why}")
    return float(node)
