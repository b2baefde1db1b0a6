"""Every ratio a reader sees is computed here, by :func:`ratio`, and oriented by :func:`oriented`.

The matrix cells, the tables' ratio columns, the numbers quoted in prose, the charts and the diff
all read ratios computed by these two functions, so one raw value changes all of them together.
"""

from __future__ import annotations


def ratio(numerator: float | str, denominator: float | str) -> float | None:
    """``numerator / denominator``, or ``None`` when either side is ``not measured`` (text).

    >>> ratio(3.0, 2.0), ratio("not measured", 2.0)
    (1.5, None)
    """
    if isinstance(numerator, str) or isinstance(denominator, str):
        return None
    return numerator / denominator


def oriented(value: float, better: str) -> float:
    """A ratio of the record's value over another's, turned so that above 1 means better for the record.

    >>> oriented(2.0, "higher"), oriented(2.0, "lower")
    (2.0, 0.5)
    """
    return value if better == "higher" else 1 / value
