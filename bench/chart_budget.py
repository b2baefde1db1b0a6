"""Chart budgets, measured and printed (a benchmark, not a test).

1. Transfer: every page of the built site is opened in Debian's Chromium and
   scrolled to the end, touching no chart (each is the SVG written at build time;
   plotly.js comes on a touch); everything the page requested (HTML, CSS, JS, search
   index, images) is gzipped and added up. Budget: a chart page at most 150 KiB; no
   page loads plotly.js untouched.
   Also shown with brotli (quality 11, through Node's zlib), which most static
   hosts and CDNs serve to browsers that accept it.
2. Build time: full in-process ``mkdocs build`` of the shipped site with charts
   and with charts switched off (``charts: false``), alternated, median of
   several runs each; the ratio of the two, in one run. Budget: at most +5%.
   The verdict uses the CPU time of the build (``time.process_time``): on a
   shared machine wall time swings by tens of percent with other work, CPU
   time much less. Both are printed.

    .venv/bin/python bench/chart_budget.py [--runs 11] [--level 6]
    .venv/bin/python bench/chart_budget.py --config examples/json-libraries/mkdocs.yml --transfer-only
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

from quality.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402
from quality.serve import StaticServer  # noqa: E402

KIB = 1024
TRANSFER_BUDGET = 150 * KIB
BUILD_BUDGET = 1.05
PLOTLY = "plotly.min.js"


def _load(site_dir: Path, charts: bool, config_file: Path = ROOT / "mkdocs.yml"):  # type: ignore[no-untyped-def]
    from mkdocs.config import load_config

    config = load_config(str(config_file), site_dir=str(site_dir))
    config.plugins["decision-guide"].config.charts = charts
    return config


def build_times(runs: int) -> dict[str, dict[str, list[float]]]:
    """Seconds per full build (wall and CPU), charts on and off, alternated so drift hits both alike."""
    from mkdocs.commands.build import build

    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    times: dict[str, dict[str, list[float]]] = {v: {"wall": [], "cpu": []} for v in ("charts", "no charts")}
    with tempfile.TemporaryDirectory() as tmp:
        build(_load(Path(tmp), True))  # warm-up: imports, theme templates, file cache
        for _ in range(runs):
            for label, charts in (("charts", True), ("no charts", False)):
                config = _load(Path(tmp), charts)
                wall, cpu = time.perf_counter(), time.process_time()
                build(config)
                times[label]["wall"].append(time.perf_counter() - wall)
                times[label]["cpu"].append(time.process_time() - cpu)
    return times


def spec_time(runs: int) -> float:
    """Seconds to build every chart spec of the shipped guide (the generator's own share)."""
    from generator.pipeline import derive_guide
    from generator.render.charts import build_charts

    derived = derive_guide(ROOT / "data")
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        build_charts(derived)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


Row = tuple[str, int, list[tuple[str, bytes]], bool]


def transfers(site: Path) -> list[Row]:
    """Per page: (url, number of charts, (kind, body) of every response, plotly requested)."""
    from playwright.sync_api import sync_playwright

    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    pages = ["" if p == "." else p + "/" for p in pages if not p.startswith(("search", "404"))]
    server = StaticServer(site)
    out = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for url in pages:
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                responses = []
                page.on("response", lambda r: responses.append(r))  # noqa: B023 (one page per loop)
                page.goto(server.url + url)
                page.wait_for_load_state("networkidle")
                charts = page.locator("figure.dg-chart").count()
                for i in range(charts):
                    figure = page.locator("figure.dg-chart").nth(i)
                    figure.scroll_into_view_if_needed()
                    figure.locator("svg.dg-chart-svg").first.wait_for(timeout=20000)
                page.mouse.wheel(0, 100000)
                page.wait_for_load_state("networkidle")
                bodies = []
                for response in responses:
                    if not response.url.startswith(server.url):
                        raise SystemExit(f"{url}: request outside the site: {response.url}")
                    bodies.append((_kind(response.url, response.headers.get("content-type", "")), response.body()))
                plotly = any(r.url.endswith(PLOTLY) for r in responses)
                out.append((url, charts, bodies, plotly))
                context.close()
            browser.close()
    finally:
        server.close()
    return out


def brotli_sizes(bodies: list[bytes]) -> dict[str, int]:
    """sha256 -> brotli (quality 11) size, computed by Node's zlib in one process."""
    unique = {hashlib.sha256(b).hexdigest(): b for b in bodies}
    with tempfile.TemporaryDirectory() as tmp:
        for digest, body in unique.items():
            (Path(tmp) / digest).write_bytes(body)
        script = (
            "const z=require('zlib'),fs=require('fs'),p=require('path');const d=process.argv[1];const o={};"
            "for(const f of fs.readdirSync(d)){o[f]=z.brotliCompressSync(fs.readFileSync(p.join(d,f)),"
            "{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length}console.log(JSON.stringify(o))"
        )
        result = subprocess.run(["node", "-e", script, tmp], capture_output=True, text=True, check=True)
    sizes: dict[str, int] = json.loads(result.stdout)
    return sizes


def _kind(url: str, content_type: str) -> str:
    if url.endswith(PLOTLY):
        return "plotly"
    for kind, needle in (("html", "html"), ("css", "css"), ("js", "javascript"), ("json", "json")):
        if needle in content_type:
            return kind
    return "other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="builds per variant (median)")
    parser.add_argument("--level", type=int, default=6, help="gzip level of the server (6: gzip's default)")
    parser.add_argument(
        "--config", type=Path, default=ROOT / "mkdocs.yml", help="the guide whose pages are weighed (default: shipped)"
    )
    parser.add_argument("--transfer-only", action="store_true", help="weigh the pages, skip the build times")
    args = parser.parse_args()
    ok = True

    with tempfile.TemporaryDirectory() as tmp:
        from mkdocs.commands.build import build

        logging.getLogger("mkdocs").setLevel(logging.ERROR)
        site = Path(tmp) / "site"
        build(_load(site, True, args.config.resolve()))
        rows = transfers(site)
    brotli = brotli_sizes([body for row in rows for _, body in row[2]])

    kinds = ["html", "css", "js", "plotly", "json", "other"]
    print(f"Transfer per page, KiB of gzip -{args.level} of every response (brotli q11 total beside)")
    print(f"Budget: a chart page at most {TRANSFER_BUDGET // KIB} KiB untouched; no page loads plotly untouched")
    print(f"{'page':27} {'charts':>6} " + " ".join(f"{k:>6}" for k in kinds) + f" {'gzip':>7} {'brotli':>7}  verdict")
    for url, charts, bodies, plotly in rows:
        by_kind: dict[str, int] = {}
        for kind, body in bodies:
            by_kind[kind] = by_kind.get(kind, 0) + len(gzip.compress(body, compresslevel=args.level))
        total = sum(by_kind.values())
        total_br = sum(brotli[hashlib.sha256(body).hexdigest()] for _, body in bodies)
        if charts:
            verdict = f"gzip {'within' if total <= TRANSFER_BUDGET else 'OVER'}, brotli "
            verdict += "within" if total_br <= TRANSFER_BUDGET else "OVER"
            verdict += ", LOADS PLOTLY untouched" if plotly else ""
            ok &= total <= TRANSFER_BUDGET and not plotly
        else:
            verdict = "no plotly" if not plotly else "LOADS PLOTLY"
            ok &= not plotly
        cells = " ".join(f"{by_kind.get(k, 0) / KIB:6.1f}" for k in kinds)
        print(f"/{url:26} {charts:>6} {cells} {total / KIB:7.1f} {total_br / KIB:7.1f}  {verdict}")
    print("(json: Material's search index; other: sitemap.xml and the favicon; js includes Material's search worker)")
    if args.transfer_only:
        return 0 if ok else 1

    times = build_times(args.runs)
    print(f"\nBuild time: in-process `mkdocs build` of the shipped site, median of {args.runs} alternated runs each")
    ratios = {}
    for clock in ("cpu", "wall"):
        med = {label: statistics.median(v[clock]) for label, v in times.items()}
        ratios[clock] = med["charts"] / med["no charts"]
        spread = ", ".join(f"{label} {med[label]:.3f} s" for label in med)
        print(f"  {clock:4}: {spread}; charts / no charts = {ratios[clock]:.3f}")
    within = ratios["cpu"] <= BUILD_BUDGET
    ok &= within
    print(f"  verdict (CPU): {ratios['cpu']:.3f} vs budget {BUILD_BUDGET:.2f}: {'within' if within else 'OVER'}")
    specs = spec_time(max(args.runs, 20))
    cpu_no_charts = statistics.median(times["no charts"]["cpu"])
    print(f"  building every chart spec alone: {specs * 1000:.2f} ms ({specs / cpu_no_charts * 100:.2f}% of a build)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
