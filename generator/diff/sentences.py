"""The comparative sentences a change adds that nothing backs (:mod:`generator.sentences`).

A reviewer sees each sentence of the head's data that states a comparison (faster, a tie, at every load, 2×)
with neither a claim's number nor a checked statement behind it, and that the base did not have: what the
build cannot hold to the data, named at its file and line.
"""

from __future__ import annotations

from generator.derive.guide import Derived
from generator.sentences import Sentence, sentences


def new_unbacked(base: Derived, head: Derived) -> list[Sentence]:
    """The head's unbacked comparative sentences whose text the base's data does not hold unbacked."""
    before = {s.text for s in sentences(base.data) if not s.backed_by}
    return [s for s in sentences(head.data) if not s.backed_by and s.text not in before]
