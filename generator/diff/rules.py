"""Decision rules (an optional ``decisions.yml``) compared as plain data: added, removed, changed fields."""

from __future__ import annotations

from typing import Any

from generator.diff.model import Change, short, short_pair


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
            out.append(Change("added", key, key, [short(value)]))
        elif old[key] != value:
            was = old[key]
            if isinstance(was, dict) and isinstance(value, dict):
                fields = [f for f in [*value, *(k for k in was if k not in value)] if was.get(f) != value.get(f)]
                details = [f"{f}: {' → '.join(short_pair(was.get(f), value.get(f), 40))}" for f in fields]
            else:
                details = [" → ".join(short_pair(was, value, 40))]
            out.append(Change("changed", key, key, details))
    out += [Change("removed", key, key, []) for key in old if key not in new]
    return out
