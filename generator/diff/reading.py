"""How values are read from their kept files: the guide's maps and each table's ``metrics:``, compared.

A map (``maps/<name>.yml``) decides how every value read through it is found, and a table's ``metrics:`` (a
series' or a row's, which override it on purpose) decides which number of each kept file is the value: an
edit to either changes the guide even where no number moves, so each one is a change the review report counts
and names, with the numbers it moved listed among the changed numbers.
"""

from __future__ import annotations

from generator import schema
from generator.derive.guide import Derived
from generator.diff.model import Change, by_id
from generator.kept_metric import overrides
from generator.model import measurement_tables


def _files_of(data_tables: list[schema.MeasurementTable], format_name: str) -> int:
    return sum(
        1
        for t in data_tables
        for row in t.rows
        for value in row.values.values()
        if isinstance(value, schema.Runs) and value.files
        for ref in value.files
        if ref.format == format_name
    )


def _metrics(before: dict[str, str], after: dict[str, str]) -> list[str]:
    out = []
    for name in dict.fromkeys([*before, *after]):
        old, new = before.get(name), after.get(name)
        if old != new:
            out.append(f"{name}: {old or '(none)'} → {new or '(none)'}")
    return out


def reading_changes(base: Derived, head: Derived) -> list[Change]:
    """Every map added, removed or edited, and every ``metrics:`` of a table, series or row that changed."""
    out: list[Change] = []
    tables = measurement_tables(head.data)
    before_maps, after_maps = base.data.maps, head.data.maps
    for name in sorted(before_maps.keys() | after_maps.keys()):
        old, new = before_maps.get(name), after_maps.get(name)
        if old == new:
            continue
        read = _files_of(tables, name)
        how = "added" if old is None else "removed" if new is None else "edited"
        detail = f"{how}: it finds the values of {read} kept file{'s' if read != 1 else ''}"
        out.append(Change("map", name, f"maps/{name}.yml", [detail]))
    old_tables = by_id(measurement_tables(base.data))
    for t in tables:
        old = old_tables.get(t.id)
        if old is None:
            continue
        details = [f"metrics: {d}" for d in _metrics(old.metrics, t.metrics)]
        old_series = by_id(old.series)
        for s in t.series:
            was = old_series.get(s.id)
            if was is not None:
                details += [f"series {s.id} overrides metrics: {d}" for d in _metrics(was.metrics, s.metrics)]
        old_rows = by_id(old.rows)
        for row in t.rows:
            was = old_rows.get(row.id)
            if was is not None:
                details += [f"row {row.id} overrides metrics: {d}" for d in _metrics(was.metrics, row.metrics)]
        if details:
            kept = overrides(t)
            if kept:
                shown = ", ".join(f"{row} / {series}: {metric}" for row, series, metric in kept[:5])
                more = f" and {len(kept) - 5} more" if len(kept) > 5 else ""
                details.append(f"{len(kept)} kept file(s) name a metric of their own and override it ({shown}{more})")
            out.append(Change("metrics", t.id, t.title, details))
    return out
