"""Finding the browser: the usual names on the PATH, the CHROMIUM override, and a failure that says what was tried."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from quality.chromium import NAMES, ChromiumNotFound, find_chromium

ROOT = Path(__file__).resolve().parent.parent


def fake_browser(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / name
    exe.write_text("#!/bin/sh\necho Chromium 1.0\n")
    exe.chmod(0o755)
    return exe


def test_ubuntu_name_found_on_path(tmp_path: Path) -> None:
    exe = fake_browser(tmp_path / "bin", "chromium-browser")
    assert find_chromium({"PATH": str(tmp_path / "bin")}) == str(exe)


def test_names_tried_in_order(tmp_path: Path) -> None:
    fake_browser(tmp_path / "a", "google-chrome")
    debian = fake_browser(tmp_path / "b", "chromium")
    path = os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")])
    assert find_chromium({"PATH": path}) == str(debian)


def test_override_by_path_and_by_name(tmp_path: Path) -> None:
    fake_browser(tmp_path / "bin", "chromium")
    custom = fake_browser(tmp_path / "opt", "my-chrome")
    env = {"PATH": str(tmp_path / "bin"), "CHROMIUM": str(custom)}
    assert find_chromium(env) == str(custom)
    env = {"PATH": os.pathsep.join([str(tmp_path / "bin"), str(tmp_path / "opt")]), "CHROMIUM": "my-chrome"}
    assert find_chromium(env) == str(custom)


def test_bad_override_is_not_silently_replaced(tmp_path: Path) -> None:
    fake_browser(tmp_path / "bin", "chromium")
    with pytest.raises(ChromiumNotFound, match=r"CHROMIUM=/nowhere/chrome is not an executable"):
        find_chromium({"PATH": str(tmp_path / "bin"), "CHROMIUM": "/nowhere/chrome"})


def test_not_executable_is_not_a_browser(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "chromium").write_text("not a program")
    with pytest.raises(ChromiumNotFound):
        find_chromium({"PATH": str(tmp_path / "bin")})


def test_failure_names_everything_tried(tmp_path: Path) -> None:
    with pytest.raises(ChromiumNotFound) as caught:
        find_chromium({"PATH": str(tmp_path)})
    message = str(caught.value)
    for name in NAMES:
        assert name in message
    assert "CHROMIUM" in message and str(tmp_path) in message


def test_command_line(tmp_path: Path) -> None:
    """``python -m quality.chromium``: the path on stdout, or the message on stderr and exit 1."""
    exe = fake_browser(tmp_path / "bin", "chromium-browser")
    run = [sys.executable, "-m", "quality.chromium"]
    found = subprocess.run(run, cwd=ROOT, env={"PATH": str(tmp_path / "bin")}, capture_output=True, text=True)
    assert (found.returncode, found.stdout.strip()) == (0, str(exe))
    missing = subprocess.run(run, cwd=ROOT, env={"PATH": str(tmp_path / "none")}, capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stdout == ""
    assert "no Chromium found: tried chromium, chromium-browser" in missing.stderr
