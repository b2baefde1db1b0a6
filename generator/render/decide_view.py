"""Template context for the decision helper page and the support grid.

Lookups and numbering only, so the templates hold no logic of their own; the
decisions themselves are computed in :mod:`generator.decide`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from generator import decide, dimensions, envelope, schema
from generator.derive.agreement import answer_cells
from generator.derive.cells import Cell, Verdict
from generator.derive.guide import Derived, SupportCell


@dataclass(frozen=True)
class Evidence:
    """One verdict a pick's answer prints: the cell judged for the reader's context, and, when the reader's
    situation lies outside what its measurements cover, the verdict drawn as not measured there."""

    cell: Cell
    gaps: tuple[str, ...] = ()
    """``measured at EP16 on 2 nodes``: where its values were taken, one per dimension the reader is outside."""
    shown: Verdict | None = None
    """The verdict drawn: not measured, when ``gaps`` has any; ``None``: the cell's own."""


@dataclass(frozen=True)
class DecisionView:
    decisions: schema.Decisions
    table: list[decide.Leaf]
    payload: str
    """The page script's data as JSON, for a ``data-`` attribute (the template escapes it)."""
    derived: Derived

    def question(self, ident: str) -> schema.Question:
        return next(q for q in self.decisions.questions if q.id == ident)

    def accepted(self, leaf: decide.Leaf, question: str) -> list[schema.Answer]:
        """The answers to ``question`` that lead to ``leaf``; empty when any answer does."""
        wanted = dict(leaf.when).get(question, ())
        return [a for a in self.question(question).answers if a.id in wanted]

    def situation(self, leaf: decide.Leaf) -> str:
        """``Linux · speed or simplicity · small budget``: the answers that lead to ``leaf``."""
        parts = [
            " or ".join(a.short or a.label for a in self.accepted(leaf, q.id))
            for q in self.decisions.questions
            if dict(leaf.when).get(q.id)
        ]
        return " · ".join(parts) or "Any situation"

    def rule(self, leaf: decide.Leaf) -> schema.Rule:
        return next(r for r in self.decisions.rules if r.id == leaf.outcome.rule)

    def labelled(self, leaf: decide.Leaf, text: str) -> str:
        """``text`` as the answer for ``leaf`` shows it: a number it quotes from another context's rows names the
        context it was measured on (:func:`generator.decide_quotes.labelled`)."""
        return decide.labelled(self.derived.data, text, leaf.outcome.context)

    def gaps(self, leaf: decide.Leaf) -> list[str]:
        """The answer's envelope, on its face: where the evidence was measured and the reader's place it was not."""
        return [envelope.sentence(self.derived.data, g) for g in leaf.outcome.outside]

    def scope(self, leaf: decide.Leaf) -> str:
        """``EP below 16 or EP16 on 2 nodes``: the scope the source states for the rule's pick; empty: none."""
        return envelope.scope_text(self.derived.data, self.rule(leaf).scope)

    def beyond(self, leaf: decide.Leaf) -> schema.Beyond | None:
        """What the source says for the reader's situation, when it lies outside the pick's scope."""
        return self.rule(leaf).beyond if leaf.outcome.beyond_scope else None

    def bounds(self, leaf: decide.Leaf) -> str:
        """``Measured only with one rider, Hill Town, gradient 8 and 12 %, gentle hills``: every dimension of
        the picks' evidence (their cells' tables, judged for the leaf's context) on which the reader's situation is
        outside or unknown; empty when the reader is inside on every one. Picks no table measures are said to be
        not measured (the source's other measurements bound nothing of theirs)."""
        d = self.derived
        context = leaf.outcome.context
        tables = {t for p in leaf.outcome.picks for cell in answer_cells(d, p.option, context) for t in cell.tables}
        if not tables:
            names = " or ".join(d.option(p.option).name for p in leaf.outcome.picks)
            return f"{schema.NOT_MEASURED.capitalize()}: no measurement of the source backs {names}"
        dims = dimensions.dimensions(d.data, sorted(tables), context=context)
        return dimensions.measured_only(d.data, dimensions.beyond(dims, dict(leaf.when)))

    def evidence(self, leaf: decide.Leaf, option: str) -> list[Evidence]:
        """The comparison verdicts a pick's answer prints: judged for the chosen context (its rows, and rows that
        name none), never another context's; each drawn as not measured where the reader's place is outside it."""
        d = self.derived
        out = []
        for cell in answer_cells(d, option, leaf.outcome.context):  # the agreement check reads the same cells
            # A judgement (no table) rests on the source's measurements as a whole.
            here = envelope.measured(d.data, cell.tables) if cell.tables else envelope.measured(d.data)
            missed = [g for g in leaf.outcome.outside if g.answer not in here.get(g.dimension, [])]
            gaps = tuple(envelope.measured_phrase(d.data, g.dimension, here[g.dimension]) for g in missed)
            shown = None
            if missed:
                style = d.unknown()
                yours = ", ".join(envelope.yours(d.data, g) for g in missed)
                shown = Verdict("unknown", f"{schema.NOT_MEASURED} {yours}", style.symbol, style.colour)
            out.append(Evidence(cell, gaps, shown))
        return out


def decision_view(derived: Derived) -> DecisionView | None:
    decisions = derived.data.decisions
    if decisions is None:
        return None
    table = derived.decision_table
    return DecisionView(
        decisions,
        table,
        json.dumps(decide.payload(derived.data, table), separators=(",", ":"), allow_nan=False),
        derived,
    )


@dataclass
class GridNote:
    number: int
    option: schema.Option
    cells: list[SupportCell]
    """The cells of one row that share this note and status (one note for "not supported" x 3)."""

    @property
    def contexts(self) -> str:
        return ", ".join(c.context.name for c in self.cells)


@dataclass
class SupportGrid:
    """The support grid's notes, numbered in reading order, one per distinct note and status in a row."""

    notes: list[GridNote] = field(default_factory=list)
    numbers: dict[tuple[str, str], int] = field(default_factory=dict)

    def number(self, option: str, context: str) -> int | None:
        return self.numbers.get((option, context))


def support_grid(derived: Derived) -> SupportGrid | None:
    """``None`` when the guide has no support column, so there is nothing to grid."""
    if decide.support_column(derived.data.guide) is None:
        return None
    grid = SupportGrid()
    for option in derived.ordered_options():
        in_row: dict[tuple[str, str], GridNote] = {}
        for cell in derived.support[option.id]:
            if not cell.note:
                continue
            note = in_row.get((cell.status, cell.note))
            if note is None:
                note = in_row[(cell.status, cell.note)] = GridNote(len(grid.notes) + 1, option, [])
                grid.notes.append(note)
            note.cells.append(cell)
            grid.numbers[(option.id, cell.context.id)] = note.number
    return grid
