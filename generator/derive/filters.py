"""What the matrix's reader tools filter and sort on, derived once from the cells.

The matrix page offers a filter per context ("works on Linux"), a filter per verdict column
(any verdict that column shows) and a sort per comparison column. The choices are computed here
from the derived cells, so the page never offers a filter that matches nothing unknown to the data.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import schema
from generator.derive.guide import Derived, SupportCell, band

#: Support statuses under which an option counts as working in a context (with or without extras).
WORKS = ("yes", "with")
#: Verdict levels from best to worst: the order a sort puts cells in. The baseline of a column (level
#: ``reference``) sorts where its own ratio, 1, falls: :func:`reference_rank`.
LEVEL_RANK = {"good": 0, "mid": 1, "bad": 2, "unknown": 3, "reference": 4}


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class SortChoice(Choice):
    """A column to sort by; a comparison column ranks against one opponent (``vs``: its baseline, or the option
    most of its cells are measured against; empty where each row's best is the opponent, ``best``)."""

    comparison: bool = False
    vs: str = ""
    best: bool = False
    vs_rank: int = 0
    """Where the opponent itself sorts: with the level a ratio of 1 gets in the column."""


@dataclass(frozen=True)
class ColumnFilter:
    column: str
    label: str
    choices: list[Choice]


@dataclass(frozen=True)
class MatrixTools:
    contexts: list[Choice]
    columns: list[ColumnFilter]
    sorts: list[SortChoice]
    opponents: list[Choice]
    """The options a sort can rank a comparison column against."""
    judge: list[Choice]
    """The contexts the comparison columns can be judged for ("Judge for"), by name; none without a
    comparison column whose tables name a context."""


def working_contexts(support: list[SupportCell]) -> list[str]:
    """Ids of the contexts an option works in."""
    return [s.context.id for s in support if s.status in WORKS]


def reference_rank(column: schema.Column) -> int:
    """Where the baseline of a comparison column sorts: with the level a ratio of 1 gets in that column."""
    if not isinstance(column, schema.ComparisonColumn):
        return LEVEL_RANK["reference"]
    return LEVEL_RANK.get(band(column, 1.0).level, LEVEL_RANK["reference"])


def matrix_tools(d: Derived) -> MatrixTools:
    """The filters and sorts the matrix offers, each with the choices the data holds."""
    g = d.data.guide
    contexts = [Choice(c.id, f"works on {c.name}") for c in g.contexts]
    columns: list[ColumnFilter] = []
    sorts: list[SortChoice] = []
    for i, column in enumerate(g.columns):
        if isinstance(column, schema.TextColumn):
            continue
        seen: dict[str, list[str]] = {}
        for ident in g.order:
            verdict = d.cells[ident][i].verdict
            if verdict is not None and verdict.word not in seen.setdefault(verdict.level, []):
                seen[verdict.level].append(verdict.word)
        levels = sorted(seen.items(), key=lambda item: LEVEL_RANK.get(item[0], len(LEVEL_RANK)))
        symbol: dict[str, str] = {name: style.symbol for name, style in g.levels.items()}
        choices = [Choice(lv, f"{symbol.get(lv, '')} {' or '.join(w)}".strip()) for lv, w in levels]
        columns.append(ColumnFilter(column.id, column.label, choices))
        sorts.append(_sort(d, i, column))
    judge = [Choice(c.id, c.name) for c in g.contexts] if _judged_by_context(d) else []
    opponents = [Choice(o.id, o.label) for o in d.ordered_options()]
    return MatrixTools(contexts, columns, sorts, opponents, judge)


def _sort(d: Derived, i: int, column: schema.Column) -> SortChoice:
    """A column to sort by, with the opponent a comparison column ranks against by default."""
    if not isinstance(column, schema.ComparisonColumn):
        return SortChoice(column.id, column.label)
    rank = reference_rank(column)
    if column.against == "best":
        return SortChoice(column.id, column.label, comparison=True, best=True, vs_rank=rank)
    if column.against == "baseline" and column.baseline:
        return SortChoice(column.id, column.label, comparison=True, vs=column.baseline, vs_rank=rank)
    counts: dict[str, int] = {}
    for ident in d.data.guide.order:
        for opponent in {p.opponent for p in d.cells[ident][i].parts if p.opponent}:
            counts[opponent] = counts.get(opponent, 0) + 1
    order = list(d.data.guide.order)
    vs = min(counts, key=lambda o: (-counts[o], order.index(o) if o in order else len(order)), default="")
    return SortChoice(column.id, column.label, comparison=True, vs=vs, vs_rank=rank)


def _judged_by_context(d: Derived) -> bool:
    """Whether a comparison column reads a row that names a context (else "Judge for" changes nothing)."""
    tags = {c.tag for c in d.data.guide.columns if isinstance(c, schema.ComparisonColumn)}
    return any(
        row.context is not None
        for t in d.data.tables
        if isinstance(t, schema.MeasurementTable) and tags & set(t.tags)
        for row in t.rows
    )
