"""Matrix cells whose verdict flips between two guides, and the changes in the data behind each flip."""

from __future__ import annotations

from generator import numbers, schema
from generator.derive.guide import Cell, Derived
from generator.diff.model import Flip, ValueChange, judged


def _cells(d: Derived, option: str) -> dict[str, Cell]:
    return {cell.column.id: cell for cell in d.cells.get(option, [])}


def _because(base: Derived, head: Derived, option: str, old: Cell, new: Cell, values: list[ValueChange]) -> list[str]:
    """The changes in the data that explain one flip."""
    reasons: list[str] = []
    column = new.column
    if old.column != new.column:
        reasons.append(f"the rule of the column {column.label!r} changed in guide.yml")
    if isinstance(column, schema.ComparisonColumn):
        if old.value is not None or new.value is not None:
            reasons.append(f"worst ratio {_ratios(old.value, new.value)}")
        sources = [*new.tables, *(t for t in old.tables if t not in new.tables)]
        reasons += [f"{v.table_title}: {v.describe()}" for v in values if v.table in sources]
    elif isinstance(column, schema.SupportColumn):
        old_support = {c.context.id: c for c in base.support.get(option, [])}
        for cell in head.support.get(option, []):
            was = old_support.get(cell.context.id)
            if was is not None and was.verdict.word != cell.verdict.word:
                reasons.append(f"{cell.context.name}: {was.verdict.word} → {cell.verdict.word}")
    elif isinstance(column, schema.CategoryColumn):
        a = base.option(option).attributes.get(column.attribute)
        b = head.option(option).attributes.get(column.attribute)
        reasons.append(f"{column.attribute}: {a.value if a else '—'} → {b.value if b else '—'}")
    if old.reason != new.reason and new.reason:
        reasons.append(f"judgement: {new.reason.strip()}")
    elif old.reason and not new.reason:
        reasons.append("the judgement was removed")
    return reasons


def _ratios(old: float | None, new: float | None) -> str:
    """``1.04× → 1.14×``, with as many digits (2 to 4) as it takes to tell two different values apart."""
    digits = 2
    if old is not None and new is not None and old != new:
        while digits < 4 and f"{old:.{digits}f}" == f"{new:.{digits}f}":
            digits += 1
    a = "—" if old is None else numbers.ratio(old, digits)
    b = "—" if new is None else numbers.ratio(new, digits)
    return f"{a} → {b}"


def flips(base: Derived, head: Derived, values: list[ValueChange]) -> list[Flip]:
    """Matrix cells (same path, same column) whose verdict level or word changed."""
    out: list[Flip] = []
    old_ids = {o.id for o in base.data.options}
    for option in head.ordered_options():
        if option.id not in old_ids:
            continue
        before = _cells(base, option.id)
        for new in head.cells[option.id]:
            old = before.get(new.column.id)
            if old is None or old.verdict is None or new.verdict is None:
                continue
            if (old.verdict.level, old.verdict.word) == (new.verdict.level, new.verdict.word):
                continue
            a, b = judged(old.verdict), judged(new.verdict)
            assert a is not None and b is not None
            out.append(
                Flip(
                    option.id,
                    option.name,
                    new.column.id,
                    new.column.label,
                    a,
                    b,
                    old.value,
                    new.value,
                    old.detail,
                    new.detail,
                    _because(base, head, option.id, old, new, values),
                )
            )
    return out
