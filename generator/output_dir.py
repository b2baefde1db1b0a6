"""The folders a build replaces: only one it wrote before, an empty one or a new one.

Every build that replaces a whole folder (``generator build --out``, the Zensical adapter's project
folder, ``quality.build``'s site) first asks :func:`check_output`, and leaves :data:`MARKER` in
what it writes (:func:`mark`). A folder without the marker holds someone's files (``--out .`` is
the clone, ``--out docs`` the hand-written pages) and is refused, and so is one that holds a
``.git``, or the data, pages or configuration the build reads, marker or not.

A folder written by a version of the generator from before the marker is refused like any other:
the message says to delete it once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

#: The file a build leaves in its output folder; hidden, so no engine publishes it as a page.
MARKER = ".generator-output"
MARKER_TEXT = "Written by the decision-guide generator: the next build replaces this whole folder.\n"


class OutputRefused(Exception):
    """The output folder holds something the build did not write; the message is one line."""


def check_output(out: Path, keep: Iterable[Path | None] = ()) -> None:
    """Raise :class:`OutputRefused` unless the build may replace ``out``.

    ``keep``: what the build reads (the data folder, the pages folder, the configuration file);
    ``out`` may never be one of them or hold one.
    """
    out = Path(out)
    if out.is_symlink():
        raise OutputRefused(f"{out} is a link: give the output folder itself")
    if not out.exists():
        return
    if not out.is_dir():
        raise OutputRefused(f"{out} is a file, not a folder: give a folder for the output")
    real = out.resolve()
    for path in keep:
        if path is not None and Path(path).resolve().is_relative_to(real):
            raise OutputRefused(f"{out} holds {path}, which the build reads: give another output folder")
    if os.path.lexists(out / ".git"):
        raise OutputRefused(f"{out} holds .git (a repository): give another output folder")
    with os.scandir(out) as entries:
        names = {entry.name for entry in entries}
    if names and MARKER not in names:
        raise OutputRefused(
            f"{out} holds files the generator did not write (no {MARKER} in it), and a build replaces the whole"
            " folder: give a new or empty folder, or delete this one if it is an old build"
        )


def mark(folder: Path) -> None:
    """Leave :data:`MARKER` in ``folder``, the output a build is about to put in place."""
    (Path(folder) / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
