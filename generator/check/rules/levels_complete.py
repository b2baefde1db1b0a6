"""Rule: Every verdict level the engine uses has a style in guide.yml, and a judgement looks like none of the others.

``judged`` is needed once an option states a judgement on a comparison column; its colour must differ
from every measured level's, so a judgement never borrows a measured colour.
"""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at


def levels_complete(data: Data) -> list[Problem]:
    needed = ["good", "mid", "bad", "unknown"]
    comparison = {c.id for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)}
    stated = any(s.stated for o in data.options for s in o.support.values())
    if stated or any(comparison & set(o.judgements) for o in data.options):
        needed.append("judged")
    missing = [lv for lv in needed if lv not in data.guide.levels]
    problems = [at(data, data.guide, ("levels",), f"level {lv!r} is not styled") for lv in missing]
    judged = data.guide.levels.get("judged")
    measured = [data.guide.levels[lv].colour for lv in ("good", "mid", "bad", "unknown") if lv in data.guide.levels]
    if judged is not None and judged.colour in measured:
        problems.append(
            at(
                data,
                data.guide,
                ("levels", "judged", "colour"),
                "a judgement must not look like a measured level; give it a colour of its own",
            )
        )
    return problems
