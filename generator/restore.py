"""``python -m generator restore``: run the command the guide declares to bring back its kept files.

A guide that keeps its runs' kept files out of git (``guide.yml``: ``kept_files: {store: ..., restore: ...}``)
states how they come back (a copy from a share, a download, an object store's sync); CI runs this before
``check`` and the build, which then read every kept file by its sha256 from ``runs/`` or the store and name
each one still missing. The command runs in the folder that holds the data folder, as the guide's author
wrote it: it is the guide's code, and the review comment names a change to it as running code. ``--base REV``
takes the command line as ``REV``'s ``guide.yml`` states it; what that line names (a script, a config) is read
as the checkout holds it, not as at ``REV``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from generator.read.kept_store import restore_command


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("restore", help="run guide.yml's kept_files.restore: bring back kept files git ignores")
    parser.add_argument("--data", type=Path, default=Path("data"))
    parser.add_argument(
        "--base", help="run the command as guide.yml states it at this revision (a pull request's base), not as now"
    )


def run(args: argparse.Namespace) -> int:
    shown = f"{args.data}/guide.yml"
    if args.base:  # a pull request's preview restores as its base branch does: its own command runs once merged
        content = _base_guide(args.data, args.base)
        if isinstance(content, str):
            print(f"error: {content}", file=sys.stderr)
            return 1
        shown = f"{args.base}:{shown}"
    else:
        try:
            content = (args.data / "guide.yml").read_bytes()
        except OSError as exc:
            print(f"error: {shown}: file cannot be read ({exc.strerror or exc})", file=sys.stderr)
            return 1
    command, problems = restore_command(content, shown)
    if problems:
        print("\n".join(p.text() for p in problems), file=sys.stderr)
        return 1
    if command is None:
        print(f"{shown} declares no kept_files.restore: nothing to restore")
        return 0
    print(f"restoring the kept files: {command}", flush=True)
    done = subprocess.run(command, shell=True, cwd=args.data.absolute().parent, check=False)  # noqa: S602
    if done.returncode != 0:
        print(f"error: {shown}: kept_files.restore exited with {done.returncode}", file=sys.stderr)
        return 1
    return 0


def _base_guide(data: Path, base: str) -> bytes | str:
    """The bytes of the data folder's ``guide.yml`` at revision ``base``, or why there are none."""
    from generator.diff.revisions import read_blobs, repository, resolve, tree_entries
    from generator.errors import RevisionError

    try:
        repo, data_path = repository(data)
        revision = resolve(repo, base)  # refuses a value git would take as an option (--output=...)
        path = f"{data_path}/guide.yml" if data_path not in ("", ".") else "guide.yml"
        entry = next((e for e in tree_entries(repo, revision.commit or "HEAD", path) if e.path == path), None)
        if entry is None:
            return f"{base} has no {path}"
        return read_blobs(repo, [entry.blob])[entry.blob]
    except RevisionError as exc:
        return f"--base {base}: {exc}"
