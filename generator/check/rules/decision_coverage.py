"""Rule: Every combination of answers gets a recommendation, and every rule answers at least one."""

from __future__ import annotations

from generator import decide
from generator.check.rules.decision_references import decision_references
from generator.errors import Problem
from generator.model import Data, at


def _sound(data: Data) -> bool:
    return data.decisions is not None and not decision_references(data)


def decision_coverage(data: Data) -> list[Problem]:
    """Every combination of answers gets a recommendation, and every rule answers at least one."""
    if not _sound(data):
        return []
    d = data.decisions
    assert d is not None
    uncovered: list[dict[str, str]] = []
    used = [0] * len(d.rules)
    total = 0
    for combo in decide.combinations(d):
        total += 1
        index = decide.first_rule(d, combo)
        if index is None:
            uncovered.append(combo)
        else:
            used[index] += 1
    problems = []
    if uncovered:
        problems.append(
            at(
                data,
                d,
                ("rules",),
                f"{len(uncovered)} of {total} combinations of answers get no recommendation, "
                f"e.g. {decide.describe(d, uncovered[0])}; add a rule for them "
                "(a last rule without `when` answers everything left)",
            )
        )
    for i, rule in enumerate(d.rules):
        if used[i] == 0:
            earlier = [
                r.id
                for r in d.rules[:i]
                if any(decide.holds(r.when, c) and decide.holds(rule.when, c) for c in decide.combinations(d))
            ]
            problems.append(
                at(
                    data,
                    d,
                    ("rules", i, "when") if rule.when else ("rules", i, "id"),
                    f"rule {rule.id!r} is never used: every combination it matches is answered by an earlier rule "
                    f"({', '.join(earlier)})",
                )
            )
    return problems
