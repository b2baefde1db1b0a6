"""Evidence that cannot drift: every imported cell is checked against its kept file at every build.

The guide has no code of its own: a load sweep of two contexts (two models) and two options (two frameworks),
filled through a declared map from a harness's JSON. The harness files are made up here (``made_up``: numbers
of this test's own, in the shape of a serving benchmark's result). Each drift of issue 46 is reproduced: a row's
load edited after import, another framework's run filed as a repetition, a table's ``metrics:`` edit, and an
edit to the map.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.diff import diff_guides
from generator.diff.report import esc, to_markdown
from generator.diff.revisions import Revision, Side
from generator.errors import GuideError
from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.planning import Request
from generator.pipeline import derive_guide
from tests.conftest import FIXTURES

CAMPAIGN = """\
id: bench
name: bench lab
environment:
  - {label: Machine, value: one test server}
summary: Made-up serving runs for the drift tests.
"""

MAP = """\
# a serving harness's result JSON (made up for these tests)
format: json
tool: bench-harness
metrics:
  output_throughput: {path: "$.output_throughput", unit: tok/s}
  total_token_throughput: {path: "$.total_token_throughput", unit: tok/s}
workload:
  concurrency: {path: "$.max_concurrency"}
  model: {path: "$.model_id"}
  framework: {path: "$.backend"}
"""

TABLE = """\
kind: measurements
id: sweep
title: Serving throughput by concurrency
label: sweep
summary: Output tokens per second at each concurrency.
campaign: bench
provenance: measured
quantity: output throughput
unit: tok/s
better: higher
tags: [climb]
metrics:
  bench-json: output_throughput
sweep:
  load: concurrency
  label: conc
series:
  - {id: road, label: road bike, option: road}
  - {id: cargo, label: cargo bike, option: cargo}
comparisons:
  - {numerator: cargo, denominator: road, label: cargo / road, verdict_column: climb}
rows:
  - id: flat-50
    label: Flat conc 50
    context: flat-town
    workload: {concurrency: 50}
    values: {road: not measured, cargo: not measured}
  - id: hill-50
    label: Hill conc 50
    context: hill-town
    workload: {concurrency: 50}
    values: {road: not measured, cargo: not measured}
"""

MODELS = {"flat-town": "meta-llama/Llama-3.1-8B", "hill-town": "Qwen/Qwen3-8B"}
FRAMEWORKS = {"road": "vllm", "cargo": "sglang"}


def made_up(folder: Path, name: str, **fields: Any) -> Path:
    """A harness result of made-up numbers."""
    doc = {"backend": "vllm", "model_id": MODELS["flat-town"], "max_concurrency": 50}
    doc |= {"output_throughput": 1000.0, "total_token_throughput": 3000.0, **fields}
    path = folder / name
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "campaigns" / "bench.yml").write_text(CAMPAIGN, encoding="utf-8")
    (data / "maps").mkdir()
    (data / "maps" / "bench-json.yml").write_text(MAP, encoding="utf-8")
    (data / "tables" / "sweep.yml").write_text(TABLE, encoding="utf-8")
    guide_yml = data / "guide.yml"
    text = guide_yml.read_text(encoding="utf-8")
    for context, model in MODELS.items():
        name = context.replace("-", " ").title()
        text = text.replace(f"    name: {name}\n", f"    name: {name}\n    workload: {{model: {model}}}\n")
    guide_yml.write_text(text, encoding="utf-8")
    for option, framework in FRAMEWORKS.items():
        path = data / "options" / f"{option}.yml"
        path.write_text(path.read_text(encoding="utf-8") + f"workload: {{framework: {framework}}}\n", encoding="utf-8")
    files = tmp_path / "files"
    files.mkdir()
    runs = [
        ("flat-50", "road", made_up(files, "flat-road.json", output_throughput=1200.0)),
        ("flat-50", "cargo", made_up(files, "flat-cargo.json", backend="sglang", output_throughput=1500.0)),
        ("hill-50", "road", made_up(files, "hill-road.json", model_id=MODELS["hill-town"], output_throughput=900.0)),
        (
            "hill-50",
            "cargo",
            made_up(files, "hill-cargo.json", model_id=MODELS["hill-town"], backend="sglang", output_throughput=800.0),
        ),
    ]
    import_runs(data, [Request("bench-json", path, "sweep", row, series) for row, series, path in runs])
    return data


def values(data: Path) -> dict[tuple[str, str], float | None]:
    derived = derive_guide(data)
    return {(r, s): derived.sample("sweep", r, s).value for r in ("flat-50", "hill-50") for s in ("road", "cargo")}


def refused(data: Path) -> str:
    with pytest.raises(GuideError) as exc:
        derive_guide(data)
    return "\n".join(map(str, exc.value.problems))


def test_a_rows_load_edited_after_import_is_refused_at_the_row_naming_both_values(guide: Path) -> None:
    assert values(guide)[("flat-50", "road")] == 1200.0
    table = guide / "tables" / "sweep.yml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("workload: {concurrency: 50}", "workload: {concurrency: 60}", 1), encoding="utf-8")
    message = refused(guide)
    line = text.splitlines().index("    workload: {concurrency: 50}") + 1
    assert f"tables/sweep.yml:{line}: rows[0].workload.concurrency: " in message, message
    assert "concurrency: the file states 50 ($['max_concurrency']), the row states 60" in message, message
    assert "flat-road.json" in message


def test_another_frameworks_run_is_refused_as_a_repetition_and_at_the_build(guide: Path, tmp_path: Path) -> None:
    sglang = made_up(tmp_path / "files", "sglang-run.json", backend="sglang", output_throughput=5000.0)
    with pytest.raises(ImportProblems) as exc:
        import_runs(guide, [Request("bench-json", sglang, "sweep", "flat-50", "road", repetition=True)])
    assert "framework: the file states sglang ($['backend']), option road states vllm" in exc.value.report()
    assert values(guide)[("flat-50", "road")] == 1200.0  # nothing was filed
    # a file of the other framework put there by hand (its entry copied from the cargo cell) is refused by the build
    table = guide / "tables" / "sweep.yml"
    text = table.read_text(encoding="utf-8")
    assert text.count("format: bench-json") == 4
    lines = text.splitlines(keepends=True)
    cargo = next(i for i, line in enumerate(lines) if "flat-cargo.json" in line)
    road = next(i for i, line in enumerate(lines) if "flat-road.json" in line)
    lines[road] = lines[cargo]
    lines[road + 1] = lines[cargo + 1]
    table.write_text("".join(lines), encoding="utf-8")
    message = refused(guide)
    assert "framework: the file states sglang ($['backend']), option road states vllm (" in message, message


def test_each_cell_shows_its_kept_files_number(guide: Path) -> None:
    assert values(guide) == {
        ("flat-50", "road"): 1200.0,
        ("flat-50", "cargo"): 1500.0,
        ("hill-50", "road"): 900.0,
        ("hill-50", "cargo"): 800.0,
    }


def test_a_tables_metrics_edit_re_reads_every_cell_from_its_kept_file(guide: Path) -> None:
    table = guide / "tables" / "sweep.yml"
    text = table.read_text(encoding="utf-8")
    assert "metric:" not in text  # an entry names no metric of its own: it follows the table's
    table.write_text(text.replace("bench-json: output_throughput", "bench-json: total_token_throughput"))
    assert set(values(guide).values()) == {3000.0}


def test_a_rows_own_metric_overrides_the_tables_on_purpose(guide: Path) -> None:
    table = guide / "tables" / "sweep.yml"
    text = table.read_text(encoding="utf-8")
    text = text.replace(
        "    context: hill-town\n", "    context: hill-town\n    metrics: {bench-json: total_token_throughput}\n"
    )
    table.write_text(text, encoding="utf-8")
    assert values(guide) == {
        ("flat-50", "road"): 1200.0,
        ("flat-50", "cargo"): 1500.0,
        ("hill-50", "road"): 3000.0,
        ("hill-50", "cargo"): 3000.0,
    }


# -- the review report ----------------------------------------------------------------------------------------


def report(base: Path, head: Path) -> str:
    sides = [Side(Revision(name), derive_guide(folder)) for name, folder in (("base", base), ("head", head))]
    return to_markdown(diff_guides(*sides))


def test_the_review_report_counts_a_metrics_edit_and_shows_the_values_before_and_after(
    guide: Path, tmp_path: Path
) -> None:
    head = tmp_path / "head"
    shutil.copytree(guide, head)
    table = head / "tables" / "sweep.yml"
    table.write_text(table.read_text().replace("bench-json: output_throughput", "bench-json: total_token_throughput"))
    text = report(guide, head)
    assert "text edits only" not in text
    changed = esc("metrics: bench-json: output_throughput → total_token_throughput")
    assert f"- Metrics **Serving throughput by concurrency** (`sweep`): {changed}" in text, text
    assert "1 change to how values are read" in text
    assert "| Flat conc 50 | road bike | 1200 tok/s (1 run) | 3000 tok/s (1 run) |" in text, text


def test_the_review_report_names_an_edited_map(guide: Path, tmp_path: Path) -> None:
    head = tmp_path / "head"
    shutil.copytree(guide, head)
    spec = head / "maps" / "bench-json.yml"
    spec.write_text(spec.read_text().replace('"$.output_throughput"', '"$.total_token_throughput"'))
    text = report(guide, head)
    assert "text edits only" not in text
    assert "- Map **maps/bench-json.yml** (`bench-json`): edited: it finds the values of 4 kept files" in text, text
    assert "change to how values are read" in text


def test_a_kept_file_naming_its_own_metric_overrides_and_the_report_shows_it(guide: Path, tmp_path: Path) -> None:
    # an entry that names a metric (by hand, or as an import wrote it before metrics: was the truth) keeps it
    head = tmp_path / "head"
    shutil.copytree(guide, head)
    table = head / "tables" / "sweep.yml"
    lines = table.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "flat-road.json" in line)
    fmt = next(i for i in range(at, len(lines)) if "format: bench-json" in lines[i])
    lines.insert(fmt + 1, lines[fmt].replace("format: bench-json", "metric: output_throughput"))
    text = "".join(lines).replace("bench-json: output_throughput", "bench-json: total_token_throughput")
    table.write_text(text, encoding="utf-8")
    assert values(head)[("flat-50", "road")] == 1200.0 and values(head)[("hill-50", "road")] == 3000.0
    assert esc("1 kept file(s) name a metric of their own and override it (flat-50 / road: output_throughput)") in (
        report(guide, head)
    )
