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
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench import page, search, serve, startup, weight
from bench.measure import Sample, fit_slope, interleaved, summary
from bench.sites import ENV, ROOT, Project, prepare
from bench.synth import option_id, synth_name, write_guide

GOALS = {
    "overhead_ratio": 1.10,
    "stage_ms_per_path": 1.0,
    "ms_per_extra_page": 12.0,
    "largest_build_s": 15.0,
    "reload_ratio": 1.2,
    "text_page_kib": 75.0,
    "chart_page_kib": 150.0,
}
MIB = 1024


def _walls(samples: list[Sample]) -> list[float]:
    return [s.wall for s in samples]


def _cpus(samples: list[Sample]) -> list[float]:
    return [s.cpu for s in samples]


def _pair(full: list[Sample], bare: list[Sample]) -> dict[str, Any]:
    """Full against bare: medians, spreads, and the ratio of medians (wall and CPU)."""
    pair_ratios = [f.wall / b.wall for f, b in zip(full, bare, strict=False)]
    return {
        "full_s": summary(_walls(full)),
        "bare_s": summary(_walls(bare)),
        "full_cpu_s": summary(_cpus(full)),
        "bare_cpu_s": summary(_cpus(bare)),
        "ratio": statistics.median(_walls(full)) / statistics.median(_walls(bare)),
        "ratio_cpu": statistics.median(_cpus(full)) / statistics.median(_cpus(bare)),
        "ratio_per_run": summary(pair_ratios),
        "full_peak_mib": summary([s.peak_kib / MIB for s in full]),
        "bare_peak_mib": summary([s.peak_kib / MIB for s in bare]),
    }


def _log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def stage_figures(guides: dict[int, Path], runs: int) -> dict[str, Any]:
    """Figure 2: the generator alone, per path record, in a fresh process per guide."""
    sizes: dict[str, Any] = {}
    for n, data_dir in guides.items():
        proc = subprocess.run(
            [sys.executable, "-m", "bench.stage", str(data_dir), str(runs)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, **ENV},
            check=True,
        )
        result = json.loads(proc.stdout)
        totals = [w["total"] * 1000 for w in result["warm"]]
        stages = {
            k: statistics.median(w[k] for w in result["warm"]) * 1000
            for k in ("load", "schema", "checks", "derive", "render")
        }
        sizes[str(n)] = {
            "paths": n,
            "pages": result["cold"]["pages"],
            "cold_ms": result["cold"]["total"] * 1000,
            "warm_ms": summary(totals),
            "per_path_ms": statistics.median(totals) / n,
            "stages_ms": stages,
            "stages_per_path_ms": {k: v / n for k, v in stages.items()},
        }
    xs = [float(v["paths"]) for v in sizes.values()]
    slope, intercept = fit_slope(xs, [v["warm_ms"]["median"] for v in sizes.values()])
    return {
        "clock": "CPU time of the process",
        "sizes": sizes,
        "slope_ms_per_path": slope,
        "intercept_ms": intercept,
        "goal_ms_per_path": GOALS["stage_ms_per_path"],
    }


def engine_figure(mkdocs: list[Sample], zensical: list[Sample]) -> dict[str, Any]:
    """Figure 1b: the shipped guide built by Zensical (generator, project folder and ``zensical build``)
    against MkDocs with the plugin, timed in the same interleaved runs."""
    return {
        "zensical": version("zensical"),
        "mkdocs_s": summary(_walls(mkdocs)),
        "zensical_s": summary(_walls(zensical)),
        "mkdocs_cpu_s": summary(_cpus(mkdocs)),
        "zensical_cpu_s": summary(_cpus(zensical)),
        "ratio": statistics.median(_walls(zensical)) / statistics.median(_walls(mkdocs)),
    }


def zensical_scale_figure(mkdocs: list[Sample], zensical: list[Sample]) -> dict[str, Any]:
    """Figure 3b: a synthetic guide built by Zensical against MkDocs + plugin (same interleaved runs), and
    where Zensical's time goes: the generator writing the guide's Markdown and project, then ``zensical build``."""
    phases = [s.phases or {} for s in zensical]
    return {
        **engine_figure(mkdocs, zensical),
        "ratio_cpu": statistics.median(_cpus(zensical)) / statistics.median(_cpus(mkdocs)),
        "project_s": summary([p["project_s"] for p in phases]),
        "project_cpu_s": summary([p["project_cpu_s"] for p in phases]),
        "zensical_build_s": summary([p["zensical_s"] for p in phases]),
        "zensical_build_cpu_s": summary([p["zensical_cpu_s"] for p in phases]),
        "peak_mib": summary([s.peak_kib / MIB for s in zensical]),
    }


def reload_figure(project: Project, record: Path, page: str, edits: int, full: dict[str, Any]) -> dict[str, Any]:
    """Figure 4: edit-to-reload latency against the full build of the same guide (``full``: its figures)."""
    latencies, cpu = serve.reload_latency(
        project.full_config, record, page, edits, project.work / "serve.log", first_build_timeout=300
    )
    return {
        "guide": project.name,
        "latency_s": summary(latencies),
        "server_cpu_s": summary(cpu),
        "full_build_s": full["full_s"]["median"],
        "full_build_cpu_s": full["full_cpu_s"]["median"],
        "ratio": statistics.median(latencies) / full["full_s"]["median"],
        "ratio_cpu": statistics.median(cpu) / full["full_cpu_s"]["median"],
        "goal_ratio": GOALS["reload_ratio"],
    }


def weight_figure(site: Path, top: int | None = None) -> dict[str, Any]:
    pages = weight.page_weights(site)
    if top is None:
        shown = pages
    else:  # the largest pages, and the largest of each kind
        keep = {p.page for p in pages[:top]} | {p.page for kind in ("text", "chart") for p in _of(pages, kind)[:3]}
        shown = [p for p in pages if p.page in keep]
    return {
        "pages": [{**asdict(p), "total": p.total, "total_kib": p.total / 1024} for p in shown],
        "page_count": len(pages),
        "search_kib": weight.search_weight(site) / 1024,
        "plotly_kib": weight.plotly_weight(site) / 1024,
        "largest_text_kib": max((p.total for p in pages if p.kind == "text"), default=0) / 1024,
        "largest_chart_kib": max((p.total for p in pages if p.kind == "chart"), default=0) / 1024,
        "chart_pages": sum(1 for p in pages if p.kind == "chart"),
        "goal_text_kib": GOALS["text_page_kib"],
        "goal_chart_kib": GOALS["chart_page_kib"],
    }


def _of(pages: list[weight.PageWeight], kind: str) -> list[weight.PageWeight]:
    return [p for p in pages if p.kind == kind]


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
    result["overhead"] = {"guide": "shipped", "pages": shipped.pages, "cli_s": cli.wall, **_pair(**samples)}
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
            **_pair(**samples),
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


def _spread(s: dict[str, float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{s['median'] * scale:.{digits}f} ({s['min'] * scale:.{digits}f}–{s['max'] * scale:.{digits}f})"


def _ok(value: float, goal: float) -> str:
    return "✔ met" if value <= goal else "✖ missed"


def table(r: dict[str, Any]) -> str:
    """The results as a Markdown table: figure, measured (median, min–max), goal, verdict."""
    o, st, sc, m = r["overhead"], r["stage"], r["scale"], r["memory"]
    rows = [
        (
            f"1. Shipped guide ({o['pages']} pages): full build / bare MkDocs",
            f"{o['ratio']:.3f}× wall (per run {_spread(o['ratio_per_run'], digits=3)}); "
            f"{o['ratio_cpu']:.3f}× CPU; full {_spread(o['full_s'])} s, bare {_spread(o['bare_s'])} s",
            f"≤ {o['goal_ratio']:.2f}×",
            _ok(o["ratio"], o["goal_ratio"]),
        )
    ]
    en = r["engines"]
    rows.append(
        (
            f"1. Shipped guide with Zensical {en['zensical']} (`make zensical-build`) / MkDocs + plugin",
            f"{en['ratio']:.2f}× wall; Zensical {_spread(en['zensical_s'])} s "
            f"(CPU, generator and Zensical together: {_spread(en['zensical_cpu_s'])} s), "
            f"MkDocs {_spread(en['mkdocs_s'])} s",
            "",
            "",
        )
    )
    su = r["startup"]
    bare_cpu_ms = o["bare_cpu_s"]["median"] * 1000
    budget_ms = (o["goal_ratio"] - 1) * bare_cpu_ms
    extra_ms = o["full_cpu_s"]["median"] * 1000 - bare_cpu_ms
    diff_state = "loaded" if su["diff_loaded"]["median"] else "not loaded"
    rows.append(
        (
            "1. Plugin start-up (imports before any page; CPU, fresh process with MkDocs loaded)",
            f"{su['total']['median']:.0f} ms (min {su['total']['min']:.0f}): pydantic "
            f"{su['pydantic']['median']:.0f}, record models {su['record_models']['median']:.0f}, rest of the plugin "
            f"{su['rest_of_plugin']['median']:.0f}; diff machinery {diff_state}."
            f" The whole build adds {extra_ms:.0f} ms CPU to bare MkDocs ({bare_cpu_ms:.0f} ms)",
            f"≤ {budget_ms:.0f} ms added in all",
            _ok(extra_ms, budget_ms),
        )
    )
    for n, s in st["sizes"].items():
        stages = ", ".join(f"{k} {v:.2f}" for k, v in s["stages_per_path_ms"].items())
        rows.append(
            (
                f"2. Generator stage, {n} paths ({s['pages']} pages)",
                f"{s['per_path_ms']:.2f} ms/path; run {_spread(s['warm_ms'], digits=0)} ms, "
                f"first run {s['cold_ms']:.0f} ms; per path: {stages}",
                f"≤ {st['goal_ms_per_path']:.0f} ms/path",
                _ok(s["per_path_ms"], st["goal_ms_per_path"]),
            )
        )
    rows.append(
        (
            "2. Generator stage, fitted slope",
            f"{st['slope_ms_per_path']:.2f} ms per extra path (intercept {st['intercept_ms']:.0f} ms)",
            f"≤ {st['goal_ms_per_path']:.0f} ms/path",
            _ok(st["slope_ms_per_path"], st["goal_ms_per_path"]),
        )
    )
    for n, s in sc["sizes"].items():
        rows.append(
            (
                f"3. Build, {n} paths ({s['pages']} pages): full / bare",
                f"full {_spread(s['full_s'])} s, bare {_spread(s['bare_s'])} s; "
                f"{s['ratio']:.2f}× wall, {s['ratio_cpu']:.2f}× CPU",
                "",
                "",
            )
        )
    for n, s in sc["sizes"].items():
        z = s["zensical"]
        rows.append(
            (
                f"3. Build, {n} paths, with Zensical (`make zensical-build`) / MkDocs + plugin",
                f"{z['ratio']:.2f}× wall, {z['ratio_cpu']:.2f}× CPU; Zensical {_spread(z['zensical_s'])} s: the "
                f"guide's Markdown and project {_spread(z['project_s'])} s, `zensical build` "
                f"{_spread(z['zensical_build_s'])} s (CPU {_spread(z['zensical_build_cpu_s'])} s); "
                f"MkDocs + plugin {_spread(z['mkdocs_s'])} s",
                "",
                "",
            )
        )
    rows.append(
        (
            "3. Full build per extra page",
            f"{sc['ms_per_extra_page']:.1f} ms (bare MkDocs {sc['ms_per_extra_page_bare']:.1f} ms; "
            f"CPU {sc['cpu_ms_per_extra_page']:.1f} ms)",
            f"≤ {sc['goal_ms_per_extra_page']:.0f} ms",
            _ok(sc["ms_per_extra_page"], sc["goal_ms_per_extra_page"]),
        )
    )
    rows.append(
        (
            "3. Zensical build per extra page",
            f"{sc['zensical_ms_per_extra_page']:.1f} ms (MkDocs + plugin {sc['ms_per_extra_page']:.1f} ms)",
            "",
            "",
        )
    )
    rows.append(
        (
            f"3. Full build, largest guide ({list(sc['sizes'])[-1]} paths)",
            f"{sc['largest_build_s']:.1f} s",
            f"≤ {sc['goal_largest_build_s']:.0f} s",
            _ok(sc["largest_build_s"], sc["goal_largest_build_s"]),
        )
    )
    for name, rl in r["reload"].items():
        label = "shipped guide" if name == "shipped" else f"{name} paths"
        rows.append(
            (
                f"4. Edit to reload in `mkdocs serve`, {label}",
                f"{_spread(rl['latency_s'])} s = {rl['ratio']:.3f}× a full build ({rl['full_build_s']:.2f} s); "
                f"server CPU {rl['ratio_cpu']:.2f}× the build's"
                + (
                    f"; bare MkDocs reloading an edited page: {_spread(rl['bare_latency_s'])} s"
                    if "bare_latency_s" in rl
                    else ""
                ),
                f"≤ {rl['goal_ratio']:.1f}×",
                _ok(rl["ratio"], rl["goal_ratio"]),
            )
        )
    for name, w in r["weight"].items():
        text_pages = [p for p in w["pages"] if p["kind"] == "text"][:3]
        top = ", ".join(f"{p['page']} {p['total_kib']:.0f}" for p in text_pages)
        parts = ""
        if text_pages and "theme" in text_pages[0]:
            big = text_pages[0]
            parts = (
                f": the page {big['html'] / 1024:.1f}, the theme's CSS/JS {big['theme'] / 1024:.1f}, "
                f"the engine's {(big['assets'] - big['theme']) / 1024:.1f}"
            )
        rows.append(
            (
                f"5. Page weight, {name}: text pages (gzip, page + its CSS/JS)",
                f"largest {w['largest_text_kib']:.1f} KiB{parts} ({top}); "
                f"search index + worker {w['search_kib']:.0f} KiB once per visit",
                f"≤ {w['goal_text_kib']:.0f} KiB",
                _ok(w["largest_text_kib"], w["goal_text_kib"]),
            )
        )
        if w["chart_pages"]:
            rows.append(
                (
                    f"5. Page weight, {name}: chart pages (charts as SVG; plotly.js on a touch)",
                    f"largest {w['largest_chart_kib']:.1f} KiB ({w['chart_pages']} chart pages); "
                    f"plotly.js {w.get('plotly_kib', 0):.0f} KiB more once a chart is touched",
                    f"≤ {w['goal_chart_kib']:.0f} KiB",
                    _ok(w["largest_chart_kib"], w["goal_chart_kib"]),
                )
            )
    rows.append(
        (
            f"6. Peak memory, {m['guide']}",
            f"full {_spread(m['full_peak_mib'], digits=0)} MiB, bare {_spread(m['bare_peak_mib'], digits=0)} MiB, "
            f"Zensical {_spread(m['zensical_peak_mib'], digits=0)} MiB",
            "",
            "",
        )
    )
    se = r["search"]
    for engine, label in (("mkdocs", "MkDocs + Material"), ("zensical", "Zensical")):
        f, ix = se[engine], se[engine]["index"]
        rows.append(
            (
                f"7. Search, {se['guide']}, {label}: “{se['query']}” until its page is listed",
                f"{_spread(f['from_page_load_s'])} s from opening the overview "
                f"({_spread(f['from_first_key_s'])} s from the first key); index {ix['entries']} entries, "
                f"{ix['kib']:.0f} KiB ({ix['gzip_kib']:.0f} KiB gzipped), longest entry {ix['longest_text_chars']} "
                f"characters at `{ix['longest_at']}`",
                "",
                "",
            )
        )
    lines = ["| Figure | Measured: median (min–max) | Goal | |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    mach = r["machine"]
    lines.append("")
    lines.append(
        f"{mach['cpus']} CPUs, load average {mach['load_average_before'][0]:.1f} before and "
        f"{mach['load_average_after'][0]:.1f} after; Python {mach['python']}, MkDocs {mach['mkdocs']}, "
        f"Material {mach['mkdocs-material']}, Zensical {mach['zensical']}; {r['elapsed_s']:.0f} s in all."
    )
    return "\n".join(lines)


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
