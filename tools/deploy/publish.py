"""Publish a built site on a pages branch without trusting the files that were built.

The deploy jobs of ``.github/workflows/`` run this script from a checkout of the default
branch (never from the artifact). It uses the standard library only, so a job that can
write never installs or imports the project's code. Three commands, one job each:

``sanitize ARTIFACT OUT``
    Copies the plain files of ARTIFACT (a downloaded artifact, fully controlled by whoever
    wrote the pull request) into OUT, a folder that must not exist yet. Any entry named
    ``.git``/``.git*`` (a nested repository, ``.gitmodules``, ``.gitattributes``), any link
    (symbolic or hard), any special file (pipe, socket, device), any name with ``..``, a
    slash, a backslash, a control or an invisible character refuses the whole artifact:
    nothing is copied and the exit status is 1. Git never runs here.

``publish --pages DIR --remote URL --folder FOLDER (--content DIR | --remove)``
    Fetches the pages branch into DIR (a fresh repository), replaces FOLDER (``.`` for the
    whole site, ``versions`` for the snapshots, or ``pr-preview/pr-N``) with the content or
    removes it, and pushes one commit. The whole site keeps ``versions/``, the frozen snapshots
    ``mike`` deploys from tags, and a site that brings its own ``versions/`` is refused. The
    content is checked again as above. Git runs with fsmonitor and hooks off and without the
    system or user configuration. The token (``DEPLOY_TOKEN``, if set) reaches git only for
    ``ls-remote``, ``fetch`` and ``push``, through the environment of those
    commands, never their arguments. Pushes that lose a race are retried from a fresh fetch.

``check-origin PREVIEW_URL PRODUCTION_URL``
    Fails unless the two addresses are on different origins (scheme, host, port): a preview
    served on the production origin could read and rewrite the production pages.

``comment --diff FILE --url URL --sha SHA --out FILE``
    Writes the pull-request comment: a header from trusted values, then the diff (written by
    the pull request's build, so untrusted) with every ``@`` made inert so the comment never
    mentions anyone, control and invisible characters removed, cut at a bounded length.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

#: Names git or the pages host treat specially, compared without case.
GIT_PREFIX = ".git"
#: Bounds on what an artifact may hold: a site is a few thousand files and a few MB.
MAX_FILES = 20_000
MAX_BYTES = 512 * 1024 * 1024
MAX_DEPTH = 32
MAX_NAME = 255
PREVIEW_FOLDER = re.compile(r"pr-preview/pr-[1-9][0-9]{0,9}")
#: The folder of the pages branch that holds the citable snapshots (``mike deploy --deploy-prefix``).
SNAPSHOTS = "versions"
GIT_OFF = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.untrackedCache=false"]
BOT = ["-c", "user.name=github-actions[bot]", "-c", "user.email=41898282+github-actions[bot]@users.noreply.github.com"]
COMMENT_LIMIT = 60_000
PUSH_ATTEMPTS = 3


class Refused(Exception):
    """The input is not something this script publishes; the message says why."""


def name_problem(name: str) -> str | None:
    """Why a single path component may not be published, or None."""
    if name in ("", ".", ".."):
        return "a '..' or empty path component"
    if name.lower().startswith(GIT_PREFIX):
        return "a git file or folder"
    if "/" in name or "\\" in name:
        return "a name with a slash or backslash"
    if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME:
        return "a name longer than 255 bytes"
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return f"a control or invisible character (U+{ord(char):04X})"
    return None


def plain_files(root: Path) -> list[str]:
    """Every file under ``root`` as a relative path, after checking every entry; raises Refused."""
    problems: list[str] = []
    files: list[str] = []
    total = 0
    top = os.lstat(root)
    if not stat.S_ISDIR(top.st_mode):
        raise Refused(f"{root}: not a folder")

    def walk(folder: Path, rel: str, depth: int) -> None:
        nonlocal total
        if depth > MAX_DEPTH:
            problems.append(f"{rel}: nested deeper than {MAX_DEPTH} folders")
            return
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries)
        for name in names:
            where = f"{rel}/{name}" if rel else name
            problem = name_problem(name)
            if problem:
                problems.append(f"{where!r}: {problem}")
                continue
            info = os.lstat(folder / name)
            if stat.S_ISLNK(info.st_mode):
                problems.append(f"{where!r}: a symbolic link")
            elif stat.S_ISDIR(info.st_mode):
                walk(folder / name, where, depth + 1)
            elif not stat.S_ISREG(info.st_mode):
                problems.append(f"{where!r}: a special file (not a plain file or folder)")
            elif info.st_nlink != 1:
                problems.append(f"{where!r}: a hard link (the file has {info.st_nlink} names)")
            else:
                files.append(where)
                total += info.st_size
        if len(files) > MAX_FILES:
            raise Refused(f"more than {MAX_FILES} files")

    walk(root, "", 0)
    if total > MAX_BYTES:
        problems.append(f"{total} bytes in all, more than {MAX_BYTES}")
    if problems:
        raise Refused("refused, nothing was published:\n" + "\n".join(f"  {p}" for p in problems))
    return files


def copy_plain(src: Path, dst: Path) -> None:
    """Copy one regular file's bytes, refusing if it turned into anything else meanwhile."""
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise Refused(f"{src}: changed while it was copied")
        out = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        try:
            while chunk := os.read(fd, 1 << 20):
                os.write(out, chunk)
        finally:
            os.close(out)
    finally:
        os.close(fd)


def sanitize(artifact: Path, out: Path) -> int:
    """Copy the artifact's plain files into the fresh folder ``out``; return how many."""
    if os.path.lexists(out):
        raise Refused(f"{out}: already exists (the copy goes into a fresh folder)")
    files = plain_files(artifact)
    staging = Path(tempfile.mkdtemp(prefix=".sanitize-", dir=out.parent))
    try:
        for rel in files:
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            copy_plain(artifact / rel, target)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return len(files)


class Git:
    """Git on the pages repository: no hooks, no fsmonitor, no system or user configuration."""

    def __init__(self, repo: Path, token: str | None) -> None:
        self.repo = repo
        self.base_env = {k: v for k, v in os.environ.items() if k not in ("DEPLOY_TOKEN", "GH_TOKEN", "GITHUB_TOKEN")}
        self.base_env.update(
            GIT_CONFIG_NOSYSTEM="1",
            GIT_CONFIG_GLOBAL=os.devnull,
            GIT_TERMINAL_PROMPT="0",
            GIT_CONFIG_COUNT="0",
        )
        self.token = token

    def __call__(self, *args: str, remote: bool = False, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = dict(self.base_env)
        if remote and self.token:
            basic = base64.b64encode(f"x-access-token:{self.token}".encode()).decode()
            env.update(
                GIT_CONFIG_COUNT="1",
                GIT_CONFIG_KEY_0="http.extraheader",
                GIT_CONFIG_VALUE_0=f"AUTHORIZATION: basic {basic}",
            )
        done = subprocess.run(
            ["git", *GIT_OFF, "-C", str(self.repo), *args], capture_output=True, text=True, env=env, check=False
        )
        if check and done.returncode != 0:
            raise Refused(f"git {args[0]} failed: {done.stderr.strip()}")
        return done


def check_folder(folder: str) -> str:
    if folder in (".", SNAPSHOTS) or PREVIEW_FOLDER.fullmatch(folder):
        return folder
    raise Refused(f"{folder!r}: the folder is '.' (the whole site), {SNAPSHOTS} or pr-preview/pr-<number>")


def replace_folder(pages: Path, folder: str, content: Path | None) -> None:
    """Put ``content`` at ``folder`` of the checked-out pages branch (or remove it when None)."""
    if folder == ".":
        if content is not None and os.path.lexists(content / SNAPSHOTS):
            raise Refused(f"the site holds a {SNAPSHOTS}/ folder: that name is kept for the snapshots")
        for entry in os.listdir(pages):
            if entry not in (".git", SNAPSHOTS):
                path = pages / entry
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path)
                else:
                    os.unlink(path)
        target = pages
    else:
        target = pages / folder
        parent = pages
        for part in Path(folder).parts[:-1]:
            parent = parent / part
            if os.path.islink(parent) or (os.path.lexists(parent) and not os.path.isdir(parent)):
                os.unlink(parent)
            parent.mkdir(exist_ok=True)
        if os.path.islink(target) or os.path.isfile(target):
            os.unlink(target)
        elif os.path.lexists(target):
            shutil.rmtree(target)
    if content is not None:
        for rel in plain_files(content):
            dst = target / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            copy_plain(content / rel, dst)
    (pages / ".nojekyll").touch()


def publish_once(pages: Path, remote: str, branch: str, folder: str, content: Path | None, message: str) -> str:
    token = os.environ.get("DEPLOY_TOKEN") or None
    if os.path.lexists(pages):
        shutil.rmtree(pages)
    pages.mkdir(parents=True)
    git = Git(pages, token)
    git("init", "-q")
    git("remote", "add", "origin", remote)
    heads = git("ls-remote", "--heads", "origin", f"refs/heads/{branch}", remote=True).stdout.strip()
    if heads:
        git("fetch", "-q", "--depth", "1", "--no-tags", "origin", f"refs/heads/{branch}", remote=True)
        git("checkout", "-q", "-B", branch, "FETCH_HEAD")
    else:
        git("checkout", "-q", "--orphan", branch)
    replace_folder(pages, folder, content)
    git("add", "-A")
    if git("diff", "--cached", "--quiet", check=False).returncode == 0:
        return "unchanged"
    git(*BOT, "commit", "-q", "--no-verify", "-m", message)
    pushed = git("push", "-q", "--no-verify", "origin", f"HEAD:refs/heads/{branch}", remote=True, check=False)
    if pushed.returncode != 0:
        if "rejected" in pushed.stderr or "fetch first" in pushed.stderr or "non-fast-forward" in pushed.stderr:
            return "raced"
        raise Refused(f"git push failed: {pushed.stderr.strip()}")
    return "pushed"


def publish(pages: Path, remote: str, branch: str, folder: str, content: Path | None, message: str) -> str:
    check_folder(folder)
    if content is not None:
        plain_files(content)
    for _ in range(PUSH_ATTEMPTS):
        result = publish_once(pages, remote, branch, folder, content, message)
        if result != "raced":
            return result
    raise Refused(f"git push lost the race {PUSH_ATTEMPTS} times (other deploys kept pushing)")


INVISIBLE = re.compile(r"[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")


def neutralise(text: str) -> str:
    """Untrusted Markdown for a comment: no mentions, no control or invisible characters."""
    text = INVISIBLE.sub("", text)
    return text.replace("@", "&#64;")


def read_plain(path: Path) -> str:
    """The text of one plain file (never through a link), at most a few times the comment limit."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise Refused(f"{path}: not a plain file")
        data = os.read(fd, 4 * COMMENT_LIMIT)
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace")


#: A preview's address in the comment: plain https, or (a dry run on this machine) http on a loopback address.
PLAIN_HTTPS = re.compile(r"https://[A-Za-z0-9.-]+(:[0-9]+)?/[A-Za-z0-9._~/-]*")
LOOPBACK = re.compile(r"http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?/[A-Za-z0-9._~/-]*")
#: The comment's first line when no preview was published; it names what to set, in the guide's own repository.
NO_PREVIEW = (
    "No preview site is published: previews go to the repository the variable `GUIDE_PREVIEW_REPOSITORY` names "
    "(served at `GUIDE_PREVIEW_URL`, another origin than the site), and this run published none there"
)


def comment(diff: str, url: str | None, sha: str) -> str:
    if not re.fullmatch(r"[0-9a-f]{7,40}", sha):
        raise Refused(f"{sha!r}: not a commit id")
    body = neutralise(diff)
    if len(body) > COMMENT_LIMIT:
        body = body[:COMMENT_LIMIT] + '\n\n(cut: see the preview\'s "What changed in this PR" page)\n'
    if url:
        if not (PLAIN_HTTPS.fullmatch(url) or LOOPBACK.fullmatch(url)):
            raise Refused(f"{url!r}: not a plain https address (nor a loopback http one, for a dry run)")
        head = f"**Preview:** {url} · [what changed]({url}changes/) · commit {sha[:7]}"
    else:
        head = f"{NO_PREVIEW} · commit {sha[:7]}"
    return "\n".join(["<!-- decision-guide-pr-preview -->", head, "", body])


def origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused(f"{url!r}: not an http(s) address")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, parts.hostname.lower().rstrip("."), port


def check_origin(preview: str, production: str) -> None:
    if origin(preview) == origin(production):
        scheme, host, port = origin(preview)
        raise Refused(
            f"previews at {preview} would share the origin {scheme}://{host}:{port} with the site at {production}: "
            "set GUIDE_PREVIEW_URL to a repository served from another origin (a preview on the site's origin could "
            "act as the site)"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sanitize")
    s.add_argument("artifact", type=Path)
    s.add_argument("out", type=Path)
    p = sub.add_parser("publish")
    p.add_argument("--pages", type=Path, required=True)
    p.add_argument("--remote", required=True)
    p.add_argument("--branch", default="gh-pages")
    p.add_argument("--folder", required=True)
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--content", type=Path)
    what.add_argument("--remove", action="store_true")
    p.add_argument("--message", required=True)
    o = sub.add_parser("check-origin")
    o.add_argument("preview")
    o.add_argument("production")
    c = sub.add_parser("comment")
    c.add_argument("--diff", type=Path, required=True)
    c.add_argument("--url", default="")
    c.add_argument("--sha", required=True)
    c.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "sanitize":
            count = sanitize(args.artifact, args.out)
            print(f"{count} plain files copied to {args.out}")
        elif args.command == "publish":
            result = publish(args.pages, args.remote, args.branch, args.folder, args.content, args.message)
            print(f"{args.folder}: {result}")
        elif args.command == "check-origin":
            check_origin(args.preview, args.production)
            print(f"previews on {origin(args.preview)[1]}, the site on {origin(args.production)[1]}")
        else:
            diff = read_plain(args.diff) if os.path.lexists(args.diff) else ""
            args.out.write_text(comment(diff, args.url or None, args.sha), encoding="utf-8")
    except Refused as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
