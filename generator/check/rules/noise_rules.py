"""Rule: a noise rule's ``likely`` outcomes name words of its column's bands."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def noise_rules(data: Data) -> list[Problem]:
    """Each key of ``noise.likely`` is the word of one of the column's bands."""
    problems = []
    for c_i, col in enumerate(data.guide.columns):
        if not isinstance(col, schema.ComparisonColumn) or col.noise is None:
            continue
        words = [b.word for b in col.bands]
        for word in col.noise.likely:
            if word not in words:
                loc = ("columns", c_i, "noise", "likely", word)
                problems.append(at(data, data.guide, loc, expect("band word", word, words)))
    return problems
