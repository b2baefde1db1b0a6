"""Helpers the rules share: how an unknown name is reported, where a ratio's sides ran."""

from __future__ import annotations

from collections.abc import Iterable

from generator import schema
from generator.errors import did_you_mean
from generator.model import Data


def expect(kind: str, name: str, known: Iterable[str]) -> str:
    """``unknown option 'fsat' (did you mean 'fast'?); expected one of: ...``."""
    names = sorted(known)
    listed = ", ".join(names) or "none"
    return f"unknown {kind} {name!r}{did_you_mean(name, names)}; expected one of: {listed}"


def _environment(campaign: schema.Campaign | None) -> str:
    if campaign is None:
        return "unknown environment"
    return "; ".join(f"{fact.label}: {fact.value}" for fact in campaign.environment)


def across(data: Data, sides: list[tuple[str, str, str]]) -> str:
    """Where each side of a ratio ran, from ``[(role, series, campaign), ...]``."""
    campaigns = {c.id: c for c in data.campaigns}
    parts = [f"{role} {series!r} ran on campaign {camp!r}" for role, series, camp in sides]
    where = [_environment(campaigns.get(camp)) for _, _, camp in sides]
    same = "same environment" if len(set(where)) == 1 else "different environment: " + " vs ".join(where)
    return f"{' and '.join(parts)} ({same})"


def series_campaigns(table: schema.MeasurementTable) -> dict[str, str]:
    """Series id -> the campaign it ran on: its own if it names one, else the table's."""
    return {s.id: s.campaign or table.campaign for s in table.series}
