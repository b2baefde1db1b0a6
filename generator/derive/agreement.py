"""Whether the decision helper agrees with the page it sits on, for every combination of answers.

For a combination that names a context (a support filter applies), each option the helper picks must

* serve there by its own record (support ``yes`` or ``with``): a pick the record gives no answer for, or a
  negative one, is a disagreement; and
* not read worse, judged for that context, than a row the answer box recommends for it and the combination
  does not rule out, in any comparison column where both have a verdict of the measured scale (a judgement
  with a level counts; "not measured" and neutral judgements do not), unless the rule lists the column under
  ``trades`` (a trade it makes on purpose).

The build names the rule, the first combination that shows it and the cells that disagree.
"""

from __future__ import annotations

from generator import decide, schema
from generator.derive.cells import Cell
from generator.derive.guide import Derived
from generator.errors import Problem
from generator.model import at

_SCALE = {"good": 0, "mid": 1, "bad": 2}
_SERVES = ("yes", "with")


def _said(cell: Cell) -> str:
    first = cell.parts[0] if cell.parts else None
    assert cell.verdict is not None
    return first.word if first is not None and first.verdict == cell.verdict else cell.verdict.word


def decision_agreement(d: Derived) -> list[Problem]:
    data = d.data
    decisions = data.decisions
    if decisions is None:
        return []
    labels = {o.id: o.label for o in data.options}
    columns = data.guide.columns
    problems: list[Problem] = []
    reported: set[tuple[str, str, str]] = set()
    for answers in decide.combinations(decisions):
        chosen = decide.chosen_contexts(decisions, answers)
        rule = decide.first_rule(decisions, answers)
        if len(chosen) != 1 or rule is None:
            continue
        context = chosen[0]
        result = decide.outcome(data, answers)
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
