"""Kept files outside git: a kept file the data folder does not hold, found by its sha256 elsewhere.

A guide may keep its runs' kept files out of the repository (git-ignored, for their licence or size). The data
names each by its path and sha256, so a file is found by its sha256 wherever it is, and only the file with
that sha256 is taken: in the data folder being read (``runs/...``), in the working tree's data folder when a
revision's copy is read (``diff --base REV`` writes a commit's data into a temporary folder, which holds no
ignored file) or an import's staged copy is built, and in the store ``guide.yml`` declares
(``kept_files: {store: ../kept}``), where each file is named by its sha256. A file found nowhere is named, with
every place looked in. Links are never followed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from generator.errors import Problem

#: The working tree's data folder while a revision's copy of it is read (:func:`worktree`).
_WORKTREE: ContextVar[Path | None] = ContextVar("kept_worktree", default=None)
_SHA256 = re.compile(r"[0-9a-f]{64}")


@contextlib.contextmanager
def worktree(data_dir: Path) -> Iterator[None]:
    """While it lasts, a kept file missing from the folder read is also looked for in ``data_dir``."""
    previous = _WORKTREE.set(data_dir)
    try:
        yield
    finally:
        _WORKTREE.reset(previous)


def _plain(path: Path, limit: int) -> bytes | None:
    """The bytes of a regular file (never through a link), or ``None``; ``None`` too past ``limit`` bytes."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        return f.read(limit + 1)


def find_kept(root: Path, path: str, sha256: str, store: str | None, limit: int) -> tuple[bytes | None, list[str]]:
    """The bytes of the kept file ``path`` whose sha256 is ``sha256``, found outside ``root`` (the data folder
    read, which does not hold it), and every place it was looked for."""
    looked: list[str] = []
    folders = [root]
    other = _WORKTREE.get()
    if other is not None and other.resolve() != root.resolve():
        folders.append(other)
        candidate = other / path
        looked.append(f"the working tree's {path}")
        content = _plain(candidate, limit) if not candidate.is_symlink() else None
        if content is not None and hashlib.sha256(content).hexdigest() == sha256:
            return content, looked
    if store and _SHA256.fullmatch(sha256):
        for folder in folders:
            candidate = folder / store / sha256
            looked.append(f"{store}/{sha256}" + (" of the working tree" if folder is not root else ""))
            content = _plain(candidate, limit)
            if content is not None and hashlib.sha256(content).hexdigest() == sha256:
                return content, looked
    return None, looked


def restore_command(content: bytes, display: str = "guide.yml") -> tuple[str | None, list[Problem]]:
    """The command ``guide.yml``'s bytes declare to bring back the kept files (``kept_files.restore``; ``None``
    when it declares none), or why those bytes cannot be read. Read through the bounded YAML reader every data
    file goes through; ``python -m generator restore`` runs the command (``diff`` names a change to it from
    the ``kept_files`` each side's guide read)."""
    from generator.read.yaml_source import MAX_FILE_BYTES, parse_yaml

    if len(content) > MAX_FILE_BYTES:
        return None, [Problem(display, 0, "", f"file is {len(content)} bytes; the limit is {MAX_FILE_BYTES}")]
    if content.startswith(b"\xef\xbb\xbf"):
        return None, [Problem(display, 1, "", "file starts with a byte-order mark; save it as UTF-8 without BOM")]
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = content[: exc.start].count(b"\n") + 1
        return None, [Problem(display, line, "", f"not valid UTF-8 (byte 0x{content[exc.start]:02x})")]
    document, problems = parse_yaml(text, display)
    if document is None:
        return None, problems
    kept = document.data.get("kept_files") if isinstance(document.data, dict) else None
    command = kept.get("restore") if isinstance(kept, dict) else None
    return (command if isinstance(command, str) and command.strip() else None), []
