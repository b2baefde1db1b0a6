"""Rule: A verdict no number decides cites the source; a negative support answer says what failed or why."""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at, category_values


def about_another(data: Data, option: schema.Option, cite: schema.Cite) -> str | None:
    """The label of another option the cited place is about (its ``where`` names that option, not this one)."""
    where = (cite.where or "").casefold()
    if not where or option.label.casefold() in where or option.name.casefold() in where:
        return None
    return next((o.label for o in data.options if o.id != option.id and o.label.casefold() in where), None)


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
    for o, col, attr in category_values(data):
        if attr is None or attr.source is None or attr.inferred:
            continue
        other = about_another(data, o, attr.source)
        if other is not None:
            problems.append(
                at(
                    data,
                    o,
                    ("attributes", col.attribute, "source"),
                    f"{col.label!r} cites a statement about {other!r} ({attr.source.where}), not about "
                    f"{o.label!r}: a value the source does not state is a judgement; say what it is reasoned "
                    "from with `inferred: ...`",
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
