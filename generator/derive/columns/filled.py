"""What a comparison cell says beyond its measured rows: the contexts it has no row in (a judgement given for
them, or "not measured on X"), a cell decided by judgements alone, and how many contexts a cell speaks for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from generator import schema
from generator.derive.cells import (
    WORST_FIRST,
    Cell,
    Part,
    Regime,
    data_context_name,
    judged_verdict,
    not_measured_in,
)
from generator.derive.columns.base import Build
from generator.model import Data, at, contexts_measured


class Placed(Protocol):
    """A measured row of a cell, as far as this module reads it: its table and row, the context it lies in and
    the option it is measured against."""

    @property
    def context(self) -> str | None: ...

    @property
    def table(self) -> str: ...

    @property
    def row(self) -> str: ...

    @property
    def opponent(self) -> str | None: ...


def _not_measured(data: Data, contexts: list[str]) -> Part:
    """The part of a cell for the contexts it has neither a row nor a judgement in: ``not measured on Hill Town``."""
    return Part(not_measured_in(data, *contexts), ())


def _coverage(data: Data, contexts: list[str], unknown: list[str]) -> str:
    """How many of the column's contexts a cell answers for, when not all: ``1 of 3 frameworks``."""
    noun = data.guide.context_noun_plural if len(contexts) > 1 else data.guide.context_noun
    return f"{len(contexts) - len(unknown)} of {len(contexts)} {noun}" if unknown else ""


def column_contexts(data: Data, column: schema.ComparisonColumn) -> list[str]:
    """The contexts some row of the column's tables names, in the guide's order."""
    named = contexts_measured(data, column.tag)
    return [c.id for c in data.guide.contexts if c.id in named]


def judged_part(
    data: Data, column: schema.ComparisonColumn, j: schema.Judgement, contexts: list[str], names: dict[str, str]
) -> Part:
    regimes = tuple(Regime(data_context_name(data, c), "", "") for c in contexts)
    against = f"vs {names.get(j.against, j.against)}" if j.against else ""
    return Part(judged_verdict(data, column, j), regimes, against, j.against, j.reason, j.source)


def ranks(judgements: list[schema.Judgement]) -> tuple[str, str] | None:
    """The polarity the first judgement that states one gives: where a sort places the row."""
    j = next((j for j in judgements if j.above or j.below), None)
    if j is None:
        return None
    return ("above", j.above) if j.above else ("below", j.below or "")


def _beside(found: Sequence[Placed], j: schema.Judgement, ctx: str | None) -> bool:
    """Whether judgement ``j`` speaks of another opponent than every row measured in ``ctx`` (every row, for
    ``None``): then it is a part of its own beside the measured ones, not a verdict on them."""
    opponents = {m.opponent for m in found if ctx is None or m.context == ctx}
    return bool(j.against) and j.against not in opponents


def beside(
    build: Build, column: schema.ComparisonColumn, option: schema.Option, found: Sequence[Placed], parts: list[Part]
) -> list[Part]:
    """The cell judged for one context, with the judgement given there against an opponent no measured row of the
    cell is against (``tie vs B`` beside ``faster vs A``): the source's statement for that context."""
    j = next((j for j in option.judgements_for(column.id) if build.context in j.contexts), None)
    if j is None or not _beside(found, j, None):
        return parts
    return sorted(
        [*parts, judged_part(build.data, column, j, [], build.names)], key=lambda p: WORST_FIRST[p.verdict.level]
    )


def filled(
    build: Build, column: schema.ComparisonColumn, option: schema.Option, found: Sequence[Placed], parts: list[Part]
) -> tuple[list[Part], str]:
    """The published cell's parts with every context of the column it has no row in: a judgement given for
    that context, or "not measured"; and how many contexts it speaks for, when not all. Measured rows win: a
    judgement for a context that has some is checked against them (a contradiction is refused), unless it is
    against an opponent none of them is against, when it is a part of its own there too."""
    data = build.data
    contexts = column_contexts(data, column)
    if any(m.context is None for m in found) or not contexts:
        return parts, ""
    measured = {m.context for m in found if m.context is not None}
    given = {c: j for j in option.judgements_for(column.id) for c in j.contexts}
    alongside = {c for c in measured & set(given) if _beside(found, given[c], c)}
    for ctx in sorted(measured & set(given) - alongside, key=contexts.index):
        j = given[ctx]
        # the parts holding a row of the context, whether the context reads as one regime or split by row
        rows = {(m.table, m.row) for m in found if m.context == ctx}
        levels = {p.verdict.level for p in parts if any((r.table, r.row) in rows for r in p.regimes)}
        if j.level in ("good", "mid", "bad") and levels and j.level not in levels:
            build.problems.append(
                at(
                    data,
                    option,
                    ("judgements", column.id),
                    f"the judgement {j.word!r} ({j.level}) on {data_context_name(data, ctx)} contradicts the measured "
                    f"verdict there ({', '.join(p.word for p in parts if p.verdict.level in levels)}); "
                    "measured rows win",
                )
            )
    missing = [c for c in contexts if c not in measured]
    if not missing and not alongside:
        return parts, ""
    extra: list[Part] = []
    for j in option.judgements_for(column.id):
        mine = [c for c in contexts if c in j.contexts and (c in missing or (c in alongside and given[c] is j))]
        if mine:
            extra.append(judged_part(data, column, j, mine, build.names))
    unknown = [c for c in missing if c not in given]
    if unknown:
        extra.append(_not_measured(data, unknown))
    merged = sorted([*parts, *extra], key=lambda p: WORST_FIRST[p.verdict.level])
    coverage = _coverage(data, contexts, unknown)
    return merged, coverage


def judged_cell(build: Build, column: schema.ComparisonColumn, j: schema.Judgement, note: str | None) -> Cell:
    """A cell no row decides, decided by a stated judgement."""
    part = judged_part(build.data, column, j, [], build.names)
    return Cell(
        column,
        part.verdict,
        reason=j.reason,
        note=note,
        source=j.source,
        parts=[part] if part.against else [],
        ranks=ranks([j]),
    )


def only_judged(
    build: Build,
    column: schema.ComparisonColumn,
    option: schema.Option,
    judgements: list[schema.Judgement],
    note: str | None,
) -> Cell:
    """A published cell no row decides, with judgements given for some contexts: each judgement's part, and
    "not measured" for the column's other contexts."""
    data = build.data
    contexts = column_contexts(data, column) or [c.id for c in data.guide.contexts]
    parts = [judged_part(data, column, j, [c for c in contexts if c in j.contexts], build.names) for j in judgements]
    parts = [p for p in parts if p.regimes]
    covered = {c for j in judgements for c in j.contexts}
    unknown = [c for c in contexts if c not in covered]
    if unknown:
        parts.append(_not_measured(data, unknown))
    parts.sort(key=lambda p: WORST_FIRST[p.verdict.level])
    scaled = [p for p in parts if p.verdict.level in ("bad", "mid", "good")]
    coverage = _coverage(data, contexts, unknown)
    first = judgements[0]
    summary = "regimes disagree; colour of the worst" if len(parts) > 1 else ""
    return Cell(
        column,
        (scaled or parts)[0].verdict,
        reason=first.reason,
        note=note,
        source=first.source,
        parts=parts,
        summary=summary,
        coverage=coverage,
        ranks=ranks(judgements),
    )
