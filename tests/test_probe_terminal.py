"""File names (and anything else a problem quotes) reach a terminal escaped: a data file whose name holds ESC,
a carriage return or a right-to-left override cannot colour, overwrite or fake a line of a CI log."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.adapters.error_banner import console
from generator.build import describe_unsafe
from generator.errors import GuideError, Problem, printable
from generator.ingest.importer import ImportProblems
from tests.conftest import FIXTURES, ROOT

EVIL = "evil\x1b[2K\r\x1b[32mok: 3 bicycles\x1b[0m\u202e\x07"
SHOWN = "evil\\x1b[2K\\r\\x1b[32mok: 3 bicycles\\x1b[0m\\u202e\\x07"
RAW = ("\x1b", "\r", "\u202e", "\x07")


def _clean(text: str) -> None:
    assert not any(c in text for c in RAW), repr(text)


def test_printable_escapes_what_a_terminal_acts_on() -> None:
    assert printable(EVIL) == SHOWN
    assert printable("two\nlines") == "two\\nlines"
    assert printable("two\nlines", keep_newlines=True) == "two\nlines"
    assert printable("plain text, é and ×") == "plain text, é and ×"


@pytest.mark.parametrize("command", ["check", "build"])
def test_check_and_build_print_a_strange_file_name_escaped(tmp_path: Path, command: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "options" / f"{EVIL}.yml").write_text("kind: option\n", encoding="utf-8")
    out = ["--out", str(tmp_path / "pages"), "--no-charts"] if command == "build" else []
    done = subprocess.run(
        [sys.executable, "-m", "generator", command, "--data", str(data), *out],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{data}/options/{SHOWN}.yml:" in done.stderr  # outside a repository: the folder as given
    _clean(done.stdout + done.stderr)


def test_every_report_of_a_problem_escapes_it() -> None:
    problem = Problem(f"options/{EVIL}.yml", 3, f"name{EVIL}", f"unknown field {EVIL}")
    for text in (str(problem), GuideError([problem]).report("data/"), console([problem], "data/")):
        _clean(text)
        assert f"options/{SHOWN}.yml:3: name{SHOWN}: unknown field {SHOWN}" in text
    _clean(ImportProblems([f"sweep.yml:4: runs[0].file: {EVIL!r} {EVIL}"]).report())


def test_the_list_of_unpublishable_pages_escapes_their_names(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    os.symlink("/etc/hostname", docs / f"{EVIL}.md")
    text = describe_unsafe(docs, {docs / f"{EVIL}.md": "a symbolic link"})
    _clean(text)
    assert f"docs/{SHOWN}.md: a symbolic link" in text


def test_import_summary_shows_a_file_name_with_escapes_as_text(tmp_path: Path) -> None:
    """The summary lines of `import` name the imported file: a name holding a terminal escape is printed with
    the escape shown, not obeyed."""
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    shutil.copytree(FIXTURES / "imports" / "guide", data, dirs_exist_ok=True)
    run = tmp_path / "run\x1b[2J\x07.log"
    shutil.copy(FIXTURES / "imports" / "deepep" / "test_ep.efa-2node.node1.log", run)
    command = [sys.executable, "-m", "generator", "import", "deepep", str(run), "--data", str(data)]
    command += ["--table", "transport", "--row", "dispatch", "--series", "cargo"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "added" in done.stdout and "\x1b" not in done.stdout and "\x07" not in done.stdout, done.stdout
