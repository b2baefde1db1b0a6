"""Lighthouse scores for every page of the guide, served compressed on 127.0.0.1, desktop and mobile.

    make lighthouse-deps         # once: npm ci (lighthouse 12.2.3 from tools/lighthouse/package-lock.json)
    make lighthouse              # = python -m bench.lighthouse
    python -m bench.lighthouse --sample  # one page of each kind: a few minutes instead of most of an hour
    python -m bench.lighthouse --runs 1 --pages "" results/

Builds the site for a free local port, serves it gzip-compressed (as any static host does), runs
Lighthouse 12 against each page listed in the sitemap with the desktop preset and the default mobile
settings (simulated slow 4G and a 4x slower CPU), several times, and prints the median of each figure:
the four category scores and the bytes transferred. Lighthouse 13 needs Node 22; 12.2.3 runs on Node 18+.

Goals (from the project's issues): text pages 100/100/100/100 on both presets; pages with charts at least
98 (desktop) and 95 (mobile) performance with the other three at 100. Audits that cost accessibility,
best-practice or SEO points are named beside each row. The exit status is 1 if a goal is
missed. Scores from a busy machine are lower: the load average is printed with the table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench import page
from quality.build import ROOT, build_site
from quality.chromium import CHROMIUM_ARGS, ChromiumNotFound, find_chromium
from quality.serve import StaticServer
from quality.sitemap import page_paths

LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PRESETS = {"desktop": ["--preset=desktop"], "mobile": []}  # mobile is Lighthouse's default
CHART_GOAL = {"desktop": 98, "mobile": 95}


@dataclass
class Result:
    """The median figures of one page under one preset."""

    page: str
    kind: str  # "text" or "chart"
    preset: str
    scores: dict[str, int]
    transferred: int  # bytes
    fcp_ms: float  # first contentful paint
    tbt_ms: float  # total blocking time: with the CPU slowed 4x (mobile), the figure a busy machine moves most
    failed: list[str]  # audits below full marks that cost accessibility, best practices or SEO points

    def goal_met(self) -> bool:
        others = all(self.scores[c] == 100 for c in CATEGORIES[1:])
        floor = 100 if self.kind == "text" else CHART_GOAL[self.preset]
        return others and self.scores["performance"] >= floor


def run_once(url: str, preset: str) -> tuple[dict[str, int], dict[str, float], list[str]]:
    """One Lighthouse run: the four category scores (0-100); bytes transferred, FCP and TBT; failed audits."""
    args = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(CHROMIUM_ARGS)}",
        *PRESETS[preset],
    ]
    # Lighthouse 12 takes the browser from CHROME_PATH (it has no --chrome-path flag).
    env = dict(os.environ, CHROME_PATH=find_chromium())
    result = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url} ({preset}):\n{result.stderr[-3000:]}")
    report = json.loads(result.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse could not load {url}: {report['runtimeError']}")
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    audits = report["audits"]
    figures = {
        "bytes": float(audits["total-byte-weight"]["numericValue"]),
        "fcp": float(audits["first-contentful-paint"]["numericValue"]),
        "tbt": float(audits["total-blocking-time"]["numericValue"]),
    }
    failed = sorted(
        {
            ref["id"]
            for c in CATEGORIES[1:]
            for ref in report["categories"][c]["auditRefs"]
            if ref.get("weight") and (audits[ref["id"]].get("score") is not None) and audits[ref["id"]]["score"] < 1
        }
    )
    return scores, figures, failed


def measure(url: str, page: str, kind: str, preset: str, runs: int) -> Result:
    samples = [run_once(url, preset) for _ in range(runs)]
    scores = {c: round(statistics.median(s[c] for s, _, _ in samples)) for c in CATEGORIES}
    figures = {k: statistics.median(f[k] for _, f, _ in samples) for k in ("bytes", "fcp", "tbt")}
    return Result(
        page=page,
        kind=kind,
        preset=preset,
        scores=scores,
        transferred=round(figures["bytes"]),
        fcp_ms=figures["fcp"],
        tbt_ms=figures["tbt"],
        failed=sorted({a for _, _, failed in samples for a in failed}),
    )


def sample(paths: list[str]) -> list[str]:
    """One page of each kind: the first page of each section at each depth (``options/a/``, ``compare/a/b/``).

    Pages of one kind share a template, scripts and stylesheets, so they score alike; the sample keeps a
    run on a 2-core machine to a few minutes instead of most of an hour.
    """
    seen: set[tuple[str, int]] = set()
    out = []
    for path in paths:
        parts = [p for p in path.split("/") if p]
        kind = (parts[0] if parts else "", len(parts))
        if kind not in seen:
            seen.add(kind)
            out.append(path)
    return out


def page_kind(site: Path, path: str) -> str:
    """``chart`` when the page draws a plotly chart, else ``text``."""
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return "chart" if "dg-chart-plot" in html else "text"


def table(results: list[Result]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| page | kind | preset | performance | accessibility | best practices | SEO | bytes | FCP | TBT | goal "
        "| failed audits |",
        "|---|---|---|--:|--:|--:|--:|--:|--:|--:|:-:|---|",
    ]
    for r in results:
        s = r.scores
        lines.append(
            f"| `/{r.page}` | {r.kind} | {r.preset} | {s['performance']} | {s['accessibility']} | "
            f"{s['best-practices']} | {s['seo']} | {r.transferred / 1024:.0f} KiB | {r.fcp_ms / 1000:.1f} s | "
            f"{r.tbt_ms:.0f} ms | "
            f"{'met' if r.goal_met() else 'MISSED'} | {', '.join(f'`{a}`' for a in r.failed)} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page and preset; the median is shown")
    parser.add_argument("--presets", nargs="+", choices=sorted(PRESETS), default=["desktop", "mobile"])
    parser.add_argument("--pages", nargs="+", help="page paths as in the sitemap ('' for home); default: all")
    parser.add_argument("--sample", action="store_true", help="one page of each kind (see sample()), not every page")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} not found: run `make lighthouse-deps` (npm ci)", file=sys.stderr)
        return 2
    try:
        chromium_path = find_chromium()
    except ChromiumNotFound as e:
        print(e, file=sys.stderr)
        return 2
    version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    chromium = subprocess.run([chromium_path, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        with StaticServer(site, compress=True) as server:
            build_site(site, server.url)
            every = page_paths(site)
            paths = every if args.pages is None else args.pages
            if args.sample:
                paths = sample(paths)
            unknown = set(paths) - set(every)
            if unknown:
                print(f"not in the sitemap: {sorted(unknown)}", file=sys.stderr)
                return 2
            load = os.getloadavg()[0]
            started = time.monotonic()
            results = []
            for path in paths:
                for preset in args.presets:
                    print(f"  /{path} {preset} x{args.runs}", file=sys.stderr, flush=True)
                    results.append(measure(server.url + path, path, page_kind(site, path), preset, args.runs))
    missed = [r for r in results if not r.goal_met()]
    which = f"one page of each kind ({len(paths)} of {len(every)} pages)" if args.sample else f"{len(paths)} pages"
    report = (
        f"Lighthouse {version}, {chromium}, {which}, median of {args.runs} run(s) per row, pages served gzipped on "
        "127.0.0.1; "
        f"load average {load:.1f} at start on {os.cpu_count()} cores; {time.monotonic() - started:.0f} s.\n\n"
        f"{table(results)}\n\n{len(results) - len(missed)} of {len(results)} rows meet their goal."
    )
    print(report)
    if args.pages is None:  # a run on every page, or one of each kind, replaces the table on the performance page
        page.write_part("lighthouse", report)
        print(f"wrote the table into {page.PAGE.relative_to(ROOT)}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
