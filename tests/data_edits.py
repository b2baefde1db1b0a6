"""Helpers for tests that edit a copy of a data folder and read back the problems it causes."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.model import Data
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


def trade_every_column(data: Path) -> None:
    """Let every decision rule trade every comparison column (``trades:``): for a test that changes numbers at random,
    so the build shows what changed instead of refusing the rules the new numbers contradict (issue 38)."""
    import yaml

    guide = yaml.safe_load((data / "guide.yml").read_text(encoding="utf-8"))
    columns = [c["id"] for c in guide["columns"] if c["kind"] == "comparison"]
    path = data / "decisions.yml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    for rule in doc["rules"]:
        rule["trades"] = columns
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


def trading(data: Data) -> Data:
    """The validated guide with every decision rule trading every comparison column (:func:`trade_every_column`)."""
    import dataclasses

    from generator import schema

    if data.decisions is None:
        return data
    columns = [c.id for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)]
    rules = [r.model_copy(update={"trades": columns}) for r in data.decisions.rules]
    return dataclasses.replace(data, decisions=data.decisions.model_copy(update={"rules": rules}))
