"""The typed guide every stage after checking reads: schema-valid records, each with its source document.

:class:`Data` is built by :func:`generator.check.schema_check.check_schema`; the
checks, the derivation, the renderer and the diff only read it. The helpers here
answer questions about it that several stages ask (which tables hold
measurements, every fact, where a field of a record is written).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator import numbers, schema
from generator.errors import Problem
from generator.read.yaml_source import Document, Loc

#: A ``[[reference]]`` in prose: a claim, a fact or ``option:<id>``, replaced by its number or link.
REFERENCE = re.compile(r"\[\[([^\[\]]*)\]\]")


#: What :func:`measurement_tables` and its siblings keep: the ``tables`` list and its length they were built from,
#: the measurement tables, the same by id, and the contexts named by the tables of each tag asked about.
_Measured = tuple[
    list[Any], int, list[schema.MeasurementTable], dict[str, schema.MeasurementTable], dict[str, frozenset[str | None]]
]


@dataclass
class Data:
    """Typed, schema-valid records, each with the document it came from."""

    guide: schema.Guide
    recommendation: schema.Recommendation
    claims: schema.Claims
    campaigns: list[schema.Campaign] = field(default_factory=list)
    options: list[schema.Option] = field(default_factory=list)
    tables: list[schema.MeasurementTable | schema.FactTable] = field(default_factory=list)
    decisions: schema.Decisions | None = None
    origin: dict[int, Document] = field(default_factory=dict)
    file_runs: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)
    """Run values read from raw result files: (table id, row id, series id) -> one value per file."""
    file_setups: dict[tuple[str, str, str], list[schema.Setup]] = field(default_factory=dict)
    """What each of those files states about how its run was produced, in the same order."""
    maps: dict[str, str] = field(default_factory=dict)
    """The guide's declared maps: name -> sha256 of the map file (the review report names an edited one)."""
    _measured: _Measured | None = field(default=None, init=False, repr=False, compare=False)
    """:func:`measurement_tables`, :func:`measurement_table_index` and :func:`contexts_measured`, with the ``tables``
    list (and its length) they were built from."""

    def doc(self, record: Any) -> Document:
        return self.origin[id(record)]


def at(data: Data, record: Any, loc: Loc, message: str) -> Problem:
    """A problem located at ``loc`` inside the document ``record`` came from."""
    doc = data.doc(record)
    field = ""
    for part in doc.original(loc):
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    return Problem(doc.file, doc.line_of(loc), field, message)


def measurement_tables(data: Data) -> list[schema.MeasurementTable]:
    """Every measurement table, in the guide's order (a repeated id included: a check refuses it)."""
    return list(_measurement(data)[0])


def measurement_table_index(data: Data) -> dict[str, schema.MeasurementTable]:
    """The measurement tables by id (the last of a repeated id, which a check refuses)."""
    return _measurement(data)[1]


def _measurement(data: Data) -> tuple[list[schema.MeasurementTable], dict[str, schema.MeasurementTable]]:
    """Both answers, built once for a ``tables`` list: the derivation asks once per matrix cell, and a scan of
    every table each time made a large guide's build grow with the square of its size."""
    cached = data._measured
    if cached is not None and cached[0] is data.tables and cached[1] == len(data.tables):
        return cached[2], cached[3]
    found = [t for t in data.tables if isinstance(t, schema.MeasurementTable)]
    index = {t.id: t for t in found}
    by_tag: dict[str, frozenset[str | None]] = {}
    data._measured = (data.tables, len(data.tables), found, index, by_tag)
    return found, index


def contexts_measured(data: Data, tag: str) -> frozenset[str | None]:
    """The contexts some row of the measurement tables tagged ``tag`` names (``None`` for a row naming none);
    kept with :func:`measurement_tables`' answer, since every cell of a column asks."""
    _measurement(data)
    assert data._measured is not None
    by_tag = data._measured[4]
    if tag not in by_tag:
        by_tag[tag] = frozenset(row.context for t in data._measured[2] if tag in t.tags for row in t.rows)
    return by_tag[tag]


def facts(data: Data) -> list[tuple[schema.FactTable, int, schema.Fact]]:
    return [(t, i, f) for t in data.tables if isinstance(t, schema.FactTable) for i, f in enumerate(t.facts)]


def category_values(data: Data) -> list[tuple[schema.Option, schema.CategoryColumn, schema.AttributeValue | None]]:
    """Each option's value for each category column (a stated verdict), ``None`` where it states none."""
    columns = [c for c in data.guide.columns if isinstance(c, schema.CategoryColumn)]
    return [(o, col, o.attributes.get(col.attribute)) for o in data.options for col in columns]


def runs_of(data: Data, table: schema.MeasurementTable, row: schema.Row, series: str) -> list[float] | None:
    """The run values behind one cell: listed, or read from its files; ``None`` for a single value."""
    value = row.values[series]
    if not isinstance(value, schema.Runs):
        return None
    if value.runs is not None:
        return list(value.runs)
    return data.file_runs.get((table.id, row.id, series))


# --- sweep tables: the load each row states ---------------------------------


def load_of(table: schema.MeasurementTable, row: schema.Row) -> float | None:
    """The load ``row`` states for its table's sweep, or ``None`` (not a sweep table, or not stated as a number)."""
    if table.sweep is None:
        return None
    value = row.workload.get(table.sweep.load)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def load_label(table: schema.MeasurementTable) -> str:
    """How verdicts name the table's load: ``conc``."""
    assert table.sweep is not None
    return table.sweep.label or table.sweep.load


def load_text(value: float) -> str:
    """A load as the rows state it: ``32``, ``0.5``."""
    return numbers.raw(value)
