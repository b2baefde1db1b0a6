"""The values a map reads: a metric's number, a workload key's number or text, each with where it was read.

A number is read as the tool printed it (:func:`parse_number`): with thousands separators (``"5,494.07"``,
``"1 234,5"`` when the map states ``numbers: {decimal: ",", grouping: " "}``), a ``±`` spread after it
(``12.3 ± 0.4`` is 12.3), a Unicode minus (``−3.2``); a group of other than three digits is not a number.
The kept file is never rewritten: only the text a value was read from is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from generator.read.formats.tool_output import Metric, Stated, ToolOutputError
from generator.read.maps.spec import Field

#: A number cell or matched text longer than this is not a number a tool printed.
MAX_NUMBER = 40
#: Text longer than this (a number with its spread, blanks around it) is not read as a number: every length is
#: checked before any pattern, so no value's length makes a reader scan it again and again.
MAX_PRINTED = 200

Read = tuple[dict[str, Metric], dict[str, Stated]]
Found = Callable[[Field], tuple[Any, str]]


_SPREADS = ("±", "+/-", "+-")
_MINUS = "\u2212"
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:inf|nan)", re.IGNORECASE)


def parse_number(text: str, decimal: str = ".", grouping: str = ",") -> float | None:
    """The number ``text`` prints, or ``None``: see the module (grouping in groups of three only)."""
    text = text.strip()
    if len(text) > MAX_PRINTED:
        return None
    marks = [at for at in (text.find(mark) for mark in _SPREADS) if at >= 0]
    if marks:  # the spread and the blanks before it cut off, by position (no pattern backtracks over blanks)
        text = text[: min(marks)].rstrip()
    text = text.replace(_MINUS, "-")
    if not text or len(text) > MAX_NUMBER:
        return None
    if grouping and grouping in text:
        sign, digits = (text[0], text[1:]) if text[0] in "+-" else ("", text)
        whole, mark, fraction = digits.partition(decimal)
        groups = whole.split(grouping)
        if not (groups[0].isdigit() and len(groups[0]) <= 3 and all(len(g) == 3 and g.isdigit() for g in groups[1:])):
            return None
        text = sign + "".join(groups) + (mark + fraction if mark else "")
    if decimal != ".":
        if "." in text:
            return None
        text = text.replace(decimal, ".")
    if not _NUMBER.fullmatch(text):
        return None
    return float(text)


def number(value: Any, where: str, field: Field, decimal: str = ".", grouping: str = ",") -> float:
    if isinstance(value, str) and (parsed := parse_number(value, decimal, grouping)) is not None:
        value = parsed
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(where, f"{field.name}: expected a number, got {str(value)[:60]!r}")
    if not math.isfinite(value):
        raise ToolOutputError(where, f"{field.name}: not a finite number ({value})")
    return float(value)


def stated(value: Any, where: str, field: Field, decimal: str = ".", grouping: str = ",") -> Stated:
    if isinstance(value, str):
        text = value.strip()
        parsed = parse_number(text, decimal, grouping)
        if parsed is not None and math.isfinite(parsed):
            return Stated(int(parsed) if parsed.is_integer() else parsed, where)
        if text and len(text) <= 200:
            return Stated(text, where)
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return Stated(value, where)
    raise ToolOutputError(where, f"{field.name}: expected a number or a short text, got {str(value)[:60]!r}")


def fill(
    fields: tuple[Field, ...], workload: tuple[Field, ...], found: Found, decimal: str = ".", grouping: str = ","
) -> Read:
    """Each field's value through ``found(field) -> (value, where)``, numbers as the map says they are printed."""
    metrics = {}
    for field in fields:
        value, where = found(field)
        metrics[field.name] = Metric(number(value, where, field, decimal, grouping), field.unit, where)
    facts = {}
    for field in workload:
        value, where = found(field)
        text = str(value).strip()
        if (
            field.text
            and isinstance(value, str | int | float)
            and not isinstance(value, bool)
            and 0 < len(text) <= 4000
        ):
            facts[field.name] = Stated(text, where)  # as the file writes it: a version 0.10 is not 0.1
        else:
            facts[field.name] = stated(value, where, field, decimal, grouping)
    return metrics, facts
