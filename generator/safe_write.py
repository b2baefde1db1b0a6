"""Write files under a folder without ever following a link: the importer's only way to touch the data.

A pull request can commit a link under ``data/runs/`` (``runs/serving -> /somewhere/else``, or a
dangling link at the name of a file the importer is about to write). Every write here opens the
path one folder at a time below ``root``, each with ``O_NOFOLLOW`` relative to the folder before
it, so a link anywhere in the path stops the write (:class:`UnsafePath`) instead of being followed,
and a new file is created with ``O_CREAT | O_EXCL | O_NOFOLLOW`` and moved to its name by a hard
link, which fails when anything (a file, a link, a dangling link) already has that name.

``root`` itself is opened normally: the data folder the user names may sit behind links of their own.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW


class UnsafePath(Exception):
    """A path under the folder that is a link, is not a folder where one is needed, or leaves the folder."""


def parts_of(rel: str) -> tuple[str, ...]:
    """The components of ``rel``, a relative path that stays inside its folder; else :class:`UnsafePath`."""
    parts = tuple(rel.split("/"))
    if PurePosixPath(rel).is_absolute() or any(p in ("..", ".", "") for p in parts) or "\\" in rel:
        raise UnsafePath(f"{rel}: not a plain path inside the data folder")
    return parts


def check_target(root: Path, rel: str, writer: str = "the importer") -> None:
    """Raise :class:`UnsafePath` when any existing part of ``root/rel`` is a link or not a folder where one is
    needed, or when it would resolve outside ``root``: the check before a write is planned (``writer`` is
    who says so: the importer, migrate)."""
    parts = parts_of(rel)
    here = Path(root)
    for i, part in enumerate(parts):
        here = here / part
        shown = "/".join(parts[: i + 1])
        if here.is_symlink():
            raise UnsafePath(f"{shown} is a link; {writer} never writes through a link (remove it)")
        if not here.exists():
            break
        if i < len(parts) - 1 and not here.is_dir():
            raise UnsafePath(f"{shown} is not a folder")
    real_root = Path(root).resolve()
    if not (real_root / rel).resolve().is_relative_to(real_root):
        raise UnsafePath(f"{rel} resolves outside the data folder")


@contextlib.contextmanager
def _folder(root: Path, parts: tuple[str, ...], create: bool, writer: str = "the importer") -> Iterator[int]:
    """A descriptor of the folder ``root/parts...``, each part opened without following a link."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for i, part in enumerate(parts):
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=fd)
            try:
                inner = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:  # ELOOP for a link, ENOTDIR for a file
                shown = "/".join(parts[: i + 1])
                raise UnsafePath(f"{shown} is a link or not a folder; {writer} never writes through one") from exc
            os.close(fd)
            fd = inner
        yield fd
    finally:
        os.close(fd)


def _write_aside(folder: int, name: str, content: bytes) -> str:
    """``content`` in a new hidden file next to ``name`` (created, never opened through a link); its name."""
    tmp = f".{name}-{secrets.token_hex(6)}"
    fd = os.open(tmp, _NEW_FLAGS, 0o644, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=folder)
        raise
    return tmp


def create_new(root: Path, rel: str, content: bytes) -> None:
    """Create ``root/rel`` holding ``content``, whole or not at all; its folders are made as needed.

    Raises :class:`UnsafePath` for a link on the way and :class:`FileExistsError` when the name is taken.
    """
    parts = parts_of(rel)
    with _folder(Path(root), parts[:-1], create=True) as folder:
        tmp = _write_aside(folder, parts[-1], content)
        try:
            os.link(tmp, parts[-1], src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
        except FileExistsError:
            if stat.S_ISLNK(os.lstat(parts[-1], dir_fd=folder).st_mode):
                raise UnsafePath(f"{rel} is a link; the importer never writes through a link (remove it)") from None
            raise
        finally:
            os.unlink(tmp, dir_fd=folder)


def replace(root: Path, rel: str, content: bytes) -> None:
    """Replace ``root/rel`` with ``content`` atomically (a rename over it; a link there is replaced, not followed)."""
    parts = parts_of(rel)
    with _folder(Path(root), parts[:-1], create=False) as folder:
        tmp = _write_aside(folder, parts[-1], content)
        try:
            os.replace(tmp, parts[-1], src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            os.unlink(tmp, dir_fd=folder)
            raise


def stage(root: Path, rel: str, content: bytes, writer: str = "the importer") -> str:
    """``content`` written in a new hidden file beside ``root/rel`` (never through a link); its name, for
    :func:`move_in` or :func:`discard`. Many files can be staged first and then moved in together."""
    parts = parts_of(rel)
    with _folder(Path(root), parts[:-1], create=False, writer=writer) as folder:
        return _write_aside(folder, parts[-1], content)


def move_in(root: Path, rel: str, staged: str, writer: str = "the importer") -> None:
    """Rename ``staged`` (from :func:`stage`) over ``root/rel``; a link there is replaced, not followed."""
    parts = parts_of(rel)
    with _folder(Path(root), parts[:-1], create=False, writer=writer) as folder:
        os.replace(staged, parts[-1], src_dir_fd=folder, dst_dir_fd=folder)


def discard(root: Path, rel: str, staged: str) -> None:
    """Remove the staged file ``staged`` beside ``root/rel`` if it is still there."""
    parts = parts_of(rel)
    with contextlib.suppress(OSError), _folder(Path(root), parts[:-1], create=False) as folder:
        os.unlink(staged, dir_fd=folder)


def remove(root: Path, rel: str) -> None:
    """Remove the file ``root/rel`` if it is there (never through a link on the way)."""
    parts = parts_of(rel)
    with _folder(Path(root), parts[:-1], create=False) as folder, contextlib.suppress(FileNotFoundError):
        os.unlink(parts[-1], dir_fd=folder)
