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
