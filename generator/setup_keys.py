"""The set-up keys a guide's runs are stated by: its own ``setup_keys:``, or the readers' when it declares none.

A key's values are what tables, series and rows state in ``workload:`` and campaigns' environment facts under
``key:``. Everything that names a key (the check, sweeps, maps, the import guard, the evidence's dimensions)
asks :func:`declared` and writes values with :func:`value_text`, so no stage holds a topic's vocabulary.
"""

from __future__ import annotations

from generator import numbers, schema, workload


def _readers_keys() -> list[schema.SetupKey]:
    """The keys the engine's readers of LLM-serving tools state, for a guide that declares none of its own."""
    return [
        schema.SetupKey(
            id=name,
            label=words,
            numeric=name in workload.NUMERIC,
            unit=workload.UNITS.get(name),
            load=name in workload.LOADS,
        )
        for name, words in workload.WORKLOAD_WORDS.items()
    ]


_READERS = _readers_keys()


def declared(guide: schema.Guide) -> dict[str, schema.SetupKey]:
    """Key id -> its declaration: the guide's ``setup_keys`` (the first of a repeated id), else the readers'."""
    keys = guide.setup_keys or _READERS
    out: dict[str, schema.SetupKey] = {}
    for key in keys:
        out.setdefault(key.id, key)
    return out


def value_text(guide: schema.Guide, name: str, value: object) -> str:
    """A value as a reader reads it: ``level 6``, ``8 %``, ``one rider``."""
    key = declared(guide).get(name)
    shown = numbers.raw(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)
    if key is None or not key.numeric:
        return shown
    unit = f" {key.unit}" if key.unit else ""
    return f"{key.short or key.label} {shown}{unit}"
