"""The benchmark's figures (:mod:`bench.run`): each one's samples summed up, beside its goal."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import asdict
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench import serve, weight
from bench.measure import Sample, fit_slope, summary
from bench.sites import ENV, ROOT, Project

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


def pair_figure(full: list[Sample], bare: list[Sample]) -> dict[str, Any]:
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
