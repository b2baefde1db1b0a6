"""Citable snapshots with mike: two versions deployed into a local branch, served, with Material's version selector."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from quality.serve import StaticServer
from tests.conftest import ROOT, copy_project
from tests.gitrepo import GIT_ENV, git

BRANCH = "snapshots"


def _mike(project: Path, *args: str, site_url: str = "") -> None:
    bin_dir = str(Path(sys.executable).parent)
    env = {
        **os.environ,
        **GIT_ENV,
        # the snapshots' address (mike adds each version to it), which the page policy names scripts under
        **({"SITE_URL": site_url} if site_url else {}),
        "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
        "NO_MKDOCS_2_WARNING": "1",
    }
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mike"), *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project with two snapshots deployed by mike into a local branch, the branch's files extracted."""
    tmp = tmp_path_factory.mktemp("snapshots")
    project = copy_project(tmp / "project")
    (project / "mkdocs-snapshot.yml").write_text((ROOT / "mkdocs-snapshot.yml").read_text(encoding="utf-8"))
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "The guide")
    deploy = [
        "deploy",
        "-F",
        "mkdocs-snapshot.yml",
        "--deploy-prefix",
        "versions",
        "-b",
        BRANCH,
        "--alias-type",
        "copy",
    ]
    _mike(project, *deploy, "2026-10", site_url="http://127.0.0.1:8000/versions/")
    (project / "data" / "guide.yml").write_text(
        (project / "data" / "guide.yml").read_text(encoding="utf-8").replace("title: ", "title: Updated - ", 1),
        encoding="utf-8",
    )
    git(project, "commit", "-q", "-am", "A campaign update")
    _mike(project, *deploy, "2026-11", "latest", "--update-aliases", site_url="http://127.0.0.1:8000/versions/")
    archive = subprocess.run(["git", "-C", str(project), "archive", BRANCH], capture_output=True, check=True).stdout
    out = tmp / "pages"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(out, filter="data")
    return out


def test_each_snapshot_is_frozen_and_listed(snapshots: Path) -> None:
    versions = json.loads((snapshots / "versions" / "versions.json").read_text(encoding="utf-8"))
    assert [(v["version"], v["aliases"]) for v in versions] == [("2026-11", ["latest"]), ("2026-10", [])]
    old = (snapshots / "versions" / "2026-10" / "index.html").read_text(encoding="utf-8")
    new = (snapshots / "versions" / "2026-11" / "index.html").read_text(encoding="utf-8")
    assert "Updated - " not in old and "Updated - " in new
    assert (snapshots / "versions" / "latest" / "index.html").read_text(encoding="utf-8") == new
    assert (snapshots / "versions" / "2026-10" / "downloads" / "guide.json").is_file()


def test_the_version_selector_lists_and_switches_snapshots(snapshots: Path, browser: Browser) -> None:
    server = StaticServer(snapshots)
    try:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "versions/2026-10/results/")
        selector = page.locator(".md-version")
        selector.wait_for()
        assert page.locator(".md-version__current").inner_text().strip() == "2026-10"
        links = page.locator(".md-version__list a.md-version__link")
        assert [t.strip() for t in links.all_inner_texts()] == ["2026-11", "2026-10"]
        selector.hover()
        page.locator(".md-version__list a.md-version__link:has-text('2026-11')").click()
        page.wait_for_url("**/versions/2026-11/**")
        assert page.locator(".md-version__current").inner_text().strip() == "2026-11"
        assert errors == []
        page.close()
    finally:
        server.close()
