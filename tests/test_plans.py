"""The A/B to run (issue 51, item 3): each answer of the decision helper links a measurement plan generated
from the records, whose every setting is one its option's record states, with the record's quote."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import yaml

from tests.conftest import DATA, FIXTURES, mkdocs_build, write_site
from tests.html import page


def _needs(data: Path) -> dict[str, list[dict]]:
    """Each option's ``needs`` as its YAML record states them (read here, not through the engine)."""
    out = {}
    for path in sorted((data / "options").glob("*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[record["id"]] = record.get("needs", [])
    return out


def _plans(site: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (site / "downloads" / "plans").glob("*.json")}


def _every_setting_is_a_record_s(plans: dict[str, dict], needs: dict[str, list[dict]]) -> int:
    """Fails on a plan setting no record states, or one shown with a quote its record does not give."""
    seen = 0
    for name, found in plans.items():
        for option in found["options"]:
            stated = needs[option["id"]]
            for setting in option["settings"]:
                seen += 1
                match = [
                    n for n in stated
                    if (n["kind"], n["value"]) == (setting["kind"], setting["value"])
                    and (n.get("context") is None or found["context"] is None or n["context"] == found["context"]["id"])
                ]  # fmt: skip
                assert match, (name, option["id"], setting)
                quote = match[0].get("source", {}).get("quote", "not stated")
                assert setting["quote"] == quote, (name, option["id"], setting)
    return seen


def test_every_answer_links_a_plan_whose_settings_are_its_records(shipped_site: Path) -> None:
    plans = _plans(shipped_site)
    decide = page(shipped_site, "decide/")
    cards = decide.select("section.dg-leaf")
    assert len(plans) == len(cards) > 0
    for card in cards:
        link = card.select_one(".dg-plan a")
        assert link["href"] == f"../downloads/plans/{card['id']}.json", card["id"]
        outside = bool(card.select(".dg-envelope"))
        assert ("dg-plan-outside" in card.select_one(".dg-plan")["class"]) == outside
        assert bool(plans[card["id"]]["outside"]) == outside
    assert _every_setting_is_a_record_s(plans, _needs(DATA)) > 50
    source = " ".join((DATA / "source.txt").read_text(encoding="utf-8").split())
    for found in plans.values():
        for option in found["options"]:
            for setting in option["settings"]:
                assert setting["quote"] == "not stated" or " ".join(setting["quote"].split()) in source


def test_the_trtllm_plan_at_ep32_compares_dense_with_deepep_at_the_tables_load_points(shipped_site: Path) -> None:
    """The reader going to EP32 on TRT-LLM: dense (the answer) against DeepEP-V2 (its A/B's other side), the
    A/B's metric and its TRT-LLM rows, the dimensions to record with the guide's values, and the CSV to paste."""
    plans = _plans(shipped_site)
    key = "when-fabric-efa--priority-throughput-or-simplicity-or-robustness--framework-trtllm--scale-larger"
    (found,) = [p for name, p in plans.items() if name.startswith(key) and name.endswith("--model-fits--fork-cannot")]
    assert [(o["id"], o["role"]) for o in found["options"]] == [("dense", "recommended"), ("deepep-v2", "compared")]
    dense = found["options"][0]["settings"]
    assert [(s["value"], s["quote"]) for s in dense] == [
        ("TRTLLM_MOE_DISABLE_ALLTOALLV", "In the frameworks: TRTLLM_MOE_DISABLE_ALLTOALLV (TRT-LLM)")
    ]  # the vLLM flag is dense's setting on vLLM, not here
    (measure,) = found["measure"]
    assert (measure["table"], measure["quantity"], measure["unit"]) == (
        "dense-vs-deepep",
        "aggregate throughput",
        "tok/s",
    )
    assert [p["row"] for p in measure["load_points"]] == ["trtllm-conc4", "trtllm-conc32"]
    record = {r["dimension"]: r for r in found["record"]}
    assert record["scale"]["measured"] == ["EP16 on 2 nodes"] and record["scale"]["asked"] == "scale"
    assert record["model"]["measured"] == ["Qwen3-30B-A3B-FP8"] and record["concurrency"]["measured"] == [
        "conc 4",
        "conc 32",
    ]
    assert [o["text"] for o in found["outside"]] and "not measured at EP above 16" in found["outside"][0]["text"]
    rows = list(csv.reader(io.StringIO(measure["bring_back"]["your_numbers"])))
    assert rows[0] == ["row", "label", "context", "at scale", "at experts", "deepep (tok/s)", "dense (tok/s)"]
    assert [r[0] for r in rows[1:]] == ["trtllm-conc4", "trtllm-conc32"]
    assert all(r[3:] == ["larger", "fits", "", ""] for r in rows[1:])


def test_a_plan_outside_the_envelope_places_its_rows_at_the_answer_s_situation(shipped_site: Path) -> None:
    """Issue 51 item 4: the CSV to bring back from an answer outside the envelope states where it was measured, an
    ``at <dimension>`` column per dimension the answer's situation names one value of (the dimensions it is outside
    always among them), filled in with that answer's values; an answer inside keeps the guide's place (no column)."""
    plans = _plans(shipped_site)
    leaves = {leaf["id"]: leaf["at"] for leaf in json.loads((shipped_site / "downloads" / "guide.json").read_text())[
        "decisions"]["leaves"]}  # fmt: skip
    outside = inside = 0
    for name, found in plans.items():
        want = {k: vs[0] for k, vs in leaves[name].items() if len(vs) == 1} if found["outside"] else {}
        assert found["answer"]["at"] == want, name
        assert all(want[o["dimension"]] == o["answer"] for o in found["outside"]), name
        for m in found["measure"]:
            rows = list(csv.reader(io.StringIO(m["bring_back"]["your_numbers"])))
            assert rows[0][3 : 3 + len(want)] == [f"at {k}" for k in want], name
            assert all(dict(zip(rows[0], r, strict=True)).items() >= {f"at {k}": v for k, v in want.items()}.items()
                       for r in rows[1:]), name  # fmt: skip
            assert not [h for h in rows[0][3 + len(want) :] if h.startswith("at ")], name
            outside += bool(want)
            inside += not want
    assert outside > 0 and inside > 0


def test_a_guide_with_no_code_of_its_own_gets_plans_from_its_records_only(tmp_path: Path) -> None:
    """The toy guide: a need with a quote shows it, one without says "not stated"; nothing else is added, and a
    plan edited to show a setting no record states fails the same check."""
    tiny = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-guide", tiny)
    cargo = tiny / "options" / "cargo.yml"
    cargo.write_text(
        cargo.read_text(encoding="utf-8")
        + "needs:\n"
        + '  - {kind: part, value: low gear, context: hill-town, source: {quote: "Price list, spring 2024"}}\n'
        + "  - {kind: part, value: child seat}\n"
    )
    (tmp_path / "project").mkdir()
    site = tmp_path / "site"
    result = mkdocs_build(write_site(tmp_path / "project", tiny), site)
    assert result.returncode == 0, result.stderr
    plans = _plans(site)
    assert plans and _every_setting_is_a_record_s(plans, _needs(tiny)) > 0
    hill = [p for p in plans.values() if p["context"] and p["context"]["id"] == "hill-town"]
    cargo_plans = [o for p in hill for o in p["options"] if o["id"] == "cargo"]
    assert cargo_plans and all(
        [(s["value"], s["quote"]) for s in o["settings"]]
        == [("low gear", "Price list, spring 2024"), ("child seat", "not stated")]
        for o in cargo_plans
    )
    flat = [o for p in plans.values() if p["context"] and p["context"]["id"] == "flat-town" for o in p["options"]]
    assert flat and all("low gear" not in json.dumps(o) for o in flat)  # a need of Hill Town only
    measure = {m["table"]: m for m in hill[0]["measure"]}["hill-times"]
    assert [p["row"] for p in measure["load_points"]] == ["hill-a"] and measure["unit"] == "s"
    forged = json.loads(json.dumps(plans))
    next(iter(forged.values()))["options"][0]["settings"].append(
        {"kind": "env", "value": "FAST=1", "quote": "not stated"}
    )
    try:
        _every_setting_is_a_record_s(forged, _needs(tiny))
    except AssertionError:
        pass
    else:
        raise AssertionError("a plan showing a setting no record states passed the check")
