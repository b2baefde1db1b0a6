"""What every column kind shares: the :class:`Build` its cells read, the protocols a kind meets
(:class:`ColumnKind`, and the :class:`Guide` and :class:`Change` it reads) and :class:`Plain`'s defaults.

Imports no kind: each kind imports this module, and :mod:`generator.derive.columns` lists the kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from generator import schema
from generator.derive.cells import Cell, SupportCell, Verdict
from generator.derive.columns.index import TableIndex
from generator.errors import Problem
from generator.model import Data


@dataclass
class Build:
    """What building the matrix's cells reads, and what it collects besides the cells."""

    data: Data
    index: TableIndex
    names: dict[str, str]
    """Option ids to their labels."""
    problems: list[Problem] = field(default_factory=list)
    support: dict[str, list[SupportCell]] = field(default_factory=dict)
    """Per option: the verdict in each context, from the support column."""
    context: str | None = None
    """The context the comparison columns are judged for ("Judge for"): only its rows, and the rows that
    name no context, count. ``None``: every row (the published matrix)."""

    def counts(self, row_context: str | None) -> bool:
        """Whether a row of ``row_context`` counts for the context judged for."""
        return self.context is None or row_context is None or row_context == self.context


class Change(Protocol):
    """A changed value between two revisions, as the diff describes it."""

    @property
    def table(self) -> str: ...

    @property
    def table_title(self) -> str: ...

    def describe(self) -> str: ...


class Guide(Protocol):
    """The derived guide as a column kind reads it (:class:`generator.derive.guide.Derived`)."""

    data: Data
    support: dict[str, list[SupportCell]]

    def option(self, ident: str) -> schema.Option: ...


class ColumnKind(Protocol):
    def cell(self, build: Build, column: Any, option: schema.Option) -> Cell:
        """The option's cell in this column."""
        ...

    def scale(self, data: Data, column: Any) -> list[tuple[Verdict, str]]:
        """Verdicts the legend lists whether or not a cell shows them (a comparison's bands), with meanings."""
        ...

    def meaning(self, d: Guide, column: Any, cell: Cell, option: schema.Option) -> str | None:
        """What a cell's verdict means in the legend; ``None``: the level's own meaning."""
        ...

    def details(self, d: Guide, column: Any, option: schema.Option) -> list[tuple[Verdict, str]]:
        """Further verdicts the option's page shows for this column (per context), with meanings."""
        ...

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        """The changes in the data that explain a verdict that flipped from ``old`` to ``new``."""
        ...

    def export(self, column: Any) -> dict[str, Any]:
        """The column's rules, for the downloads."""
        ...


class Plain:
    """What a column kind does where it has nothing of its own to add; kinds override what they need."""

    def scale(self, data: Data, column: Any) -> list[tuple[Verdict, str]]:
        return []

    def meaning(self, d: Guide, column: Any, cell: Cell, option: schema.Option) -> str | None:
        return None

    def details(self, d: Guide, column: Any, option: schema.Option) -> list[tuple[Verdict, str]]:
        return []

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        return []

    def export(self, column: Any) -> dict[str, Any]:
        return {}
