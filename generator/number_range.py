"""The numbers a guide computes with: positive, finite, and far from the limits of a float.

A measured value is divided by another (a ratio), a ratio is turned round (``1 / r``) and runs are
summed and squared; a value near a float's limits (``1.7e308``, ``5e-324``) makes one of those
infinite or zero, which JSON cannot hold and a page would show as ``inf×``. A value from
:data:`SMALLEST` to :data:`LARGEST` keeps every one of them finite and non-zero (a ratio lies within
1e-200..1e200), and is still far beyond any measurement.
"""

from __future__ import annotations

import math

SMALLEST = 1e-100
LARGEST = 1e100
#: What a value outside the range is told; ``guide.json`` carries the range and these words to the
#: "Your numbers" page, which refuses the same values (:func:`exported`).
OUT_OF_RANGE = "expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite)"


def out_of_range(value: int | float) -> str:
    """What a measured number must be, when ``value`` is not that (``""`` when it is).

    >>> out_of_range(2.5), out_of_range(-1)
    ('', 'expected a positive finite number')
    >>> out_of_range(1e-320)
    'expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite)'
    """
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        number = math.inf
    if math.isnan(number) or number <= 0:
        return "expected a positive finite number"
    if not SMALLEST <= number <= LARGEST:
        return OUT_OF_RANGE
    return ""


def exported() -> dict[str, float | str]:
    """The range as ``guide.json`` states it (``number_range``)."""
    return {"smallest": SMALLEST, "largest": LARGEST, "message": OUT_OF_RANGE}


def shown(value: int | float) -> str:
    """``value`` for a message: as written, or by its length when it is an int too long to print."""
    if isinstance(value, int) and abs(value) > LARGEST:
        try:
            return f"a number of {len(str(abs(value)))} digits"
        except ValueError:  # beyond Python's limit of digits for printing
            return f"a number of about {math.floor(abs(value).bit_length() * math.log10(2)) + 1} digits"
    return repr(value)
