"""How numbers are written on the page. One place, so every page agrees."""

from __future__ import annotations


def raw(value: float) -> str:
    """A measured value as the source wrote it: ``18201``, ``68.7``, ``105.66``."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def ratio(value: float, digits: int, approx: bool = False) -> str:
    """A ratio: ``0.65×``; with ``approx`` and 0 digits, ``~4×``."""
    text = f"{value:.{digits}f}"
    return f"~{text}×" if approx else f"{text}×"


def ratio_range(low: float, high: float, digits: int) -> str:
    """``0.65–0.97×``, or a single ratio when both ends round the same."""
    lo, hi = f"{low:.{digits}f}", f"{high:.{digits}f}"
    return f"{lo}×" if lo == hi else f"{lo}–{hi}×"


def quantity(value: float, unit: str, approx: bool = False, sign: str = "") -> str:
    """A fact with its unit: ``~8 GB/s``, ``+14.7 ms/op``."""
    return f"{'~' if approx else ''}{sign}{raw(value)} {unit}"


def decimals(value: float) -> int:
    """Decimal places of a value as written: ``68.7`` -> 1, ``18201`` -> 0."""
    text = raw(value)
    return len(text.split(".")[1]) if "." in text and "e" not in text else 0


def fixed(value: float, digits: int) -> str:
    """A computed value (a median, a mean, a spread) with ``digits`` decimals, never in exponent form."""
    return f"{value:.{digits}f}"


def times(value: float, digits: int, better: str, quantity: str) -> str:
    """A ratio of one value over another, as every page spells it (one spelling, whatever the page).

    Where higher is better, the ratio itself: ``0.88×``. Where lower is better, the factor (never below 1)
    and the way it reads, in the table's quantity: ``1.14× lower latency``, ``4.0× higher latency``; a
    0.88 and a 1.14 of the same two values never meet on two pages.

    >>> times(0.877, 2, "higher", "throughput"), times(0.877, 2, "lower", "latency"), times(4, 1, "lower", "time")
    ('0.88×', '1.14× lower latency', '4.0× higher time')
    """
    return times_range(value, value, digits, better, quantity)


def times_range(low: float, high: float, digits: int, better: str, quantity: str) -> str:
    """:func:`times` for a range: ``0.65–0.97×``; where lower is better ``1.1–1.5× lower latency``, or, for a
    range across 1, ``1.14× lower to 1.05× higher latency``.

    >>> times_range(0.5, 0.8, 1, "lower", "time"), times_range(0.8, 1.2, 1, "lower", "time")
    ('1.2–2.0× lower time', '1.2× lower to 1.2× higher time')
    """
    if better == "higher":
        return ratio_range(low, high, digits)
    what = f" {quantity}" if quantity else ""
    one = f"{1:.{digits}f}"
    if f"{low:.{digits}f}" == f"{high:.{digits}f}" == one or f"{1 / high:.{digits}f}" == f"{1 / low:.{digits}f}" == one:
        return f"{ratio(1.0, digits)}, the same{what}"
    if low >= 1:
        return f"{ratio_range(low, high, digits)} higher{what}"
    if high <= 1:
        return f"{ratio_range(1 / high, 1 / low, digits)} lower{what}"
    return f"{ratio(1 / low, digits)} lower to {ratio(high, digits)} higher{what}"
