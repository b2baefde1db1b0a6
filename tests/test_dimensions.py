"""The evidence's dimensions are derived from the set-up facts its measurements state (issues 51.1, 52.1), over
keys the guide declares: a fixture guide of another topic (bicycles) with no code of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator import dimensions
from generator.pipeline import derive_guide
from tests.conftest import FIXTURES, mkdocs_build, write_site
from tests.data_edits import edit, line_of, problems_in

KEYS = """setup_keys:
  - {id: rider, label: rider}
  - {id: gradient, label: gradient, numeric: true, unit: "%", load: true}
components:"""


def bicycles(tmp_path: Path) -> Path:
    """The bicycle fixture, declaring a text and a numeric set-up key and stating both."""
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    edit(data / "guide.yml", "components:", KEYS)
    edit(
        data / "campaigns" / "spring.yml",
        "{label: Riders, value: one rider}",
        "{label: Riders, value: one rider, key: rider}",
    )
    edit(
        data / "tables" / "hill-times.yml",
        "    values: {road: 100, cargo: 150}",
        "    values: {road: 100, cargo: 150}\n    workload: {gradient: 8}",
    )
    return data


def test_two_dimensions_are_derived_from_the_set_up_facts_the_measurements_state(tmp_path: Path) -> None:
    d = derive_guide(bicycles(tmp_path)).data
    dims = {x.id: x for x in dimensions.dimensions(d, tables=["hill-times"])}
    assert [v.label for v in dims["rider"].values] == ["one rider"]
    assert dims["rider"].source == "setup" and dims["rider"].question is None
    assert [v.id for v in dims["gradient"].values] == ["8"] and dims["gradient"].load
    assert dimensions.listing(dims["gradient"]) == "gradient 8 %"
    phrase = dimensions.measured_only(d, dimensions.dimensions(d, tables=["hill-times"]))
    assert phrase.startswith("Measured only with one rider, Hill Town, gradient 8 %"), phrase
    # the city the rows name is a dimension too, asked by the helper's support filter
    assert dims["context"].question == "city" and [v.label for v in dims["context"].values] == ["Hill Town"]


def test_a_value_no_measurement_states_is_not_filled_in(tmp_path: Path) -> None:
    d = derive_guide(bicycles(tmp_path)).data
    places = [p for p in dimensions.places(d) if p.table == "hill-stated"]
    assert places and all(p.at.get("gradient") is None for p in places)
    every = {x.id: x for x in dimensions.dimensions(d)}
    assert every["gradient"].partly  # other tables' values state no gradient
    assert dimensions.listing(every["gradient"]) == "gradient 8 % where stated"


def test_a_key_the_guide_does_not_declare_is_refused_at_its_line(tmp_path: Path) -> None:
    data = bicycles(tmp_path)
    path = data / "tables" / "hill-times.yml"
    edit(path, "workload: {gradient: 8}", "workload: {gradeint: 8}")
    (problem,) = problems_in(data)
    assert problem.startswith(f"tables/hill-times.yml:{line_of(path, 'gradeint')}: rows[0].workload.gradeint: ")
    assert "unknown set-up key (declare it in guide.yml setup_keys) 'gradeint' (did you mean 'gradient'?)" in problem


def test_a_numeric_key_holds_numbers_and_a_sweep_varies_only_a_numeric_key(tmp_path: Path) -> None:
    data = bicycles(tmp_path)
    path = data / "tables" / "hill-times.yml"
    edit(path, "workload: {gradient: 8}", "workload: {gradient: steep}")
    (problem,) = problems_in(data)
    assert "rows[0].workload.gradient: 'gradient' is a numeric set-up key: expected a number" in problem
    edit(path, "workload: {gradient: steep}", "workload: {gradient: 8}")
    edit(path, "tags: [climb]", "tags: [climb]\nsweep: {load: rider}")
    assert any("sweep.load: a sweep varies a numeric set-up key; 'rider' is not" in p for p in problems_in(data))


SCOPED = """  - id: default
    recommend: road
    runner_up: folding
    scope: {gradient-band: [gentle]}
    beyond:
      says: it names no bicycle for steep hills.
      quote: Test fixture, not advice.
      measure: Time both bicycles on your own hill."""

BAND = """envelope:
  - id: gradient-band
    label: Gradient band
    values:
      - {id: gentle, label: gentle hills}
      - {id: steep, label: steep hills}
components:"""

ASK = """  - id: load
    label: Load"""


def scoped(tmp_path: Path) -> Path:
    """The bicycle guide whose default pick the source scopes to gentle hills, and whose helper asks the band."""
    data = bicycles(tmp_path)
    edit(data / "guide.yml", "components:", BAND)
    edit(
        data / "campaigns" / "spring.yml",
        "summary: Test fixture campaign.",
        "summary: Test fixture campaign.\nsetup:\n  envelope: {gradient-band: gentle}",
    )
    decisions = data / "decisions.yml"
    edit(decisions, "  - id: default\n    recommend: road\n    runner_up: folding", SCOPED)
    band = (
        "  - id: band\n    label: Hills\n    text: How steep?\n    dimension: gradient-band\n    answers:\n"
        "      - {id: gentle, label: Gentle}\n      - {id: steep, label: Steep}\n"
    )
    edit(decisions, ASK, band + ASK)
    return data


def test_a_scoped_pick_is_not_recommended_past_its_scope_and_the_answer_names_both_dimensions(tmp_path: Path) -> None:
    data = scoped(tmp_path)
    config = write_site(tmp_path, data)
    site = tmp_path / "site"
    done = mkdocs_build(config, site)
    assert done.returncode == 0, done.stderr
    page = (site / "decide" / "index.html").read_text(encoding="utf-8")
    # the steep-hill answer: no "Recommended", the source's own words instead, marked not measured, what to measure
    assert (
        "Not measured here: the source&#39;s pick for gentle hills only" in page
        or "Not measured here: the source's pick for gentle hills only" in page
    )
    assert "it names no bicycle for steep hills." in page and "Time both bicycles on your own hill." in page
    # the table's row of that answer names the pick once, with no label that reads as a recommendation
    assert "its pick there:</span>" in page and "&gt;pick: <a" not in page and ">pick: <a" not in page
    # within the scope the pick carries its scope on its face
    assert 'Recommended <span class="dg-scope">for gentle hills</span>' in page
    # an answer outside names both derived dimensions (rider and gradient), with their measured values
    assert "Measured only with one rider" in page and "gradient 8 %" in page


def test_a_scoped_rule_reached_outside_its_scope_must_say_what_the_source_says_there(tmp_path: Path) -> None:
    data = scoped(tmp_path)
    text = (data / "decisions.yml").read_text(encoding="utf-8")
    start = text.index("    beyond:")
    end = text.index("your own hill.") + len("your own hill.")
    (data / "decisions.yml").write_text(text[:start] + text[end + 1 :], encoding="utf-8")
    problems = problems_in(data)
    assert any(
        "rules[1].scope: answers outside the rule's scope (gradient-band gentle) reach it" in p for p in problems
    ), problems


SPEED = """\
kind: measurements
id: speed
title: Compression speed by level
label: speed
summary: Compression speed at each level.
campaign: bench
provenance: measured
quantity: compression speed
unit: MB/s
better: higher
sweep: {load: level, label: level, versus: size}
series:
  - {id: lz4, label: lz4, option: lz4}
  - {id: zstd-3, label: zstd, option: zstd-3}
rows:
  - {id: l1, label: level 1, context: laptop, workload: {level: 1}, values: {lz4: 700, zstd-3: 500}}
  - {id: l3, label: level 3, context: laptop, workload: {level: 3}, values: {lz4: 400, zstd-3: 300}}
  - {id: l6, label: level 6, context: laptop, workload: {level: 6}, values: {lz4: 100, zstd-3: 90}}
"""
SIZE = (
    SPEED.replace("id: speed", "id: size")
    .replace("Compression speed", "Output size")
    .replace("compression speed", "output size")
    .replace("unit: MB/s", 'unit: "%"')
    .replace("better: higher", "better: lower")
    .replace(", versus: size", "")
    .replace("label: speed", "label: size")
    .replace("{lz4: 700, zstd-3: 500}", "{lz4: 48, zstd-3: 36}")
    .replace("{lz4: 400, zstd-3: 300}", "{lz4: 44, zstd-3: 33}")
    .replace("{lz4: 100, zstd-3: 90}", "{lz4: 40, zstd-3: 30}")
)


def test_a_curve_and_its_frontier_over_a_numeric_key_the_guide_declares(tmp_path: Path) -> None:
    """``sweep: {load: level}`` in a compressor guide that declares ``level``: speed against size over the levels."""
    from generator.render.charts import build_charts
    from generator.render.curve_spec import FRONTIER
    from tests.compressor_guide import write_guide

    data, _ = write_guide(tmp_path)
    guide = data / "guide.yml"
    keys = "setup_keys:\n  - {id: level, label: compression level, short: level, numeric: true, load: true}\n"
    guide.write_text(guide.read_text(encoding="utf-8").replace("order: [", keys + "order: ["), encoding="utf-8")
    (data / "tables" / "speed.yml").write_text(SPEED, encoding="utf-8")
    (data / "tables" / "size.yml").write_text(SIZE, encoding="utf-8")
    d = derive_guide(data)
    (chart,) = [c for c in build_charts(d).by_table["speed"] if c.kind == "curve"]
    traces = {t["name"]: t for t in chart.spec["data"]}
    lz4 = traces["lz4 (Laptop)"]
    assert lz4["text"] == ["1", "3", "6"] and lz4["x"] == [48, 44, 40]  # each point labelled with its level
    assert traces[f"{FRONTIER} (Laptop)"]["x"]  # the frontier of the laptop's points is drawn
    assert "is zstd (Laptop) at level 1–6 and lz4 (Laptop) at level 1." in chart.takeaway
    # the envelope names the levels measured
    dims = {x.id: x for x in dimensions.dimensions(d.data, tables=["speed"])}
    assert dimensions.listing(dims["level"]) == "level 1, 3 and 6"


def test_the_shipped_bottom_line_and_lesson_carry_the_sources_scope_on_their_face() -> None:
    from generator.pipeline import build_guide
    from tests.conftest import DATA

    pages = build_guide(DATA)
    home, bottom = pages["index.md"], pages["bottom-line.md"]
    ep16 = "<strong>Scope:</strong> the source states this for EP below 16 or EP16 on 2 nodes only."
    assert home.count(ep16) == 3  # each framework's answer in the answer box
    # the headline's, folded so that the phone's first screen still reaches the matrix: the scope on its face
    assert "<summary><strong>Scope:</strong> EP below 16 or EP16 on 2 nodes only · where measured</summary>" in home
    assert "Measured only with Qwen3-30B-A3B-FP8" in home
    assert "<strong>Scope:</strong> the source states this for EP16 on 2 nodes only." in home  # the lesson
    assert ep16 in bottom


def test_a_scope_naming_an_unknown_value_is_refused(tmp_path: Path) -> None:
    data = scoped(tmp_path)
    edit(data / "recommendation.yml", "summary:", "scope: {gradient-band: [flat]}\nsummary:")
    assert any("scope.gradient-band: unknown value of 'gradient-band' 'flat'" in p for p in problems_in(data))


MAP = """\
format: json
tool: lzbench
metrics:
  speed: {path: "$.compress_mb_s", unit: MB/s}
workload:
  level: {path: "$.level"}
setup:
  tool_version: {path: "$.version"}
  command: {path: "$.argv"}
  date: {path: "$.date"}
statistic: {of: fastest, iterations: 5}
"""


def test_a_map_reads_a_declared_key_the_tools_version_command_and_date_and_states_its_statistic(
    tmp_path: Path,
) -> None:
    import json

    from generator.read.formats.dispatch import file_run
    from generator.read.maps import MapError, load_map, read_with_map

    path = tmp_path / "lzbench.yml"
    path.write_text(MAP, encoding="utf-8")
    spec = load_map(path, "maps/lzbench.yml", ("level", "machine"))  # the keys a compressor guide declares
    content = {
        "compress_mb_s": 512.5,
        "level": 6,
        "version": "0.10",
        "argv": "lzbench -ezstd,6 corpus",
        "date": "2026-05-01",
    }
    (run,) = read_with_map(spec, json.dumps(content).encode())
    assert run.workload["level"].value == 6
    assert run.setup == {
        "tool": "lzbench",
        "tool_version": "0.10",
        "command": "lzbench -ezstd,6 corpus",
        "date": "2026-05-01",
    }
    assert "the tool's number: fastest of 5 iterations (as the map states it)" in run.settings
    kept = file_run([run], "speed")
    assert (kept.tool_version, kept.command, str(kept.date)) == ("0.10", "lzbench -ezstd,6 corpus", "2026-05-01")
    assert "level: 6" in kept.settings  # a declared key the readers do not know, by its own name
    # a key the guide does not declare is refused at its line
    try:
        load_map(path, "maps/lzbench.yml", ("machine",))
    except MapError as exc:
        assert exc.problems == [
            "maps/lzbench.yml:6: workload.level: not a set-up key guide.yml declares; expected one of machine"
        ]
    else:
        raise AssertionError("an undeclared key was read")


def test_an_answer_whose_pick_no_table_measures_says_so_and_borrows_no_other_set_up() -> None:
    """The InfiniBand answer picks GDAKI, which no table of the source measures: its bounds line says it is not
    measured, never the EFA campaign's set-up ("Measured only with Qwen3-30B-A3B-FP8; 2× p5en.48xlarge ..."),
    and its measurement plan lists the set-up facts to record with no value the source measured for it."""
    import re

    from generator import decide
    from generator.derive import plan
    from generator.pipeline import build_guide
    from tests.conftest import DATA

    page = build_guide(DATA)["decide.md"]
    cards = re.findall(r'<section class="dg-leaf" id="when-fabric-infiniband[^"]*".*?</section>', page, re.S)
    assert cards
    for card in cards:
        bounds = re.findall(r'<p class="dg-bounds" role="note">(.*?)</p>', card)
        assert bounds == ["Not measured: no measurement of the source backs GPU-initiated GDAKI / IBGDA."], bounds
        assert "p5en" not in card and "Measured only with" not in card
    data = derive_guide(DATA).data
    leaves = [leaf for leaf in decide.leaves(data) if list(dict(leaf.when).get("fabric", ())) == ["infiniband"]]
    assert leaves
    for leaf in leaves:
        found = plan.plan(data, leaf, "InfiniBand", "decide/")
        assert found["measure"] == [] and found["record"]
        assert all(r["measured"] == [] for r in found["record"]), found["record"]


def test_the_shipped_capacity_answer_past_ep16_is_not_recommended_and_gives_the_sources_capacity_rule() -> None:
    """The capacity rules pick dense, the source's default for EP<=16 only: past EP16 the answer is not called
    recommended, quotes the capacity rule (which holds at any scale) without contradicting the scope, and says
    nothing was measured there."""
    import re

    from generator import decide
    from generator.pipeline import build_guide, validate_guide
    from tests.conftest import DATA

    capacity = {
        leaf.id
        for leaf in decide.leaves(validate_guide(DATA))
        if leaf.outcome.rule in ("capacity", "capacity-trtllm") and ("scale", ("larger",)) in leaf.when
    }
    assert capacity
    page = build_guide(DATA)["decide.md"]
    cards = [re.search(rf'<section class="dg-leaf" id="{leaf}".*?</section>', page, re.S) for leaf in sorted(capacity)]
    for found in cards:
        assert found is not None
        card = found.group()
        assert "Recommended" not in card.split("dg-beyond")[0], card[:400]
        assert "Outside the source" in card and "a working serve beats OOM" in card
        assert "names no scale" not in card  # the scope and what the source says beyond it agree
        assert "<strong>Not measured in your situation.</strong>" in card
        assert "not measured at EP above 16" in card
