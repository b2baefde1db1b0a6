"""Issue 52 item 5: a repetition agrees with its cell on every set-up fact both files state, with no declaration.

The drift tests' guide (:mod:`tests.test_file_agreement`: a harness's JSON read through a declared map that reads
the framework from ``backend``) with its options' ``workload: {framework: ...}`` taken out: the guide states no
framework, yet the vLLM run its cell keeps does."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.planning import Request
from generator.pipeline import derive_guide
from tests.test_file_agreement import guide, made_up, values

__all__ = ["guide"]


def _no_framework_stated(data: Path) -> None:
    for option in ("road", "cargo"):
        path = data / "options" / f"{option}.yml"
        text = path.read_text(encoding="utf-8")
        path.write_text("".join(line for line in text.splitlines(True) if "framework" not in line), encoding="utf-8")
    derive_guide(data)  # the guide builds: nothing it states is contradicted


def test_another_frameworks_run_is_refused_as_a_repetition_with_no_declaration(guide: Path, tmp_path: Path) -> None:
    _no_framework_stated(guide)
    sglang = made_up(tmp_path / "files", "sglang-run.json", backend="sglang", output_throughput=5000.0)
    with pytest.raises(ImportProblems) as exc:
        import_runs(guide, [Request("bench-json", sglang, "sweep", "flat-50", "road", repetition=True)])
    report = exc.value.report()
    assert "import refused, nothing written" in report
    assert "sweep / flat-50 / road: this run is no repetition of the run(s) the cell holds" in report, report
    assert "framework: " in report and "states sglang ($['backend'])" in report, report
    assert "flat-road.json states vllm ($['backend'])" in report, report
    assert values(guide)[("flat-50", "road")] == 1200.0  # nothing was filed


def test_a_repetition_of_the_same_set_up_is_filed(guide: Path, tmp_path: Path) -> None:
    _no_framework_stated(guide)
    again = made_up(tmp_path / "files", "vllm-again.json", output_throughput=1300.0)
    outcome = import_runs(guide, [Request("bench-json", again, "sweep", "flat-50", "road", repetition=True)])
    assert len(outcome.added) == 1
    assert values(guide)[("flat-50", "road")] == 1250.0


def test_two_new_files_of_one_cell_that_disagree_are_refused_together(guide: Path, tmp_path: Path) -> None:
    _no_framework_stated(guide)
    files = tmp_path / "files"
    a = made_up(files, "a.json", output_throughput=1300.0)
    b = made_up(files, "b.json", backend="sglang", output_throughput=5000.0)
    with pytest.raises(ImportProblems) as exc:
        import_runs(guide, [Request("bench-json", p, "sweep", "flat-50", "road", repetition=True) for p in (a, b)])
    report = exc.value.report()
    assert "b.json: sweep / flat-50 / road: this run is no repetition" in report, report
    assert "a.json states vllm" in report and "a.json: " not in report, report


def test_a_different_set_up_filed_by_hand_as_a_repetition_is_refused_by_the_build(guide: Path) -> None:
    _no_framework_stated(guide)
    table = guide / "tables" / "sweep.yml"
    text = table.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    cargo = next(i for i, line in enumerate(lines) if "flat-cargo.json" in line)
    road = next(i for i, line in enumerate(lines) if "flat-road.json" in line)
    lines[road:road] = lines[cargo : cargo + 3]  # the cargo cell's entry (path, sha256, format) copied in
    table.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(GuideError) as exc:
        derive_guide(guide)
    message = "\n".join(map(str, exc.value.problems))
    assert "flat-cargo.json" in message and "framework" in message and "repetition" in message, message
