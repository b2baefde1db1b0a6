"""Rule: a value typed by hand is one of the numbers its quote states, or its source says how it is derived.

The quote that speaks for a value is the one written for it (``sources: {<series>: {quote: ...}}`` on its
row) or its row's (``source: {quote: ...}``); for a fact, the fact's own. A quote on a table, series or
campaign speaks for many rows, not one value, and is not compared. Values read from run files or listed
as runs are not typed from a quote.
"""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at, facts, measurement_tables
from generator.schema.quoted import disagreement


def _quote(*sources: schema.Source | None) -> tuple[str | None, str | None]:
    """The most specific quote and ``derived`` of ``sources`` (general first)."""
    quote = derived = None
    for source in sources:
        if source is not None:
            quote = source.quote if source.quote is not None else quote
            derived = source.derived if source.derived is not None else derived
    return quote, derived


def typed_values_match_their_quotes(data: Data) -> list[Problem]:
    problems = []
    for t in measurement_tables(data):
        for r_i, row in enumerate(t.rows):
            for sid, value in row.values.items():
                if isinstance(value, bool) or not isinstance(value, int | float):
                    continue
                quote, derived = _quote(row.source, row.sources.get(sid))
                why = disagreement(value, quote, t.unit) if quote is not None and derived is None else None
                if why is not None:
                    problems.append(at(data, t, ("rows", r_i, "values", sid), why))
    for ft, f_i, fact in facts(data):
        quote, derived = _quote(fact.source)
        why = disagreement(fact.value, quote, fact.unit) if quote is not None and derived is None else None
        if why is not None:
            problems.append(at(data, ft, ("facts", f_i, "value"), why))
    return problems
