"""``python -m generator migrate``: what the command prints, and its exit status."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.migrate import migrate_folder
from generator.migrate.steps_sources import CITES
from generator.schema import FORMAT


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migrate = sub.add_parser("migrate", help=f"rewrite a guide's data in place in the engine's data format ({FORMAT})")
    migrate.add_argument("--data", type=Path, default=Path("data"))
    migrate.add_argument("--dry-run", action="store_true", help="say what would change; write nothing")
    migrate.add_argument(
        "--cite-later",
        action="store_true",
        help="upgrade anyway: keep a value the new format wants cited as it is, marked uncited (shown as not yet "
        "cited, listed by check as work to do)",
    )


def run(args: argparse.Namespace) -> int:
    data: Path = args.data
    prefix = f"{data.as_posix().rstrip('/')}/"
    if not data.is_dir():
        print(f"{data}: data folder does not exist", file=sys.stderr)
        return 1
    report = migrate_folder(data, write=not args.dry_run, cite_later=args.cite_later)
    if report.problems:
        print("cannot migrate; nothing was changed:", file=sys.stderr)
        for p in report.problems:
            print(f"  {prefix}{p}", file=sys.stderr)
        return 1
    if report.source == FORMAT:
        print(f"{prefix}guide.yml: already in data format {FORMAT}; nothing to do")
        return 0
    if report.undecided:
        count = len(report.undecided)
        print(
            f"cannot migrate from data format {report.source} to {FORMAT}: {count} question{'s' * (count != 1)} "
            "for you; nothing was changed. Answer each in the file, then run migrate again:",
            file=sys.stderr,
        )
        for p in sorted(report.undecided):
            print(f"  {prefix}{p}", file=sys.stderr)
        if not args.cite_later and any(CITES in p.message for p in report.undecided):
            print(
                "  or upgrade first and cite later: migrate --cite-later keeps each value that cites nothing, "
                "shown as not yet cited, and check lists them as work to do",
                file=sys.stderr,
            )
        return 1
    done = "would rewrite" if args.dry_run else "rewrote"
    print(f"data format {report.source} -> {FORMAT}: {done} {len(report.rewritten)} files; changes to review:")
    for p in report.changed:
        print(f"  {prefix}{p}")
    if not args.dry_run:
        print(f"next: python -m generator check --data {data.as_posix()}")
    return 0
