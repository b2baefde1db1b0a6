"""Start-up: what importing the plugin costs a build before any page is made, measured apart.

A fresh interpreter imports what bare MkDocs imports anyway (MkDocs, Material, Markdown, Jinja,
PyYAML), then the plugin, in steps, and prints the CPU time of each step as JSON. The steps are
pydantic itself, the record models (``generator.schema``) and the rest of the plugin's modules.
Run as ``python -m bench.startup`` for one sample; :func:`measure` takes the median of several.

``python -m bench.startup --against REV`` compares this tree with another commit, alternating fresh
processes of each, and adds one step: loading, checking and deriving each tree's own shipped guide, so
a cost moved from import time to the first validation still counts::

    .venv/bin/python -m bench.startup --against e56d53f --runs 9
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Modules a bare MkDocs build of this site imports anyway: not the plugin's cost.
BARE = (
    "mkdocs.config.defaults",
    "mkdocs.commands.build",
    "mkdocs.plugins",
    "mkdocs.structure.files",
    "mkdocs.structure.pages",
    "mkdocs.structure.nav",
    "material.plugins.search.plugin",
    "markdown",
    "jinja2",
    "yaml",
)
STEPS = {
    "pydantic": "pydantic",
    "record_models": "generator.schema",
    "rest_of_plugin": "generator.adapters.mkdocs_plugin",
}


def sample(derive: bool = False) -> dict[str, float]:
    """CPU milliseconds of each import step, in this (fresh) process; with ``derive``, also of deriving ``data/``."""
    import importlib

    for name in BARE:
        importlib.import_module(name)
    out: dict[str, float] = {}
    for step, module in STEPS.items():
        start = time.process_time()
        importlib.import_module(module)
        out[step] = (time.process_time() - start) * 1000
    out["total"] = sum(out.values())
    if derive:
        from generator.pipeline import derive_guide

        start = time.process_time()
        derive_guide(Path("data"))
        out["derive"] = (time.process_time() - start) * 1000
        out["total_with_derive"] = out["total"] + out["derive"]
    loaded = sorted(m for m in sys.modules if m.startswith("generator."))
    out["diff_loaded"] = float(any(m.startswith("generator.diff") for m in loaded))
    return out


def measure(runs: int) -> dict[str, Any]:
    """Median (and min, max) CPU ms of each step over ``runs`` fresh processes."""
    samples = []
    for _ in range(runs + 1):  # the first writes the bytecode cache and is not counted
        done = subprocess.run(
            [sys.executable, "-m", "bench.startup"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            cwd=ROOT,
        )
        samples.append(json.loads(done.stdout))
    samples = samples[1:]
    return {
        key: {"median": statistics.median(s[key] for s in samples), "min": min(s[key] for s in samples)}
        for key in samples[0]
    }


def _child(tree: Path) -> dict[str, float]:
    """One sample in a fresh process whose ``generator`` package is the one in ``tree``."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--derive"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(tree)},
        cwd=tree,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def against(rev: str, runs: int) -> str:
    """This tree against commit ``rev``: median CPU ms of each step, alternating, and the ratio."""
    tmp = Path(tempfile.mkdtemp(prefix="startup-ab-"))
    other = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(other), rev], cwd=ROOT, check=True)
    try:
        trees = {"this tree": ROOT, rev: other}
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for i in range(runs + 1):  # the first round writes the bytecode caches and is not counted
            for name, tree in trees.items():
                got = _child(tree)
                if i:
                    samples[name].append(got)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, check=False)
        shutil.rmtree(tmp, ignore_errors=True)
    steps = [*STEPS, "total", "derive", "total_with_derive"]
    lines = [f"| step | this tree | {rev} | ratio |", "|---|--:|--:|--:|"]
    for step in steps:
        a, b = (statistics.median(s[step] for s in samples[name]) for name in trees)
        lines.append(f"| {step} | {a:.0f} ms | {b:.0f} ms | {a / b:.2f}× |")
    head = f"CPU ms, median of {runs} alternating fresh processes each; load average {os.getloadavg()[0]:.1f}"
    return "\n".join([head, *lines])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Start-up cost of the plugin, in CPU milliseconds.")
    parser.add_argument("--derive", action="store_true", help="also derive data/ (one sample, as JSON)")
    parser.add_argument("--against", metavar="REV", help="compare this tree with commit REV")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if args.against:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        print(against(args.against, args.runs))
    else:
        print(json.dumps(sample(derive=args.derive)))
