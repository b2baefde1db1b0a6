"""Measured values, computed ratios and numbers quoted in prose that differ between two guides."""

from __future__ import annotations

from generator import schema
from generator.derive.evidence import shown
from generator.derive.guide import Derived, RatioCell
from generator.diff.model import ClaimChange, RatioChange, ValueChange, by_id, judged
from generator.model import facts, measurement_tables


def _table_values(d: Derived, t: schema.MeasurementTable) -> dict[tuple[str, str], float | str]:
    return {(row.id, s): shown(d.samples, t, row, s) for row in t.rows for s in row.values}


def _printed(d: Derived, t: schema.MeasurementTable) -> dict[tuple[str, str], str]:
    """Each measured value as the site prints it (``Sample.text``: the table's ``value_digits``)."""
    out = {}
    for row in t.rows:
        for s in row.values:
            sample = d.samples.get((t.id, row.id, s))
            if sample is not None and sample.value is not None:
                out[(row.id, s)] = sample.text()
    return out


#: A cell that did not exist and one that exists, empty: no number changed (a new row or series, not measured).
_NO_NUMBER = (None, schema.NOT_MEASURED)


def _runs(d: Derived, t: schema.MeasurementTable) -> dict[tuple[str, str], str]:
    """The runs and spread behind each value that lists its runs: ``3 runs, 297.63–301.18``."""
    out = {}
    for row in t.rows:
        for s in row.values:
            sample = d.samples.get((t.id, row.id, s))
            if sample is not None and sample.runs is not None:
                spread = sample.spread_text()
                out[(row.id, s)] = sample.runs_text() + (f", {spread}" if spread else "")
    return out


def value_changes(base: Derived, head: Derived) -> list[ValueChange]:
    """Every measured value that differs between two guides, in tables present on both sides."""
    out: list[ValueChange] = []
    old_tables = by_id(measurement_tables(base.data))
    for t in measurement_tables(head.data):
        old = old_tables.get(t.id)
        if old is None:
            continue
        before, after = _table_values(base, old), _table_values(head, t)
        runs_before, runs_after = _runs(base, old), _runs(head, t)
        printed_before, printed_after = _printed(base, old), _printed(head, t)
        rows = {r.id: r.label for r in [*old.rows, *t.rows]}
        series = {s.id: s.label for s in [*old.series, *t.series]}
        for key in [*after, *(k for k in before if k not in after)]:
            ra, rb = runs_before.get(key, ""), runs_after.get(key, "")
            if before.get(key) in _NO_NUMBER and after.get(key) in _NO_NUMBER:
                continue
            if before.get(key) != after.get(key) or ra != rb:
                row, s = key
                change = ValueChange(
                    t.id, t.title, row, rows[row], s, series[s], t.unit, before.get(key), after.get(key)
                )
                change.runs_before, change.runs_after = ra, rb
                printed = printed_before.get(key, ""), printed_after.get(key, "")
                if printed[0] != printed[1]:  # printed alike, the values as typed say what moved
                    change.text_before, change.text_after = printed
                out.append(change)
    old_facts = {(ft.id, f.id): (ft, f) for ft, _, f in facts(base.data)}
    new_facts = {(ft.id, f.id): (ft, f) for ft, _, f in facts(head.data)}
    old_fact_tables = {ft.id for ft, _, _ in facts(base.data)}
    new_fact_tables = {ft.id for ft, _, _ in facts(head.data)}
    for key in [*new_facts, *(k for k in old_facts if k not in new_facts)]:
        if key[0] not in old_fact_tables or key[0] not in new_fact_tables:
            continue  # a whole table added or removed is reported as such
        a, b = old_facts.get(key), new_facts.get(key)
        va = a[1].value if a else None
        vb = b[1].value if b else None
        ft, f = b or a  # type: ignore[misc]
        if va != vb or (a and b and a[1].unit != b[1].unit):
            out.append(ValueChange(ft.id, ft.title, f.id, f.label, "value", "value", f.unit, va, vb))
    return out


def _ratio_cells(d: Derived, table: str) -> dict[tuple[str, str], tuple[str, RatioCell]]:
    view = d.tables.get(table)
    if view is None:
        return {}
    out = {}
    for label, cells in view.ratios.items():
        for row, cell in zip(view.table.rows, cells, strict=True):
            out[(row.id, label)] = (row.label, cell)
    return out


def ratio_changes(base: Derived, head: Derived) -> list[RatioChange]:
    """Computed ratios whose text or verdict changed, in tables present on both sides."""
    out: list[RatioChange] = []
    for ident, view in head.tables.items():
        if ident not in base.tables:
            continue
        before, after = _ratio_cells(base, ident), _ratio_cells(head, ident)
        for key in [*after, *(k for k in before if k not in after)]:
            a, b = before.get(key), after.get(key)
            ta, tb = (a[1].text if a else None), (b[1].text if b else None)
            va, vb = (judged(a[1].verdict) if a else None), (judged(b[1].verdict) if b else None)
            if ta in _NO_NUMBER and tb in _NO_NUMBER and va == vb:
                continue
            if ta != tb or va != vb:
                label = (b or a)[0]  # type: ignore[index]
                out.append(RatioChange(ident, view.table.title, key[0], label, key[1], ta, tb, va, vb))
    return out


def claim_changes(base: Derived, head: Derived) -> list[ClaimChange]:
    old_ids = {c.id for c in base.data.claims.claims}
    out = []
    for claim in head.data.claims.claims:
        if claim.id in old_ids and base.numbers[claim.id].text != head.numbers[claim.id].text:
            new = head.numbers[claim.id]
            out.append(ClaimChange(claim.id, claim.table, new.table_title, base.numbers[claim.id].text, new.text))
    return out
