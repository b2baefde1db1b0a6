"""``python -m generator restore``: run the command the guide declares to bring back its kept files.

A guide that keeps its runs' kept files out of git (``guide.yml``: ``kept_files: {store: ..., restore: ...}``)
states how they come back (a copy from a share, a download, an object store's sync); CI runs this before
``check`` and the build, which then read every kept file by its sha256 from ``runs/`` or the store and name
each one still missing. The command runs from the folder that holds the data folder, as the guide's author
wrote it: it is the guide's code, and the review comment names a change to it as running code.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from generator.read.yaml_source import read_yaml


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("restore", help="run guide.yml's kept_files.restore: bring back kept files git ignores")
    parser.add_argument("--data", type=Path, default=Path("data"))
    parser.add_argument(
        "--base", help="run the command as guide.yml states it at this revision (a pull request's base), not as now"
    )


def run(args: argparse.Namespace) -> int:
    guide = args.data / "guide.yml"
    if args.base:  # a pull request's preview restores as its base branch does: its own command runs once merged
        import tempfile

        from generator.diff.revisions import repository, run_git

        repo, data_path = repository(args.data)
        shown = run_git(repo, "show", f"{args.base}:{data_path}/guide.yml", binary=True)
        if shown.returncode != 0:
            print(f"error: {args.base} has no {data_path}/guide.yml", file=sys.stderr)
            return 1
        with tempfile.NamedTemporaryFile(suffix=".yml", delete=False) as copy:
            copy.write(shown.stdout)
        guide = Path(copy.name)
    doc, problems = read_yaml(guide, "guide.yml")
    if args.base:
        guide.unlink()
    if doc is None:
        print("\n".join(p.text(f"{args.data}/") for p in problems), file=sys.stderr)
        return 1
    kept = doc.data.get("kept_files") if isinstance(doc.data, dict) else None
    command = kept.get("restore") if isinstance(kept, dict) else None
    if not isinstance(command, str) or not command.strip():
        print(f"{args.data}/guide.yml declares no kept_files.restore: nothing to restore")
        return 0
    print(f"restoring the kept files: {command}", flush=True)
    done = subprocess.run(command, shell=True, cwd=args.data.absolute().parent, check=False)  # noqa: S602
    if done.returncode != 0:
        print(f"error: {args.data}/guide.yml: kept_files.restore exited with {done.returncode}", file=sys.stderr)
        return 1
    return 0
