"""Rule: A claim across campaigns quotes a ratio its table declares as a comparison across campaigns."""

from __future__ import annotations

from generator.check.common import across, series_campaigns
from generator.errors import Problem
from generator.model import Data, at, measurement_tables


def claims_within_a_campaign(data: Data) -> list[Problem]:
    """A claim across campaigns quotes a ratio its table declares as a comparison across campaigns."""
    tables = {t.id: t for t in measurement_tables(data)}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for i, claim in enumerate(data.claims.claims):
        t = tables.get(claim.table)
        where = series_campaigns(t) if t else {}
        num, den = where.get(claim.numerator), where.get(claim.denominator)
        if t is None or num not in campaigns or den not in campaigns or num == den:
            continue
        pair = {claim.numerator, claim.denominator}
        if not any({c.numerator, c.denominator} == pair and c.across_campaigns for c in t.comparisons):
            sides = [("numerator", claim.numerator, num), ("denominator", claim.denominator, den)]
            message = f"{across(data, sides)}; declare this pair in table {t.id!r} with across_campaigns first"
            problems.append(at(data, data.claims, ("claims", i), message))
    return problems
