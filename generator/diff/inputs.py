"""Every build input a change touches: each changed file outside the data folder, by name, with why it runs code.

:mod:`generator.diff.site` follows the configuration to the folders it names (pages, overrides, hooks,
templates); the workflows read more: a second configuration (``mkdocs-snapshot.yml``, with its own trust list
and hooks), the locks and ``requirements.txt`` (the engine's pin), a wheel kept in ``engine/``, npm's
``package.json`` and locks, ``tools/``, the ``Makefile``, the workflows themselves, and the engine's own code.
This module lists every changed file, none left out, and says of each that runs or installs code why. The rule
is inverted: **every file runs code unless it is of a short list of inert kinds**, the records, maps and kept
files the loader reads (:func:`generator.read.load.is_data_file`; the data comparison shows what they change)
and the pages and images under ``docs_dir`` (:data:`INERT_PAGES`). So a file in the data folder the loader
does not read (``data/units_plugin.py``, which ``check`` refuses), or a configuration a tool reads before the
project's own (``mypy.ini``, ``pytest.ini``, ``GNUmakefile``), or one this module has never heard of, is named
as running code, with why. The report lists them all (a comment lists the first ones and says how many more there are,
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
from generator.read.load import is_data_file

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
#: Configurations a tool reads before (or instead of) the project's own: new, they take over what it runs.
_TOOL_CONFIGS = {
    "GNUmakefile": "runs code: GNU make reads it before the Makefile (make -f Makefile does not)",
    "makefile": "runs code: make reads it before the Makefile (make -f Makefile does not)",
    "mypy.ini": "runs code: mypy reads it before pyproject.toml, and its plugins run (mypy --config-file does not)",
    ".mypy.ini": "runs code: mypy reads it before pyproject.toml, and its plugins run (mypy --config-file does not)",
    "pytest.ini": "runs code: pytest reads it before pyproject.toml, and its -p plugins run (pytest -c does not)",
    ".pytest.ini": "runs code: pytest reads it before pyproject.toml, and its -p plugins run (pytest -c does not)",
    "conftest.py": "runs code: pytest imports it",
    "setup.cfg": "runs code: a configuration mypy, pytest and others read",
    "tox.ini": "runs code: a configuration pytest and others read",
    "sitecustomize.py": "runs code: Python imports it at start",
    ".gitattributes": "runs code: it names the filters and drivers git runs on files",
    ".gitmodules": "runs code: a checkout fetches what it names",
}
#: Files under ``docs_dir`` that are inert: pages (through the sanitizer) and images (SVG is not one).
INERT_PAGES = (".md", ".markdown", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif")
#: Why a file of no kind known to be inert runs code.
UNKNOWN = "runs code: no rule knows this kind of file to be inert (a tool may read it as its configuration or run it)"

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


def runs_code(path: str, data: str | None = None, docs: str | None = None) -> str:
    """Why a change to ``path`` (from the top of the repository) runs code, or ``""`` when it is of an inert kind:
    a file the guide reads under ``data`` (the data folder's path), a page or an image under ``docs``."""
    name = PurePosixPath(path).name
    if data is not None and path.startswith(data):
        if is_data_file(path[len(data) :]):
            return ""
        return (
            "runs code: a file in the data folder that the guide does not read (check refuses it):"
            " a tool or a configuration can run it"
        )
    for prefix, why in _BY_PREFIX:
        if path.startswith(prefix) or f"/{prefix}" in f"/{path}":
            return why
    if name in _BY_NAME:
        return _BY_NAME[name]
    if name in _TOOL_CONFIGS:
        return _TOOL_CONFIGS[name]
    if name.startswith("requirements") and name.endswith((".txt", ".in", ".lock")):
        return "runs code: the engine's pin or its dependencies (what pip installs to build the site)"
    if name.startswith("mkdocs") and name.endswith((".yml", ".yaml")):
        return "runs code: a configuration a workflow builds with (its settings, trust list and hooks)"
    if docs is not None and path.startswith(docs) and name.lower().endswith(INERT_PAGES):
        return ""
    return _SUFFIXES.get(PurePosixPath(name).suffix.lower(), UNKNOWN)


def folder_prefix(data_path: str) -> str:
    """The data folder's path from the top as a prefix (``data/``; ``""`` for the top itself)."""
    return posixpath.normpath(data_path).rstrip("/") + "/" if data_path not in ("", ".") else ""


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
    """path -> ``added``, ``removed`` or ``changed``: every file that differs between the two sides (a commit, or
    ``None`` for the working tree) but the files the guide reads under ``data_path``, which the data comparison
    shows."""
    sides = [_tree(repo, side) if side is not None else _worktree(repo) for side in (base, head)]
    before, after = sides
    data = folder_prefix(data_path)
    out: dict[str, str] = {}
    for path in sorted(set(before) | set(after)):
        if before.get(path) == after.get(path):
            continue
        if path.startswith(data) and is_data_file(path[len(data) :]):
            continue
        out[path] = "added" if path not in before else "removed" if path not in after else "changed"
    return out
