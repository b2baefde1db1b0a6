"""The values a map reads: a metric's number, a workload key's number or text, each with where it was read."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import Any

from generator.read.formats.tool_output import Metric, Stated, ToolOutputError
from generator.read.maps.spec import Field

#: A number cell or matched text longer than this is not a number a tool printed.
MAX_NUMBER = 40

Read = tuple[dict[str, Metric], dict[str, Stated]]
Found = Callable[[Field], tuple[Any, str]]


def number(value: Any, where: str, field: Field) -> float:
    if isinstance(value, str) and len(value.strip()) <= MAX_NUMBER:
        with contextlib.suppress(ValueError):
            value = float(value.strip())
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ToolOutputError(where, f"{field.name}: expected a number, got {str(value)[:60]!r}")
    if not math.isfinite(value):
        raise ToolOutputError(where, f"{field.name}: not a finite number ({value})")
    return float(value)


def stated(value: Any, where: str, field: Field) -> Stated:
    if isinstance(value, str):
        text = value.strip()
        try:
            parsed = float(text) if len(text) <= MAX_NUMBER else None
        except ValueError:
            parsed = None
        if parsed is not None and math.isfinite(parsed):
            return Stated(int(parsed) if parsed.is_integer() else parsed, where)
        if text and len(text) <= 200:
            return Stated(text, where)
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return Stated(value, where)
    raise ToolOutputError(where, f"{field.name}: expected a number or a short text, got {str(value)[:60]!r}")


def fill(fields: tuple[Field, ...], workload: tuple[Field, ...], found: Found) -> Read:
    """Each field's value through ``found(field) -> (value, where)``."""
    metrics = {}
    for field in fields:
        value, where = found(field)
        metrics[field.name] = Metric(number(value, where, field), field.unit, where)
    facts = {}
    for field in workload:
        value, where = found(field)
        facts[field.name] = stated(value, where, field)
    return metrics, facts
