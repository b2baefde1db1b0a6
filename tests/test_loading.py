"""Files in the data folder that are not records: editor leftovers are ignored, odd files refused, never hung on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from generator.errors import GuideError, Problem
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


def _problems(data: Path) -> list[str]:
    with pytest.raises(GuideError) as caught:
        derive_guide(data)
    return [str(p) for p in caught.value.problems]


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(data: Path, tmp_path: Path) -> None:
    """A 2 GiB sparse file (no disk space) under a 1 GiB memory limit: refused by size, no MemoryError."""
    big = data / "options" / "huge.yml"
    with big.open("wb") as file:
        file.truncate(2 << 30)
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from generator import cli\n"
        f"sys.exit(cli.main(['check', '--data', {str(data)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert "options/huge.yml: file is 2147483648 bytes; the limit is 262144" in done.stderr
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr


def test_a_folder_that_cannot_be_read_says_so(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not "no records found": the folder is there, the generator may not list it."""
    real = os.scandir

    def scandir(path: Any) -> Any:
        if Path(path).name == "options":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert "options/: cannot read the folder (Permission denied)" in _problems(data)


def test_a_file_where_a_folder_belongs_says_so(data: Path) -> None:
    shutil.rmtree(data / "campaigns")
    (data / "campaigns").write_text("not a folder\n", encoding="utf-8")
    assert "campaigns/: is not a folder" in _problems(data)


def test_messages_name_the_data_folder_once_and_never_a_temporary_path(tmp_path: Path) -> None:
    """The folder prefix (``data/``) is not put in front of a path that already is one, nor of ``(generator)``."""
    missing = tmp_path / "nowhere"
    with pytest.raises(GuideError) as caught:
        derive_guide(missing)
    report = caught.value.report("data/")
    assert report.splitlines()[1] == "  data: data folder does not exist"
    assert str(tmp_path) not in report
    crash = GuideError([Problem("(generator)", 0, "derive", "crashed")])
    assert crash.report("data/").splitlines()[1] == "  (generator): derive: crashed"
