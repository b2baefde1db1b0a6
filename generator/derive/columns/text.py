"""Text columns: a field of each option's record shown as it is (no verdict)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator import schema
from generator.derive.cells import Cell, Verdict
from generator.derive.columns import Build, Change, Guide
from generator.model import Data


class Text:
    def cell(self, build: Build, column: schema.TextColumn, option: schema.Option) -> Cell:
        return Cell(column, None, text=getattr(option, column.field))

    def scale(self, data: Data, column: schema.TextColumn) -> list[tuple[Verdict, str]]:
        return []

    def meaning(self, d: Guide, column: schema.TextColumn, cell: Cell, option: schema.Option) -> str | None:
        return None

    def details(self, d: Guide, column: schema.TextColumn, option: schema.Option) -> list[tuple[Verdict, str]]:
        return []

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        return []

    def export(self, column: schema.TextColumn) -> dict[str, Any]:
        return {}


KIND = Text()
