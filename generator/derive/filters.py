"""What the matrix's reader tools filter and sort on, derived once from the cells.

The matrix page offers a filter per context ("serves on vLLM"), a filter per verdict column
(any verdict that column shows) and a sort per comparison column. The choices are computed here
from the derived cells, so the page never offers a filter that matches nothing unknown to the data.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import schema
from generator.derive.guide import Derived, SupportCell

#: Support statuses under which a path counts as serving in a context (with or without extras).
SERVING = ("yes", "with")
#: Verdict levels from best to worst: the order a sort puts cells in.
LEVEL_RANK = {"good": 0, "mid": 1, "bad": 2, "unknown": 3}


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class ColumnFilter:
    column: str
    label: str
    choices: list[Choice]


@dataclass(frozen=True)
class MatrixTools:
    contexts: list[Choice]
    columns: list[ColumnFilter]
    sorts: list[Choice]


def serving_contexts(support: list[SupportCell]) -> list[str]:
    """Ids of the contexts a path serves in."""
    return [s.context.id for s in support if s.status in SERVING]


def matrix_tools(d: Derived) -> MatrixTools:
    """The filters and sorts the matrix offers, each with the choices the data holds."""
    g = d.data.guide
    contexts = [Choice(c.id, f"serves on {c.name}") for c in g.contexts]
    columns: list[ColumnFilter] = []
    sorts: list[Choice] = []
    for i, column in enumerate(g.columns):
        if isinstance(column, schema.TextColumn):
            continue
        seen: dict[str, list[str]] = {}
        for ident in g.order:
            verdict = d.cells[ident][i].verdict
            if verdict is not None and verdict.word not in seen.setdefault(verdict.level, []):
                seen[verdict.level].append(verdict.word)
        levels = sorted(seen.items(), key=lambda item: LEVEL_RANK.get(item[0], len(LEVEL_RANK)))
        columns.append(ColumnFilter(column.id, column.label, [Choice(lv, " or ".join(w)) for lv, w in levels]))
        sorts.append(Choice(column.id, column.label))
    return MatrixTools(contexts, columns, sorts)
