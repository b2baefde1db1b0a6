"""Published files the benchmark tools themselves wrote, read through ``inspect`` as ``expected.json`` says.

The files are other people's data and stay outside the repository: in ``../shared/real-outputs/``
beside the clone, or wherever ``GUIDE_REAL_OUTPUTS`` points. A missing folder fails this test (and
``.ci/run`` before it): the readers are not checked without them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def real_outputs() -> Path:
    """The folder of published outputs: ``GUIDE_REAL_OUTPUTS``, else ``../shared/real-outputs`` beside the clone."""
    named = os.environ.get("GUIDE_REAL_OUTPUTS")
    candidates = [Path(named)] if named else [ROOT.parent / "shared" / "real-outputs"]
    for folder in candidates:
        if (folder / "expected.json").is_file():
            return folder
    pytest.fail(
        "the published tool outputs are missing: looked in "
        + ", ".join(map(str, candidates))
        + " (set GUIDE_REAL_OUTPUTS to the folder holding expected.json)"
    )


def _expected() -> list[tuple[str, dict[str, object]]]:
    try:
        folder = real_outputs()
    except pytest.fail.Exception:
        return [("missing", {})]
    doc = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    return [(name, entry) for name, entry in sorted(doc.items()) if not name.startswith("_")]


def _inspect(path: Path, format_name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "inspect", str(path), "--format", format_name, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_the_published_outputs_are_there_and_every_one_is_listed() -> None:
    folder = real_outputs()
    listed = {name for name, _ in _expected()}
    on_disk = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p.parent != folder}
    assert on_disk == listed


@pytest.mark.parametrize(("name", "entry"), _expected(), ids=[name for name, _ in _expected()])
def test_a_published_output_reads_or_is_refused_as_expected(name: str, entry: dict[str, object]) -> None:
    folder = real_outputs()
    done = _inspect(folder / name, str(entry["format"]))
    assert "Traceback" not in done.stderr, done.stderr
    expect = entry["expect"]
    if expect == "refuse":
        assert done.returncode == 1, done.stdout
        reason = done.stderr.lower()
        assert any(str(word) in reason for word in entry["words"]), done.stderr  # type: ignore[attr-defined]
        assert reason.count("\n") == 1, "a refusal is one line"
        return
    if expect == "optional":  # a second export of a run whose JSON is read; refusing it must say why, in one line
        assert done.returncode == 0 or done.stderr.count("\n") == 1, done.stderr
        return
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["format"] == entry["format"]
    values = {m["value"] for run in doc["runs"] for m in run["metrics"].values()}
    for value in entry["values"]:  # type: ignore[attr-defined]
        assert value in values, f"{value} not among what {name} reads"
    if "runs" in entry:
        assert len(doc["runs"]) == entry["runs"]
    for run in doc["runs"]:
        assert run["metrics"], "a run without metrics"
        assert all(m["unit"] for m in run["metrics"].values())
