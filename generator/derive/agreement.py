"""Whether the decision helper agrees with the page it sits on, for every combination of answers.

For a combination that names a context (a support filter applies), each option the helper picks must

* serve there by its own record (support ``yes`` or ``with``): a pick the record gives no answer for, or a
  negative one, is a disagreement; and
* not read worse, judged for that context, than a row the answer box recommends for it and the combination
  does not rule out, in any comparison column where both have a verdict of the measured scale (a judgement
  with a level counts; "not measured" and neutral judgements do not), unless the rule lists the column under
  ``trades`` (a trade it makes on purpose).

The evidence an answer prints (:func:`answer_cells`: each pick's comparison verdicts, judged for the chosen
context) must be that context's own: every measured row it names lies in that context or names none, and every
judgement it shows is given for that context (or for every one).

Every number the answer quotes (its why, each pick's "pick it when", support and caveats, what it rules out and
what else is possible) is computed over that context's rows, or names the contexts it was measured on, as the page
prints it (:func:`generator.decide_quotes.labelled`).

The build names the rule, the first combination that shows it and the cells that disagree.
"""

from __future__ import annotations

from generator import decide, envelope, schema
from generator.derive.cells import Cell
from generator.derive.guide import Derived
from generator.errors import Problem
from generator.model import Data, at, measurement_tables

_SCALE = {"good": 0, "mid": 1, "bad": 2}
_SERVES = ("yes", "with")


def _said(cell: Cell) -> str:
    first = cell.parts[0] if cell.parts else None
    assert cell.verdict is not None
    return first.word if first is not None and first.verdict == cell.verdict else cell.verdict.word


def answer_cells(d: Derived, option: str, context: str | None) -> list[Cell]:
    """The comparison verdicts an answer prints for a pick: judged for the reader's context when one is chosen
    (its rows and rows that name none, its judgements), never another context's; cells with no verdict left out."""
    cells = d.judged_for(context)[option] if context is not None else d.cells[option]
    return [
        c for c in cells if c.column.kind == "comparison" and c.verdict is not None and c.verdict.level != "unknown"
    ]


def foreign_evidence(d: Derived, cell: Cell, context: str) -> list[str]:
    """What ``cell`` shows from a context other than ``context``: rows of another context, judgements for another."""
    rows = {(t.id, r.id): r.context for t in measurement_tables(d.data) for r in t.rows}
    mine = d.context_name(context)
    out = []
    for part in cell.parts:
        for regime in part.regimes:
            if regime.table:
                there = rows.get((regime.table, regime.row))
                if there is not None and there != context:
                    out.append(f"row {regime.table}/{regime.row} ({d.context_name(there)})")
            elif regime.name != mine and part.verdict.level != "unknown":
                out.append(f"a judgement for {regime.name}")
    return out


def _foreign_quotes(
    data: Data, result: decide.Outcome, rule: int, option: str, context: str
) -> list[tuple[str, tuple[str, ...]]]:
    """The numbers the answer quotes, as printed for ``context``, from other contexts' rows and not said to be."""
    decisions = data.decisions
    assert decisions is not None
    pick = next(p for p in result.picks if p.option == option)
    reasons = [
        pick.support,
        *pick.caveats,
        *(r for _, r in result.ruled_out),
        *(n for o in result.others for n in o.notes),
    ]
    when = {o.id: o.pick_when for o in data.options}
    texts = [decisions.rules[rule].why, when[option], *(when[o.option] for o in result.others)]
    texts += [r.detail for r in reasons if r is not None and r.detail]
    return [(c, cs) for t in texts for _, c, cs in decide.foreign(data, decide.labelled(data, t, context), context)]


def decision_agreement(d: Derived) -> list[Problem]:
    data = d.data
    decisions = data.decisions
    if decisions is None:
        return []
    labels = {o.id: o.label for o in data.options}
    columns = data.guide.columns
    problems: list[Problem] = []
    reported: set[tuple[str, str, str]] = set()
    known = envelope.measured(data)
    for answers in decide.combinations(decisions):
        chosen = decide.chosen_contexts(decisions, answers)
        rule = decide.first_rule(decisions, answers)
        if len(chosen) != 1 or rule is None:
            continue
        context = chosen[0]
        result = decide.outcome(data, answers, known)
        if result is None:
            continue
        ruled_out = {o for o, _ in result.ruled_out}
        starred = [
            r.option
            for r in data.recommendation.recommended
            if (not r.contexts or context in r.contexts) and r.option not in ruled_out
        ]
        cells = d.judged_for(context)
        name = d.context_name(context)
        for pick in result.picks:
            key = (decisions.rules[rule].id, pick.option, context)
            if key in reported or pick.option in ruled_out:  # a pick the records rule out: the check's own error
                continue
            said: list[str] = []
            status = next((s for s in d.support[pick.option] if s.context.id == context), None)
            if status is not None and status.status not in _SERVES:
                said.append(f"its record says {status.verdict.word!r} on {name}, not that it serves there")
            for i, column in enumerate(columns):
                if not isinstance(column, schema.ComparisonColumn) or column.id in decisions.rules[rule].trades:
                    continue
                mine = cells[pick.option][i]
                for star in starred:
                    theirs = cells[star][i]
                    if star == pick.option or mine.verdict is None or theirs.verdict is None:
                        continue
                    a, b = _SCALE.get(mine.verdict.level), _SCALE.get(theirs.verdict.level)
                    if a is not None and b is not None and a > b:
                        said.append(
                            f"{column.label} judged for {name}: {labels[pick.option]} {_said(mine)!r}, "
                            f"{labels[star]} (recommended for {name}) {_said(theirs)!r}"
                        )
            for claim, contexts in _foreign_quotes(data, result, rule, pick.option, context):
                where = " and ".join(d.context_name(c) for c in contexts)
                said.append(f"it quotes [[{claim}]], measured on {where}, without saying so")
            for cell in answer_cells(d, pick.option, context):
                foreign = foreign_evidence(d, cell, context)
                if foreign:
                    said.append(f"its {cell.column.label} evidence shows {', '.join(foreign)}, not {name}'s")
            if said:
                reported.add(key)
                role = "recommends" if pick.role == "recommended" else "offers as runner-up"
                field = "recommend" if pick.role == "recommended" else "runner_up"
                problems.append(
                    at(
                        data,
                        decisions,
                        ("rules", rule, field),
                        f"for {decide.describe(decisions, answers)} it {role} {pick.option!r}, which the page "
                        f"contradicts: {'; '.join(said)}",
                    )
                )
    return problems
