"""A unit as a benchmark tool writes it: the guide's spelling of it, and a value in one unit expressed in another."""

from __future__ import annotations

from generator.units import exponent_between

#: Spellings tools use -> the guide's spelling. Units not listed here are kept as written.
_UNIT_ALIASES = {
    "tokens/sec": "tok/s",
    "tokens/s": "tok/s",
    "token/s": "tok/s",
    "tok/sec": "tok/s",
    "tokens/sec/user": "tok/s/user",
    "tokens/s/user": "tok/s/user",
    "requests/sec": "req/s",
    "requests/s": "req/s",
    "request/s": "req/s",
    "sec": "s",
    "seconds": "s",
    "milliseconds": "ms",
    "us": "µs",
    "\u03bcs": "µs",  # Greek mu, which looks the same as the micro sign
    "usec": "µs",
    "microseconds": "µs",
    "nanoseconds": "ns",
}


def canonical_unit(unit: str) -> str:
    """The guide's spelling of a unit: ``tokens/sec`` -> ``tok/s``, ``us`` -> ``µs``."""
    text = unit.strip()
    return _UNIT_ALIASES.get(text, _UNIT_ALIASES.get(text.lower(), text))


def convert(value: float, unit: str, to: str) -> float:
    """``value`` in ``unit`` expressed in ``to``; a :class:`ValueError` if one cannot be the other.

    >>> convert(1.5, "ms", "µs")
    1500.0
    """
    here, there = canonical_unit(unit), canonical_unit(to)
    if here == there:
        return value
    shift = exponent_between(here, there)  # the same base under another SI prefix (generator.units)
    if shift is None:
        raise ValueError(f"the metric is in {here}, which cannot be expressed in {there}")
    return value * 10.0**shift
