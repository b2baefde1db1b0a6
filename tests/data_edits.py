"""Helpers for tests that edit a copy of a data folder and read back the problems it causes."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.pipeline import derive_guide


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in ``path`` with ``new``; the text must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems_in(data: Path) -> list[str]:
    """Every problem the pipeline reports for ``data``, as ``file:line: field: message``."""
    with pytest.raises(GuideError) as info:
        derive_guide(data)
    return [str(p) for p in info.value.problems]


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of ``path`` holding ``needle``."""
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)
