"""The engine's pin is checked by what the pull request cannot change: a new guide's workflows check a wheel kept
in ``engine/`` against the sha256 its ``requirements.txt`` records (the preview build: the base branch's record)
before anything from the wheel runs, and the comment names a change to the wheel or the pin as running code.

The workflows' own shell step runs here, in a git repository whose pull request swaps the wheel."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import yaml

from generator.diff.inputs import changed_inputs, runs_code
from generator.scaffold import new_guide

WHEEL = "decision_guide_engine-0.2.0-py3-none-any.whl"


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "GIT_CONFIG_GLOBAL": os.devnull}  # fmt: skip
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=env, check=True)
    return done.stdout.strip()


def _step(workflow: Path) -> str:
    """The build job's step that checks the wheel (the first step that runs sha256sum)."""
    job = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"]["build"]
    return next(step["run"] for step in job["steps"] if "sha256sum" in str(step.get("run", "")))


def _repo(root: Path, wheel: bytes) -> tuple[Path, str]:
    repo = root / "guide"
    (repo / "engine").mkdir(parents=True)
    (repo / "engine" / WHEEL).write_bytes(wheel)
    digest = hashlib.sha256(wheel).hexdigest()
    (repo / "requirements.txt").write_text(f"# engine wheel sha256: {digest}\n./engine/{WHEEL}\n", encoding="utf-8")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "base")
    return repo, _git(repo, "rev-parse", "HEAD")


def _run(step: str, repo: Path, base: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BASE": base}
    return subprocess.run(["sh", "-ec", step], cwd=repo, capture_output=True, text=True, env=env, check=False)


def test_a_swapped_wheel_stops_the_build_before_it_runs(tmp_path: Path) -> None:
    new_guide(tmp_path / "new", "kettles", git=False)
    workflows = tmp_path / "new" / ".github" / "workflows"
    preview, site = _step(workflows / "pr-preview.yml"), _step(workflows / "site.yml")
    repo, base = _repo(tmp_path, b"the engine as released")
    assert _run(preview, repo, base).returncode == 0
    assert _run(site, repo, base).returncode == 0
    # The pull request swaps the wheel, and records the new wheel's sha256 in its own requirements.txt.
    swapped = b"a wheel that says it is the one pinned"
    (repo / "engine" / WHEEL).write_bytes(swapped)
    digest = hashlib.sha256(swapped).hexdigest()
    (repo / "requirements.txt").write_text(f"# engine wheel sha256: {digest}\n./engine/{WHEEL}\n", encoding="utf-8")
    _git(repo, "commit", "-qam", "swap")
    done = _run(preview, repo, base)
    assert done.returncode != 0 and "FAILED" in done.stdout + done.stderr, done.stdout + done.stderr
    # The base branch's record is what the build installs from, never the pull request's.
    assert (repo / "build" / "base-requirements.txt").read_text(encoding="utf-8") == _git(
        repo, "show", f"{base}:requirements.txt"
    ) + "\n"
    # The comment names both files as running code.
    changed = changed_inputs(repo, base, _git(repo, "rev-parse", "HEAD"), "data")
    assert changed == {f"engine/{WHEEL}": "changed", "requirements.txt": "changed"}, changed
    assert all(runs_code(path).startswith("runs code") for path in changed)


def test_a_wheel_without_its_recorded_sha256_is_refused(tmp_path: Path) -> None:
    new_guide(tmp_path / "new", "kettles", git=False)
    site = _step(tmp_path / "new" / ".github" / "workflows" / "site.yml")
    repo, base = _repo(tmp_path, b"wheel")
    (repo / "requirements.txt").write_text(f"./engine/{WHEEL}\n", encoding="utf-8")
    assert _run(site, repo, base).returncode != 0
