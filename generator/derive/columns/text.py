"""Text columns: a field of each option's record shown as it is (no verdict)."""

from __future__ import annotations

from generator import schema
from generator.derive.cells import Cell
from generator.derive.columns.base import Build, Plain


class Text(Plain):
    def cell(self, build: Build, column: schema.TextColumn, option: schema.Option) -> Cell:
        return Cell(column, None, text=getattr(option, column.field))


KIND = Text()
