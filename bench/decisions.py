"""How long checking ``decisions.yml`` takes as the rules grow (a benchmark that prints, not a test).

The worst case for the unused-rule check: a catch-all rule first, then N rules it shadows or
that match nothing, so every one of the N is unused and each must say why. The
shipped guide is checked in the same run as the baseline; the figures are the median of
``--runs`` runs of load + every check (:func:`generator.pipeline.validate_guide`).

    .venv/bin/python -m bench.decisions [--rules 50 200 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

from generator.errors import GuideError
from generator.pipeline import validate_guide

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def with_rules(data: Path, n: int) -> None:
    """Replace the rules of ``data/decisions.yml`` by a catch-all and ``n`` rules it shadows.

    Each rule matches only late combinations of answers, so finding a combination it shares
    with an earlier rule means walking through nearly all of them: the old check did that for
    every pair of rules.
    """
    path = data / "decisions.yml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    questions = doc["questions"]
    options = sorted(p.stem for p in (data / "options").glob("*.yml"))
    rules = [{"id": "everything", "recommend": "dense", "why": "Catch-all first."}]
    for i in range(n):
        q = questions[i % len(questions)]
        answer = q["answers"][(i // len(questions)) % len(q["answers"])]["id"]
        when = {other["id"]: [other["answers"][-1]["id"]] for other in questions[:2] if other is not q}
        when[q["id"]] = [answer]
        rules.append({"id": f"r{i}", "when": when, "recommend": options[i % len(options)], "why": "x"})
    doc["rules"] = rules
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=None, width=200)
    path.write_text(text, encoding="utf-8")


def judge(data: Path) -> tuple[float, int]:
    """Seconds to load and check ``data``, and how many problems were found."""
    start = time.perf_counter()
    try:
        validate_guide(data)
        found = 0
    except GuideError as exc:
        found = len(exc.problems)
    return time.perf_counter() - start, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.decisions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=int, nargs="+", default=[50, 100, 200, 2000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for n in [0, *args.rules]:
            data = Path(tmp) / f"data-{n}"
            shutil.copytree(DATA, data)
            if n:
                with_rules(data, n)
            size = (data / "decisions.yml").stat().st_size
            samples = [judge(data) for _ in range(args.runs)]
            seconds = statistics.median(s for s, _ in samples)
            rows.append((n, size, seconds, samples[0][1]))
    base = rows[0][2]
    print(f"{'rules':>6} {'bytes':>8} {'check s':>9} {'vs shipped':>11} {'problems':>9}")
    for n, size, seconds, found in rows:
        label = "shipped" if n == 0 else str(n + 1)
        print(f"{label:>6} {size:>8} {seconds:>9.2f} {seconds - base:>+10.2f}s {found:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
