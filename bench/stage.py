"""The generator stage alone, timed stage by stage in a fresh process.

``python -m bench.stage DATA_DIR RUNS`` prints JSON: the first (cold) build,
which includes compiling the templates, and ``RUNS`` more with the process
warm, the way ``mkdocs serve`` rebuilds. Caches that would let a run profit
from the run before it (parsed prose) are cleared between runs. Times are CPU
seconds of this process (``time.process_time``): steadier than wall time on a
shared machine, and the stage does no waiting.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from generator.check.registry import CHECKS, DECISION_CHECKS, run_checks
from generator.check.run_files import resolve_run_files
from generator.check.schema_check import check_schema
from generator.derive.fill import derive
from generator.errors import GuideError
from generator.pipeline import no_full_collections
from generator.read.load import load
from generator.render import prose
from generator.render.pages import Renderer

STAGES = ("load", "schema", "checks", "derive", "render")


def one_build(data_dir: Path) -> dict[str, float]:
    """CPU seconds of each stage of one build: the steps of ``generator.pipeline.build_guide``, one by one,
    with the cycle collector held as a build holds it (``no_full_collections``)."""
    with no_full_collections():
        return _stages(data_dir)


def _stages(data_dir: Path) -> dict[str, float]:
    prose._compile.cache_clear()
    t0 = time.process_time()
    raw, problems = load(data_dir)
    t1 = time.process_time()
    data, schema_problems = check_schema(raw, partial=True)
    t2 = time.process_time()
    if data is None or problems or schema_problems:
        raise GuideError(problems + schema_problems)
    checks = resolve_run_files(raw.root, data) + run_checks(data, [*CHECKS, *DECISION_CHECKS])
    t3 = time.process_time()
    derived, derive_problems = derive(data)
    t4 = time.process_time()
    if checks or derive_problems:
        raise GuideError(checks + derive_problems)
    renderer = Renderer(derived)  # builds the chart specs
    pages = renderer.render()
    t5 = time.process_time()
    times = dict(zip(STAGES, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True))
    times["total"] = t5 - t0
    times["pages"] = len(pages)
    return times


def main(argv: list[str]) -> int:
    data_dir, runs = Path(argv[0]), int(argv[1])
    cold = one_build(data_dir)
    warm = [one_build(data_dir) for _ in range(runs)]
    print(json.dumps({"cold": cold, "warm": warm}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
