"""A build replaces only a folder it wrote: ``--out .`` (the clone), ``--out docs`` (hand-written pages) or any
folder holding someone's files is refused in one line, exit 1, and nothing in it is touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.output_dir import MARKER, OutputRefused, check_output
from tests.conftest import FIXTURES, ROOT
from tests.test_import_runs import snapshot

TINY = FIXTURES / "tiny-guide"


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A folder shaped like the project: a repository, its data, its hand-written pages and mkdocs.yml."""
    root = tmp_path / "clone"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    shutil.copytree(TINY, root / "data")
    (root / "docs").mkdir()
    (root / "docs" / "about.md").write_text("# About\n\nWritten by hand.\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: x\nplugins: [decision-guide]\n", encoding="utf-8")
    return root


def run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` in ``cwd``, with this checkout's generator (not whichever one is installed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )


def refused(done: subprocess.CompletedProcess[str], expected: str) -> None:
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], done.stderr


@pytest.mark.parametrize(
    ("out", "docs", "expected"),
    [
        (".", None, "holds data, which the build reads"),
        (".", "docs", "holds data, which the build reads"),
        ("docs", None, "holds files the generator did not write (no .generator-output in it)"),
        ("docs", "docs", "holds docs, which the build reads"),
        ("data", None, "holds data, which the build reads"),
    ],
)
def test_generator_build_refuses_a_folder_it_did_not_write(
    clone: Path, out: str, docs: str | None, expected: str
) -> None:
    before = snapshot(clone)
    args = ["generator", "build", "--data", "data", "--out", out, "--no-charts", *(["--docs", docs] if docs else [])]
    refused(run(*args, cwd=clone), expected)
    assert snapshot(clone) == before and (clone / ".git").is_dir()


def test_a_repository_is_refused_even_with_the_data_elsewhere(clone: Path, tmp_path: Path) -> None:
    before = snapshot(clone)
    refused(run("generator", "build", "--data", TINY, "--out", clone, "--no-charts"), "holds .git (a repository)")
    (clone / MARKER).write_text("", encoding="utf-8")  # a marker does not make a repository an output folder
    refused(run("generator", "build", "--data", TINY, "--out", clone, "--no-charts"), "holds .git (a repository)")
    assert {**before, MARKER: b""} == snapshot(clone)


def test_a_new_folder_then_its_rebuild_are_written(tmp_path: Path) -> None:
    out = tmp_path / "pages"
    for _ in range(2):
        done = run("generator", "build", "--data", TINY, "--out", out, "--no-charts")
        assert done.returncode == 0, done.stderr
        assert (out / MARKER).is_file() and (out / "index.md").is_file()
    (tmp_path / "empty").mkdir()
    assert run("generator", "build", "--data", TINY, "--out", tmp_path / "empty", "--no-charts").returncode == 0


def test_an_old_build_without_the_marker_is_refused_with_what_to_do(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>an older build</p>", encoding="utf-8")
    with pytest.raises(OutputRefused, match="give a new or empty folder, or delete this one if it is an old build"):
        check_output(out)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(OutputRefused, match="is a file, not a folder"):
        check_output(tmp_path / "file")
    (tmp_path / "link").symlink_to(out, target_is_directory=True)
    with pytest.raises(OutputRefused, match="is a link"):
        check_output(tmp_path / "link")


def test_quality_build_refuses_the_project_and_a_pages_folder(clone: Path) -> None:
    before = snapshot(clone)
    refused(run("quality.build", clone, "-f", clone / "mkdocs.yml"), "holds ")
    refused(run("quality.build", clone / "docs", "-f", clone / "mkdocs.yml"), "did not write")
    assert snapshot(clone) == before


@pytest.mark.parametrize("command", ["build", "serve"])
def test_the_zensical_adapter_refuses_the_project_and_a_pages_folder(clone: Path, command: str) -> None:
    before = snapshot(clone)
    adapter = ["generator.adapters.zensical", command, "-f", clone / "mkdocs.yml"]
    refused(run(*adapter, "--out", clone), "holds ")
    refused(run(*adapter, "--out", clone / "docs"), "did not write")
    assert snapshot(clone) == before
