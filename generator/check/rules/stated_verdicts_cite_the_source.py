"""Rule: A verdict no number decides cites the source; a negative support answer says what failed or why."""

from __future__ import annotations

from generator.errors import Problem
from generator.model import Data, at, category_values


def stated_verdicts_cite_the_source(data: Data) -> list[Problem]:
    problems = []
    for o, col, attr in category_values(data):
        outcome = col.categories.get(attr.value) if attr is not None else None
        if attr is not None and attr.uncited and attr.source is not None:
            problems.append(
                at(
                    data,
                    o,
                    ("attributes", col.attribute, "uncited"),
                    "the value cites its source now: remove `uncited: true`",
                )
            )
        elif attr is not None and attr.uncited:
            continue  # work to do, not a problem: `check` lists it (generator.check.todo)
        if attr is not None and outcome is not None and outcome.level != "unknown" and attr.source is None:
            problems.append(
                at(
                    data,
                    o,
                    ("attributes", col.attribute),
                    f"{col.label!r} is {outcome.word!r} by the record's word alone; cite the source with "
                    "`source: {quote: ...}` or use a value the source does not decide",
                )
            )
    for o in data.options:
        for ctx, entry in o.support.items():
            if entry.status in ("no", "cannot run") and not entry.note:
                what = "what failed" if entry.status == "no" else "why it cannot run"
                problems.append(
                    at(data, o, ("support", ctx, "status"), f"status {entry.status!r} needs a note saying {what}")
                )
    return problems
