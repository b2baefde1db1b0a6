"""Support columns: where each option runs, one status per context, summarised in one verdict."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from generator import schema
from generator.derive.cells import Cell, SupportCell, Verdict, verdict
from generator.derive.columns.base import Build, Change, Guide, Plain
from generator.escaping import unmarked
from generator.model import Data

SupportSummary = Literal["yes", "partial", "no", "not-measured"]
#: Statuses that give no answer: a summary does not count them, and says so.
UNANSWERED = ("not measured", "not tried")


def support_summary(statuses: list[str]) -> SupportSummary:
    """All contexts with an answer supported -> yes; some -> partial; none -> no.

    ``not tried`` and ``not measured`` are no answer; ``no`` (tried and failed)
    and ``cannot run`` are.
    """
    measured = [s for s in statuses if s not in UNANSWERED]
    if not measured:
        return "not-measured"
    if any(s in ("yes", "with") for s in measured):
        return "yes" if all(s == "yes" for s in measured) else "partial"
    return "no"


def _support(data: Data, column: schema.SupportColumn, option: schema.Option) -> tuple[Cell, list[SupportCell]]:
    cells = []
    for ctx in data.guide.contexts:
        entry = option.support[ctx.id]
        shown = verdict(data, column.statuses[entry.status])
        if entry.stated:
            shown = replace(shown, symbol=data.guide.levels["judged"].symbol, judged=True)
        cells.append(SupportCell(ctx, entry.status, shown, entry.note, entry.source))
    summary = support_summary([c.status for c in cells])
    groups: dict[str, list[str]] = {}
    rank = {"good": 0, "mid": 1, "bad": 2}
    for c in sorted(cells, key=lambda c: rank.get(c.verdict.level, 3)):
        groups.setdefault(c.verdict.word, []).append(c.context.name)
    detail = "; ".join(f"{word}: {', '.join(names)}" for word, names in groups.items())
    guide = data.guide
    noun = guide.context_noun_plural if len(cells) != 1 else guide.context_noun
    if summary == "partial":  # "some" alone would not tell 3 of 3 with one through extras from 1 of 3
        runs = [c for c in cells if c.status in ("yes", "with")]
        extras = [c for c in runs if c.status == "with"]
        count = f"{len(runs)} of {len(cells)} {noun}"
        if extras:
            count += f" ({len(extras)} {column.statuses['with'].word})"
        detail = f"{count}; {detail}"
    elif summary in ("yes", "no"):  # a verdict over fewer contexts than the guide has says how many it rests on
        answered = [c for c in cells if c.status not in UNANSWERED]
        if len(answered) < len(cells):
            detail = f"where measured: {len(answered)} of {len(cells)} {noun}; {detail}"
    answered = [c for c in cells if c.status not in UNANSWERED]
    summed = verdict(data, column.categories[summary])
    source = None
    if answered and all(c.verdict.judged for c in answered):  # every answer rests on a statement, none on a run
        summed = replace(summed, symbol=data.guide.levels["judged"].symbol, judged=True)
        source = next((c.source for c in answered if c.source is not None), None)
    return Cell(column, summed, detail, note=option.cell_notes.get(column.id), source=source), cells


#: What each support status means, whatever words a guide gives it.
SUPPORT_MEANINGS = {
    "yes": "runs there",
    "with": "runs there with extra settings or code (the note says which)",
    "no": "tried and failed (the note says what failed)",
    "cannot run": "cannot run there (the note says why)",
    "not tried": "nobody tried it",
    "not measured": "the source does not say",
}
SUMMARY_MEANINGS = {
    "yes": "runs on every {ctx} with an answer",
    "partial": "runs on some {ctx_plural}, not others",
    "no": "runs on no {ctx}",
    "not-measured": "no {ctx} has an answer",
}


class Support(Plain):
    def cell(self, build: Build, column: schema.SupportColumn, option: schema.Option) -> Cell:
        cell, build.support[option.id] = _support(build.data, column, option)
        if build.context is None:
            return cell
        # judged for one context: that context's own answer
        own = next(c for c in build.support[option.id] if c.context.id == build.context)
        detail = unmarked(own.note or "")  # a cell's detail is plain text: its note without literal Markdown
        return Cell(column, own.verdict, detail, note=option.cell_notes.get(column.id), source=own.source)

    def meaning(self, d: Guide, column: schema.SupportColumn, cell: Cell, option: schema.Option) -> str | None:
        guide = d.data.guide
        key = next((k for k, o in column.categories.items() if verdict(d.data, o) == cell.verdict), None)
        ctx = {"ctx": guide.context_noun, "ctx_plural": guide.context_noun_plural}
        return SUMMARY_MEANINGS.get(key or "", "").format(**ctx) or (cell.verdict.word if cell.verdict else "")

    def details(self, d: Guide, column: schema.SupportColumn, option: schema.Option) -> list[tuple[Verdict, str]]:
        noun = d.data.guide.context_noun
        return [(s.verdict, f"on one {noun}: {SUPPORT_MEANINGS[s.status]}") for s in d.support.get(option.id, [])]

    def because(
        self, base: Guide, head: Guide, option: str, old: Cell, new: Cell, values: Sequence[Change]
    ) -> list[str]:
        reasons = []
        old_support = {c.context.id: c for c in base.support.get(option, [])}
        for cell in head.support.get(option, []):
            was = old_support.get(cell.context.id)
            if was is not None and was.verdict.word != cell.verdict.word:
                reasons.append(f"{cell.context.name}: {was.verdict.word} → {cell.verdict.word}")
        return reasons


KIND = Support()
