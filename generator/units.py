"""Units that differ by an SI prefix: ``ms`` is ``s`` scaled by 10^-3, ``GB/s`` is ``B/s`` scaled by 10^9.

One rule for every place that converts a unit (the quote check, :mod:`generator.schema.quoted`; the benchmark
readers, :mod:`generator.read.formats.units`): a prefix scales seconds, bytes, bits, hertz, watts and any rate
(``.../s``); any other unit is taken whole, so two units convert only when they share their base.
"""

from __future__ import annotations

import re

#: The SI prefixes a unit may carry, by their power of ten (a conversion between two of them is exact).
PREFIXES: dict[str, int] = {
    "T": 12, "G": 9, "M": 6, "k": 3, "K": 3, "m": -3, "u": -6, "µ": -6, "μ": -6, "n": -9, "p": -12,
}  # fmt: skip
#: Bases a prefix scales: seconds, bytes, bits, hertz, watts, and any rate (``ops/s``); other names are taken whole.
_SCALED = {"s", "sec", "B", "b", "Hz", "W"}
#: A unit longer than this has no prefix read from it.
MAX_UNIT = 40


def base_of(unit: str) -> tuple[str, int]:
    """A unit as its base and its prefix's power of ten: ``ms`` -> (``s``, -3), ``GB/s`` -> (``B/s``, 9);
    ``min``, ``GiB/s`` (a binary prefix) and a bare base come whole; ``sec`` is ``s``.

    >>> base_of("ms"), base_of("GB/s"), base_of("kops/s"), base_of("min"), base_of("GiB/s")
    (('s', -3), ('B/s', 9), ('ops/s', 3), ('min', 0), ('GiB/s', 0))
    """
    text = unit.strip()
    if len(text) > MAX_UNIT:  # no unit is this long: taken whole, before any pattern
        return text, 0
    if len(text) > 1 and text[0] in PREFIXES and not re.match(r"i[A-Z]", text[1:]):
        rest = text[1:]
        if rest in _SCALED or re.search(r"/(?:s|sec)$", rest):
            return ("s" if rest == "sec" else rest), PREFIXES[text[0]]
    return ("s" if text == "sec" else text), 0


def exponent_between(unit: str, to: str) -> int | None:
    """The power of ten that turns a value in ``unit`` into one in ``to``, or None when they share no base.

    >>> exponent_between("ms", "µs"), exponent_between("GB/s", "MB/s"), exponent_between("ms", "GB/s")
    (3, 3, None)
    """
    (a, x), (b, y) = base_of(unit), base_of(to)
    return x - y if a == b else None
