"""Rule: set-ups and decision-helper questions name envelope dimensions and values ``guide.yml`` declares."""

from __future__ import annotations

from generator.check.common import expect
from generator.check.rules.setup_components import setups
from generator.errors import Problem
from generator.model import Data, at


def envelope_values(data: Data) -> list[Problem]:
    """``setup.envelope`` names declared dimensions and their values; a question's ``dimension`` is declared, and
    its answers are exactly that dimension's values (so that every answer reads as a place on it)."""
    problems: list[Problem] = []
    dims = {d.id: d for d in data.guide.envelope}
    seen: set[str] = set()
    for i, d in enumerate(data.guide.envelope):
        if d.id in seen:
            problems.append(at(data, data.guide, ("envelope", i, "id"), f"duplicate dimension id {d.id!r}"))
        seen.add(d.id)
    for record, loc, setup in setups(data):
        for name, value in setup.envelope.items():
            if name not in dims:
                problems.append(at(data, record, (*loc, "envelope", name), expect("envelope dimension", name, dims)))
            elif value not in (known := [v.id for v in dims[name].values]):
                problems.append(at(data, record, (*loc, "envelope", name), expect(f"value of {name!r}", value, known)))
    if data.decisions is None:
        return problems
    for q_i, q in enumerate(data.decisions.questions):
        if q.dimension is None:
            continue
        if q.dimension not in dims:
            loc = ("questions", q_i, "dimension")
            problems.append(at(data, data.decisions, loc, expect("envelope dimension", q.dimension, dims)))
            continue
        known = [v.id for v in dims[q.dimension].values]
        for a_i, a in enumerate(q.answers):
            if a.id not in known:
                loc = ("questions", q_i, "answers", a_i, "id")
                problems.append(at(data, data.decisions, loc, expect(f"value of {q.dimension!r}", a.id, known)))
    return problems
