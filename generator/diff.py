"""Compare two derived guides: what a reviewer of a data change needs to see.

Pure functions over two :class:`~generator.derive.Derived` guides, the base and
the head of a change. The result says, most important first:

* which matrix verdicts flip (amber -> green), with the numbers behind the flip;
* which measured values move, and what that does to the computed ratios;
* which numbers quoted in prose change, and how the bottom line changes;
* which paths, tables, claims, columns and decision rules are added or removed;
* which records have other edits (text), by field.

Nothing here reads files or runs git (:mod:`generator.revisions` does) or
formats text for a reader (:mod:`generator.diff_report` does).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from generator import numbers, schema
from generator.checks import facts, measurement_tables
from generator.derive import Cell, Derived, RatioCell, Verdict
from generator.revisions import Side


@dataclass(frozen=True)
class Judged:
    """A verdict as a reader sees it: symbol, word and colour name (never colour alone)."""

    level: str
    symbol: str
    word: str
    colour: str

    def __str__(self) -> str:
        return f"{self.symbol} {self.word} ({self.colour})"


def judged(v: Verdict | None) -> Judged | None:
    return None if v is None else Judged(v.level, v.symbol, v.word, v.colour)


@dataclass
class Flip:
    """A matrix cell whose verdict changed, and why."""

    option: str
    option_name: str
    column: str
    column_label: str
    before: Judged
    after: Judged
    value_before: float | None
    value_after: float | None
    detail_before: str
    detail_after: str
    because: list[str] = field(default_factory=list)


@dataclass
class ValueChange:
    """A measured value (a table cell or a single fact) that moved, appeared or went away."""

    table: str
    table_title: str
    row: str
    row_label: str
    series: str
    series_label: str
    unit: str
    before: float | str | None
    """``None``: the cell does not exist on that side; ``"not measured"``: it exists, empty."""
    after: float | str | None

    def describe(self) -> str:
        before, after = shown(self.before, self.unit), shown(self.after, self.unit)
        return f"{self.row_label}, {self.series_label}: {before} → {after}"


@dataclass
class RatioChange:
    """A computed ratio in a table that changed text or verdict."""

    table: str
    table_title: str
    row: str
    row_label: str
    comparison: str
    before: str | None
    after: str | None
    verdict_before: Judged | None
    verdict_after: Judged | None


@dataclass
class ClaimChange:
    """A number quoted in prose (``[[id]]``) whose computed text changed."""

    id: str
    table: str
    table_title: str
    before: str
    after: str


@dataclass
class Change:
    """A record added, removed or changed, with short human-readable details."""

    kind: str
    id: str
    name: str
    details: list[str] = field(default_factory=list)


@dataclass
class GuideDiff:
    base: str
    head: str
    base_commit: str | None
    head_commit: str | None
    noun: str = "path"
    """What the guide calls one of its options (``path``, ``bicycle``)."""
    flips: list[Flip] = field(default_factory=list)
    values: list[ValueChange] = field(default_factory=list)
    ratios: list[RatioChange] = field(default_factory=list)
    claims: list[ClaimChange] = field(default_factory=list)
    recommendation: list[Change] = field(default_factory=list)
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    rules: list[Change] = field(default_factory=list)
    edits: list[Change] = field(default_factory=list)

    @property
    def important(self) -> bool:
        """Anything a reviewer must look at: everything but text-only edits."""
        return bool(
            self.flips
            or self.values
            or self.ratios
            or self.claims
            or self.recommendation
            or self.added
            or self.removed
            or self.rules
        )

    @property
    def empty(self) -> bool:
        return not self.important and not self.edits


def shown(value: float | str | None, unit: str = "") -> str:
    """A measured value for a reader: ``263.9 tok/s``, ``not measured``, or ``—`` (absent)."""
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return f"{numbers.raw(value)} {unit}".strip()


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _by_id(items: Iterable[Any]) -> dict[str, Any]:
    return {item.id: item for item in items}


# --- measured values and ratios ------------------------------------------------


def _table_values(t: schema.MeasurementTable) -> dict[tuple[str, str], float | str]:
    return {(row.id, s): v for row in t.rows for s, v in row.values.items()}


def value_changes(base: Derived, head: Derived) -> list[ValueChange]:
    """Every measured value that differs between two guides, in tables present on both sides."""
    out: list[ValueChange] = []
    old_tables = _by_id(measurement_tables(base.data))
    for t in measurement_tables(head.data):
        old = old_tables.get(t.id)
        if old is None:
            continue
        before, after = _table_values(old), _table_values(t)
        rows = {r.id: r.label for r in [*old.rows, *t.rows]}
        series = {s.id: s.label for s in [*old.series, *t.series]}
        for key in [*after, *(k for k in before if k not in after)]:
            if before.get(key) != after.get(key):
                row, s = key
                out.append(
                    ValueChange(t.id, t.title, row, rows[row], s, series[s], t.unit, before.get(key), after.get(key))
                )
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
            if ta != tb or va != vb:
                label = (b or a)[0]  # type: ignore[index]
                out.append(RatioChange(ident, view.table.title, key[0], label, key[1], ta, tb, va, vb))
    return out


# --- verdict flips ---------------------------------------------------------------


def _columns(d: Derived) -> dict[str, schema.Column]:
    return {c.id: c for c in d.data.guide.columns}


def _cells(d: Derived, option: str) -> dict[str, Cell]:
    return {cell.column.id: cell for cell in d.cells.get(option, [])}


def _because(base: Derived, head: Derived, option: str, old: Cell, new: Cell, values: list[ValueChange]) -> list[str]:
    """The changes in the data that explain one flip."""
    reasons: list[str] = []
    column = new.column
    if old.column != new.column:
        reasons.append(f"the rule of the column {column.label!r} changed in guide.yml")
    if isinstance(column, schema.ComparisonColumn):
        if old.value is not None or new.value is not None:
            reasons.append(f"{column.aggregate} ratio {_ratios(old.value, new.value)}")
        sources = [*new.tables, *(t for t in old.tables if t not in new.tables)]
        reasons += [f"{v.table_title}: {v.describe()}" for v in values if v.table in sources]
    elif isinstance(column, schema.SupportColumn):
        old_support = {c.context.id: c for c in base.support.get(option, [])}
        for cell in head.support.get(option, []):
            was = old_support.get(cell.context.id)
            if was is not None and was.verdict.word != cell.verdict.word:
                reasons.append(f"{cell.context.name}: {was.verdict.word} → {cell.verdict.word}")
    elif isinstance(column, schema.CategoryColumn):
        a = base.option(option).attributes.get(column.attribute)
        b = head.option(option).attributes.get(column.attribute)
        reasons.append(f"{column.attribute}: {a.value if a else '—'} → {b.value if b else '—'}")
    if old.reason != new.reason and new.reason:
        reasons.append(f"judgement: {new.reason.strip()}")
    elif old.reason and not new.reason:
        reasons.append("the judgement was removed")
    return reasons


def _ratios(old: float | None, new: float | None) -> str:
    """``1.04× → 1.14×``, with as many digits (2 to 4) as it takes to tell two different values apart."""
    digits = 2
    if old is not None and new is not None and old != new:
        while digits < 4 and f"{old:.{digits}f}" == f"{new:.{digits}f}":
            digits += 1
    a = "—" if old is None else numbers.ratio(old, digits)
    b = "—" if new is None else numbers.ratio(new, digits)
    return f"{a} → {b}"


def flips(base: Derived, head: Derived, values: list[ValueChange]) -> list[Flip]:
    """Matrix cells (same path, same column) whose verdict level or word changed."""
    out: list[Flip] = []
    old_ids = {o.id for o in base.data.options}
    for option in head.ordered_options():
        if option.id not in old_ids:
            continue
        before = _cells(base, option.id)
        for new in head.cells[option.id]:
            old = before.get(new.column.id)
            if old is None or old.verdict is None or new.verdict is None:
                continue
            if (old.verdict.level, old.verdict.word) == (new.verdict.level, new.verdict.word):
                continue
            a, b = judged(old.verdict), judged(new.verdict)
            assert a is not None and b is not None
            out.append(
                Flip(
                    option.id,
                    option.name,
                    new.column.id,
                    new.column.label,
                    a,
                    b,
                    old.value,
                    new.value,
                    old.detail,
                    new.detail,
                    _because(base, head, option.id, old, new, values),
                )
            )
    return out


# --- prose numbers, bottom line, added and removed -------------------------------


def claim_changes(base: Derived, head: Derived) -> list[ClaimChange]:
    old_ids = {c.id for c in base.data.claims.claims}
    out = []
    for claim in head.data.claims.claims:
        if claim.id in old_ids and base.numbers[claim.id].text != head.numbers[claim.id].text:
            new = head.numbers[claim.id]
            out.append(ClaimChange(claim.id, claim.table, new.table_title, base.numbers[claim.id].text, new.text))
    return out


def _names(d: Derived, ids: list[str]) -> str:
    known = {o.id: o.name for o in d.data.options}
    return ", ".join(known.get(i, i) for i in ids)


def recommendation_changes(base: Derived, head: Derived) -> list[Change]:
    """How the bottom line changed: the picks of each case first, then its wording."""
    out: list[Change] = []
    a, b = base.data.recommendation, head.data.recommendation
    if a.summary != b.summary:
        out.append(Change("summary", "summary", "Summary", ["wording changed"]))
    old_cases = _by_id(a.cases)
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
        (noun, _by_id(base.data.options), _by_id(head.data.options)),
        ("table", _by_id(base.data.tables), _by_id(head.data.tables)),
        ("claim", _by_id(base.data.claims.claims), _by_id(head.data.claims.claims)),
        ("campaign", _by_id(base.data.campaigns), _by_id(head.data.campaigns)),
        ("column", _columns(base), _columns(head)),
    ]
    for kind, old, new in pairs:
        for ident, record in new.items():
            if ident not in old:
                details = _verdict_summary(head, ident) if kind == noun else []
                added.append(Change(kind, ident, _display(record), details))
        for ident, record in old.items():
            if ident not in new:
                removed.append(Change(kind, ident, _display(record), []))
    old_tables, new_tables = _by_id(base.data.tables), _by_id(head.data.tables)
    for ident, t in new_tables.items():
        was = old_tables.get(ident)
        if isinstance(t, schema.MeasurementTable) and isinstance(was, schema.MeasurementTable):
            _rows_and_series(was, t, added, removed)
    return added, removed


def _rows_and_series(
    old: schema.MeasurementTable, new: schema.MeasurementTable, added: list[Change], removed: list[Change]
) -> None:
    for kind, a, b in (("row", _by_id(old.rows), _by_id(new.rows)), ("series", _by_id(old.series), _by_id(new.series))):
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


# --- decision rules (optional file, compared as plain data) ----------------------


def _rule_items(raw: Any) -> dict[str, Any]:
    """Rules keyed by ``section/id``: every list of mappings with an ``id``; other top-level keys as they are."""
    if not isinstance(raw, dict):
        return {} if raw is None else {"(file)": raw}
    items: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
            for v in value:
                items[f"{key}/{v['id']}"] = v
        else:
            items[str(key)] = value
    return items


def rule_changes(base_rules: Any, head_rules: Any) -> list[Change]:
    """Decision rules added, removed or changed, with the fields that changed (``pick: [a] → [b]``)."""
    old, new = _rule_items(base_rules), _rule_items(head_rules)
    out: list[Change] = []
    for key, value in new.items():
        if key not in old:
            out.append(Change("added", key, key, [_short(value)]))
        elif old[key] != value:
            was = old[key]
            if isinstance(was, dict) and isinstance(value, dict):
                fields = [f for f in [*value, *(k for k in was if k not in value)] if was.get(f) != value.get(f)]
                details = [f"{f}: {_short(was.get(f), 40)} → {_short(value.get(f), 40)}" for f in fields]
            else:
                details = [f"{_short(was, 40)} → {_short(value, 40)}"]
            out.append(Change("changed", key, key, details))
    out += [Change("removed", key, key, []) for key in old if key not in new]
    return out


# --- other edits -----------------------------------------------------------------


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
        old = _by_id(old_list)
        for record in new_list:
            was = old.get(record.id)
            if was is None:
                continue
            changed = _table_fields(was, record) if folder == "tables" else _fields(_dump(was), _dump(record))
            if changed:
                where = f"{folder}/{record.id}.yml" if folder != "claims" else "claims.yml"
                out.append(Change(folder, where, _display(record), changed))
    return out


def diff_guides(base: Side, head: Side) -> GuideDiff:
    """Everything that changed from ``base`` to ``head``, most important first."""
    a, b = base.derived, head.derived
    values = value_changes(a, b)
    added, removed = added_and_removed(a, b)
    return GuideDiff(
        base=str(base.revision),
        head=str(head.revision),
        base_commit=base.revision.commit,
        head_commit=head.revision.commit,
        noun=b.data.guide.option_noun,
        flips=flips(a, b, values),
        values=values,
        ratios=ratio_changes(a, b),
        claims=claim_changes(a, b),
        recommendation=recommendation_changes(a, b),
        added=added,
        removed=removed,
        rules=rule_changes(base.rules, head.rules),
        edits=edits(a, b),
    )
