"""Every build input a change touches: each changed file outside the data folder, by name, with why it runs code.

:mod:`generator.diff.site` follows the configuration to the folders it names (pages, overrides, hooks,
templates); the workflows read more: a second configuration (``mkdocs-snapshot.yml``, with its own trust list
and hooks), the locks and ``requirements.txt`` (the engine's pin), a wheel kept in ``engine/``, npm's
``package.json`` and locks, ``tools/``, the ``Makefile``, the workflows themselves, and the engine's own code.
This module lists every changed file outside the data folder, none left out, and says of each that runs or
installs code why; the report lists them all (a comment lists the first ones and says how many more there are,
linking to the preview's page, which lists every one).

Both sides are read as git stores them (``git ls-tree``), the working tree from disk (the files git tracks or
would add, each hashed as a tree records it, no attribute applied).
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import stat
from pathlib import Path, PurePosixPath

from generator.diff.revisions import run_git

#: Why a change to a file runs code, by the first rule that matches (a path prefix, a name, a suffix).
ENGINE_WHEELS = "engine/"
_BY_PREFIX = (
    (".github/", "runs code: a workflow file (what CI runs, with which permissions)"),
    (ENGINE_WHEELS, "runs code: the engine's wheel that builds the site (CI checks its sha256 from the base branch)"),
    ("tools/", "runs code: a tool the build or the deploy runs"),
)
_BY_NAME = {
    "Makefile": "runs code: the build's commands",
    "package.json": "runs code: npm installs and runs what it names",
    "package-lock.json": "runs code: npm installs what it pins",
    "pyproject.toml": "runs code: the engine, theme or their versions that build the site",
}
_SUFFIXES = {
    ".py": "runs code: Python the build or CI can run",
    ".js": "runs code: a script the build or the site runs",
    ".mjs": "runs code: a script the build runs",
    ".cjs": "runs code: a script the build runs",
    ".sh": "runs code: a shell script",
    ".whl": "runs code: a wheel pip installs",
    ".lock": "runs code: a lock of what is installed to build the site",
    ".html": "runs code: a template or page published as written",
}


def runs_code(path: str) -> str:
    """Why a change to ``path`` (from the top of the repository) runs code, or ``""``."""
    name = PurePosixPath(path).name
    for prefix, why in _BY_PREFIX:
        if path.startswith(prefix) or f"/{prefix}" in f"/{path}":
            return why
    if name in _BY_NAME:
        return _BY_NAME[name]
    if name.startswith("requirements") and name.endswith((".txt", ".in", ".lock")):
        return "runs code: the engine's pin or its dependencies (what pip installs to build the site)"
    if name.startswith("mkdocs") and name.endswith((".yml", ".yaml")):
        return "runs code: a configuration a workflow builds with (its settings, trust list and hooks)"
    return _SUFFIXES.get(PurePosixPath(name).suffix.lower(), "")


def tree_digest(path: Path, algorithm: str) -> str:
    """A working-tree file as a tree of a commit records it: ``mode:blob id`` (its bytes as they are, no
    attribute applied; a link is the text of its target, never followed)."""
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            mode, content = "120000", os.fsencode(os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            mode = "100755" if info.st_mode & stat.S_IXUSR else "100644"
            content = path.read_bytes()
        else:
            return "other"
    except OSError:
        return "unreadable"
    blob = hashlib.new(algorithm, b"blob %d\0" % len(content) + content).hexdigest()
    return f"{mode}:{blob}"


def _tree(repo: Path, commit: str) -> dict[str, str]:
    done = run_git(repo, "ls-tree", "-r", "-z", "--full-tree", commit, binary=True)
    out: dict[str, str] = {}
    if done.returncode != 0:
        return out
    for record in done.stdout.split(b"\0"):
        head, tab, name = record.partition(b"\t")
        fields = head.split()
        if tab and len(fields) == 3 and fields[1] == b"blob":
            out[name.decode("utf-8", errors="surrogateescape")] = f"{fields[0].decode()}:{fields[2].decode()}"
    return out


def _worktree(repo: Path) -> dict[str, str]:
    done = run_git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard", binary=True)
    out: dict[str, str] = {}
    if done.returncode != 0:
        return out
    found = run_git(repo, "rev-parse", "--show-object-format")
    algorithm = "sha256" if found.returncode == 0 and found.stdout.strip() == "sha256" else "sha1"
    for raw in sorted(set(done.stdout.split(b"\0")) - {b""}):
        path = raw.decode("utf-8", errors="surrogateescape")
        digest = tree_digest(repo / path, algorithm)
        if digest != "unreadable":  # a file deleted from the working tree and not yet from the index
            out[path] = digest
    return out


def changed_inputs(repo: Path, base: str | None, head: str | None, data_path: str) -> dict[str, str]:
    """path -> ``added``, ``removed`` or ``changed``: every file outside ``data_path`` that differs between the
    two sides (a commit, or ``None`` for the working tree)."""
    sides = [_tree(repo, side) if side is not None else _worktree(repo) for side in (base, head)]
    before, after = sides
    data = posixpath.normpath(data_path).rstrip("/") + "/" if data_path not in ("", ".") else None
    out: dict[str, str] = {}
    for path in sorted(set(before) | set(after)):
        if before.get(path) == after.get(path) or (data is not None and path.startswith(data)):
            continue
        out[path] = "added" if path not in before else "removed" if path not in after else "changed"
    return out
