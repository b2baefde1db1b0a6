"""The GitHub workflows: valid, free of known security mistakes, and running what .ci/run runs.

* ``check-jsonschema --builtin-schema vendor.github-workflows`` (the schema ships
  inside the package: no network) validates each file;
* ``zizmor --offline`` audits them: no untrusted code with write permissions or
  secrets, no template injection, no persisted credentials, pinned actions;
* the jobs that check out the project run only Makefile targets, starting with
  the command .ci/run runs, and jobs that can write never run project code.
Each tool is also shown a bad workflow, so these tests can fail.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.read.yaml_source import read_yaml
from tests.conftest import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent
INSECURE = """name: insecure
on: pull_request_target
permissions:
  contents: write
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}" && make test
"""


def load(path: Path) -> dict[str, Any]:
    """A workflow as data, read with YAML 1.2 booleans (so the key ``on`` stays ``on``)."""
    doc, problems = read_yaml(path, path.name)
    assert doc is not None and not problems, problems
    return doc.data  # type: ignore[no-any-return]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120, check=False)


def test_the_five_workflows_exist() -> None:
    names = ["pr-preview-deploy.yml", "pr-preview.yml", "release.yml", "site.yml", "snapshot.yml"]
    assert [p.name for p in WORKFLOWS] == names


def test_workflows_match_the_github_workflow_schema(tmp_path: Path) -> None:
    done = run(BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", *WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr
    bad = tmp_path / "bad.yml"
    bad.write_text(INSECURE.replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest"), encoding="utf-8")
    done = run(BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", bad)
    assert done.returncode != 0 and "runs_on" in done.stdout


def _zizmor(*args: str | Path) -> list[dict[str, Any]]:
    done = run(BIN / "zizmor", "--offline", "--format", "json", *args)
    assert done.returncode in (0, 11, 12, 13, 14), done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _where(finding: dict[str, Any]) -> tuple[str, str]:
    loc = finding["locations"][0]["symbolic"]
    return finding["ident"], Path(loc["key"]["Local"]["verbatim_path"]).name


def test_zizmor_finds_nothing_and_the_one_exception_is_the_workflow_run_trigger(tmp_path: Path) -> None:
    assert _zizmor(*WORKFLOWS) == []
    # The only finding an inline comment silences: the workflow_run trigger itself, which the
    # split build/deploy design needs (the deploy never runs the pull request's code).
    assert [_where(f) for f in _zizmor("--no-ignores", *WORKFLOWS)] == [("dangerous-triggers", "pr-preview-deploy.yml")]
    bad = tmp_path / "insecure.yml"
    bad.write_text(INSECURE, encoding="utf-8")
    found = {f["ident"] for f in _zizmor(bad)}
    assert {"dangerous-triggers", "template-injection", "artipacked"} <= found


def _ci_commands() -> list[str]:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip().startswith("make")]


def _make_targets() -> dict[str, list[str]]:
    """Makefile target -> its prerequisites."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return {m[1]: m[2].split() for m in re.finditer(r"^([a-z][a-z-]*):(?!=)(.*)$", text, re.MULTILINE)}


def _jobs(workflows: list[Path] = WORKFLOWS) -> list[tuple[str, dict[str, Any], str, dict[str, Any]]]:
    out = []
    for path in workflows:
        workflow = load(path)
        for name, job in workflow["jobs"].items():
            out.append((f"{path.name}:{name}", workflow, name, job))
    return out


def _checkouts(job: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for step in job["steps"] if str(step.get("uses", "")).startswith("actions/checkout@")]


DEPLOY = "python3 trusted/tools/deploy/publish.py"
#: The one command a release job runs: it checks out nothing, and uploads the checked wheel.
RELEASE = 'gh release create "$TAG" dist/*.whl --repo "$REPOSITORY" '


def _is_deploy_job(job: dict[str, Any]) -> bool:
    return any(step.get("with", {}).get("path") == "trusted" for step in _checkouts(job))


def test_jobs_that_check_out_the_project_run_only_makefile_targets_starting_with_ci() -> None:
    ci = _ci_commands()
    assert ci == ["make -f Makefile test"]
    targets = _make_targets()
    builders = [(where, job) for where, _, _, job in _jobs() if _checkouts(job) and not _is_deploy_job(job)]
    assert [where for where, _ in builders] == [
        "pr-preview.yml:build",
        "release.yml:build",
        "site.yml:build",
        "snapshot.yml:build",
    ]
    for where, job in builders:
        commands = [step["run"].strip() for step in job["steps"] if "run" in step]
        assert commands[: len(ci)] == ci, where
        for command in commands:
            # By name: a GNUmakefile or makefile a change adds would be read before the Makefile.
            match = re.fullmatch(r"make -f Makefile ([a-z][a-z-]*)", command)
            assert match and match[1] in targets, f"{where}: {command!r} is not `make -f Makefile <target>`"
    # The site build on main is the build `make test` already runs (a prerequisite of test).
    assert "build" in targets["test"]


def test_the_tools_the_jobs_run_are_given_their_configuration_by_name() -> None:
    """A mypy.ini, pytest.ini or ruff.toml a change adds is read before pyproject.toml, and its plugins run: every
    recipe line of the Makefile that runs one of them names pyproject.toml."""
    recipes = [
        line.strip() for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines() if line[:1] == "\t"
    ]
    runs = {
        "mypy": [r for r in recipes if re.search(r"/mypy\b", r)],
        "pytest": [r for r in recipes if "-m pytest" in r],
        "ruff": [r for r in recipes if re.search(r"/ruff (?:check|format)\b", r)],
    }
    named = {
        "mypy": "--config-file pyproject.toml",
        "pytest": "-m pytest -c pyproject.toml",
        "ruff": "--config pyproject.toml",
    }
    for tool, lines in runs.items():
        assert lines, f"no recipe runs {tool}"
        for line in lines:
            assert named[tool] in line, f"Makefile: {line!r} lets a new configuration file take over {tool}"


def _holds_a_credential(step: dict[str, Any]) -> bool:
    return any("secrets." in str(v) or "github.token" in str(v) for v in step.get("env", {}).values())


def test_write_permissions_and_credentials_never_meet_the_projects_code_or_the_artifact() -> None:
    assert _deployers(WORKFLOWS) == [
        "pr-preview-deploy.yml:publish",
        "pr-preview-deploy.yml:comment",
        "release.yml:github-release",
        "release.yml:pypi",
        "site.yml:deploy",
        "snapshot.yml:deploy",
    ]


def _deployers(workflows: list[Path]) -> list[str]:
    """The jobs that can write or hold a credential, each checked to run only the deploy script after the copy."""
    deployers = []
    for where, workflow, _, job in _jobs(workflows):
        assert workflow["permissions"] == {}, f"{where}: grant permissions per job only"
        permissions = job.get("permissions")
        assert isinstance(permissions, dict), f"{where}: state the job's permissions"
        writes = [scope for scope, level in permissions.items() if level == "write"]
        if "pull_request" in workflow["on"]:
            assert writes == [], f"{where}: a pull request's build must not be able to write"
        assert not any("secrets." in str(v) or "github.token" in str(v) for v in job.get("env", {}).values()), where
        credential = writes or any(_holds_a_credential(step) for step in job["steps"])
        if not credential:
            continue
        deployers.append(where)
        # Only the default branch's own deploy script, checked out without credentials, runs here; or, in a
        # job that checks out nothing, only the upload of a release's wheel.
        for checkout in _checkouts(job):
            assert checkout["with"] == {"path": "trusted", "persist-credentials": False}, where
        allowed = (DEPLOY + " ",) if _checkouts(job) else (DEPLOY + " ", RELEASE)
        for step in job["steps"]:
            if "run" in step:
                assert step["run"].startswith(allowed), f"{where} runs more than the deploy script: {step['run']}"
        # The token enters the environment only in steps after the artifact was copied as plain files.
        steps = job["steps"]
        sanitized = [i for i, step in enumerate(steps) if " sanitize " in step.get("run", "")]
        holders = [i for i, step in enumerate(steps) if _holds_a_credential(step)]
        for i in holders:
            if steps[i]["run"].startswith(RELEASE):
                continue  # hands the wheel to gh as a file: nothing from the artifact runs
            assert " publish " in steps[i]["run"], f"{where}: only the publish step may hold the token"
            if any("download-artifact" in str(step.get("uses")) for step in steps[:i]):
                assert sanitized and min(sanitized) < i, f"{where}: the token comes after the copy"
    return deployers


def test_previews_never_publish_on_the_production_repository() -> None:
    workflow = load(ROOT / ".github" / "workflows" / "pr-preview-deploy.yml")
    for name, job in workflow["jobs"].items():
        assert job["permissions"].get("contents", "none") != "write", name
    publish = workflow["jobs"]["publish"]
    assert publish["environment"] == "pr-preview"
    assert "vars.GUIDE_PREVIEW_REPOSITORY != ''" in publish["if"]
    runs = [step["run"] for step in publish["steps"] if "run" in step]
    assert runs[0].startswith(DEPLOY + " check-origin")
    remotes = [step["run"] for step in publish["steps"] if " publish " in step.get("run", "")]
    assert remotes and all('--remote "https://github.com/$PREVIEW_REPOSITORY.git"' in r for r in remotes)


def test_a_preview_can_never_cancel_a_production_deploy() -> None:
    _production_alone(WORKFLOWS)


def _production_alone(workflows: list[Path]) -> None:
    groups = {}
    for path in workflows:
        workflow = load(path)
        concurrency = workflow["concurrency"]
        groups[path.name] = concurrency["group"]
        if path.name != "pr-preview.yml":
            assert concurrency["cancel-in-progress"] is False, path.name
    assert groups["site.yml"] == "pages-production"
    others = [g for name, g in groups.items() if name != "site.yml"]
    assert all(not g.startswith("pages-production") for g in others)
    assert "head_branch" in groups["pr-preview-deploy.yml"]


def test_the_deploy_script_uses_the_standard_library_only() -> None:
    import ast

    tree = ast.parse((ROOT / "tools" / "deploy" / "publish.py").read_text(encoding="utf-8"))
    modules = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    modules |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert modules and modules <= set(sys.stdlib_module_names), modules - set(sys.stdlib_module_names)


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_actions_are_pinned_by_full_commit_with_their_version(path: Path) -> None:
    _pinned(path)


def _pinned(path: Path) -> None:
    uses = re.findall(r"uses: (\S+)(.*)", path.read_text(encoding="utf-8"))
    assert uses
    for action, comment in uses:
        assert re.fullmatch(r"(actions/[a-z-]+|pypa/gh-action-pypi-publish)@[0-9a-f]{40}", action), action
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), f"{action}: say which release the commit is"


def test_pytest_runs_as_the_readme_writes_it() -> None:
    """`.venv/bin/pytest tests/...` (not only `python -m pytest`) finds the project's packages."""
    readme = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert "UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_bad_input.py" in readme
    done = subprocess.run(
        [str(BIN / "pytest"), "--collect-only", "-q", "-p", "no:cacheprovider", "tests/test_deploy.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# --- the workflows `generator new` writes into a guide's own repository ---------------------------------

#: What a guide's build jobs run: the engine its requirements.txt pins, its check, build and diff.
GUIDE_COMMANDS = re.compile(
    r"python -m venv \.venv && \.venv/bin/python -m pip install -q -r (build/base-)?requirements\.txt"
    r"|(mkdir -p build && git show \"\$BASE:requirements\.txt\" > build/base-requirements\.txt && )?"
    r"sum=\$\(sed -n .* \| sha256sum --check --strict -; \}"
    r"|\.venv/bin/python -m generator (doctor|check|restore|restore --base \"\$BASE\"|diff .*)"
    r"|\.venv/bin/mkdocs build --strict --config-file mkdocs\.yml --site-dir \S+"
    r"|printf '%s\\n' \"\$PR_NUMBER\" > build/preview/pr-number",
    re.S,
)


def test_a_new_guides_workflows_pass_the_same_checks(tmp_path: Path) -> None:
    """`generator new` writes the publishing and preview workflows into the guide: valid, clean for zizmor,
    no token or write permission where the pull request's code or the artifact runs, production alone."""
    from generator.scaffold import new_guide

    new_guide(tmp_path / "guide", "kettles", git=False)
    guide = sorted((tmp_path / "guide" / ".github" / "workflows").glob("*.yml"))
    assert [p.name for p in guide] == ["pr-preview-deploy.yml", "pr-preview.yml", "site.yml"]
    done = run(BIN / "check-jsonschema", "--builtin-schema", "vendor.github-workflows", *guide)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _zizmor(*guide) == []
    assert [_where(f) for f in _zizmor("--no-ignores", *guide)] == [("dangerous-triggers", "pr-preview-deploy.yml")]
    assert _deployers(guide) == ["pr-preview-deploy.yml:publish", "pr-preview-deploy.yml:comment", "site.yml:deploy"]
    _production_alone(guide)
    for path in guide:
        _pinned(path)
    builders = [(where, job) for where, _, _, job in _jobs(guide) if _checkouts(job) and not _is_deploy_job(job)]
    assert [where for where, _ in builders] == ["pr-preview.yml:build", "site.yml:build"]
    for where, job in builders:
        commands = [" ".join(step["run"].split()) for step in job["steps"] if "run" in step]
        # The engine's wheel is checked against the recorded sha256 (a pull request's against its base
        # branch's record) before anything from it runs; then its install, so a failure names its cause.
        pin = "build/base-requirements.txt" if where.startswith("pr-preview") else "requirements.txt"
        assert "sha256sum --check --strict" in commands[0], where
        # The kept files git does not hold come back by the command guide.yml declares: a preview's by its base's.
        restore = 'restore --base "$BASE"' if where.startswith("pr-preview") else "restore"
        assert commands[1:5] == [
            f"python -m venv .venv && .venv/bin/python -m pip install -q -r {pin}",
            ".venv/bin/python -m generator doctor",
            f".venv/bin/python -m generator {restore}",
            ".venv/bin/python -m generator check",
        ], where
        for command in commands:
            assert GUIDE_COMMANDS.fullmatch(command) and "${{" not in command, f"{where}: {command!r}"
    # The deploy jobs run the engine's deploy script, shipped beside the workflows byte for byte.
    shipped = (tmp_path / "guide" / "tools" / "deploy" / "publish.py").read_bytes()
    assert shipped == (ROOT / "tools" / "deploy" / "publish.py").read_bytes()


def test_the_previews_page_names_the_image_a_new_guides_workflows_run_in() -> None:
    """docs/previews.md's paragraph on a new guide's workflows names the container image they use, and no other."""
    template = ROOT / "generator" / "scaffold" / "template" / ".github" / "workflows"
    used = {
        str(job["container"]) if isinstance(job["container"], str) else str(job["container"]["image"])
        for path in sorted(template.glob("*.yml"))
        for job in load(path)["jobs"].values()
        if "container" in job
    }
    assert used, "the new guide's build jobs run in a container"
    text = (ROOT / "docs" / "previews.md").read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p.startswith("A guide started with `python -m generator new`"))
    named = set(re.findall(r"`(python:[^`]+)`", paragraph))
    assert named == used
