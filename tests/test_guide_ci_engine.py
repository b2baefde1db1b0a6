"""A new guide's CI installs its engine from a release URL or from a wheel kept in the guide, as written.

From a fresh folder, ``generator new --engine <release URL>`` (the release is a folder served on
127.0.0.1) and ``--engine <wheel path>`` each write a guide; its ``site.yml`` build job is read and every
``run:`` step is run in order, as the workflow writes it, from the guide's folder with no environment of
this clone on the PATH: a kept wheel's sha256 checked, a fresh virtual environment, pip installing
``requirements.txt`` (the engine's line and whatever it depends on), ``generator doctor``, ``generator check`` and
``mkdocs build --strict``.
The built site draws its charts with the plotly.js inside the wheel.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import generator
from tests.test_new_guide_readme import _clean_environment
from tests.test_workflows import load

WHEEL = f"decision_guide_engine-{generator.__version__}-py3-none-any.whl"


def _steps(guide: Path) -> list[tuple[str, dict[str, str]]]:
    """The build job's ``run:`` steps, each with its environment (expressions replaced by a local address)."""
    job = load(guide / ".github" / "workflows" / "site.yml")["jobs"]["build"]
    steps = []
    for step in job["steps"]:
        if "run" in step:
            env = {k: "http://127.0.0.1:8000/" if "${{" in v else v for k, v in step.get("env", {}).items()}
            steps.append((step["run"], env))
    return steps


@pytest.mark.parametrize("route", ["release URL", "wheel path"])
def test_the_guides_workflow_installs_its_engine_checks_it_and_builds(
    route: str, release: str, wheel: Path, tmp_path: Path
) -> None:
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    spec = f"{release}/{WHEEL}" if route == "release URL" else str(wheel)
    done = subprocess.run(
        [sys.executable, "-m", "generator", "new", "guide", "--topic", "kettles", "--engine", spec],
        cwd=fresh,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    guide = fresh / "guide"
    lines = (guide / "requirements.txt").read_text(encoding="utf-8").splitlines()
    line = lines[-1]
    assert done.stdout.startswith(f"requirements.txt: {line}  (")
    env = _clean_environment(tmp_path)
    steps = _steps(guide)
    assert [run.split()[:3] for run, _ in steps] == [
        ["sum=$(sed", "-n", "'s/^#"],  # a wheel kept in engine/ checked against its recorded sha256 first
        ["python", "-m", "venv"],
        [".venv/bin/python", "-m", "generator"],  # doctor
        [".venv/bin/python", "-m", "generator"],  # restore: the kept files guide.yml declares (none here)
        [".venv/bin/python", "-m", "generator"],  # check
        [".venv/bin/mkdocs", "build", "--strict"],
    ]
    outputs = []
    for run, step_env in steps:
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", run],
            cwd=guide,
            env={**env, **step_env},
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        assert done.returncode == 0, f"{run}\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
        outputs.append(done.stdout)
    assert outputs[2].splitlines() == [
        f"requirements.txt:{len(lines)}: {line}: resolves",
        f"engine {generator.__version__}: the running engine is the one pinned",
    ]
    # The engine that ran is the wheel in the guide's environment, and its plotly.js drew the charts.
    where = subprocess.run(
        [str(guide / ".venv" / "bin" / "python"), "-c", "import generator; print(generator.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert Path(where.stdout.strip()).is_relative_to(guide / ".venv"), where.stdout + where.stderr
    site = guide / "build" / "site"
    assert (site / "index.html").is_file()
    (packaged,) = (guide / ".venv" / "lib").glob("python3.*/site-packages/generator/vendor/plotly-guide.min.js")
    assert (site / "javascripts" / "vendor" / "plotly.min.js").read_bytes() == packaged.read_bytes()
