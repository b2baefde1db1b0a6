"""Rule: A judgement takes a band that a number defines only by stating that number (``value``)."""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at


def judgements_look_like_judgements(data: Data) -> list[Problem]:
    columns = {c.id: c for c in data.guide.columns}
    problems = []
    for o in data.options:
        for col_id, j in o.judgements.items():
            col = columns.get(col_id)
            if not isinstance(col, schema.ComparisonColumn):
                continue
            if j.value is None and j.level != "judged":
                problems.append(
                    at(
                        data,
                        o,
                        ("judgements", col_id, "level"),
                        f"level {j.level!r} is a band of column {col_id!r} that a number decides; "
                        "state that number with `value:` (a ratio the source gives) or remove `level`",
                    )
                )
            elif j.value is not None:
                computed = next(b for b in col.bands if b.min is None or j.value >= b.min).level
                if j.level not in ("judged", computed):
                    problems.append(
                        at(
                            data,
                            o,
                            ("judgements", col_id, "level"),
                            f"the stated value {j.value} falls in the {computed!r} band "
                            f"of column {col_id!r}, not {j.level!r}",
                        )
                    )
    return problems
