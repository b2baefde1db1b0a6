"""Nothing lost: a failed build leaves the last good output as it was, and no tool writes into data/."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from quality.build import mkdocs_command
from tests.conftest import DATA, copy_project, mkdocs_build

BREAK = ("options/uccl.yml", "label: UCCL\n", "label: UCCL\nlabel: again\n")


def snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file and folder under ``folder``: content hash and modification time."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_dir():
            out[rel + "/"] = ("", path.stat().st_mtime_ns)
        else:
            out[rel] = (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
    return out


def break_data(data: Path) -> None:
    rel, old, new = BREAK
    path = data / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the whole project: mkdocs.yml, hand-written pages, data."""
    target = tmp_path / "project"
    copy_project(target)
    return target


def test_failed_mkdocs_build_keeps_the_previous_site(project: Path) -> None:
    site = project / "site"
    assert mkdocs_build(project / "mkdocs.yml", site).returncode == 0
    before = snapshot(site)
    assert "options/uccl/index.html" in before
    break_data(project / "data")
    result = mkdocs_build(project / "mkdocs.yml", site)
    assert result.returncode == 1
    assert "  data/options/uccl.yml:5: label: duplicate key 'label' (first defined on line 4)" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(site) == before


def test_failed_cli_build_keeps_the_previous_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    out = tmp_path / "pages"
    assert cli.main(["build", "--data", str(data), "--out", str(out)]) == 0
    before = snapshot(out)
    break_data(data)
    assert cli.main(["build", "--data", str(data), "--out", str(out)]) == 1
    assert "options/uccl.yml:5: label: duplicate key" in capsys.readouterr().err
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "pages"]


def test_a_write_that_fails_half_way_keeps_the_previous_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pages"
    assert cli.main(["build", "--data", str(DATA), "--out", str(out)]) == 0
    before = snapshot(out)
    real_write = Path.write_text
    written: list[Path] = []

    def disk_full_after_three(self: Path, *args: object, **kwargs: object) -> int:
        if len(written) == 3:
            raise OSError(28, "No space left on device", str(self))
        written.append(self)
        return real_write(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", disk_full_after_three)
    assert cli.main(["build", "--data", str(DATA), "--out", str(out)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    monkeypatch.undo()
    assert len(written) == 3
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pages"], "a staging folder was left behind"


def test_no_tool_writes_into_the_data_folder(project: Path, tmp_path: Path) -> None:
    data = project / "data"
    before = snapshot(data)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    runs = [
        mkdocs_command(project / "mkdocs.yml", tmp_path / "s"),
        [sys.executable, "-m", "generator", "build", "--data", str(data), "--out", str(tmp_path / "pages")],
        [sys.executable, "-m", "generator", "check", "--data", str(data)],
    ]
    for args in runs:
        result = subprocess.run(args, capture_output=True, text=True, timeout=300, check=False, env=env, cwd=project)
        assert result.returncode == 0, result.stderr
    assert snapshot(data) == before
    break_data(data)
    broken = snapshot(data)
    for args in runs:
        subprocess.run(args, capture_output=True, text=True, timeout=300, check=False, env=env, cwd=project)
    assert snapshot(data) == broken
