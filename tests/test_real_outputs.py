"""Published files the benchmark tools themselves wrote, read through ``inspect`` as ``expected.json`` says.

The files are other people's data and stay outside the repository, in two collections: ``../shared/real-outputs/``
and ``../shared/real-outputs-2/`` beside the clone. ``GUIDE_REAL_OUTPUTS`` names the first folder elsewhere
(the second is then its sibling ``<name>-2``, or wherever ``GUIDE_REAL_OUTPUTS_2`` points). A missing folder
fails this test (and ``.ci/run`` before it): the readers are not checked without them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _folders() -> list[Path]:
    """The collections' folders: ``GUIDE_REAL_OUTPUTS`` (else ``../shared/real-outputs``) and its ``-2``
    sibling (else ``GUIDE_REAL_OUTPUTS_2``)."""
    named = os.environ.get("GUIDE_REAL_OUTPUTS")
    first = Path(named) if named else ROOT.parent / "shared" / "real-outputs"
    second = os.environ.get("GUIDE_REAL_OUTPUTS_2")
    return [first, Path(second) if second else first.with_name(first.name + "-2")]


def real_outputs_folders() -> list[Path]:
    """Both folders of published outputs; the test fails when either lacks its ``expected.json``."""
    folders = _folders()
    missing = [folder for folder in folders if not (folder / "expected.json").is_file()]
    if missing:
        pytest.fail(
            "the published tool outputs are missing: no expected.json in "
            + ", ".join(map(str, missing))
            + " (set GUIDE_REAL_OUTPUTS to the first folder; the second is its '-2' sibling or GUIDE_REAL_OUTPUTS_2)"
        )
    return folders


def real_outputs() -> Path:
    """The first collection's folder (``GUIDE_REAL_OUTPUTS``, else ``../shared/real-outputs``)."""
    return real_outputs_folders()[0]


def _expected() -> list[tuple[int, str, dict[str, object]]]:
    out: list[tuple[int, str, dict[str, object]]] = []
    for index, folder in enumerate(_folders()):
        if not (folder / "expected.json").is_file():
            out.append((index, "missing", {}))
            continue
        doc = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
        out += [(index, name, entry) for name, entry in sorted(doc.items()) if not name.startswith("_")]
    return out


CASES = _expected()


def _inspect(path: Path, format_name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "inspect", str(path), "--format", format_name, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.mark.parametrize("index", [0, 1], ids=["real-outputs", "real-outputs-2"])
def test_the_published_outputs_are_there_and_every_one_is_listed(index: int) -> None:
    folder = real_outputs_folders()[index]
    listed = {name for i, name, _ in CASES if i == index}
    on_disk = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and p.parent != folder}
    assert on_disk == listed


@pytest.mark.parametrize(
    ("index", "name", "entry"), CASES, ids=[f"{'real-outputs-2/' if i else ''}{name}" for i, name, _ in CASES]
)
def test_a_published_output_reads_or_is_refused_as_expected(index: int, name: str, entry: dict[str, object]) -> None:
    folder = real_outputs_folders()[index]
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
