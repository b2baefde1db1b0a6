"""``python -m generator import``: file a benchmark tool's own output under a cell of a table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.ingest.inspect_file import EPILOG
from generator.read.formats.catalog import PARSERS

if TYPE_CHECKING:
    from generator.ingest.planning import Request

SWEEPS = """sweep tables (sweep: {load: concurrency} in the table):
  without --row, each run goes to the row whose load (workload: {concurrency: 32}) is the one the run's own
  file states, among the rows of --context if given; a load the table has no row for gets one, created in
  load order (id concurrency-32, label "conc 32"; with --context east: east-concurrency-32, "East conc 32"),
  so a file holding a whole sweep lands in one command, one row per load:
    python -m generator import FORMAT sweep.json --table throughput --series a [--context east]
    python -m generator import FORMAT rates.jsonl --record 1-5 --table by-rate --series a
  (--record 1-5: the runs of one sweep, from a file that holds another too). A run whose file states no
  load, or one that is not a positive number, is refused naming the file; nothing is written then.

"""


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "import",
        help="keep a benchmark tool's result file under data/runs/ and file it under a table cell",
        description="Keep a benchmark tool's own result file verbatim under data/runs/<table>/ and add it"
        " to a cell of a measured table; the shown value is derived from the file at build time.",
        epilog=SWEEPS + EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "format",
        nargs="?",
        metavar="FORMAT",
        help=f"the tool's format ({', '.join(sorted(PARSERS))}), or the name of a map the guide keeps in maps/",
    )
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="result files (a second one for a filled cell needs --repetition)",
    )
    parser.add_argument("--data", type=Path, default=Path("data"))
    parser.add_argument("--table", help="the measured table's id")
    parser.add_argument(
        "--row",
        help="the row's id; leave it out for a sweep table: each run goes to the row of the load its file states",
    )
    parser.add_argument(
        "--context",
        metavar="ID",
        help="without --row: the context of the sweep rows the runs go to (rows match on context and load)",
    )
    parser.add_argument(
        "--series",
        help="the series' id; leave it out to file the file under every series that names its own metric for"
        " the format (`metrics: {FORMAT: ...}` on the series)",
    )
    parser.add_argument(
        "--record",
        type=_records,
        metavar="N",
        help="which run of a file that holds several (1 = the first), or runs: 1-5, 1,3,6-7",
    )
    parser.add_argument(
        "--test", metavar="NAME", help="which test of a log that holds several (nccl-tests: alltoall_perf)"
    )
    parser.add_argument(
        "--accept-difference",
        metavar="REASON",
        help="file a run whose set-up differs from the row's anyway; the reason is kept and shown",
    )
    parser.add_argument(
        "--repetition",
        action="store_true",
        help="the files are further runs of the same measurement: add them to a cell that already holds a run",
    )
    parser.add_argument("--map", type=Path, metavar="SWEEP_YML", help="a mapping file: one run file or folder per cell")


def _records(text: str) -> int | tuple[int, ...]:
    from generator.ingest.planning import parse_records

    try:
        return parse_records(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def requests_of(args: argparse.Namespace) -> tuple[list[Request], list[str]]:
    """The requests the command line asks for, or why it cannot be understood."""
    from generator.ingest.planning import Request
    from generator.ingest.sweep import read_sweep

    if args.map is not None:
        given = (args.format, args.files, args.table, args.row, args.series, args.record, args.test, args.context)
        if any(given):
            return [], [
                "--map takes the whole sweep from the mapping file:"
                " give no FORMAT, FILE, --table, --row, --series, --context"
            ]
        if args.repetition:
            return [], ["--map: a repetition is marked in the mapping file (`repetition: true` on its entry)"]
        return read_sweep(args.map)
    missing = [name for name in ("format", "table") if not getattr(args, name)]
    if missing or not args.files:
        wanted = ", ".join(
            ["FORMAT" if m == "format" else f"--{m}" for m in missing] + ([] if args.files else ["FILE"])
        )
        return [], [f"import needs {wanted} (or --map SWEEP_YML)"]
    return [
        Request(
            args.format,
            path,
            args.table,
            args.row,
            args.series or "",
            args.record,
            args.accept_difference,
            part=args.test,
            repetition=args.repetition,
            context=args.context,
        )
        for path in args.files
    ], []


def run(args: argparse.Namespace) -> int:
    """Do the import; every refusal is printed with what to fix, and nothing is written (exit 1)."""
    from generator.errors import GuideError
    from generator.ingest.importer import ImportProblems, import_runs

    try:
        try:
            requests, problems = requests_of(args)
            if problems:
                raise ImportProblems(problems)
            outcome = import_runs(args.data, requests)
        except GuideError as exc:  # the guide as it is cannot be read: refused like any other reason
            raise ImportProblems([str(p) for p in exc.problems]) from None
        except OSError as exc:  # a write that failed is taken back (importer._commit): nothing is left written
            raise ImportProblems([f"cannot write {exc.filename or 'the data folder'}: {exc.strerror or exc}"]) from None
    except ImportProblems as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    from generator.errors import printable  # a file's name may hold terminal escapes: shown, never obeyed

    for line in outcome.created:
        print(f"created    {printable(str(line))}")
    for line in outcome.added:
        print(f"added      {printable(str(line))}")
    for line in outcome.unchanged:
        print(f"unchanged  {printable(str(line))} (already imported)")
    for path in outcome.written:
        print(f"wrote      {printable(str(path))}")
    for line in outcome.stored:
        print(f"stored     {printable(line)} (a copy in the store guide.yml declares)")
    for line in outcome.unstored:
        print(f"not stored {printable(line)}")
    if outcome.added:
        print("next: `python -m generator diff` shows what this changes; `mkdocs serve` shows the page")
    return 0
