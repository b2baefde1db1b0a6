"""Row and file agree at every build: what each kept file states of its run's set-up is what the guide states.

A tool's file states some workload facts about itself (load, request rate, concurrency, lengths, model,
framework or backend), read by its format's reader or declared in its map's ``workload:``. The guide states
the same facts of every run filed under a row: its campaign's keyed environment facts, the table's
``workload``, the row's context's, the series' option's and the series' own, and the row's (a later one
overrides an earlier one). :func:`guide_states` collects them, each with who states it and where;
:func:`disagreements` names each fact both state differently. The build refuses such a row at its line
(:mod:`generator.check.run_files`) unless the file's entry accepted that fact's difference with a reason
when it was imported; ``python -m generator import`` refuses the run before it is filed
(:mod:`generator.ingest.guard`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator import schema, setup_keys
from generator.model import Data

#: ``where(record, loc)``: the file and line of ``loc`` in the document ``record`` came from.
Place = Callable[[Any, tuple[str | int, ...]], str]


@dataclass(frozen=True)
class Expected:
    """What the guide states for a field of a row, who states it (``the row``, ``the table``, ``campaign lab
    (Nodes)``) and where (``data/tables/serving.yml:12``), for the message."""

    value: str | int | float
    scope: str
    place: str = ""
    unit: str | None = None
    """The unit ``guide.yml`` declares for the key (``request/s``), for the message."""


@dataclass(frozen=True)
class Disagreement:
    """A fact a kept file and the guide state differently."""

    field: str
    expected: Expected
    value: str | int | float
    where: str  # where the file states it (``$['max_concurrency']``, ``line 3``)

    def __str__(self) -> str:
        unit = self.expected.unit
        said = f"ran at {self.value} {unit}" if unit else f"states {self.value}"
        place = f" ({self.expected.place})" if self.expected.place else ""
        guide = f"{self.expected.scope} states {self.expected.value}{place}"
        return f"{self.field}: the file {said} ({self.where}), {guide}"


def guide_states(
    data: Data,
    table: schema.MeasurementTable,
    series: schema.Series,
    place: Place,
    *,
    context: str | None,
    row: schema.Row | None = None,
) -> dict[str, Expected]:
    """What the guide states about every run of ``series`` under a row of ``context`` (``row``'s own workload
    last), each fact with who states it and where (see the module)."""
    out: dict[str, Expected] = {}
    campaign_id = series.campaign or table.campaign
    campaign = next((c for c in data.campaigns if c.id == campaign_id), None)
    if campaign is not None:
        for i, fact in enumerate(campaign.environment):
            if fact.key is not None:
                where = place(campaign, ("environment", i, "value"))
                out[fact.key] = Expected(fact.value, f"campaign {campaign.id} ({fact.label})", where)
    for name, value in table.workload.items():
        out[name] = Expected(value, "the table", place(table, ("workload", name)))
    found = next((c for c in data.guide.contexts if c.id == context), None) if context else None
    if found is not None:
        i = data.guide.contexts.index(found)
        for name, value in found.workload.items():
            where = place(data.guide, ("contexts", i, "workload", name))
            out[name] = Expected(value, f"context {found.id}", where)
    option = next((o for o in data.options if o.id == series.option), None) if series.option else None
    if option is not None:
        for name, value in option.workload.items():
            out[name] = Expected(value, f"option {option.id}", place(option, ("workload", name)))
    s_i = table.series.index(series)
    for name, value in series.workload.items():
        out[name] = Expected(value, f"series {series.id}", place(table, ("series", s_i, "workload", name)))
    if row is not None:
        r_i = table.rows.index(row)
        for name, value in row.workload.items():
            out[name] = Expected(value, "the row", place(table, ("rows", r_i, "workload", name)))
    keys = setup_keys.declared(data.guide)
    order = {name: i for i, name in enumerate(keys)}  # messages list the facts in the order guide.yml declares them
    named = sorted(out, key=lambda name: order.get(name, len(order)))
    return {name: replace(out[name], unit=keys[name].unit if name in keys else None) for name in named}


def disagreements(
    stated: Mapping[str, tuple[str | int | float, str]], expected: Mapping[str, Expected]
) -> list[Disagreement]:
    """Every fact both the file (``stated``: value and where) and the guide state, where they differ."""
    from generator.read.formats.tool_output import same_stated  # the readers load with the first kept file

    out = []
    for name in expected:  # every key the guide states, each one it declares (the check refuses any other)
        ours, theirs = expected.get(name), stated.get(name)
        if ours is not None and theirs is not None and not same_stated(name, ours.value, theirs[0]):
            out.append(Disagreement(name, ours, theirs[0], theirs[1]))
    return out


def unlike_repetitions(
    kept: Sequence[tuple[str, Mapping[str, tuple[str | int | float, str]], Sequence[str]]],
) -> list[tuple[int, str]]:
    """Each kept file of one cell (its path, what it states of its run's set-up, the differences accepted with it)
    that states a fact differently from an earlier file of the cell: its index and why. A repetition agrees with
    its cell on every fact both files state, whether or not the guide states it."""
    from generator.read.formats.tool_output import same_stated  # the readers load with the first kept file

    out = []
    for i, (path, stated, accepted) in enumerate(kept):
        unlike = [
            f"{name}: {path} states {value} ({where}), {other} states {theirs[0]} ({theirs[1]})"
            for other, facts, _ in kept[:i]
            for name, (value, where) in stated.items()
            if (theirs := facts.get(name)) is not None
            and not same_stated(name, theirs[0], value)
            and not any(a.startswith(f"{name}:") for a in accepted)
        ]
        if unlike:
            out.append((i, "; ".join(unlike)))
    return out
