"""Category columns: an attribute each option states (a requirement it has or a feature it offers),
each value mapped to a verdict."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from generator import schema
from generator.derive.cells import Cell, verdict
from generator.derive.columns.base import Build, Change, Guide, Plain

#: The detail of a verdict that rests on the record's word alone (``uncited: true``).
UNCITED = "not yet cited"
#: The detail of a value the source does not state but that is reasoned from another statement (``inferred``).
INFERRED = "inferred from another statement"


class Category(Plain):
    def cell(self, build: Build, column: schema.CategoryColumn, option: schema.Option) -> Cell:
        attr = option.attributes[column.attribute]
        detail = UNCITED if attr.uncited and attr.source is None else ""
        outcome = column.categories[attr.value]
        v = verdict(build.data, outcome)
        if attr.inferred:  # not stated, reasoned from another statement: a judgement, drawn as one
            reason = f"Inferred, not stated by the source: {attr.inferred}"
            judged = build.data.guide.levels.get("judged")
            v = replace(v, symbol=judged.symbol if judged else v.symbol, judged=True)
            return Cell(column, v, INFERRED, reason=reason, note=attr.note, source=attr.source)
        return Cell(column, v, detail, note=attr.note, source=attr.source)

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        a = base.option(option).attributes.get(column_attribute(new))
        b = head.option(option).attributes.get(column_attribute(new))
        return [f"{column_attribute(new)}: {a.value if a else '—'} → {b.value if b else '—'}"]

    def export(self, column: schema.CategoryColumn) -> dict[str, Any]:
        return {"attribute": column.attribute, "role": column.role}


def column_attribute(cell: Cell) -> str:
    assert isinstance(cell.column, schema.CategoryColumn)
    return cell.column.attribute


KIND = Category()
