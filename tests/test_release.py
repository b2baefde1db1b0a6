"""The engine's release: a v* tag tests, builds and checks the wheel, attaches it to the tag's release and
publishes it on PyPI with trusted publishing, each job with the least it needs.

``tests/test_workflows.py`` runs the schema, zizmor and the write-permission rules on every workflow, this
one included; here are the release's own rules, and ``tools/wheel/check.py`` (``make wheel-check``) run on
the wheel as ``make wheel`` builds it and on wheels it must refuse.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import generator
from tests.conftest import ROOT
from tests.engine_wheel import build_wheel
from tests.test_workflows import _make_targets, _zizmor, load

RELEASE = ROOT / ".github" / "workflows" / "release.yml"
CHECK = ROOT / "tools" / "wheel" / "check.py"
PUBLISH = "pypa/gh-action-pypi-publish@"


def _uses(job: dict[str, object]) -> list[str]:
    return [str(step.get("uses", "")).split("@")[0] for step in job["steps"]]  # type: ignore[attr-defined]


def test_a_version_tag_tests_builds_and_checks_the_wheel_then_uploads_it() -> None:
    workflow = load(RELEASE)
    assert workflow["on"] == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {}
    jobs = workflow["jobs"]
    assert list(jobs) == ["build", "github-release", "pypi"]
    build = jobs["build"]
    assert build["permissions"] == {"contents": "read"}
    assert [step["run"] for step in build["steps"] if "run" in step] == [
        "make -f Makefile test",
        "make -f Makefile wheel",
        "make -f Makefile wheel-check",
    ]
    check = next(step for step in build["steps"] if step.get("run") == "make -f Makefile wheel-check")
    assert check["env"] == {"RELEASE_TAG": "${{ github.ref_name }}"}
    upload = build["steps"][-1]
    assert upload["uses"].startswith("actions/upload-artifact@") and upload["with"]["path"] == "build/dist/"
    targets = _make_targets()
    assert "wheel" in targets and "wheel-check" in targets
    assert "tools/wheel/check.py build/dist" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_only_the_pypi_job_gets_an_id_token_behind_an_environment_and_nothing_else_runs_there() -> None:
    jobs = load(RELEASE)["jobs"]
    tokens = [name for name, job in jobs.items() if job.get("permissions", {}).get("id-token")]
    assert tokens == ["pypi"]
    pypi = jobs["pypi"]
    assert pypi["permissions"] == {"id-token": "write"}
    assert pypi["environment"]["name"] == "pypi"
    assert pypi["needs"] == "build"
    assert _uses(pypi) == ["actions/download-artifact", PUBLISH.rstrip("@")]
    publish = pypi["steps"][-1]
    assert publish["with"] == {"packages-dir": "dist/"}, "trusted publishing: no password, no token"
    release = jobs["github-release"]
    assert release["permissions"] == {"contents": "write"} and release["needs"] == "build"
    assert _uses(release) == ["actions/download-artifact", ""], "no checkout: nothing of the project runs"
    (step,) = [s for s in release["steps"] if "run" in s]
    assert step["run"].startswith('gh release create "$TAG" dist/*.whl --repo "$REPOSITORY" --verify-tag')
    assert step["env"]["GH_TOKEN"] == "${{ github.token }}" and "${{" not in step["run"]
    for job in jobs.values():
        assert all("${{" not in s.get("run", "") for s in job["steps"])


def test_zizmor_would_flag_the_tag_written_into_the_command(tmp_path: Path) -> None:
    """The clean result of tests/test_workflows.py means something: the same file with the tag interpolated
    into the shell (a tag name can carry shell syntax) is flagged."""
    text = RELEASE.read_text(encoding="utf-8")
    bad = text.replace('gh release create "$TAG"', "gh release create ${{ github.ref_name }}")
    assert bad != text
    (tmp_path / "release.yml").write_text(bad, encoding="utf-8")
    found = {f["ident"] for f in _zizmor(tmp_path / "release.yml")}
    assert "template-injection" in found, found


# --- tools/wheel/check.py, as `make wheel-check` runs it --------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("engine-wheel"))


def _check(folder: Path, tag: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "RELEASE_TAG"}
    if tag:
        env["RELEASE_TAG"] = tag
    return subprocess.run(
        [sys.executable, str(CHECK), str(folder)], env=env, capture_output=True, text=True, timeout=1500, check=False
    )


def test_the_wheel_check_installs_the_wheel_and_builds_a_new_guide(wheel: Path) -> None:
    done = _check(wheel.parent, f"v{generator.__version__}")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"wheel check: {wheel.name} (engine {generator.__version__}) installs and builds a new guide strictly, "
        "charts included\n"
    )


def test_the_wheel_check_refuses_a_wheel_a_release_must_not_carry(wheel: Path, tmp_path: Path) -> None:
    version = generator.__version__
    done = _check(wheel.parent, "v9.9.9")
    assert done.returncode == 1 and done.stderr == (
        f"wheel check: {wheel.name}: the tag v9.9.9 is not v{version} (generator/__init__.py's __version__)\n"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    done = _check(empty)
    assert done.returncode == 1 and "expected one wheel of the engine (make wheel), found none" in done.stderr
    bare = tmp_path / "bare"
    bare.mkdir()
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(bare / wheel.name, "w") as copy:
        for item in source.infolist():
            if not item.filename.endswith("plotly-guide.min.js"):
                copy.writestr(item, source.read(item))
    done = _check(bare)
    assert done.returncode == 1 and done.stderr == (
        f"wheel check: {wheel.name}: no plotly.js inside (generator/vendor/plotly-guide.min.js): "
        "build it with `make wheel`\n"
    )
    (bare / wheel.name).write_bytes(b"not a zip")
    done = _check(bare)
    assert done.returncode == 1 and done.stderr.startswith(f"wheel check: {wheel.name}: not a zip archive")
