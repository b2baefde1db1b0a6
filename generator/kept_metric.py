"""Which number of a kept file is a cell's value: the row's, series' or table's ``metrics:``, or the file
entry's own metric, which overrides it on purpose. Checking reads each kept file with it, the importer
files with it, and the diff lists the entries that override what is declared."""

from __future__ import annotations

import re

from generator import schema


def declared_metric(
    table: schema.MeasurementTable, series: schema.Series | None, format_name: str, row: schema.Row | None = None
) -> str | None:
    """The metric a run file of ``format_name`` gives a cell: the row's own (two rows may take different numbers
    of one file), else the series', else the table's ``metrics:``."""
    for declared in (row.metrics if row is not None else {}, series.metrics if series else {}, table.metrics):
        if found := declared.get(format_name):
            return found
    return None


#: An entry's metric that names only the run of a file of several (``run 2``), its number the declared one.
_RUN_ONLY = re.compile(r"run (\d+)")


def read_metric(table: schema.MeasurementTable, row: schema.Row, sid: str, ref: schema.RunFile) -> str | None:
    """The metric the build reads ``ref`` with. ``metrics:`` is the table's truth (a series' or row's overrides it
    on purpose): an entry that names no metric, or only its run or test (``run 2``, ``alltoall_perf: run 2``),
    is read with the metric declared now; an entry that names a metric of its own overrides the declared one
    on purpose (the review report lists such overrides), as it did before anything was declared."""
    series = next((s for s in table.series if s.id == sid), None)
    declared = declared_metric(table, series, ref.format, row)
    if ref.metric is None or declared is None:
        return ref.metric if ref.metric is not None else declared
    from generator.read.formats.dispatch import join_metric, split_metric, split_part

    part, rest = split_part(ref.metric)
    if (run := _RUN_ONLY.fullmatch(rest.strip())) is None:
        return ref.metric
    declared_part, declared_rest = split_part(declared)
    return join_metric(int(run[1]), split_metric(declared_rest)[1], part or declared_part)


def overrides(table: schema.MeasurementTable) -> list[tuple[str, str, str]]:
    """Each kept file whose entry names a metric other than the one declared for its cell: (row, series, metric)."""
    out = []
    for row in table.rows:
        for sid, value in row.values.items():
            if not isinstance(value, schema.Runs) or not value.files:
                continue
            series = next((s for s in table.series if s.id == sid), None)
            for ref in value.files:
                declared = declared_metric(table, series, ref.format, row)
                metric = read_metric(table, row, sid, ref)
                if declared is not None and metric is not None and metric != declared:
                    from generator.read.formats.dispatch import split_metric, split_part

                    if split_metric(split_part(metric)[1])[1] != split_metric(split_part(declared)[1])[1]:
                        out.append((row.id, sid, metric))
    return out
