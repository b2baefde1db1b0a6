"""The benchmark: what the generator adds to an MkDocs build, and how a guide scales to 1,000 paths.

    python -m bench                 # the full benchmark (a few minutes on 2 cores)
    python -m bench --smoke         # 10 paths, one run of everything (the test suite runs this)

Prints a Markdown table and writes every measurement to ``build/bench.json``.
Each figure is a ratio or a per-unit cost measured side by side in this run,
with the median over several runs and the min and max, so a noisy machine shows
as a wide spread rather than a wrong ratio.

1. overhead: the shipped guide built with the plugin, against the same pages
   (written out by ``python -m generator build``) built by bare MkDocs; and the same
   guide built by Zensical (``make zensical-build``) beside them;
2. generator stage alone (load, validate, derive, render) per path record on
   synthetic guides, with a fitted slope;
3. full build per extra page between two synthetic guides (100 and 1,000 paths), with MkDocs + plugin
   and with Zensical (``make zensical-build``'s path), and where Zensical's time goes;
4. edit-to-reload latency in ``mkdocs serve`` against a full build;
5. compressed bytes per page;
6. peak memory of the largest build;
7. search on the largest guide, each engine: typing a path's name until its page is listed.

The figures are summed up in :mod:`bench.figures` and printed by :mod:`bench.table`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench import page, search, serve, startup
from bench.figures import (
    GOALS,
    engine_figure,
    pair_figure,
    reload_figure,
    stage_figures,
    weight_figure,
    zensical_scale_figure,
)
from bench.measure import interleaved, summary
from bench.sites import ROOT, Project, prepare
from bench.synth import option_id, synth_name, write_guide
from bench.table import table


def _log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    started = time.perf_counter()
    result: dict[str, Any] = {
        "machine": {
            "cpus": os.cpu_count(),
            "load_average_before": list(os.getloadavg()),
            "python": platform.python_version(),
            "mkdocs": version("mkdocs"),
            "mkdocs-material": version("mkdocs-material"),
            "zensical": version("zensical"),
        },
        "settings": {
            "stage_sizes": args.stage_sizes,
            "scale_sizes": args.scale_sizes,
            "runs": args.runs,
            "scale_runs": args.scale_runs,
            "edits": args.edits,
            "smoke": args.smoke,
        },
        "goals": GOALS,
    }

    # 1. Overhead on the shipped guide.
    _log("shipped guide: writing pages and configs")
    shipped, cli = prepare("shipped", ROOT / "data", work / "shipped", shipped=True)
    _log(f"shipped guide: {shipped.pages} pages, full vs bare vs Zensical x{args.runs}")
    samples = interleaved(
        {"full": shipped.build_full, "bare": shipped.build_bare, "zensical": shipped.build_zensical}, args.runs
    )
    zensical = samples.pop("zensical")
    result["overhead"] = {"guide": "shipped", "pages": shipped.pages, "cli_s": cli.wall, **pair_figure(**samples)}
    result["overhead"]["goal_ratio"] = GOALS["overhead_ratio"]
    result["engines"] = engine_figure(samples["full"], zensical)
    _log(f"plugin start-up x{args.runs}")
    result["startup"] = startup.measure(args.runs)

    # 2. The generator stage alone.
    guides: dict[int, Path] = {}
    for n in sorted({*args.stage_sizes, *args.scale_sizes}):
        guides[n] = write_guide(work / f"data-{n}", n)
    _log(f"generator stage at {args.stage_sizes} paths")
    result["stage"] = stage_figures({n: guides[n] for n in args.stage_sizes}, args.runs)

    # 3 and 6. Full builds at scale, and their peak memory.
    scale: dict[str, Any] = {}
    projects: dict[int, Project] = {}
    for n in args.scale_sizes:
        project, _ = prepare(f"{n} paths", guides[n], work / f"scale-{n}")
        projects[n] = project
        _log(f"{n} paths: {project.pages} pages, full vs bare vs Zensical x{args.scale_runs}")
        jobs = {"full": project.build_full, "bare": project.build_bare, "zensical": project.build_zensical}
        samples = interleaved(jobs, args.scale_runs)
        zensical_samples = samples.pop("zensical")
        scale[str(n)] = {
            "paths": n,
            "pages": project.pages,
            **pair_figure(**samples),
            "zensical": zensical_scale_figure(samples["full"], zensical_samples),
        }
    small, large = (scale[str(n)] for n in args.scale_sizes[:2])
    extra = large["pages"] - small["pages"]
    result["scale"] = {
        "sizes": scale,
        "ms_per_extra_page": (large["full_s"]["median"] - small["full_s"]["median"]) * 1000 / extra,
        "ms_per_extra_page_bare": (large["bare_s"]["median"] - small["bare_s"]["median"]) * 1000 / extra,
        "cpu_ms_per_extra_page": (large["full_cpu_s"]["median"] - small["full_cpu_s"]["median"]) * 1000 / extra,
        "zensical_ms_per_extra_page": (
            (large["zensical"]["zensical_s"]["median"] - small["zensical"]["zensical_s"]["median"]) * 1000 / extra
        ),
        "largest_build_s": large["full_s"]["median"],
        "goal_ms_per_extra_page": GOALS["ms_per_extra_page"],
        "goal_largest_build_s": GOALS["largest_build_s"],
    }
    result["memory"] = {
        "guide": f"{args.scale_sizes[-1]} paths",
        "full_peak_mib": large["full_peak_mib"],
        "bare_peak_mib": large["bare_peak_mib"],
        "zensical_peak_mib": large["zensical"]["peak_mib"],
    }

    # 4. Edit-to-reload latency.
    reload: dict[str, Any] = {}
    _log(f"mkdocs serve: shipped guide, {args.edits} edits")
    data_copy = work / "shipped-data"
    shutil.copytree(ROOT / "data", data_copy)
    served, _ = prepare("shipped (copy)", data_copy, work / "serve-shipped")
    reload["shipped"] = reload_figure(
        served,
        data_copy / "options" / "dense.yml",
        "options/dense/",
        args.edits,
        result["overhead"],
    )
    # The same edit without the plugin (a Markdown page of the bare build): the serve loop's own delay.
    _log(f"mkdocs serve: shipped guide without the plugin, {args.edits} edits")
    bare_latencies, bare_cpu = serve.reload_latency(
        shipped.bare_config,
        shipped.work / "bare-docs" / "options" / "dense.md",
        "options/dense/",
        args.edits,
        shipped.work / "serve-bare.log",
        first_build_timeout=300,
        line=serve.TITLE_LINE,
    )
    reload["shipped"]["bare_latency_s"] = summary(bare_latencies)
    reload["shipped"]["bare_server_cpu_s"] = summary(bare_cpu)
    reload["shipped"]["ratio_to_bare_reload"] = reload["shipped"]["latency_s"]["median"] / statistics.median(
        bare_latencies
    )
    for n in args.serve_sizes:
        _log(f"mkdocs serve: {n} paths, {args.edits} edits")
        reload[str(n)] = reload_figure(
            projects[n],
            guides[n] / "options" / f"{option_id(0)}.yml",
            f"options/{option_id(0)}/",
            args.edits,
            scale[str(n)],
        )
    result["reload"] = reload

    # 5. Page weight.
    largest = projects[args.scale_sizes[-1]]
    result["weight"] = {
        "shipped": weight_figure(shipped.work / "site-full"),
        f"{args.scale_sizes[-1]} paths": weight_figure(largest.work / "site-full", top=5),
        f"{args.scale_sizes[-1]} paths, Zensical": weight_figure(largest.work / "zensical" / "site", top=5),
    }

    # 7. Search on the largest guide: its last path, by name, on each engine.
    n = args.scale_sizes[-1]
    _log(f"search on {n} paths, both engines x{args.scale_runs}")
    sites: dict[search.Engine, Path] = {
        "mkdocs": largest.work / "site-full",
        "zensical": largest.work / "zensical" / "site",
    }
    result["search"] = {
        "guide": f"{n} paths",
        **search.measure(sites, synth_name(n - 1), f"options/{option_id(n - 1)}/", args.scale_runs),
    }

    result["machine"]["load_average_after"] = list(os.getloadavg())
    result["elapsed_s"] = time.perf_counter() - started
    return result


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="10 paths and one run of each figure")
    parser.add_argument("--runs", type=int, default=5, help="runs of the shipped builds and the generator stage")
    parser.add_argument("--scale-runs", type=int, default=3, help="runs of each build at scale")
    parser.add_argument("--edits", type=int, default=3, help="edits timed in mkdocs serve")
    parser.add_argument("--stage-sizes", type=lambda s: [int(x) for x in s.split(",")], default=[10, 100, 1000])
    parser.add_argument("--scale-sizes", type=lambda s: [int(x) for x in s.split(",")], default=[100, 1000])
    parser.add_argument("--serve-sizes", type=lambda s: [int(x) for x in s.split(",") if x], default=[100])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench.json")
    parser.add_argument("--keep", type=Path, help="keep the synthetic guides and sites in this folder")
    parser.add_argument(
        "--no-page", action="store_true", help="leave docs/performance.md alone (a smoke run always does)"
    )
    parser.add_argument(
        "--table-from", type=Path, help="measure nothing: print (and write to the page) the table of a saved run"
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.runs = args.scale_runs = args.edits = 1
        args.stage_sizes, args.scale_sizes, args.serve_sizes = [5, 10], [5, 10], []
    if len(args.scale_sizes) != 2 or args.scale_sizes[0] >= args.scale_sizes[1]:
        parser.error("--scale-sizes takes two sizes, smaller first")
    if not set(args.serve_sizes) <= set(args.scale_sizes):
        parser.error("--serve-sizes must be among --scale-sizes")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.table_from:
        saved = json.loads(args.table_from.read_text(encoding="utf-8"))
        print(table(saved))
        if not args.no_page:
            when = saved.get("finished") or time.strftime(
                "%Y-%m-%d %H:%M UTC", time.gmtime(args.table_from.stat().st_mtime)
            )
            page.write_part("bench", table(saved), when=when, commit=saved.get("commit"))
        return 0
    # Measure what an author's machine does: Python caches compiled modules (``__pycache__``) after
    # the first run. A shell that forbids it makes every child recompile the engine and MkDocs.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.keep:
        if args.keep.exists():
            shutil.rmtree(args.keep)
        work = args.keep
        work.mkdir(parents=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="guide-bench-"))
    try:
        result = run(args, work)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    result["finished"] = page.now()
    result["commit"] = page.head_commit()
    result["table"] = table(result)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(result["table"])
    print(f"\nwrote {args.out}")
    if not (args.smoke or args.no_page):
        page.write_part("bench", result["table"], when=result["finished"])
        print(f"wrote the table into {page.PAGE.relative_to(ROOT)}")
    return 0
