"""The data model for runs, raw result files and set-up: values derived from runs, files read and checked."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from generator import schema
from generator.derive.setups import merge_setups, older, version_key
from generator.pipeline import derive_guide
from generator.read.run_registry import READERS, RunFileError, json_file
from generator.read.runs import load_formats
from tests.conftest import FIXTURES
from tests.data_edits import edit, problems_in

HILL = "values: {road: 100, cargo: 150}"


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", target)
    return target


def test_runs_give_the_median_and_the_min_max_spread(tiny: Path) -> None:
    edit(tiny / "tables" / "hill-times.yml", HILL, "values: {road: {runs: [104, 100, 98]}, cargo: 150}")
    d = derive_guide(tiny)
    s = d.sample("hill-times", "hill-a", "road")
    assert s.value == 100 and s.runs == (104, 100, 98) and s.count == 3
    assert (s.low, s.high, s.spread) == (98, 104, "min-max")
    assert s.runs_text() == "3 runs" and s.spread_text() == "98–104"
    # The ratio reads the median: cargo / road = 150 / 100.
    assert d.tables["hill-times"].ratios["cargo / road"][0].text == "1.50× higher climb time"


def test_mean_and_confidence_interval(tiny: Path) -> None:
    table = tiny / "tables" / "hill-times.yml"
    edit(table, "better: lower\n", "better: lower\nstatistic: mean\nspread: ci95\n")
    edit(table, HILL, "values: {road: {runs: [99, 100, 101, 104]}, cargo: 150}")
    s = derive_guide(tiny).sample("hill-times", "hill-a", "road")
    assert s.value == 101 and s.spread == "ci95"
    # stdev of (99, 100, 101, 104) = 2.160; t(3) = 3.182; half-width 3.182 * 2.160 / 2 = 3.437
    assert s.low == pytest.approx(101 - 3.4367, abs=1e-3) and s.high == pytest.approx(101 + 3.4367, abs=1e-3)
    assert s.spread_text() == "97.6–104.4"


def test_a_single_value_has_no_runs_and_says_so(tiny: Path) -> None:
    s = derive_guide(tiny).sample("hill-times", "hill-a", "road")
    assert s.value == 100 and s.runs is None and s.spread is None
    assert s.runs_text() == "runs not stated" and s.spread_text() == ""


def test_a_stated_bound_stays_a_bound(tiny: Path) -> None:
    edit(
        tiny / "tables" / "hill-times.yml", "better: lower\n", "better: lower\nrepetitions: 2\nvariance_below_pct: 1\n"
    )
    s = derive_guide(tiny).sample("hill-times", "hill-a", "road")
    assert s.runs is None and s.runs_at_least == 2
    assert s.runs_text() == "at least 2 runs (stated, runs not listed)"
    assert s.spread is None  # the bound is not a spread unless a noise rule says so


def _write_run(tiny: Path, name: str, text: str) -> str:
    folder = tiny / "runs" / "hill-times"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return hashlib.sha256(text.encode()).hexdigest()


def test_run_files_are_read_by_their_format(tiny: Path) -> None:
    a = _write_run(tiny, "a.json", '{"results": {"time": [{"avg": 101.5}]}}')
    b = _write_run(tiny, "b.txt", "99.5\n")
    files = (
        "{files: ["
        f"{{path: runs/hill-times/a.json, sha256: '{a}', format: json, metric: results.time.0.avg}}, "
        f"{{path: runs/hill-times/b.txt, sha256: '{b}', format: number}}]}}"
    )
    edit(tiny / "tables" / "hill-times.yml", HILL, f"values: {{road: {files}, cargo: 150}}")
    s = derive_guide(tiny).sample("hill-times", "hill-a", "road")
    assert s.runs == (101.5, 99.5) and s.value == 100.5 and s.from_files


def test_a_changed_run_file_stops_the_build(tiny: Path) -> None:
    digest = _write_run(tiny, "a.txt", "100\n")
    (tiny / "runs" / "hill-times" / "a.txt").write_text("90\n", encoding="utf-8")
    files = f"{{files: [{{path: runs/hill-times/a.txt, sha256: '{digest}', format: number}}]}}"
    edit(tiny / "tables" / "hill-times.yml", HILL, f"values: {{road: {files}, cargo: 150}}")
    [problem] = problems_in(tiny)
    assert problem.startswith("tables/hill-times.yml:21: rows[0].values.road.files[0].path: sha256 is ")
    assert "the file changed since it was recorded" in problem


def test_a_run_file_with_a_negative_value_is_refused(tiny: Path) -> None:
    digest = _write_run(tiny, "a.txt", "-4\n")
    files = f"{{files: [{{path: runs/hill-times/a.txt, sha256: '{digest}', format: number}}]}}"
    edit(tiny / "tables" / "hill-times.yml", HILL, f"values: {{road: {files}, cargo: 150}}")
    assert problems_in(tiny) == [
        "tables/hill-times.yml:21: rows[0].values.road.files[0].path: the run value read from the file is -4.0;"
        " expected a positive finite number"
    ]


def test_json_reader_says_what_it_could_not_find() -> None:
    with pytest.raises(RunFileError, match="no 'results.speed' in the file"):
        json_file(b'{"results": {}}', "results.speed")
    with pytest.raises(RunFileError, match="needs 'metric'"):
        json_file(b"{}", None)
    assert {"json", "number"} <= set(load_formats()) and load_formats() is READERS


def test_setups_merge_most_specific_last() -> None:
    campaign = schema.Setup(tool="bench", software={"a": "1"}, environment={"X": "1"})
    table = schema.Setup(command="run it", software={"b": "2"})
    row = schema.Setup(tool="other", environment={"X": "2", "Y": "3"})
    merged = merge_setups(campaign, table, None, row)
    assert merged.tool == "other" and merged.command == "run it"
    assert merged.software == {"a": "1", "b": "2"} and merged.environment == {"X": "2", "Y": "3"}
    assert merged.date is None and merged.stated()
    assert not merge_setups(None).stated()


def test_versions_order_numerically() -> None:
    assert older("0.9", "0.21") and older("0.21", "0.21.1") and older("0.21", "1.0")
    assert not older("1.0", "1.0") and version_key("v2.27.3") == version_key("2.27.3")
