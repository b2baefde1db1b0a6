"""Start-up: what importing the plugin costs a build before any page is made, measured apart.

A fresh interpreter imports what bare MkDocs imports anyway (MkDocs, Material, Markdown, Jinja,
PyYAML), then the plugin, in steps, and prints the CPU time of each step as JSON. The steps are
pydantic itself, the record models (``generator.schema``) and the rest of the plugin's modules.
Run as ``python -m bench.startup`` for one sample; :func:`measure` takes the median of several.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
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


def sample() -> dict[str, float]:
    """CPU milliseconds of each import step, in this (fresh) process."""
    import importlib

    for name in BARE:
        importlib.import_module(name)
    out: dict[str, float] = {}
    for step, module in STEPS.items():
        start = time.process_time()
        importlib.import_module(module)
        out[step] = (time.process_time() - start) * 1000
    out["total"] = sum(out.values())
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


if __name__ == "__main__":
    print(json.dumps(sample()))
