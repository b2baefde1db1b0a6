"""The numbers a source's quote states, and whether a value typed by hand is one of them.

A value typed from a quote (``source: {quote: "... 373.25 ops/s ..."}``) must be one of the numbers
the quote states, in the value's own precision: ``373.25`` and ``373.3`` both agree with ``373.254``;
``173.25`` agrees with none (a typo the build would otherwise publish). A value computed from the quoted
numbers (a sum, a conversion of units) says so and how in the source's ``derived`` field, and is not
compared. A quote that states a unit (``Mean latency (ns): 18201543``, ``12.5 GB/s``) answers the unit question
itself: a value that is one of its numbers converted exactly from that unit into the value's own (18.201543 ms,
or 18.2 in its precision) agrees too. Used by the check (``check/rules/typed_values_match_their_quotes.py``) and
by the migration to this format, which lists the values that disagree for their author.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation, localcontext

from generator.units import PREFIXES, base_of, exponent_between

#: A number as prose writes one: ``18201``, ``18,201``, ``0.37``; not part of a word (``v2``, ``X100``),
#: of a version (``0.21.1``) or of a longer number.
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w]|[.,]\d)")


def stated_numbers(quote: str) -> list[str]:
    """The numbers ``quote`` states, as written without thousands separators, in order, once each.

    >>> stated_numbers("Tool 0.21 on X16: 1,234.5 vs 68.7 ops/s (v0.21.1)")
    ['0.21', '1234.5', '68.7']
    """
    found: dict[str, None] = {}
    for match in _NUMBER.finditer(quote):
        found[match.group(1).replace(",", "") + (match.group(2) or "")] = None
    return list(found)


def _decimal(value: float | int | str) -> Decimal:
    """The value as typed: the schema reads every number as a float, so ``150`` arrives as ``150.0``."""
    if isinstance(value, float):
        return Decimal(int(value)) if value.is_integer() else Decimal(repr(value))
    return Decimal(str(value))


#: The most significant digits a value holds: a float keeps 17, a number written with more cannot be typed.
MAX_DIGITS = 17


def too_long(stated: Iterable[str]) -> str | None:
    """The first of ``stated`` with more significant digits than a value holds, or None."""
    for text in stated:
        if len(text.replace(".", "").lstrip("0")) > MAX_DIGITS:
            return text
    return None


def agrees(value: float | int, stated: Iterable[str]) -> bool:
    """Whether ``value`` is one of the ``stated`` numbers, rounded to the value's own decimals."""
    try:
        typed = _decimal(value)
    except InvalidOperation:
        return False
    exponent = typed.as_tuple().exponent
    step = Decimal(1).scaleb(min(int(exponent), 0)) if isinstance(exponent, int) else Decimal(1)
    with localcontext() as exact:  # room for any number a float and a stated number can hold, side by side
        exact.prec = 4 * MAX_DIGITS + 400
        for text in stated:
            number = Decimal(text)
            if number == typed:
                return True
            try:
                if any(number.quantize(step, rounding=how) == typed for how in (ROUND_HALF_UP, ROUND_HALF_EVEN)):
                    return True
            except InvalidOperation:
                continue
    return False


def stated_units(quote: str, unit: str) -> list[str]:
    """The units of ``unit``'s kind that ``quote`` states, in parentheses (``(ns)``) or after a number
    (``12.5 GB/s``, ``40ms``), in order, once each: ``Mean latency (ns): 18201543`` states ``ns`` for ``ms``."""
    base = base_of(unit)[0]
    spelled = [base, "sec"] if base == "s" else [base]
    names = [p + b for b in spelled for p in ["", *PREFIXES]]
    pattern = re.compile(
        r"(?:\(|(?<=\d)\s?)(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?=\)|[\s,;:]|$)"
    )
    found = [m.group(1) for m in pattern.finditer(quote)]
    return list(dict.fromkeys(name for name in found if base_of(name)[0] == base))


def converted(stated: Iterable[str], quote: str, unit: str) -> list[str]:
    """Each of the ``stated`` numbers converted exactly from each unit of ``unit``'s kind the quote states."""
    out = []
    for name in stated_units(quote, unit):
        shift = exponent_between(name, unit)
        if shift:
            out += [str(Decimal(text).scaleb(shift)) for text in stated]
    return out


def disagreement(value: float | int, quote: str, unit: str | None = None) -> str | None:
    """Why ``value`` does not agree with ``quote``, or None when it does (or the quote states no number); with the
    value's ``unit``, a number of the quote in the unit the quote states, converted exactly, agrees too."""
    stated = stated_numbers(quote)
    if (long := too_long(stated)) is not None:
        shown = long if len(long) <= 40 else f"{long[:20]}...{long[-8:]}"
        return (
            f"its quote states {shown}, a number of more than {MAX_DIGITS} digits, more than a value holds: "
            "write the quote's numbers as the source rounds them"
        )
    if not stated or agrees(value, stated):
        return None
    if unit is not None and agrees(value, converted(stated, quote, unit)):
        return None
    listed = ", ".join(stated[:12]) + (", ..." if len(stated) > 12 else "")
    return (
        f"{_decimal(value)} is not a number its quote states ({listed}); correct the value, or say how it is "
        "computed from them with `derived:` in its source (`the sum of 12.5 and 13`, `0.37 ms in µs`)"
    )
