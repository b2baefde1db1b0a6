"""A problem names its file from the root of the repository that holds the data (``data/options/x.yml:3``), the
path an editor opens and a CI annotation points at, wherever the command runs from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import cli
from tests.gitrepo import TINY, make_repo

BROKEN = ("label: road\n", "label: road\nlabel: again\n")


def _break(data: Path) -> None:
    option = data / "options" / "road.yml"
    text = option.read_text(encoding="utf-8")
    assert BROKEN[0] in text
    option.write_text(text.replace(*BROKEN, 1), encoding="utf-8")


def _problem_lines(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert cli.main(argv) == 1
    return [line.strip() for line in capsys.readouterr().err.splitlines()[1:]]


def test_in_a_repository_a_file_is_named_from_its_root_wherever_the_command_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path)
    _break(repo / "data")
    for cwd, data in ((tmp_path, repo / "data"), (repo / "data" / "options", Path("..")), (repo, Path("data"))):
        monkeypatch.chdir(cwd)
        lines = _problem_lines(["check", "--data", str(data)], capsys)
        assert len(lines) == 1 and lines[0].startswith("data/options/road.yml:"), (cwd, lines)


def test_outside_a_repository_a_file_is_named_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(TINY, tmp_path / "guide" / "data")
    _break(tmp_path / "guide" / "data")
    monkeypatch.chdir(tmp_path)
    lines = _problem_lines(["build", "--data", str(tmp_path / "guide" / "data"), "--out", "pages"], capsys)
    assert lines[0].startswith("guide/data/options/road.yml:"), lines
