"""Issue 45, on a two-context sweep guide used as a fixture (``tests/fixtures/two-model-sweep``: two engines, two
models, a throughput sweep drawn against a latency sweep at 20, 50, 80 and 100 concurrent requests; made-up
numbers, data only): one Pareto frontier per model, verdicts that name measured loads only, a checked statement the
build refuses at its sentence's file and line once the data stops saying it, and the comparative sentence nothing
backs listed by ``check`` at its file and line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator import cli
from generator.derive.guide import Derived
from generator.errors import GuideError
from generator.pipeline import derive_guide
from generator.render.charts import build_charts
from generator.render.curve_spec import FRONTIER
from tests.conftest import FIXTURES
from tests.data_edits import line_of

GUIDE = FIXTURES / "two-model-sweep"


@pytest.fixture(scope="module")
def derived() -> Derived:
    return derive_guide(GUIDE / "data", GUIDE / "docs")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(GUIDE, tmp_path / "guide")
    return tmp_path / "guide"


def test_one_frontier_per_model(derived: Derived) -> None:
    (chart,) = [c for c in build_charts(derived).by_table.get("throughput", []) if c.kind == "curve"]
    traces = {t["name"]: t for t in chart.spec["data"]}
    fronts = [name for name in traces if name.startswith(FRONTIER)]
    assert fronts == [f"{FRONTIER} (Small model)", f"{FRONTIER} (Large model)"]
    # each frontier holds points of its own model only: the large model's slower points are on its own frontier
    large = traces[f"{FRONTIER} (Large model)"]
    large_points = {
        (x, y)
        for name, t in traces.items()
        if "(Large model)" in name and not name.startswith(FRONTIER)
        for x, y in zip(t["x"], t["y"], strict=True)
    }
    assert set(zip(large["x"], large["y"], strict=True)) <= large_points
    assert "On Small model, the Pareto frontier" in chart.takeaway and "On Large model, the Pareto frontier" in (
        chart.takeaway
    )


def test_load_labels_name_measured_loads_only(derived: Derived) -> None:
    cells = {c.column.id: c for c in derived.cells["engine-a"]}
    names = {r.name: p.verdict.word for p in cells["throughput"].parts for r in p.regimes}
    assert names == {
        "Small model conc 20": "on par",
        "Small model conc 50–100": "faster",
        "Large model conc 20–100": "faster",
    }
    measured = {"20", "50", "80", "100"}
    for name in names:
        assert "≤" not in name and "≥" not in name
        loads = re.findall(r"conc (\d+)(?:–(\d+))?", name)[0]
        assert {x for x in loads if x} <= measured and loads[0] != loads[1]


def test_a_checked_statement_is_refused_at_its_sentence_once_the_data_changes(copy: Path) -> None:
    derive_guide(copy / "data", copy / "docs")  # as shipped, the data says it
    # the latency table switched to p99: engine B is no longer lower at 100 concurrent requests on the large model
    table = copy / "data" / "tables" / "latency.yml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("values: {a: 2100, b: 1900}", "values: {a: 2100, b: 2300}"), encoding="utf-8")
    with pytest.raises(GuideError) as refused:
        derive_guide(copy / "data", copy / "docs")
    line = line_of(copy / "data" / "recommendation.yml", "Engine B kept the lower request latency at every load.")
    found = [p for p in refused.value.problems if p.file == "recommendation.yml"]
    assert [p.line for p in found] == [line], refused.value
    assert "kept the lower request latency at every load" in found[0].message
    assert "conc 100 (large-model)" in found[0].message and "not lower" in found[0].message


def test_an_unbacked_comparative_sentence_is_listed_by_check(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, docs = copy / "data", copy / "docs"
    assert cli.main(["check", "--data", str(data), "--docs", str(docs)]) == 0
    out = capsys.readouterr().out
    line = line_of(docs / "about.md", "Engine A is ahead of engine B")
    assert f"{(docs / 'about.md').resolve()}:{line}: states a comparison nothing backs" in out, out
    # the two backed sentences are not listed; the list is an error under --strict
    assert "kept the lower request latency" not in out and "tokens per second" not in out
    assert cli.main(["check", "--strict", "--data", str(data), "--docs", str(docs)]) == 1
    assert f"about.md:{line}" in capsys.readouterr().err
    # a sentence in the data nothing backs is listed at its file and line too
    rec = data / "recommendation.yml"
    rec.write_text(
        rec.read_text(encoding="utf-8").replace("Pick [[option:engine-a]] for throughput", "Engine A is 1.5× faster"),
        encoding="utf-8",
    )
    assert cli.main(["check", "--data", str(data), "--docs", str(docs)]) == 0
    assert (
        "recommendation.yml:1: states a comparison nothing backs: 'Engine A is 1.5× faster" in capsys.readouterr().out
    )


def test_a_statement_over_a_load_never_measured_is_refused_at_its_line(copy: Path) -> None:
    claims = copy / "data" / "claims.yml"
    text = claims.read_text(encoding="utf-8")
    claims.write_text(text.replace("    than: a\n", "    than: a\n    loads: [20, 60]\n"), encoding="utf-8")
    with pytest.raises(GuideError) as refused:
        derive_guide(copy / "data", copy / "docs")
    line = line_of(claims, "loads: [20, 60]")
    assert any(
        p.file == "claims.yml" and p.line == line and "measured no load 60 (it measured 20, 50, 80, 100)" in p.message
        for p in refused.value.problems
    ), refused.value
