"""Rule: A column that ranks each row's series against the best ranks series of one campaign only."""

from __future__ import annotations

from generator import schema
from generator.check.common import across, series_campaigns
from generator.errors import Problem
from generator.model import Data, at, measurement_tables


def best_within_a_campaign(data: Data) -> list[Problem]:
    """A column that ranks each row's series against the best ranks series of one campaign only."""
    best = {c.tag for c in data.guide.columns if isinstance(c, schema.ComparisonColumn) and c.against == "best"}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for t in measurement_tables(data):
        where = series_campaigns(t)
        ranked = [s.id for s in t.series if s.option is not None and where[s.id] in campaigns]
        if not best & set(t.tags) or len({where[s] for s in ranked}) < 2:
            continue
        first = ranked[0]
        for i, s in enumerate(t.series):
            if s.id in ranked and where[s.id] != where[first]:
                sides = [("series", first, where[first]), ("series", s.id, where[s.id])]
                message = f"{across(data, sides)}; the table is ranked against its best value, so move this series"
                problems.append(at(data, t, ("series", i, "campaign"), message + " to a table of its own"))
    return problems
