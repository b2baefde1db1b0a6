"""The comparative sentences nothing backs (:mod:`generator.sentences` finds them and what backs each).

``python -m generator check`` lists each at its file and line: a warning, an error under ``--strict``.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.errors import Problem
from generator.model import Data
from generator.sentences import sentences


def unbacked(data: Data, pages: Mapping[str, str] | None = None) -> list[Problem]:
    """A problem for each comparative sentence nothing backs, at its file and line."""
    return [
        s.problem(
            f"states a comparison nothing backs: {_short(s.text)!r}; quote a claim ([[claim-id]]) or back it with a "
            "checked statement in claims.yml (statements: says, table, series, direction, than)"
        )
        for s in sentences(data, pages)
        if not s.backed_by
    ]


def _short(text: str, most: int = 120) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
