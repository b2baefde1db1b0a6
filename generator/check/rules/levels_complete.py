"""Rule: Every verdict level the engine uses (good, mid, bad, unknown) has a style in guide.yml."""

from __future__ import annotations

from generator.errors import Problem
from generator.model import Data, at


def levels_complete(data: Data) -> list[Problem]:
    missing = [lv for lv in ("good", "mid", "bad", "unknown") if lv not in data.guide.levels]
    return [at(data, data.guide, ("levels",), f"level {lv!r} is not styled") for lv in missing]
