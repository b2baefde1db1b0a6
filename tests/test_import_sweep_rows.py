"""`python -m generator import` into a sweep table without `--row`: each run goes to the row of the load its own
file states, and a load the table has no row for gets one, so a file holding a whole sweep lands in one command.

The file is a published one (`../shared/real-outputs/`, `$GUIDE_REAL_OUTPUTS`): an SGLang `bench_serving` request-rate
sweep on 8x H200, whose lines 1-5 ran the random dataset at 1, 2, 4, 8 and 16 requests/s and lines 6-7 the sharegpt
dataset at 4 and 8. The guide is the tests' bicycle guide with the import fixtures' campaign and a sweep table whose
rows state a request rate; it has a hand-written row at rate 3 and one in another city, none at the file's loads.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.ingest.planning import parse_records
from generator.pipeline import derive_guide
from generator.read import yaml_edit
from tests.conftest import FIXTURES
from tests.test_import_runs import snapshot
from tests.test_real_outputs import real_outputs

RATE_SWEEP = "sglang/datacrunch_h200_llama3.3-70b_online_rate-sweep.jsonl"
AIPERF_CONC4 = "aiperf/aiperf0.10.0_schema1.3_efa-p5en_trtllm0.21-deepep-v2_ep16_conc4.json"
SINGLE_AT_INF = "sglang/datacrunch_h200_deepseek-v2_dp-mla_single.jsonl"

TABLE = """\
# yaml-language-server: $schema=../../schema/table.schema.json
# A request-rate sweep, filled by `python -m generator import` without --row.
kind: measurements
id: by-rate
title: Serving throughput by request rate
label: by rate
summary: Output tokens per second at each request rate.
campaign: lab
provenance: measured
quantity: output throughput
unit: tok/s
better: higher
tags: [climb]
metrics:                       # which number of each tool's file is this table's value
  sglang-bench: output_throughput
  aiperf: output_token_throughput.avg
sweep:
  load: request_rate
  label: rate   # how verdicts name the load
series:
  - {id: road, label: road bike, option: road}
  - {id: cargo, label: cargo bike, option: cargo}
comparisons:
  - {numerator: cargo, denominator: road, label: cargo / road, verdict_column: climb}
rows:
  # typed by hand, in another city
  - id: hill-rate-32
    label: Hill Town rate 32
    context: hill-town
    workload: {request_rate: 32}
    values: {road: 5000, cargo: 4000}
  # typed by hand, at a rate the file did not run
  - id: rate-3
    label: rate 3
    workload: {request_rate: 3}
    values: {road: 1500, cargo: 1500}   # a tie
"""
LOADS = [1, 2, 4, 8, 16]


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    shutil.copytree(FIXTURES / "imports" / "guide", data, dirs_exist_ok=True)
    (data / "tables" / "by-rate.yml").write_text(TABLE, encoding="utf-8")
    return data


def real(name: str) -> Path:
    return real_outputs() / name


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """``python -m generator import ARGS`` in this process (a fresh interpreter per call would double the time)."""
    code = main(["import", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def into(guide: Path, series: str) -> list[str | Path]:
    return ["--data", guide, "--table", "by-rate", "--series", series]


def printed() -> list[float]:
    """The output throughput the tool printed on each line of the sweep (`output_throughput`, tok/s)."""
    lines = real(RATE_SWEEP).read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["output_throughput"] for line in lines if line.strip()]


def rows(guide: Path) -> list[dict[str, object]]:
    return list(yaml_edit.load((guide / "tables" / "by-rate.yml").read_text(encoding="utf-8"))["rows"])


def test_a_rate_sweep_lands_whole_one_row_per_load_in_load_order(
    guide: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "road"))
    assert code == 0, err
    created = [line.split(None, 1)[1] for line in out.splitlines() if line.startswith("created")]
    assert created == [f"row request-rate-{n} (rate {n}) of table by-rate" for n in LOADS]
    # in load order among the rows without a city, the hand-written row at rate 3 between 2 and 4
    assert [(r["id"], r.get("context"), dict(r["workload"])) for r in rows(guide)] == [
        ("hill-rate-32", "hill-town", {"request_rate": 32}),
        ("request-rate-1", None, {"request_rate": 1}),
        ("request-rate-2", None, {"request_rate": 2}),
        ("rate-3", None, {"request_rate": 3}),
        ("request-rate-4", None, {"request_rate": 4}),
        ("request-rate-8", None, {"request_rate": 8}),
        ("request-rate-16", None, {"request_rate": 16}),
    ]
    made = {r["id"]: r for r in rows(guide)}
    assert made["request-rate-4"]["label"] == "rate 4" and made["request-rate-4"]["values"]["cargo"] == "not measured"
    # the guide builds, each row's value is the number the tool printed for that rate
    derived = derive_guide(guide)
    values = [derived.sample("by-rate", f"request-rate-{n}", "road").value for n in LOADS]
    assert values == printed()[:5] == pytest.approx([537.414, 987.313, 2047.91, 3515.02, 4288.05], rel=1e-5)
    # every comment of the table's file is still there, in the same order
    text = (guide / "tables" / "by-rate.yml").read_text(encoding="utf-8")
    comments = [line.strip() for line in TABLE.splitlines() if "#" in line]
    assert [line.strip() for line in text.splitlines() if "#" in line] == comments


def test_each_load_is_judged_and_named_by_its_range(guide: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "road"))
    assert code == 0, err
    # the other side typed by hand at the same rates: ahead at 1, level from 2 to 4, behind from 8
    table = guide / "tables" / "by-rate.yml"
    doc = yaml_edit.load(table.read_text(encoding="utf-8"))
    for row in doc["rows"]:
        if row["id"].startswith("request-rate-"):
            row["values"]["cargo"] = {1: 700, 2: 1000, 4: 2000, 8: 2000, 16: 2000}[row["workload"]["request_rate"]]
    table.write_text(yaml_edit.dump(doc), encoding="utf-8")
    cell = next(c for c in derive_guide(guide).cells["cargo"] if c.column.id == "climb")
    named = {regime.name: part.verdict.word for part in cell.parts for regime in part.regimes}
    assert {name: word for name, word in named.items() if "(by rate)" in name} == {
        "rate 1 (by rate)": "quicker",
        "rate 2–4 (by rate)": "level",
        "rate 8–16 (by rate)": "slower",
        "Hill Town rate 32 (by rate)": "slower",
    }


def test_a_second_import_changes_nothing_and_another_series_fills_the_same_rows(
    guide: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "road"))
    assert code == 0, err
    before = snapshot(guide)
    code, out, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "road"))
    assert code == 0, err
    assert snapshot(guide) == before
    assert "created" not in out and out.count("(already imported)") == 5 and "wrote" not in out
    code, out, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "cargo"))
    assert code == 0, err
    assert "created" not in out and out.count("added") == 5
    assert len(rows(guide)) == 7
    derived = derive_guide(guide)
    assert [derived.sample("by-rate", f"request-rate-{n}", "cargo").value for n in LOADS] == printed()[:5]


def test_a_context_prefixes_the_rows_it_creates_and_a_mapping_entry_needs_no_row(
    guide: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    shutil.copy(real(RATE_SWEEP), sweep / "rates.jsonl")
    (sweep / "sweep.yml").write_text(
        "table: by-rate\nformat: sglang-bench\ncontext: flat-town\nruns:\n"
        "  - {file: rates.jsonl, record: 1-2, series: road}\n"
        "  - {file: rates.jsonl, record: 1, series: cargo}\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "--map", sweep / "sweep.yml", "--data", guide)
    assert code == 0, err
    assert "created    row flat-town-request-rate-1 (Flat Town rate 1) of table by-rate" in out
    made = [r for r in rows(guide) if r.get("context") == "flat-town"]
    assert [(r["id"], r["label"], dict(r["workload"])) for r in made] == [
        ("flat-town-request-rate-1", "Flat Town rate 1", {"request_rate": 1}),
        ("flat-town-request-rate-2", "Flat Town rate 2", {"request_rate": 2}),
    ]
    derived = derive_guide(guide)
    assert derived.sample("by-rate", "flat-town-request-rate-1", "cargo").value == printed()[0]
    assert derived.sample("by-rate", "flat-town-request-rate-2", "cargo").value is None  # not measured


@pytest.mark.parametrize(
    ("name", "format_name", "expected"),
    [
        (AIPERF_CONC4, "aiperf", "the file states no request_rate (the sweep's load), so it has no row to go to"),
        (SINGLE_AT_INF, "sglang-bench", "$.request_rate: the file states request_rate inf, not a load a row"),
    ],
    ids=["no-load", "load-not-a-number"],
)
def test_a_run_whose_file_states_no_usable_load_is_refused_naming_the_file_and_the_key(
    guide: Path, capsys: pytest.CaptureFixture[str], name: str, format_name: str, expected: str
) -> None:
    before = snapshot(guide)
    code, _, err = run(capsys, format_name, real(name), *into(guide, "road"))
    assert code == 1
    assert f"{real(name)}: {expected}" in err, err
    assert snapshot(guide) == before


def test_a_file_mixing_two_sweeps_is_refused_whole(guide: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Lines 6 and 7 ran another dataset at rates 4 and 8: one row cannot take both measurements of a rate."""
    before = snapshot(guide)
    code, _, err = run(capsys, "sglang-bench", real(RATE_SWEEP), *into(guide, "road"))
    assert code == 1
    assert "its runs differ in dataset (run 3: random, run 6: sharegpt)" in err
    assert "one row (request-rate-4) takes one measurement per load: pick one sweep's runs with --record" in err
    assert snapshot(guide) == before


def test_a_row_id_taken_by_another_load_is_refused(guide: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = guide / "tables" / "by-rate.yml"
    table.write_text(TABLE.replace("id: rate-3", "id: request-rate-2"), encoding="utf-8")
    before = snapshot(guide)
    code, _, err = run(capsys, "sglang-bench", real(RATE_SWEEP), "--record", "1-5", *into(guide, "road"))
    assert code == 1
    assert "the row for request_rate 2 would be request-rate-2, but table by-rate has a row of that id" in err, err
    assert snapshot(guide) == before


def test_with_a_row_named_the_guard_still_compares_the_load(guide: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rate_1 = ["--record", "1", "--row", "rate-3"]
    code, _, err = run(capsys, "sglang-bench", real(RATE_SWEEP), *rate_1, *into(guide, "road"))
    assert code == 1
    assert "request_rate: the file ran at 1.0 request/s (line 1 $.request_rate), the row states 3" in err, err


def test_record_takes_a_run_a_range_or_a_list() -> None:
    assert parse_records("3") == 3
    assert parse_records("1-5") == (1, 2, 3, 4, 5)
    assert parse_records("1,3,6-7,3") == (1, 3, 6, 7)
    for bad in ("0", "5-1", "x", "1-", "-2", "1-100000"):
        with pytest.raises(ValueError, match=repr(bad)):
            parse_records(bad)
