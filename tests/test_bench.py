"""The benchmark still runs and reports every figure (a smoke run: 10 paths, one run; no time is asserted).

The smoke run builds the shipped guide three ways, synthetic guides on both engines, serves one and searches
another in Chromium: a check only the benchmark needs, so it is marked ``bench``, which `make test` leaves out
and `make bench` runs first (a benchmark that cannot report every figure fails before it measures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.synth import write_guide
from generator.pipeline import build_guide
from tests.conftest import ROOT


def test_synthetic_guides_of_any_size_are_valid(tmp_path: Path) -> None:
    for n in (2, 3, 7, 31):
        pages = build_guide(write_guide(tmp_path / f"g{n}", n))
        assert len([p for p in pages if p.startswith("options/")]) == n


@pytest.mark.bench
def test_benchmark_smoke_run_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--smoke", "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    r = json.loads(out.read_text(encoding="utf-8"))
    assert r["overhead"]["ratio"] > 0 and r["overhead"]["pages"] >= 12
    assert r["engines"]["zensical_s"]["median"] > 0 and r["engines"]["ratio"] > 0
    assert "with Zensical" in r["table"]
    assert set(r["stage"]["sizes"]) == {"5", "10"} and r["stage"]["slope_ms_per_path"] > 0
    assert all(s["per_path_ms"] > 0 for s in r["stage"]["sizes"].values())
    assert r["scale"]["largest_build_s"] > 0 and r["scale"]["ms_per_extra_page"] == r["scale"]["ms_per_extra_page"]
    assert r["reload"]["shipped"]["latency_s"]["median"] > 0
    shipped = r["weight"]["shipped"]
    assert shipped["page_count"] == r["overhead"]["pages"]
    assert shipped["pages"][0]["total"] >= shipped["pages"][-1]["total"] > 0
    assert r["memory"]["full_peak_mib"]["median"] > 10
    # Zensical at scale, with where its time goes, and search on both engines of the largest guide.
    for size in r["scale"]["sizes"].values():
        z = size["zensical"]
        assert z["zensical_s"]["median"] > 0 and z["ratio"] > 0
        assert z["project_s"]["median"] > 0 and 0 < z["zensical_build_s"]["median"] < z["zensical_s"]["median"]
    assert "with Zensical (`make zensical-build`) / MkDocs + plugin" in r["table"]
    assert r["weight"]["10 paths, Zensical"]["page_count"] == r["weight"]["10 paths"]["page_count"]
    for engine in ("mkdocs", "zensical"):
        assert r["search"][engine]["from_first_key_s"]["median"] > 0
        assert r["search"][engine]["index"]["entries"] > 10
    for figure in ("1.", "2.", "3.", "4.", "5.", "6.", "7."):
        assert f"| {figure}" in result.stdout, figure
