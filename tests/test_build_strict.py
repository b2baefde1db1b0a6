"""Builds are as strict as they claim, and atomic.

MkDocs 1.6.1 returns 0 for a strict build on a broken link when the quiet flag is also given (it
hides the warnings strict mode counts), so no build in the project passes the quiet flag; every way the tests and
the Makefile build a site fails on a broken link; a failed build keeps the previous site.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from quality.build import BuildFailed, build_site
from tests.conftest import FIXTURES, ROOT, mkdocs_build, write_site

TINY = FIXTURES / "tiny-guide"


def _sources() -> list[Path]:
    files = [ROOT / "Makefile", *(ROOT / ".github" / "workflows").glob("*.yml")]
    for folder in ("generator", "quality", "tests", "bench", "tools/deploy"):
        files += sorted((ROOT / folder).rglob("*.py"))
    return [f for f in files if f != Path(__file__).resolve()]


def test_no_build_passes_quiet_to_mkdocs() -> None:
    quiet = re.compile(r"""mkdocs["',\s]+build\b[^\n]*?(["']-q["']|\s-q\b|--quiet)""")
    found = [f"{p.relative_to(ROOT)}: {m[0]}" for p in _sources() for m in quiet.finditer(p.read_text("utf-8"))]
    assert found == []
    # The pattern itself catches the quiet flag in an argument list and on a command line.
    assert quiet.search('args = [sys.executable, "-m", "mkdocs", "build", "-q", "-f", config]')
    assert quiet.search("$(BIN)/mkdocs build --quiet -d build/site")


def test_the_makefile_builds_through_the_atomic_builder() -> None:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "$(BIN)/mkdocs build" not in text
    assert "$(PY) -m quality.build build/site" in text and "$(PY) -m quality.build build/preview/site" in text


@pytest.fixture
def project(tmp_path: Path) -> Path:
    docs = tmp_path / "docs-src"
    docs.mkdir()
    (docs / "about.md").write_text("# About\n\nSee [the overview](index.md).\n", encoding="utf-8")
    (tmp_path / "project").mkdir()
    return write_site(tmp_path / "project", TINY, docs)


def _break_a_link(config: Path) -> None:
    about = config.parent / "docs" / "about.md"
    about.write_text("# About\n\nSee [the overview](nowhere.md).\n", encoding="utf-8")


def test_a_broken_link_fails_every_build_path(project: Path, tmp_path: Path) -> None:
    assert mkdocs_build(project, tmp_path / "ok").returncode == 0  # the same project, link intact
    _break_a_link(project)
    result = mkdocs_build(project, tmp_path / "a")
    assert result.returncode != 0 and "nowhere.md" in result.stderr
    with pytest.raises(BuildFailed, match="nowhere.md"):
        build_site(tmp_path / "b", config=project)
    cli = subprocess.run(
        [sys.executable, "-m", "quality.build", str(tmp_path / "c"), "-f", str(project)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert cli.returncode == 1 and "nowhere.md" in cli.stderr and "Traceback" not in cli.stderr


def test_a_failed_build_keeps_the_previous_site(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "out" / "site"
    build_site(out, config=project)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    index = (out / "index.html").read_bytes()
    _break_a_link(project)
    with pytest.raises(BuildFailed, match="previous site"):
        build_site(out, config=project)
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before
    assert (out / "index.html").read_bytes() == index
    assert [p.name for p in out.parent.iterdir()] == ["site"], "a staging folder was left behind"


def test_links_and_special_files_in_the_pages_folder_are_refused(project: Path, tmp_path: Path) -> None:
    """MkDocs follows links: one to /proc/self/environ published the build's environment."""
    docs = project.parent / "docs"
    secret = tmp_path / "secret.txt"
    secret.write_text("TOKEN=s3cr3t\n", encoding="utf-8")
    os.symlink(secret, docs / "leak.txt")
    os.symlink("/proc/self/environ", docs / "environ.txt")
    os.symlink(tmp_path, docs / "elsewhere")
    os.mkfifo(docs / "pipe.css")
    out = tmp_path / "out"
    result = mkdocs_build(project, out)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    for line in [
        "docs/ holds 4 entries that would not be published:",
        "docs/elsewhere: a symbolic link; hand-written pages and assets must be plain files",
        "docs/environ.txt: a symbolic link",
        "docs/leak.txt: a symbolic link",
        "docs/pipe.css: a special file (a pipe, socket or device); only plain files are published",
    ]:
        assert line in result.stderr, result.stderr
    assert not out.exists() or "s3cr3t" not in " ".join(p.read_text("utf-8", "replace") for p in out.rglob("*.txt"))
