"""Column kinds: everything the guide computes for one kind of matrix column, one module per kind.

A column's ``kind`` in ``guide.yml`` (its model in :mod:`generator.schema`) picks its entry in
:data:`KINDS`. Each kind builds its cells, says what its verdicts mean in the legend, explains a
verdict that flipped between two revisions, and lists its rules for the downloads. **To add a column
kind**: a model in the ``Column`` union of :mod:`generator.schema`, a module here registered in
:data:`KINDS`, and its cell in ``render/templates/_macros.j2`` if it shows more than a verdict.
"""

from __future__ import annotations

from generator import schema
from generator.derive.columns import category, comparison, support, text
from generator.derive.columns.base import ColumnKind

KINDS: dict[str, ColumnKind] = {
    "support": support.KIND,
    "comparison": comparison.KIND,
    "category": category.KIND,
    "text": text.KIND,
}


def kind(column: schema.Column) -> ColumnKind:
    """The kind of ``column``, by its ``kind`` field."""
    return KINDS[column.kind]
