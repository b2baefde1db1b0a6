"""The deploy script (tools/deploy/publish.py) against a hostile artifact and a local bare repository.

A pull request from a fork controls its whole artifact. The artifact here carries a nested
repository whose ``core.fsmonitor`` command writes a marker file (the command git runs for
``git status``/``git add`` inside that repository), links, a hard link to a file outside it,
a pipe, ``.git*`` files and a name with a bidi control. The script must refuse it, run
nothing, and leave the pages branch as it was; a clean artifact must change the preview
folder and nothing else.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.gitrepo import GIT_ENV, git

SCRIPT = ROOT / "tools" / "deploy" / "publish.py"


def deploy(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **GIT_ENV, **(env or {})},
        timeout=120,
        check=False,
    )


def tree(bare: Path, branch: str = "gh-pages") -> dict[str, str]:
    """path -> blob id of every file on the branch."""
    out = git(bare, "ls-tree", "-r", "--full-tree", branch)
    return {line.split("\t", 1)[1]: line.split()[2] for line in out.splitlines()}


def show(bare: Path, path: str, branch: str = "gh-pages") -> str:
    return git(bare, "show", f"{branch}:{path}")


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    """A pages repository with the production site and another pull request's preview."""
    work = tmp_path / "seed"
    work.mkdir()
    git(work, "init", "-q", "-b", "gh-pages")
    (work / "index.html").write_text("production\n", encoding="utf-8")
    (work / "pr-preview" / "pr-3").mkdir(parents=True)
    (work / "pr-preview" / "pr-3" / "index.html").write_text("preview 3\n", encoding="utf-8")
    (work / "versions").mkdir()
    (work / "versions" / "versions.json").write_text("[]\n", encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "seed")
    repo = tmp_path / "pages.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(repo)], check=True, env={**os.environ, **GIT_ENV})
    return repo


def clean_site(root: Path) -> Path:
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<h1>preview 7</h1>\n", encoding="utf-8")
    (root / "assets" / "guide.css").write_text("body{}\n", encoding="utf-8")
    return root


def hostile_site(tmp_path: Path, marker: Path) -> Path:
    site = clean_site(tmp_path / "artifact" / "site")
    nested = site / "nested"
    nested.mkdir()
    (nested / "page.html").write_text("x\n", encoding="utf-8")
    git(nested, "init", "-q")
    git(nested, "config", "core.fsmonitor", f"touch {marker}; false")
    git(nested, "config", "core.hooksPath", str(tmp_path))
    (site / ".gitattributes").write_text("* filter=evil\n", encoding="utf-8")
    (site / ".GITmodules").write_text("[submodule]\n", encoding="utf-8")
    os.symlink("/etc/hostname", site / "hostname.html")
    os.symlink("..", site / "up")
    secret = tmp_path / "secret.txt"
    secret.write_text("token\n", encoding="utf-8")
    os.link(secret, site / "copied.html")
    os.mkfifo(site / "pipe")
    (site / "\u202egnp.html").write_text("bidi\n", encoding="utf-8")
    return site


def test_the_hostile_artifact_is_armed(tmp_path: Path) -> None:
    """Control: git inside the artifact's nested repository runs its fsmonitor command."""
    marker = tmp_path / "ran"
    site = hostile_site(tmp_path, marker)
    subprocess.run(["git", "-C", str(site / "nested"), "status"], capture_output=True, check=False)
    assert marker.exists()


def test_sanitize_refuses_the_hostile_artifact_and_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    site = hostile_site(tmp_path, marker)
    out = tmp_path / "clean"
    done = deploy("sanitize", site, out)
    assert done.returncode == 1
    for expected in [
        "'nested/.git': a git file or folder",
        "'.gitattributes': a git file or folder",
        "'.GITmodules': a git file or folder",
        "'hostname.html': a symbolic link",
        "'up': a symbolic link",
        "'copied.html': a hard link",
        "'pipe': a special file",
        "'\\u202egnp.html': a control or invisible character (U+202E)",
    ]:
        assert expected in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists() and not marker.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".sanitize")] == []


def test_publish_refuses_hostile_content_given_directly(tmp_path: Path, bare: Path) -> None:
    marker = tmp_path / "ran"
    site = hostile_site(tmp_path, marker)
    before = tree(bare)
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", "pr-preview/pr-7",
                  "--content", site, "--message", "PR preview #7")  # fmt: skip
    assert done.returncode == 1 and "a git file or folder" in done.stderr
    assert tree(bare) == before and not marker.exists()


def test_a_clean_preview_changes_its_folder_and_nothing_else(tmp_path: Path, bare: Path) -> None:
    before = tree(bare)
    site = clean_site(tmp_path / "artifact" / "site")
    assert deploy("sanitize", site, tmp_path / "clean").returncode == 0
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", "pr-preview/pr-7",
                  "--content", tmp_path / "clean", "--message", "PR preview #7: deploy")  # fmt: skip
    assert done.returncode == 0, done.stderr
    after = tree(bare)
    added = {k for k in after if k.startswith("pr-preview/pr-7/")}
    assert added == {"pr-preview/pr-7/index.html", "pr-preview/pr-7/assets/guide.css"}
    assert {k: v for k, v in after.items() if k not in added and k != ".nojekyll"} == before
    assert show(bare, "pr-preview/pr-7/index.html") == "<h1>preview 7</h1>"
    assert git(bare, "log", "-1", "--format=%s", "gh-pages") == "PR preview #7: deploy"
    # Removing it restores the tree it was published into.
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", "pr-preview/pr-7",
                  "--remove", "--message", "PR preview #7: remove")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert {k: v for k, v in tree(bare).items() if k != ".nojekyll"} == before


def test_the_whole_site_replaces_everything_including_old_previews(tmp_path: Path, bare: Path) -> None:
    site = clean_site(tmp_path / "site")
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", ".",
                  "--content", site, "--message", "Site")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert set(tree(bare)) == {".nojekyll", "index.html", "assets/guide.css", "versions/versions.json"}
    # The snapshots mike deployed from tags stay; a site that brings its own versions/ is refused.
    assert show(bare, "versions/versions.json") == "[]"
    (site / "versions").mkdir()
    (site / "versions" / "versions.json").write_text("[1]\n", encoding="utf-8")
    done = deploy("publish", "--pages", tmp_path / "pages2", "--remote", bare, "--folder", ".",
                  "--content", site, "--message", "Site")  # fmt: skip
    assert done.returncode == 1 and "kept for the snapshots" in done.stderr
    assert show(bare, "versions/versions.json") == "[]"


def test_a_first_deploy_creates_the_branch(tmp_path: Path) -> None:
    repo = tmp_path / "empty.git"
    git(tmp_path, "init", "-q", "--bare", str(repo))
    site = clean_site(tmp_path / "site")
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", repo, "--folder", "pr-preview/pr-1",
                  "--content", site, "--message", "first")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert set(tree(repo)) == {".nojekyll", "pr-preview/pr-1/index.html", "pr-preview/pr-1/assets/guide.css"}


@pytest.mark.parametrize(
    "folder",
    ["pr-preview/pr-7/../../escape", "../escape", "pr-preview/pr-0", "pr-preview", "/tmp/x", "pr-preview/pr-7/"],
)
def test_folders_with_dot_dot_or_outside_the_previews_are_refused(tmp_path: Path, bare: Path, folder: str) -> None:
    before = tree(bare)
    site = clean_site(tmp_path / "site")
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", folder,
                  "--content", site, "--message", "x")  # fmt: skip
    assert done.returncode == 1 and "pr-preview/pr-<number>" in done.stderr
    assert tree(bare) == before


def test_git_gets_the_token_only_to_talk_to_the_remote_and_never_in_its_arguments(tmp_path: Path, bare: Path) -> None:
    """A git wrapper first on PATH records every call: arguments and what of the token it sees."""
    log = tmp_path / "calls.log"
    bindir = tmp_path / "bin"
    bindir.mkdir()
    real_git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True, check=True).stdout.strip()
    wrapper = bindir / "git"
    wrapper.write_text(
        "#!/bin/sh\n"
        f'printf "%s|%s|%s\\n" "$*" "${{DEPLOY_TOKEN:-}}" "${{GIT_CONFIG_VALUE_0:-}}" >> {log}\n'
        f'exec {real_git} "$@"\n',
        encoding="utf-8",
    )
    wrapper.chmod(0o755)
    site = clean_site(tmp_path / "site")
    env = {"PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "DEPLOY_TOKEN": "s3cr3t-token"}
    done = deploy("publish", "--pages", tmp_path / "pages", "--remote", bare, "--folder", "pr-preview/pr-7",
                  "--content", site, "--message", "x", env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    calls = [line.split("|") for line in log.read_text(encoding="utf-8").splitlines()]
    assert calls and all("s3cr3t" not in args and token == "" for args, token, _ in calls)
    with_header = [args for args, _, header in calls if header]
    assert all(("core.fsmonitor=false" in args and "core.hooksPath=/dev/null" in args) for args, _, _ in calls)
    commands = [args.split()[args.split().index("-C") + 2] for args in with_header]
    assert commands == ["ls-remote", "fetch", "push"]


def test_the_comment_mentions_nobody_and_reads_no_links(tmp_path: Path) -> None:
    diff = tmp_path / "diff.md"
    diff.write_text("Row @octocat changed\u202e; cc @org/team\n", encoding="utf-8")
    out = tmp_path / "body.md"
    sha = "0123456789abcdef0123456789abcdef01234567"
    done = deploy("comment", "--diff", diff, "--url", "https://previews.example.org/guide/pr-preview/pr-7/",
                  "--sha", sha, "--out", out)  # fmt: skip
    assert done.returncode == 0, done.stderr
    body = out.read_text(encoding="utf-8")
    assert "@" not in body and "\u202e" not in body
    assert "&#64;octocat" in body and "https://previews.example.org/guide/pr-preview/pr-7/changes/" in body
    link = tmp_path / "link.md"
    os.symlink("/etc/hostname", link)
    done = deploy("comment", "--diff", link, "--sha", sha, "--out", out)
    assert done.returncode == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("preview", "production", "ok"),
    [
        ("https://owner.github.io/guide-previews/", "https://owner.github.io/guide/", False),
        ("https://OWNER.github.io./x/", "https://owner.github.io:443/guide/", False),
        ("https://owner-previews.github.io/guide-previews/", "https://owner.github.io/guide/", True),
        ("https://previews.example.org/", "https://guide.example.org/", True),
        ("javascript:alert(1)", "https://owner.github.io/guide/", False),
    ],
)
def test_previews_must_live_on_another_origin_than_the_site(preview: str, production: str, ok: bool) -> None:
    done = deploy("check-origin", preview, production)
    assert (done.returncode == 0) is ok, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("http://127.0.0.1:8000/pr-preview/pr-7/", True),
        ("http://localhost:8000/pr-preview/pr-7/", True),
        ("http://[::1]:8000/", True),
        ("http://previews.example.org/pr-preview/pr-7/", False),  # http elsewhere than this machine
        ("http://127.0.0.1.example.org/", False),
        ("javascript:alert(1)//", False),
    ],
)
def test_the_comment_takes_a_loopback_address_for_a_dry_run(tmp_path: Path, url: str, ok: bool) -> None:
    diff = tmp_path / "diff.md"
    diff.write_text("1 changed number.\n", encoding="utf-8")
    out = tmp_path / "body.md"
    done = deploy("comment", "--diff", diff, "--url", url, "--sha", "0123456", "--out", out)
    assert (done.returncode == 0) is ok, done.stderr
    if ok:
        assert f"**Preview:** {url} · [what changed]({url}changes/)" in out.read_text(encoding="utf-8")
    else:
        assert "Traceback" not in done.stderr and "not a plain https address" in done.stderr


def test_the_comment_without_a_preview_names_no_document_of_the_engines_repository(tmp_path: Path) -> None:
    """A guide's repository has no docs/previews.md: the comment says what to set, in words of its own."""
    diff = tmp_path / "diff.md"
    diff.write_text("1 changed number.\n", encoding="utf-8")
    out = tmp_path / "body.md"
    assert deploy("comment", "--diff", diff, "--sha", "0123456", "--out", out).returncode == 0
    head = out.read_text(encoding="utf-8").splitlines()[1]
    assert head.startswith("No preview site is published") and "GUIDE_PREVIEW_REPOSITORY" in head
    assert not re.search(r"docs/|\.md\b", head), head
    # Nor does any other message of the script (a new guide gets it beside its workflows, without the docs).
    assert re.findall(r"[\w./-]+\.md\b", SCRIPT.read_text(encoding="utf-8")) == []
