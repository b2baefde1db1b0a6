"""Rule: each measured table, and the guide's tables together, stay within the size the build is bounded at.

A table's rows multiply into its pages (its section of the results page, each option's evidence, charts,
the downloads): three tables at the data file's byte cap (about 4,000 rows each) took 731 MiB and three
minutes to build while ``check`` said they were fine. The caps below keep the build of a guide at them in
a few hundred MiB (``tests/test_table_size.py`` measures it), and ``check`` refuses what the build could
not bound, with the count and the cap.
"""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at

#: Rows a measured table may have.
MAX_ROWS = 1_000
#: Values (rows times series) a measured table may hold.
MAX_TABLE_CELLS = 4_000
#: Values all measured tables of a guide may hold together.
MAX_GUIDE_CELLS = 12_000


def tables_within_size(data: Data) -> list[Problem]:
    """A table (measured, or of facts) over :data:`MAX_ROWS` rows or :data:`MAX_TABLE_CELLS` values, or a guide over
    :data:`MAX_GUIDE_CELLS` values, is refused at its rows (split it into tables, or leave rows out)."""
    problems = []
    total = 0
    for t in data.tables:  # a table of facts is held to the same caps: one row and one value per fact
        if isinstance(t, schema.FactTable):
            key, count, cells = "facts", len(t.facts), len(t.facts)
        elif isinstance(t, schema.MeasurementTable):
            key, count, cells = "rows", len(t.rows), sum(len(row.values) for row in t.rows)
        else:
            continue
        total += cells
        if count > MAX_ROWS:
            why = f"{count} {key}, more than the {MAX_ROWS:,} a table may have (split the table)"
            problems.append(at(data, t, (key,), why))
        elif cells > MAX_TABLE_CELLS:
            why = f"{cells:,} values, more than the {MAX_TABLE_CELLS:,} a table may hold (split the table)"
            problems.append(at(data, t, (key,), why))
        elif total > MAX_GUIDE_CELLS:
            why = (
                f"with this table the guide's tables hold {total:,} values, more than the {MAX_GUIDE_CELLS:,} "
                "a guide may hold (the build's memory is bounded for that many)"
            )
            problems.append(at(data, t, (key,), why))
            break
    return problems
