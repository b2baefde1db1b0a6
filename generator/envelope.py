"""The measured envelope: where on each dimension of a reader's situation the guide's evidence was taken.

A guide declares dimensions in ``guide.yml`` (``envelope``: scale, hardware, model size...); each measurement's
``setup`` states its value on them (campaign, table, series and row merged, the most specific winning). A value
a set-up leaves out is *not stated*: it is never filled in, and a measurement that does not state it covers no
value of that dimension. Pure functions over the validated data; nothing here renders.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from generator import schema
from generator.model import Data, facts, measurement_tables

#: A dimension's value as one measurement states it; ``None`` = not stated.
Place = dict[str, str | None]


def _merge(dims: Iterable[str], *setups: schema.Setup | None) -> Place:
    out: Place = dict.fromkeys(dims)
    for s in setups:
        if s is not None:
            out.update({k: v for k, v in s.envelope.items() if k in out})
    return out


def places(data: Data) -> Iterator[tuple[str, Place]]:
    """(table id, its place on every dimension) for every measured value and fact of the guide."""
    dims = [d.id for d in data.guide.envelope]
    if not dims:
        return
    campaigns = {c.id: c for c in data.campaigns}
    for t in measurement_tables(data):
        for s in t.series:
            camp = campaigns.get(s.campaign or t.campaign)
            for row in t.rows:
                raw = row.values.get(s.id)
                if raw is None or isinstance(raw, str):
                    continue  # not measured: it covers nothing
                yield t.id, _merge(dims, camp.setup if camp else None, t.setup, s.setup, row.setup)
    for ft, _, f in facts(data):
        camp = campaigns.get(ft.campaign) if ft.campaign else None
        yield ft.id, _merge(dims, camp.setup if camp else None, ft.setup, f.setup)


def measured(data: Data, tables: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Dimension -> the values some measurement (of ``tables``, default all) states, in declared order."""
    wanted = None if tables is None else set(tables)
    seen: dict[str, set[str]] = {d.id: set() for d in data.guide.envelope}
    for table, place in places(data):
        if wanted is None or table in wanted:
            for dim, value in place.items():
                if value is not None:
                    seen[dim].add(value)
    return {d.id: [v.id for v in d.values if v.id in seen[d.id]] for d in data.guide.envelope}


@dataclass(frozen=True)
class Outside:
    """A reader's answer on one dimension that no measurement was taken at."""

    dimension: str
    answer: str
    measured: tuple[str, ...]
    """The values the evidence was taken at; empty when no measurement states this dimension."""


def dimension(data: Data, ident: str) -> schema.Dimension:
    return next(d for d in data.guide.envelope if d.id == ident)


def value_label(data: Data, dim: str, value: str) -> str:
    return next((v.label for v in dimension(data, dim).values if v.id == value), value)


def scope_text(data: Data, scope: Mapping[str, Sequence[str]]) -> str:
    """``EP below 16 or EP16 on 2 nodes``: a stated scope's values as a reader reads them; empty: no scope."""
    return "; ".join(" or ".join(value_label(data, dim, v) for v in values) for dim, values in scope.items())


def outside(
    data: Data,
    answers: Mapping[str, str],
    tables: Iterable[str] | None = None,
    known: Mapping[str, list[str]] | None = None,
) -> tuple[Outside, ...]:
    """The reader's answers to envelope questions that no measurement (of ``tables``) was taken at.

    ``known``: ``measured(data, tables)`` when the caller has it already (one walk of the data for every
    combination of answers, not one each)."""
    if data.decisions is None or not data.guide.envelope:
        return ()
    if known is None:
        known = measured(data, tables)
    out = []
    for q in data.decisions.questions:
        if q.dimension is None or not known.get(q.dimension) or q.id not in answers:
            continue  # no measurement states the dimension: the reader's place is unknown, not outside (the
            # answer's "measured only with" line names it: generator.dimensions)
        if answers[q.id] not in known[q.dimension]:
            out.append(Outside(q.dimension, answers[q.id], tuple(known[q.dimension])))
    return tuple(out)


def yours(data: Data, gap: Outside) -> str:
    """``at EP above 16``: the reader's place on the dimension, with the dimension's word."""
    return f"{dimension(data, gap.dimension).word} {value_label(data, gap.dimension, gap.answer)}"


def measured_phrase(data: Data, dim: str, values: Iterable[str]) -> str:
    """``measured at EP16 on 2 nodes``, or ``scale not stated`` when no measurement states it."""
    shown = [value_label(data, dim, v) for v in values]
    d = dimension(data, dim)
    return f"measured {d.word} {' or '.join(shown)}" if shown else f"{d.label.lower()} not stated"


def sentence(data: Data, gap: Outside) -> str:
    """``Measured at EP16 on 2 nodes; not measured at EP32 or more.``"""
    said = measured_phrase(data, gap.dimension, gap.measured)
    return f"{said[0].upper()}{said[1:]}; not measured {yours(data, gap)}."
