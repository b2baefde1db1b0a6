"""The measurement plan of every answer of the decision helper, as a download (``downloads/plans/<answer>.json``).

The plan itself is computed by :mod:`generator.derive.plan`; this writes one file per answer, with the
situation as the helper prints it and the answer's address. The helper's answer links to its file.
"""

from __future__ import annotations

import json

from generator import envelope
from generator.derive import plan
from generator.derive.guide import Derived
from generator.render.data_files import plan_file
from generator.render.decide_view import decision_view


def plans(d: Derived, decide_page: str) -> dict[str, str]:
    """``site path -> text`` of every answer's plan; none without a decision helper."""
    view = decision_view(d)
    if view is None:
        return {}
    out = {}
    for leaf in view.table:
        found = plan.plan(d.data, leaf, view.situation(leaf), f"{decide_page}#{leaf.id}")
        gaps = zip(found["outside"], leaf.outcome.outside, strict=True)
        found["outside"] = [{**g, "text": envelope.sentence(d.data, o)} for g, o in gaps]
        out[plan_file(leaf.id)] = json.dumps(found, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    return out
