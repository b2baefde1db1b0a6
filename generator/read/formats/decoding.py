"""A tool's output file decoded: as text (size, encoding, line length checked), as JSON (duplicate keys,
huge numbers, truncation named by line), and the values read out of it, each problem a
:class:`~generator.read.formats.tool_output.ToolOutputError` naming where in the file it is."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from generator.read.formats.tool_output import Stated, ToolOutputError
from generator.workload import WORKLOAD_FIELDS

#: A raw result file larger than this is refused (the guide keeps raw files in the repository).
MAX_RAW_BYTES = 16 * 1024 * 1024
#: The longest line a tool's text log may have. The tools write lines of at most a few hundred bytes (an
#: ``NCCL_DEBUG`` line about a thousand); a longer line is not their output, and refusing it keeps the work
#: of reading every line bounded. JSON results are not cut into lines: a vLLM or SGLang run is one line of
#: any length.
MAX_LINE_BYTES = 64 * 1024
#: How many notes of one kind a run lists before it counts the rest.
MAX_NOTES = 20


def text_of(content: bytes) -> str:
    """The file as text: refused when empty, too large, or not UTF-8."""
    if len(content) > MAX_RAW_BYTES:
        raise ToolOutputError(
            "", f"the file has {len(content)} bytes; the most a raw result may have is {MAX_RAW_BYTES}"
        )
    if not content.strip():
        raise ToolOutputError("", "the file is empty")
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = content[: exc.start].count(b"\n") + 1
        raise ToolOutputError(f"line {line}", "not UTF-8 text (is this a binary file?)") from None


#: The most digits a whole number in a tool's file may have: any such number fits a float.
_MAX_DIGITS = 308
#: A run of more digits than that, found from the start of each run of digits only (``(?<!\d)``): tried
#: inside a run, it would scan the run's rest again from every digit.
_LONG_NUMBER = re.compile(rf"(?<!\d)\d{{{_MAX_DIGITS + 1},}}")


def text_lines(text: str, tool: str) -> list[str]:
    """The lines of a tool's text log; a line longer than :data:`MAX_LINE_BYTES` is refused by its number."""
    lines = text.splitlines()
    if max(map(len, lines), default=0) * 4 <= MAX_LINE_BYTES:  # no line can be too long: a character is at most 4 bytes
        return lines
    for number, line in enumerate(lines, 1):
        if len(line) * 4 > MAX_LINE_BYTES and (size := len(line.encode("utf-8"))) > MAX_LINE_BYTES:
            raise ToolOutputError(
                f"line {number}",
                f"line is {size} bytes long; {tool} writes lines of at most a few hundred bytes, and a line of"
                f" more than {MAX_LINE_BYTES} bytes is not read (is this {tool}'s output?)",
            )
    return lines


def whole_number(text: str, where: str) -> int:
    """A whole number a line states (a size, a rank, a count); an error naming ``where`` when it has more digits
    than any number the tools print, or is not one."""
    if len(text) > _MAX_DIGITS:
        raise ToolOutputError(where, f"a number has more than {_MAX_DIGITS} digits")
    try:
        return int(text)
    except ValueError:
        raise ToolOutputError(where, f"expected a whole number, got {text[:40]!r}") from None


def few(notes: list[str], what: str) -> list[str]:
    """At most :data:`MAX_NOTES` of ``notes``, the rest counted in one more: ``and 7 more <what>``."""
    if len(notes) <= MAX_NOTES:
        return notes
    return [*notes[:MAX_NOTES], f"and {len(notes) - MAX_NOTES} more {what}"]


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


class _TooLong(Exception):
    pass


def _int(text: str) -> int:
    if len(text) > _MAX_DIGITS and len(text.lstrip("-")) > _MAX_DIGITS:
        raise _TooLong
    return int(text)


def load_json(text: str, *, first_line: int = 1) -> Any:
    """Parse one JSON document; a broken or truncated one is an error naming its line and column."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int)
    except _TooLong:
        found = _LONG_NUMBER.search(text)
        line = first_line + (text.count("\n", 0, found.start()) if found else 0)
        raise ToolOutputError(f"line {line}", f"a number has more than {_MAX_DIGITS} digits") from None
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        what = "the file ends in the middle of the JSON (truncated?)" if cut else exc.msg
        raise ToolOutputError(
            f"line {exc.lineno + first_line - 1} column {exc.colno}", f"not valid JSON: {what}"
        ) from None
    except _DuplicateKey as exc:
        raise ToolOutputError(f"line {first_line}", f"the key {exc.key!r} appears twice in one object") from None
    except RecursionError:
        raise ToolOutputError(f"line {first_line}", "the JSON is nested too deeply") from None


def path_text(path: tuple[str | int, ...]) -> str:
    """``("a", 0, "b")`` -> ``$.a[0].b``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def dig(doc: Any, *path: str | int) -> Any:
    """The value at ``path`` inside ``doc``, or ``None`` where any step is missing."""
    here = doc
    for part in path:
        if isinstance(part, int):
            if not isinstance(here, list) or not -len(here) <= part < len(here):
                return None
        elif not isinstance(here, dict) or part not in here:
            return None
        here = here[part]
    return here


def number_at(doc: Any, path: tuple[str | int, ...], *, where: Callable[[str], str] | None = None) -> float:
    """A finite number at ``path``; an error naming the path otherwise."""
    value = dig(doc, *path)
    name = path_text(path) if where is None else where(path_text(path))
    if value is None:
        raise ToolOutputError(name, "missing")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(name, f"expected a number, got {json.dumps(value)[:60]}")
    if not math.isfinite(value):
        raise ToolOutputError(name, f"not a finite number ({value})")
    return float(value)


def stated_int(value: Any, where: str) -> Stated | None:
    """A whole number the file states (``4`` or ``4.0``), or ``None`` when it states nothing usable."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    if float(value) != int(value):
        return None
    return Stated(int(value), where)


def stated_text(value: Any, where: str) -> Stated | None:
    if isinstance(value, str) and value.strip():
        return Stated(value.strip(), where)
    return None


def workload(**fields: Stated | None) -> dict[str, Stated]:
    """The stated workload fields, dropping the ones the file is silent on."""
    unknown = set(fields) - set(WORKLOAD_FIELDS)
    assert not unknown, unknown
    return {name: value for name, value in fields.items() if value is not None}


def expect_object(doc: Any, tool: str, hint: str) -> dict[str, Any]:
    """The document must be a JSON object; another tool's file is named as such."""
    if not isinstance(doc, dict):
        raise ToolOutputError("$", f"expected a JSON object ({hint}), got {type(doc).__name__}: is this a {tool} file?")
    return doc
