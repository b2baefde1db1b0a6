"""Matrix cells whose verdict flips between two guides, and the changes in the data behind each flip."""

from __future__ import annotations

from dataclasses import replace

from generator.derive.cells import line_word
from generator.derive.columns import kind
from generator.derive.guide import Cell, Derived
from generator.diff.model import ColumnVerdict, ColumnVerdicts, Flip, ValueChange, judged


def _cells(d: Derived, option: str) -> dict[str, Cell]:
    return {cell.column.id: cell for cell in d.cells.get(option, [])}


def _because(base: Derived, head: Derived, option: str, old: Cell, new: Cell, values: list[ValueChange]) -> list[str]:
    """The changes in the data that explain one flip."""
    reasons: list[str] = []
    column = new.column
    if old.column != new.column:
        reasons.append(f"the rule of the column {column.label!r} changed in guide.yml")
    reasons += kind(column).because(base, head, option, old, new, values)
    if old.reason != new.reason and new.reason:
        reasons.append(f"judgement: {new.reason.strip()}")
    elif old.reason and not new.reason:
        reasons.append("the judgement was removed")
    return reasons


def flips(base: Derived, head: Derived, values: list[ValueChange]) -> list[Flip]:
    """Matrix cells (same path, same column) whose verdict level or words changed (:func:`line_word`: a part's
    verdict, what it is measured against or where it holds)."""
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
            if (old.verdict.level, line_word(old)) == (new.verdict.level, line_word(new)):
                continue
            a = judged(replace(old.verdict, word=line_word(old)))
            b = judged(replace(new.verdict, word=line_word(new)))
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


def column_verdicts(base: Derived, head: Derived) -> list[ColumnVerdicts]:
    """When columns were removed or added: per option on both sides, its verdicts in the removed columns
    (before) and in the added ones (after), so a split, merged or renamed column reads cell by cell."""
    old_ids = {c.id for c in base.data.guide.columns}
    new_ids = {c.id for c in head.data.guide.columns}
    gone, come = old_ids - new_ids, new_ids - old_ids
    if not gone and not come:
        return []
    out: list[ColumnVerdicts] = []
    options = {o.id for o in base.data.options}
    for option in head.ordered_options():
        if option.id not in options:
            continue  # an added option lists its verdicts as added
        before = [_cell(c) for c in base.cells.get(option.id, []) if c.column.id in gone]
        after = [_cell(c) for c in head.cells.get(option.id, []) if c.column.id in come]
        if before or after:
            out.append(ColumnVerdicts(option.id, option.name, before, after))
    return out


def _cell(cell: Cell) -> ColumnVerdict:
    return ColumnVerdict(cell.column.id, cell.column.label, judged(cell.verdict))
