"""Rule: No rule recommends an option that the records rule out for a combination it answers."""

from __future__ import annotations

from generator import decide
from generator.check.rules.decision_references import decision_references
from generator.errors import Problem
from generator.model import Data, at


def _sound(data: Data) -> bool:
    return data.decisions is not None and not decision_references(data)


def decision_picks_allowed(data: Data) -> list[Problem]:
    """No rule recommends an option that the records rule out for a combination it answers."""
    if not _sound(data):
        return []
    d = data.decisions
    assert d is not None
    found: dict[tuple[int, str], tuple[int, dict[str, str], decide.Reason]] = {}
    for combo in decide.combinations(d):
        index = decide.first_rule(d, combo)
        if index is None:
            continue
        rule = d.rules[index]
        ruled_out = decide.exclusions(data, combo)
        for field in ("recommend", "runner_up"):
            ident = getattr(rule, field)
            if ident in ruled_out:
                count, example, reason = found.get((index, field), (0, combo, ruled_out[ident]))
                found[(index, field)] = (count + 1, example, reason)
    problems = []
    for (index, field), (count, example, reason) in sorted(found.items()):
        ident = getattr(d.rules[index], field)
        problems.append(
            at(
                data,
                d,
                ("rules", index, field),
                f"{ident!r} is ruled out by the records in {count} combination(s) this rule answers, "
                f"e.g. {decide.describe(d, example)}: {reason.text()}",
            )
        )
    return problems
