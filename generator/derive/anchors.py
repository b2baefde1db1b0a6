"""Stable anchors for every matrix cell, table value and fact: built from ids, never from positions.

An anchor names what it points at (``cell_quickjson_parse`` is the matrix cell of option ``quickjson`` in
column ``parse``), so a link to it keeps working when rows, paths or columns are added, removed or
reordered. Record ids match ``[a-z0-9][a-z0-9-]*``, so ``_`` never occurs inside one and the parts of
an anchor cannot run into each other. The pages, the downloadable data and the permalinks the
reader copies all use these functions.
"""

from __future__ import annotations


def option_row(option: str) -> str:
    """The row of a path in the comparison matrix."""
    return f"opt_{option}"


def cell(option: str, column: str) -> str:
    """A matrix cell: one path, one column."""
    return f"cell_{option}_{column}"


def value(table: str, row: str, series: str) -> str:
    """A measured value: one row of a table, one series."""
    return f"v_{table}_{row}_{series}"


def ratio(table: str, row: str, numerator: str, denominator: str) -> str:
    """A computed ratio: one row of a table, one comparison (numerator over denominator)."""
    return f"r_{table}_{row}_{numerator}_{denominator}"


def fact(table: str, fact_id: str) -> str:
    """The value of a fact in a table of facts."""
    return f"v_{table}_{fact_id}"
