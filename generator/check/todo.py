"""Work an author has left for later, which is not a problem: ``check`` lists it and the guide still builds.

A category value marked ``uncited: true`` (``python -m generator migrate --cite-later`` writes it where an
older guide's value cites no source) shows its verdict as "not yet cited" until the source is quoted.
"""

from __future__ import annotations

from generator.errors import Problem
from generator.model import Data, at, category_values


def work_to_do(data: Data) -> list[Problem]:
    """Each verdict that rests on the record's word alone, at its file, line and field."""
    out = []
    for o, col, attr in category_values(data):
        if attr is None or not attr.uncited or attr.source is not None:
            continue
        word = col.categories[attr.value].word if attr.value in col.categories else attr.value
        out.append(
            at(
                data,
                o,
                ("attributes", col.attribute, "uncited"),
                f"{col.label!r} is {word!r}, not yet cited: quote the source with `source: {{quote: ...}}`, "
                "then remove `uncited: true`",
            )
        )
    return sorted(out, key=lambda p: (p.file, p.line))
