"""The dimensions of the evidence, derived from the set-up facts its measurements state.

Every measured value (a cell of a measurement table, a fact) sits somewhere on each dimension: the guide's
declared ``envelope`` dimensions (``setup.envelope: {scale: ep16}``), each declared set-up key
(``workload: {concurrency: 4}`` of a table, series or row; a campaign's environment fact with ``key: model``),
the context its row names (the framework, with the release ``setup.software`` states for it when the component
has the context's id), and each other component's release. A value a measurement leaves out is *not stated*,
never filled in. A dimension exists when some measurement states a value on it (a declared ``envelope``
dimension always does: a question may ask it).

How to read them off a derived guide (``derived.data`` is the :class:`~generator.model.Data`)::

    from generator import dimensions
    for dim in dimensions.dimensions(derived.data):            # or tables=[...], context="hill-town"
        dim.id, dim.label, dim.source                         # "concurrency", "concurrency", "setup"
        [v.label for v in dim.values]                         # ["level 1", "level 6"], in order
        dim.question                                          # the helper question asking it, or None
    dimensions.measured_only(derived.data, dims)              # "Measured only with one rider, ..."

:func:`places` gives every measured value's place (table, row, series, dimension -> value id or ``None``),
for a tool that must match a reader's own numbers to the evidence (a row "at EP32" counts only there).
Pure functions over the validated data; nothing here renders.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from generator import numbers, schema, setup_keys
from generator.model import Data, facts, measurement_tables

#: Where a dimension comes from: a declared ``envelope`` dimension, a set-up key, the contexts, a component's release.
Source = Literal["envelope", "setup", "context", "software"]
CONTEXT = "context"
SOFTWARE = "software."


@dataclass(frozen=True)
class Value:
    """One value some measurement states on a dimension."""

    id: str
    """As data states it: ``small``, ``6``, ``one rider``, ``hill-town``, ``1.2``."""
    label: str
    """As a reader reads it: ``one machine``, ``level 6``, ``Engine 1.2``."""
    release: str | None = None
    """A context's release as its rows state it (``0.21``), already in ``label``; ``None``: none stated."""


@dataclass(frozen=True)
class Dimension:
    """A dimension of the evidence with the values its measurements state, in order."""

    id: str
    """``scale`` (envelope), ``concurrency`` (set-up key), ``context``, ``software.<component>``."""
    label: str
    """Its name: ``Scale``, ``concurrency``, the guide's context noun, ``Engine release``."""
    source: Source
    values: tuple[Value, ...]
    """Every value some measurement (of the tables asked about) states; empty: no measurement states it."""
    question: str | None = None
    """The decision helper's question that asks it (``dimension:`` of the question, the support filter's question
    for the contexts); ``None``: the helper does not ask, so the reader's place on it is unknown."""
    load: bool = False
    """The set-up key is the guide's load: its values are the evidence's load points."""
    before: str = ""
    """A numeric set-up key's word before its values (``level``), so a listing reads ``level 1 and 6``."""
    after: str = ""
    """A numeric set-up key's unit after them (``request/s``)."""
    partly: bool = False
    """Some measurement of those asked about states no value on it (``gradient 8 %`` for one city's rows only)."""


@dataclass(frozen=True)
class Place:
    """Where one measured value sits: its table, row (``None`` for a fact) and series, and each dimension's value."""

    table: str
    row: str | None
    series: str | None
    at: dict[str, str | None]
    """Dimension id -> the value id the measurement states, ``None`` = not stated."""


def _text(value: object) -> str:
    return numbers.raw(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def _stated(
    data: Data, campaign: schema.Campaign | None, setups: Iterable[schema.Setup | None], *loads: schema.Workload
) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    keys = setup_keys.declared(data.guide)
    if campaign is not None:
        out.update({f.key: f.value for f in campaign.environment if f.key is not None and f.key in keys})
    for s in setups:
        if s is not None:
            out.update(s.envelope)
            out.update({f"{SOFTWARE}{k}": v for k, v in s.software.items()})
    for w in loads:
        out.update({k: _text(v) for k, v in w.items() if k in keys})
    return out


def places(data: Data) -> Iterator[Place]:
    """Every measured value's place: each cell of a measurement table that holds a number or runs, each fact."""
    campaigns = {c.id: c for c in data.campaigns}
    contexts = {c.id: c for c in data.guide.contexts}
    options = {o.id: o for o in data.options}
    for t in measurement_tables(data):
        for s in t.series:
            camp = campaigns.get(s.campaign or t.campaign)
            camp_setup = camp.setup if camp else None
            opt = options.get(s.option) if s.option else None
            for row in t.rows:
                raw = row.values.get(s.id)
                if raw is None or isinstance(raw, str):
                    continue  # not measured: it covers nothing
                ctx = contexts.get(row.context) if row.context else None
                at = _stated(
                    data,
                    camp,
                    (camp_setup, t.setup, s.setup, row.setup),
                    ctx.workload if ctx else {},
                    opt.workload if opt else {},
                    t.workload,
                    s.workload,
                    row.workload,
                )
                at[CONTEXT] = row.context
                yield Place(t.id, row.id, s.id, at)
    for ft, _, f in facts(data):
        camp = campaigns.get(ft.campaign) if ft.campaign else None
        at = _stated(data, camp, (camp.setup if camp else None, ft.setup, f.setup))
        at[CONTEXT] = None
        yield Place(ft.id, None, f.id, at)


def _order(source: Source, ids: set[str], declared: list[str]) -> list[str]:
    if source in ("envelope", "context"):
        return [v for v in declared if v in ids]

    def key(v: str) -> tuple[int, float, str]:
        try:
            return (0, float(v), v)
        except ValueError:
            return (1, 0.0, v)

    return sorted(ids, key=key)


def dimensions(data: Data, tables: Iterable[str] | None = None, context: str | None = None) -> tuple[Dimension, ...]:
    """The evidence's dimensions, over the measurements of ``tables`` (default all) and, with ``context``, only
    the rows of that context and rows naming none. Declared envelope dimensions first, then the contexts, the
    set-up keys in declared order, and components' releases."""
    wanted = None if tables is None else set(tables)
    seen: dict[str, set[str]] = {}
    stating: dict[str, int] = {}
    total = 0
    for p in places(data):
        if wanted is not None and p.table not in wanted:
            continue
        if context is not None and p.at.get(CONTEXT) not in (None, context):
            continue
        total += 1
        for dim, value in p.at.items():
            if value is not None:
                seen.setdefault(dim, set()).add(value)
                stating[dim] = stating.get(dim, 0) + 1
    asked = _questions(data)
    out: list[Dimension] = []
    envelope: list[Dimension] = []
    for d in data.guide.envelope:
        labels = {v.id: v.label for v in d.values}
        ids = _order("envelope", seen.get(d.id, set()), list(labels))
        envelope.append(Dimension(d.id, d.label, "envelope", tuple(Value(v, labels[v]) for v in ids), asked.get(d.id)))
    names = {c.id: c.name for c in data.guide.contexts}
    components = {c.id: c.name for c in data.guide.components}
    if CONTEXT in seen:
        ctx_values = []
        for ctx in _order("context", seen[CONTEXT], list(names)):
            releases = sorted(dimensions_release(data, wanted, ctx)) if ctx in components else []
            release = " or ".join(releases) or None
            ctx_values.append(Value(ctx, f"{names[ctx]} {release}" if release else names[ctx], release))
        noun = data.guide.context_noun
        out.append(Dimension(CONTEXT, noun[0].upper() + noun[1:], "context", tuple(ctx_values), asked.get(CONTEXT)))
    keys = list(setup_keys.declared(data.guide).values())
    for key in [k for k in keys if not k.numeric] + [k for k in keys if k.numeric]:
        if key.id in seen:
            ids = _order("setup", seen[key.id], [])
            values = tuple(Value(v, setup_keys.value_text(data.guide, key.id, _number(v, key))) for v in ids)
            before, after = (key.short or key.label, key.unit or "") if key.numeric else ("", "")
            out.append(Dimension(key.id, key.label, "setup", values, asked.get(key.id), key.load, before, after))
    for comp_id, name in components.items():
        sid = f"{SOFTWARE}{comp_id}"
        if sid in seen and comp_id not in names:
            releases_of = tuple(Value(v, f"{name} {v}") for v in _order("software", seen[sid], []))
            out.append(Dimension(sid, f"{name} release", "software", releases_of, asked.get(sid)))
    out = [d for d in out if d.source == "setup" and not d.before] + [d for d in out if d.source != "setup" or d.before]
    out += envelope
    return tuple(replace(d, partly=bool(d.values) and stating.get(d.id, 0) < total) for d in out)


def dimensions_release(data: Data, wanted: set[str] | None, context: str) -> set[str]:
    """The releases of the component named like ``context`` that its rows (of ``wanted`` tables) state."""
    dim = f"{SOFTWARE}{context}"
    return {
        v
        for p in places(data)
        if (wanted is None or p.table in wanted) and p.at.get(CONTEXT) == context and (v := p.at.get(dim)) is not None
    }


def _number(value: str, key: schema.SetupKey) -> object:
    if not key.numeric:
        return value
    try:
        number = float(value)
    except ValueError:
        return value
    return int(number) if number.is_integer() else number


def _questions(data: Data) -> dict[str, str]:
    """Dimension id -> the decision helper's question that asks it."""
    if data.decisions is None:
        return {}
    out = {q.dimension: q.id for q in data.decisions.questions if q.dimension is not None}
    for f in data.decisions.filters:
        if getattr(f, "kind", None) == "support":
            out.setdefault(CONTEXT, f.question)
    return out


def listing(dim: Dimension) -> str:
    """``level 1 and 6``, ``one rider``, ``gradient 8 % where stated``: a dimension's measured values in a phrase."""
    if dim.before or dim.after:
        ids = [v.id for v in dim.values]
        joined = ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"
        text = " ".join(x for x in (dim.before, joined, dim.after) if x)
    else:
        labels = [v.label for v in dim.values]
        text = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
    return f"{text} where stated" if dim.partly else text


def measured_only(data: Data, dims: Iterable[Dimension]) -> str:
    """``Measured only with one rider, Hill Town, gradient 8 and 12 %, gentle hills``: every stated dimension;
    a dimension no measurement states is named ``scale not stated``."""
    said = [listing(d) for d in dims if d.values]
    silent = [f"{d.label[:1].lower()}{d.label[1:]} not stated" for d in dims if not d.values]
    comma = "; " if any("," in x for x in said) else ", "
    parts = [f"measured only with {comma.join(said)}"] if said else []
    text = "; ".join(parts + silent)
    return text[:1].upper() + text[1:]


def beyond(dims: Iterable[Dimension], answers: Mapping[str, Iterable[str]]) -> tuple[Dimension, ...]:
    """The dimensions on which a reader's situation is outside the evidence or unknown: every one the helper does
    not ask, or asks and the reader's answers (question -> the answers that lead to the answer) are not all
    measured values of. A context with a release stays: the reader's release is not asked."""
    out = []
    for dim in dims:
        given = set(answers.get(dim.question, ())) if dim.question else set()
        measured = {v.id for v in dim.values if v.release is None}
        if not given or not given <= measured:
            out.append(dim)
    return tuple(out)
