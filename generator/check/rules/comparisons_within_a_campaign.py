"""Rule: An A/B ratio divides values of one campaign, unless ``across_campaigns`` says why mixing is fair."""

from __future__ import annotations

from generator.check.common import across, expect, series_campaigns
from generator.errors import Problem
from generator.model import Data, at, measurement_tables


def comparisons_within_a_campaign(data: Data) -> list[Problem]:
    """An A/B ratio divides values of one campaign, unless ``across_campaigns`` says why mixing is fair."""
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for t in measurement_tables(data):
        where = series_campaigns(t)
        for i, s in enumerate(t.series):
            if s.campaign is not None and s.campaign not in campaigns:
                problems.append(at(data, t, ("series", i, "campaign"), expect("campaign", s.campaign, campaigns)))
        for c_i, comp in enumerate(t.comparisons):
            num, den = where.get(comp.numerator), where.get(comp.denominator)
            if num not in campaigns or den not in campaigns:  # unknown series or campaign: reported elsewhere
                continue
            if num == den and comp.across_campaigns is not None:
                message = f"both sides ran on campaign {num!r}; remove across_campaigns"
                problems.append(at(data, t, ("comparisons", c_i, "across_campaigns"), message))
            elif num != den and comp.across_campaigns is None:
                sides = [("numerator", comp.numerator, num), ("denominator", comp.denominator, den)]
                message = f"{across(data, sides)}; say why the comparison is fair in across_campaigns"
                problems.append(at(data, t, ("comparisons", c_i), message))
    return problems
