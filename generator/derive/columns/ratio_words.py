"""How a comparison column's ratios read in words: its bands' meanings, a changed ratio, which way a cell reads.

Every ratio is spelled as every page spells it (:func:`generator.numbers.times`): where lower is better, the
factor and the way it reads (``1.14× lower latency``), never a fraction.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator import numbers, schema
from generator.derive.columns.base import Guide
from generator.model import measurement_tables


def band_meaning(column: schema.ComparisonColumn, i: int, better: str = "higher", quantity: str = "") -> str:
    """What ratios a band takes, on the column's scale (above 1 is better for the option): ``ratio ≥ 1.2×``.

    A column fed only by tables where lower is better says it as those ratios read on every page
    (:func:`generator.numbers.times`): ``1.20× lower climb time or more``.
    """
    b = column.bands[i]
    above = column.bands[i - 1].min if i > 0 else None
    if better == "lower":
        if b.min is not None and above is not None:
            return f"from {numbers.times_range(1 / above, 1 / b.min, 2, better, quantity)}"
        if b.min is not None:
            return (
                f"{numbers.times(1 / b.min, 2, better, quantity)} or more"
                if b.min > 1
                else f"up to {numbers.times(1 / b.min, 2, better, quantity)}"
            )
        return f"beyond {numbers.times(1 / above, 2, better, quantity)}" if above is not None else "any ratio"
    if b.min is not None and above is not None:
        return f"{numbers.raw(b.min)}× ≤ ratio < {numbers.raw(above)}×"
    if b.min is not None:
        return f"ratio ≥ {numbers.raw(b.min)}×"
    return f"ratio < {numbers.raw(above)}×" if above is not None else "any ratio"


def ratio_change(old: float | None, new: float | None, better: str = "higher", quantity: str = "") -> str:
    """``1.04× → 1.14×``, with as many digits (2 to 4) as it takes to tell two different values apart.

    ``old`` and ``new`` are oriented (above 1 is better); where every table of the cell is one where lower is
    better, they are spelled as every page spells such a ratio: ``1.50× higher climb time → 1.05× higher
    climb time``.
    """

    def spell(x: float, digits: int) -> str:
        return numbers.ratio(x, digits) if better == "higher" else numbers.times(1 / x, digits, better, quantity)

    digits = 2
    if old is not None and new is not None and old != new:
        while digits < 4 and spell(old, digits) == spell(new, digits):
            digits += 1
    a = "—" if old is None else spell(old, digits)
    b = "—" if new is None else spell(new, digits)
    return f"{a} → {b}"


def reading(guides: Sequence[Guide], tables: Sequence[str]) -> tuple[str, str]:
    """How a cell's ratios read: ``("lower", quantity)`` when every table it comes from is one where lower is
    better, of one quantity; else ``("higher", "")``, the column's own scale (above 1 is better)."""
    found = {(t.better, t.quantity) for g in guides for t in measurement_tables(g.data) if t.id in tables}
    return next(iter(found)) if len(found) == 1 and next(iter(found))[0] == "lower" else ("higher", "")
