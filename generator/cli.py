"""Command line: build the guide's Markdown without MkDocs, check data, export the schema.

python -m generator build --data data --out build/pages
python -m generator check --data data
python -m generator schema --out schema
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from generator.errors import GuideError
from generator.pipeline import build_guide, derive_guide
from generator.schema_export import export_schemas


def write_pages(pages: dict[str, str], out: Path) -> None:
    """Write pages into ``out`` atomically: a failed build never leaves a half-written folder."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        for uri, text in pages.items():
            target = staging / uri
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if out.exists():
            old = out.with_name(f".{out.name}-old")
            shutil.rmtree(old, ignore_errors=True)
            out.rename(old)
            staging.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="write the generated Markdown pages into a folder")
    build.add_argument("--data", type=Path, default=Path("data"))
    build.add_argument("--out", type=Path, required=True)
    build.add_argument("--no-directory-urls", action="store_true", help="link to page.html instead of page/")
    check = sub.add_parser("check", help="validate the data and print every problem")
    check.add_argument("--data", type=Path, default=Path("data"))
    schema = sub.add_parser("schema", help="export the JSON Schema files editors use")
    schema.add_argument("--out", type=Path, default=Path("schema"))
    schema.add_argument("--check", action="store_true", help="fail if the files on disk are out of date")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            pages = build_guide(args.data, directory_urls=not args.no_directory_urls)
            write_pages(pages, args.out)
            print(f"wrote {len(pages)} pages to {args.out}")
        elif args.command == "check":
            derived = derive_guide(args.data)
            guide = derived.data
            print(f"ok: {len(guide.options)} {guide.guide.option_noun_plural}, {len(guide.tables)} tables")
        else:
            stale = export_schemas(args.out, check=args.check)
            if stale:
                print("out of date: " + ", ".join(stale) + " (run: python -m generator schema)", file=sys.stderr)
                return 1
            print(json.dumps(sorted(p.name for p in args.out.glob("*.json"))))
    except GuideError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    except OSError as exc:  # a full disk or a read-only folder: say so, without a traceback
        print(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
