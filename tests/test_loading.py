"""Files in the data folder that are not records: editor leftovers are ignored, odd files refused, never hung on."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator.errors import GuideError
from generator.pipeline import build_guide, derive_guide
from tests.badcorpus import BASE


@pytest.fixture
def data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(BASE, target, ignore=shutil.ignore_patterns("README.md"))
    return target


def test_editor_lock_and_swap_files_are_ignored(data: Path) -> None:
    os.symlink("someone@host.1234", data / "options" / ".#road.yml")  # emacs lock: a dangling link
    (data / "options" / ".road.yml.swp").write_bytes(b"\x00\x01vim swap")
    (data / "options" / "road.yml~").write_text("backup", encoding="utf-8")
    derive_guide(data)


def test_a_named_pipe_is_refused_not_read(data: Path) -> None:
    os.mkfifo(data / "options" / "pipe.yml")  # reading it would block for ever
    with pytest.raises(GuideError) as caught:
        derive_guide(data)
    assert [str(p) for p in caught.value.problems] == [
        "options/pipe.yml: data files must be plain files inside the data folder, not links or special files"
    ]


def test_a_comparison_across_campaigns_says_why(data: Path) -> None:
    """Declared, a ratio across campaigns builds; the reader sees which campaign each side ran on, and why."""
    table = data / "tables" / "hill-times.yml"
    text = table.read_text(encoding="utf-8")
    text = text.replace("option: cargo}", "option: cargo, campaign: autumn}")
    text = text.replace("verdict_column: climb}", "verdict_column: climb, across_campaigns: Same hill both times.}")
    table.write_text(text, encoding="utf-8")
    results = BeautifulSoup(build_guide(data)["results.md"], "html.parser")
    header = [" ".join(th.get_text(" ").split()) for th in results.select("table.dg-data thead th")]
    assert "cargo bike (autumn rides)" in header and "road bike" in header
    note = results.select_one("p.dg-across")
    assert note is not None
    said = " ".join(note.get_text(" ").split())
    assert said == "cargo / road compares runs of different campaigns: Same hill both times."
