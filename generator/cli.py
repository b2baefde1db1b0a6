"""Command line: build the guide's Markdown without MkDocs, check data, export the schema.

python -m generator build --data data --out build/pages [--docs site_src] [--nav nav.yml]
python -m generator check --data data
python -m generator new DIR --topic "..." [--engine index|URL|WHEEL]
python -m generator doctor [--requirements requirements.txt]
python -m generator schema --out schema
python -m generator diff [--base REV] [--head REV|worktree] [--format markdown|json]
python -m generator import FORMAT FILE... --table T [--row R] --series S [--context C]   (or --map SWEEP_YML)
python -m generator inspect FILE [--format F] [--json]
python -m generator migrate [--data data] [--dry-run]
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import yaml

from generator.build import ENGINE_CSS, ENGINE_JS, AssetError, build_site, swap_in
from generator.errors import GuideError, RevisionError, data_prefix
from generator.output_dir import OutputRefused, check_output, mark
from generator.pipeline import checked_data, derive_guide

#: ``--head`` value for the files on disk (:data:`generator.diff.revisions.WORKTREE`; a test checks they agree).
WORKTREE = "worktree"


def write_pages(
    pages: dict[str, str],
    out: Path,
    assets: dict[str, Path] | None = None,
    files: dict[str, str] | None = None,
    keep: Iterable[Path | None] = (),
) -> None:
    """Write pages and files (and copy assets) into ``out`` atomically: never a half-written folder.

    ``out`` is replaced only if the generator wrote it before (or it is empty or new), and never when it
    holds ``.git`` or one of ``keep`` (:func:`generator.output_dir.check_output`: :class:`OutputRefused`).
    """
    check_output(out, keep)
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        mark(staging)
        for uri, text in {**pages, **(files or {})}.items():
            target = staging / uri
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        for uri, source in (assets or {}).items():
            target = staging / uri
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        swap_in(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _pages_beside(data: Path) -> Path | None:
    """The hand-written pages of the guide whose data is ``data``: ``site_src`` or ``docs`` beside it."""
    for name in ("site_src", "docs"):
        if (data.parent / name).is_dir():
            return data.parent / name
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="write the generated Markdown pages into a folder")
    build.add_argument("--data", type=Path, default=Path("data"))
    build.add_argument("--out", type=Path, required=True)
    build.add_argument("--no-directory-urls", action="store_true", help="link to page.html instead of page/")
    build.add_argument("--docs", type=Path, help="folder of hand-written pages the navigation lists (MkDocs docs_dir)")
    build.add_argument(
        "--nav",
        type=Path,
        help="also write the navigation, site name, description, footer, stylesheets and scripts to this YAML file "
        "(mkdocs.yml form)",
    )
    build.add_argument("--no-charts", action="store_true", help="tables alone, no charts (and no plotly.js)")
    build.add_argument("--plotly-js", type=Path, help="the plotly.js bundle to copy (default: node_modules/...)")
    build.add_argument("--templates", type=Path, help="folder of templates searched before the engine's own")
    build.add_argument(
        "--history-revisions", type=int, default=0, help="history page over at most N commits of the data (0: none)"
    )
    build.add_argument("--history-since", default="", help="and none older than this date (git log --since)")
    new = sub.add_parser("new", help="start a new guide: data, a page and mkdocs.yml that build at once")
    new.add_argument("dir", type=Path, help="the folder to create (must be empty or missing)")
    new.add_argument("--topic", required=True, help='what the guide compares, e.g. "Python JSON libraries"')
    new.add_argument("--plotly-js", type=Path, help="plotly.js for the charts (default: the engine's own)")
    new.add_argument("--no-git", action="store_true", help="make no git repository (one is made unless inside one)")
    new.add_argument(
        "--engine",
        metavar="SPEC",
        help="where the guide's CI installs the engine: index (the default: a pin of this version), the https URL "
        "of its wheel (a release asset; its sha256 is written too), or a wheel's path (copied into engine/)",
    )
    doctor = sub.add_parser("doctor", help="does the engine requirements.txt names install, and is it this one?")
    doctor.add_argument("--requirements", type=Path, default=Path("requirements.txt"))
    check = sub.add_parser("check", help="validate the data and print every problem")
    check.add_argument("--data", type=Path, default=Path("data"))
    check.add_argument(
        "--docs", type=Path, help="the hand-written pages (default: site_src or docs beside the data folder)"
    )
    check.add_argument(
        "--strict", action="store_true", help="a comparative sentence nothing backs is an error, not a warning"
    )
    schema = sub.add_parser("schema", help="export the JSON Schema files editors use")
    schema.add_argument("--out", type=Path, default=Path("schema"))
    schema.add_argument("--check", action="store_true", help="fail if the files on disk are out of date")
    diff = sub.add_parser("diff", help="what a change does to the guide: verdict flips, numbers, additions")
    diff.add_argument("--data", type=Path, default=Path("data"), help="the data folder (inside a git repository)")
    diff.add_argument("--base", default="", help="revision to compare from (default: the merge base with main)")
    diff.add_argument("--head", default=WORKTREE, help=f"revision to compare to, or {WORKTREE} (the default)")
    diff.add_argument("--format", choices=["markdown", "json"], default="markdown")
    diff.add_argument("--site-url", default="", help="link paths and tables to this built site (e.g. a preview)")
    diff.add_argument("--out", type=Path, help="write the report to this file instead of standard output")
    diff.add_argument("--title", help="heading of the Markdown report (default: what was compared with what)")
    from generator import restore, serve_built
    from generator.ingest import cli_import, inspect_file
    from generator.migrate import command as migrate_command

    cli_import.add_parser(sub)
    serve_built.add_parser(sub)
    restore.add_parser(sub)
    inspect_file.add_parser(sub)
    migrate_command.add_parser(sub)
    args = parser.parse_args(argv)
    data = getattr(args, "data", None)
    if args.command in ("build", "check") and isinstance(data, Path) and not data.is_dir():
        print(
            f"{data}: no data folder here (looked for {data.resolve()}): run from the guide's folder or pass --data",
            file=sys.stderr,
        )
        return 1
    try:
        if args.command == "migrate":
            return migrate_command.run(args)
        if args.command == "serve-built":
            return serve_built.run(args)
        if args.command == "restore":
            return restore.run(args)
        if args.command == "import":
            return cli_import.run(args)
        if args.command == "inspect":
            return inspect_file.run(args)
        if args.command == "build":
            keep = (args.data, args.docs, args.nav, args.templates)
            check_output(args.out, keep)  # before the build: a refused folder is said at once
            site = build_site(
                args.data,
                docs_dir=args.docs,
                directory_urls=not args.no_directory_urls,
                charts=not args.no_charts,
                plotly_js=args.plotly_js,
                templates=args.templates,
                history_revisions=args.history_revisions,
                history_since=args.history_since,
            )
            write_pages(site.pages, args.out, site.assets, site.files, keep)
            if args.nav is not None:
                chrome = {
                    "site_name": site.name,
                    "site_description": site.description,
                    "copyright": site.footer or None,
                }
                scripts = {"extra_css": ENGINE_CSS, "extra_javascript": ENGINE_JS}
                text = yaml.safe_dump({**chrome, **scripts, "nav": site.nav}, sort_keys=False, allow_unicode=True)
                _write_file(args.nav, text)
            print(f"wrote {len(site.pages)} pages to {args.out}")
        elif args.command == "new":
            from generator.scaffold import ScaffoldError, new_guide  # only this command writes a new guide

            try:
                written, pin = new_guide(
                    args.dir, args.topic, args.plotly_js, git=not args.no_git, engine_spec=args.engine
                )
            except ScaffoldError as exc:
                print(str(exc), file=sys.stderr)
                return 1
            print(f"requirements.txt: {pin.line}  ({pin.describe()}; `python -m generator doctor` checks it)")
            mkdocs = Path(sys.executable).parent / "mkdocs"
            print(f"wrote {len(written)} files to {args.dir}; next: cd {shlex.quote(str(args.dir))} && {mkdocs} serve")
        elif args.command == "doctor":
            from generator.doctor import doctor as run_doctor

            lines, problems = run_doctor(args.requirements)
            for line in lines:
                print(line)
            for problem in problems:
                print(problem, file=sys.stderr)
            return 1 if problems else 0
        elif args.command == "check":
            from generator.adapters import config_gate
            from generator.check.sentences import unbacked
            from generator.check.todo import work_to_do
            from generator.sentences import page_texts

            # The configurations the builds run are code: refused here, before MkDocs reads any of them.
            for config_file in config_gate.configurations(args.data.absolute().parent):
                if refused := config_gate.problems(config_file):
                    print(config_gate.describe(refused), file=sys.stderr)
                    return 1
            # What the data folder holds that the guide does not read is no data: a tool could run it.
            from generator.read.load import unknown_files

            if unknown := unknown_files(args.data):
                for stray in unknown:
                    print(stray.text(data_prefix(args.data)), file=sys.stderr)
                return 1

            docs = args.docs if args.docs is not None else _pages_beside(args.data)
            try:
                derived = derive_guide(args.data, docs)
            except GuideError as exc:
                # The sentences nothing backs are listed in the same run as the errors, from the valid records.
                print(exc.report(data_prefix(args.data)), file=sys.stderr)
                try:
                    valid = checked_data(args.data)
                except GuideError:  # a guide in another format: its one line is said already
                    valid = None
                loose = unbacked(valid, page_texts(docs), broken=True) if valid is not None else []
                if loose:
                    listed = "\n".join(f"  {p.text(data_prefix(args.data))}" for p in loose)
                    print(f"warning: {len(loose)} sentences state a comparison nothing backs:\n{listed}")
                return 1
            guide = derived.data
            loose = unbacked(guide, page_texts(docs))
            listed = "\n".join(f"  {p.text(data_prefix(args.data))}" for p in loose)
            if loose and args.strict:
                print(f"error: {len(loose)} sentences state a comparison nothing backs:\n{listed}", file=sys.stderr)
                return 1
            print(f"ok: {len(guide.options)} {guide.guide.option_noun_plural}, {len(guide.tables)} tables")
            todo = work_to_do(guide)
            if todo:
                print(f"to do ({len(todo)}): verdicts that rest on the record's word alone, shown as not yet cited:")
                print("\n".join(f"  {p.text(data_prefix(args.data))}" for p in todo))
            if loose:
                print(f"warning: {len(loose)} sentences state a comparison nothing backs:\n{listed}")
        elif args.command == "diff":
            report = diff_report(args.data, args.base, args.head, args.format, args.site_url, args.title)
            if args.out is None:
                sys.stdout.write(report)
            else:
                _write_file(args.out, report)
        else:
            # Only this command writes JSON Schema: the record format's for editors, and the downloads'
            # format the engine ships (a build copies it instead of generating it from the models).
            from generator.render.data_files import DATA_SCHEMA
            from generator.render.data_format import json_schema
            from generator.schema.export import export_schemas, write_files

            stale = export_schemas(args.out, check=args.check)
            stale += write_files({DATA_SCHEMA: json_schema()}, check=args.check)
            if stale:
                print("out of date: " + ", ".join(stale) + " (run: python -m generator schema)", file=sys.stderr)
                return 1
            if not args.check:
                print(f"wrote {len(list(args.out.glob('*.schema.json')))} schema files to {args.out}")
    except GuideError as exc:
        # Every file named from the repository's root (``data/options/x.yml:3``), as editors and CI open it.
        print(exc.report(data_prefix(data) if isinstance(data, Path) else ""), file=sys.stderr)
        return 1
    except OutputRefused as exc:
        print(f"--out: {exc}", file=sys.stderr)
        return 1
    except RevisionError as exc:
        print(f"diff: {exc}", file=sys.stderr)
        return 1
    except AssetError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except OSError as exc:  # a full disk or a read-only folder: say so, without a traceback
        print(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def diff_report(data: Path, base: str, head: str, fmt: str, site_url: str = "", title: str | None = None) -> str:
    """The diff between two revisions of ``data`` as Markdown or JSON text."""
    # Imported here: a build or a check never pays for the diff machinery.
    from generator.diff import diff_guides
    from generator.diff.report import SiteLinks, to_json_text, to_markdown
    from generator.diff.revisions import load_pair
    from generator.diff.site import site_changes

    old, new = load_pair(data, base or None, head or None)
    diff = dataclasses.replace(diff_guides(old, new), site=site_changes(data, old, new))
    if fmt == "json":
        return to_json_text(diff)
    d = new.derived
    links = SiteLinks(site_url, {t.id for t in d.data.tables}, {o.id for o in d.data.options}) if site_url else None
    return to_markdown(diff, links, title=title)


def _write_file(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all: a reader never sees half a report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
