"""Records added, removed or edited between two guides, and how the bottom line changed."""

from __future__ import annotations

from typing import Any

from generator import schema
from generator.derive.guide import Derived
from generator.diff.model import Change, by_id, judged


def _names(d: Derived, ids: list[str]) -> str:
    known = {o.id: o.name for o in d.data.options}
    return ", ".join(known.get(i, i) for i in ids)


def recommendation_changes(base: Derived, head: Derived) -> list[Change]:
    """How the bottom line changed: the picks of each case first, then its wording."""
    out: list[Change] = []
    a, b = base.data.recommendation, head.data.recommendation
    if a.summary != b.summary:
        out.append(Change("summary", "summary", "Summary", ["wording changed"]))
    old_cases = by_id(a.cases)
    new_ids = {c.id for c in b.cases}
    for case in b.cases:
        was = old_cases.get(case.id)
        if was is None:
            out.append(Change("case", case.id, case.title, [f"added: pick {_names(head, case.pick)}"]))
            continue
        details = []
        if was.pick != case.pick:
            details.append(f"pick {_names(base, was.pick)} → {_names(head, case.pick)}")
        details += [f"{f} changed" for f in ("title", "when", "why") if getattr(was, f) != getattr(case, f)]
        if details:
            out.append(Change("case", case.id, case.title, details))
    for case in a.cases:
        if case.id not in new_ids:
            out.append(Change("case", case.id, case.title, [f"removed (picked {_names(base, case.pick)})"]))
    if a.note != b.note:
        out.append(Change("note", "note", "Note", ["wording changed" if a.note and b.note else "added or removed"]))
    return out


def _verdict_summary(d: Derived, option: str) -> list[str]:
    return [f"{c.column.label}: {judged(c.verdict)}" for c in d.cells[option] if c.verdict is not None]


def added_and_removed(base: Derived, head: Derived) -> tuple[list[Change], list[Change]]:
    """Paths (with their verdicts), tables, claims, campaigns and columns on one side only."""
    added: list[Change] = []
    removed: list[Change] = []
    noun = head.data.guide.option_noun
    pairs: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        (noun, by_id(base.data.options), by_id(head.data.options)),
        ("table", by_id(base.data.tables), by_id(head.data.tables)),
        ("claim", by_id(base.data.claims.claims), by_id(head.data.claims.claims)),
        ("campaign", by_id(base.data.campaigns), by_id(head.data.campaigns)),
        ("column", by_id(base.data.guide.columns), by_id(head.data.guide.columns)),
    ]
    for kind, old, new in pairs:
        for ident, record in new.items():
            if ident not in old:
                details = _verdict_summary(head, ident) if kind == noun else []
                added.append(Change(kind, ident, _display(record), details))
        for ident, record in old.items():
            if ident not in new:
                removed.append(Change(kind, ident, _display(record), []))
    old_tables, new_tables = by_id(base.data.tables), by_id(head.data.tables)
    for ident, t in new_tables.items():
        was = old_tables.get(ident)
        if isinstance(t, schema.MeasurementTable) and isinstance(was, schema.MeasurementTable):
            _rows_and_series(was, t, added, removed)
    return added, removed


def _rows_and_series(
    old: schema.MeasurementTable, new: schema.MeasurementTable, added: list[Change], removed: list[Change]
) -> None:
    for kind, a, b in (("row", by_id(old.rows), by_id(new.rows)), ("series", by_id(old.series), by_id(new.series))):
        for ident, rec in b.items():
            if ident not in a:
                added.append(Change(kind, f"{new.id}/{ident}", rec.label, [f"in {new.title}"]))
        for ident, rec in a.items():
            if ident not in b:
                removed.append(Change(kind, f"{new.id}/{ident}", rec.label, [f"in {new.title}"]))


def _display(record: Any) -> str:
    for attr in ("name", "title", "label"):
        value = getattr(record, attr, None)
        if isinstance(value, str):
            return value
    return str(getattr(record, "id", ""))


def _dump(record: Any) -> dict[str, Any]:
    return record.model_dump(mode="json")  # type: ignore[no-any-return]


def _fields(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    return [f for f in [*new, *(k for k in old if k not in new)] if old.get(f) != new.get(f)]


def _table_fields(old: Any, new: Any) -> list[str]:
    """Fields of a table that changed, leaving out values (reported as numbers) and added or removed parts."""
    a, b = _dump(old), _dump(new)
    for part, number in (("rows", "values"), ("series", None), ("facts", "value")):
        common = {x["id"] for x in a.get(part, [])} & {x["id"] for x in b.get(part, [])}
        for side in (a, b):
            if part in side:
                side[part] = [{k: v for k, v in x.items() if k != number} for x in side[part] if x["id"] in common]
    return _fields(a, b)


def edits(base: Derived, head: Derived) -> list[Change]:
    """Records on both sides whose other fields (text, notes, labels, rules) changed, by file and field."""
    out: list[Change] = []
    guide = _fields(_dump(base.data.guide), _dump(head.data.guide))
    if guide:
        out.append(Change("guide", "guide.yml", head.data.guide.title, guide))
    groups: list[tuple[str, list[Any], list[Any]]] = [
        ("options", base.data.options, head.data.options),
        ("campaigns", base.data.campaigns, head.data.campaigns),
        ("tables", base.data.tables, head.data.tables),
        ("claims", base.data.claims.claims, head.data.claims.claims),
    ]
    for folder, old_list, new_list in groups:
        old = by_id(old_list)
        for record in new_list:
            was = old.get(record.id)
            if was is None:
                continue
            changed = _table_fields(was, record) if folder == "tables" else _fields(_dump(was), _dump(record))
            if changed:
                where = f"{folder}/{record.id}.yml" if folder != "claims" else "claims.yml"
                out.append(Change(folder, where, _display(record), changed))
    return out
