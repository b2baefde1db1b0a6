"""Rule: Every combination of answers gets a recommendation, and every rule answers at least one."""

from __future__ import annotations

from generator import decide
from generator.check.rules.decision_references import decision_references
from generator.errors import Problem
from generator.model import Data, at


def _sound(data: Data) -> bool:
    return data.decisions is not None and not decision_references(data)


#: At most this many rule ids are named in one message.
NAMED = 5


def decision_coverage(data: Data) -> list[Problem]:
    """Every combination of answers gets a recommendation, and every rule answers at least one.

    One pass finds the rule that answers each combination; an unused rule then names the rules
    that answer the combinations it matches. Rules x combinations in all: a file of thousands of
    rules is judged in about a second, however its rules overlap (``bench/decisions.py``).
    """
    if not _sound(data):
        return []
    d = data.decisions
    assert d is not None
    combos = list(decide.combinations(d))
    answered_by = [decide.first_rule(d, combo) for combo in combos]
    uncovered = [combo for combo, index in zip(combos, answered_by, strict=True) if index is None]
    used = {index for index in answered_by if index is not None}
    problems = []
    if uncovered:
        problems.append(
            at(
                data,
                d,
                ("rules",),
                f"{len(uncovered)} of {len(combos)} combinations of answers get no recommendation, "
                f"e.g. {decide.describe(d, uncovered[0])}; add a rule for them "
                "(a last rule without `when` answers everything left)",
            )
        )
    for i, rule in enumerate(d.rules):
        if i in used:
            continue
        pairs = zip(combos, answered_by, strict=True)
        earlier = sorted({j for combo, j in pairs if j is not None and decide.holds(rule.when, combo)})
        if earlier:
            names = ", ".join(d.rules[j].id for j in earlier[:NAMED])
            more = f" and {len(earlier) - NAMED} more" if len(earlier) > NAMED else ""
            why = f"every combination it matches is answered by an earlier rule ({names}{more})"
        else:
            why = "it matches no combination of answers"
        problems.append(
            at(
                data,
                d,
                ("rules", i, "when") if rule.when else ("rules", i, "id"),
                f"rule {rule.id!r} is never used: {why}",
            )
        )
    return problems
