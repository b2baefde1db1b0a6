"""One set of rules, two implementations: the "Your numbers" script judges as the Python derivation does.

Each case is a published guide (its ``guide.json``, as the build writes it) and a reader's values. The
Python side derives the guide with those values (:func:`generator.derive.fill.derive`) and lists the
flips against the published one (:func:`generator.diff.verdicts.flips`); the script
(``yours.js``, run by node over the whole batch in one process) reads the same ``guide.json`` and values.
Both must print the same ratio in every table row with the same verdict, the same verdict (level, word,
symbol), detail, summary and parts in every matrix cell, and the same flips with the same ratios.

Cases: the shipped guide and the example guide, each with its own values and with the dense-vs-DeepEP
edit of issue 26, then :data:`GENERATED` guides made from both by drawing new bands, noise rules,
aggregates, statistics, spreads, stated bounds, digits and values (single values, runs, "not measured",
values copied from another series so ratios land on 1). A planted difference in the script or in the
rules it reads makes the comparison fail (:func:`test_a_planted_difference_is_caught`).
"""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from generator import number_range, schema
from generator.derive.cells import Cell
from generator.derive.columns.comparison import ratio_change, reading
from generator.derive.fill import derive
from generator.derive.guide import Derived
from generator.diff.answers import answer_changes
from generator.diff.verdicts import flips
from generator.model import Data, load_of, measurement_tables, runs_of
from generator.pipeline import validate_guide
from generator.render.data_export import guide_data
from generator.schema.evidence import RUNS_NEEDED
from tests.conftest import DATA, EXAMPLE

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests/yours_runner.js"
GENERATED = 520
NODE = shutil.which("node")

Entry = dict[str, Any]


def _tables(base: Derived, head: Derived, option: str, column: str) -> list[str]:
    """The tables a flipped cell reads, on both sides (as the diff's "worst ratio" reads them)."""
    i = next(n for n, c in enumerate(head.data.guide.columns) if c.id == column)
    new, old = head.cells[option][i], base.cells[option][i]
    return [*new.tables, *(t for t in old.tables if t not in new.tables)]


def _verdict(v: Any) -> list[str] | None:
    return None if v is None else [v.level, v.word, v.symbol]


def _entry(data: Data, t: schema.MeasurementTable, row: schema.Row, sid: str) -> Entry:
    raw = row.values[sid]
    if isinstance(raw, str):
        return {"nm": True}
    if isinstance(raw, schema.Runs):
        return {"runs": runs_of(data, t, row, sid)}
    return {"value": raw}


def reader_state(data: Data) -> dict[str, Any]:
    """Every measured value of ``data`` as the script's state (table -> row -> series -> entry)."""
    return {
        t.id: {row.id: {sid: _entry(data, t, row, sid) for sid in row.values} for row in t.rows}
        for t in measurement_tables(data)
    }


def expected(base: Derived, head: Derived) -> dict[str, Any]:
    """What the page must show for ``head``'s values over ``base``'s published guide, by the Python derivation."""
    ratios = {
        t.id: [
            [
                [rc.text, _verdict(rc.verdict), rc.judged.confidence if rc.judged else None]
                for rc in head.tables[t.id].ratios[comp.label]
            ]
            for comp in t.comparisons
        ]
        for t in measurement_tables(head.data)
    }

    def shown(cells: dict[str, list[Cell]]) -> dict[str, list[dict[str, Any]]]:
        return {
            o.id: [
                {
                    "verdict": _verdict(c.verdict),
                    "value": None if c.value is None else f"{c.value:.4f}",
                    "detail": c.detail,
                    "summary": c.summary,
                    "parts": [[_verdict(p.verdict), [r.name for r in p.regimes], p.against] for p in c.parts],
                    "coverage": c.coverage,
                }
                for c in cells[o.id]
            ]
            for o in head.ordered_options()
        }

    cells = shown(head.cells)
    judged = {c.id: shown(head.judged_for(c.id)) for c in head.data.guide.contexts}
    flipped = [
        [f.option, f.column, [f.before.level, f.before.word, f.before.symbol],
         [f.after.level, f.after.word, f.after.symbol],
         ratio_change(f.value_before, f.value_after, *reading((base, head), _tables(base, head, f.option, f.column)))]
        for f in flips(base, head, [])
    ]  # fmt: skip
    claims = {c.id: head.numbers[c.id].text for c in head.data.claims.claims}
    answers = [
        [a.leaf, [[q.before, q.after] for q in a.quotes],
         [[e.option, e.column, [e.before.level, e.before.word, e.before.symbol],
           [e.after.level, e.after.word, e.after.symbol], e.detail_before, e.detail_after] for e in a.evidence]]
        for a in answer_changes(base, head)
    ]  # fmt: skip
    return {"ratios": ratios, "cells": cells, "judged": judged, "flips": flipped, "claims": claims, "answers": answers}


def published(d: Derived) -> dict[str, Any]:
    """``guide.json`` as the build writes it (through JSON, so numbers read back as a browser reads them)."""
    doc = guide_data(d, {o.id: f"{o.id}/" for o in d.data.options})
    return json.loads(json.dumps(doc, ensure_ascii=False))


# --- generated guides ------------------------------------------------------

WORDS = {"good": ["faster", "quicker", "better"], "mid": ["tie", "level", "on par"], "bad": ["slower", "worse"]}


def _bands(rng: random.Random) -> list[schema.Band]:
    k = rng.randint(1, 4)
    edges = [1.0, 1.05, 0.95, 1.2, 0.8, 1.5, 0.5]  # round edges, so ratios of equal values land on them
    drawn = {rng.choice(edges) if rng.random() < 0.5 else round(rng.uniform(0.3, 2.5), 2) for _ in range(k - 1)}
    mins = sorted(drawn, reverse=True)
    out = []
    for i, m in enumerate([*mins, None]):
        level = rng.choice(["good", "mid", "bad"])
        out.append(schema.Band.model_construct(min=m, level=level, word=f"{rng.choice(WORDS[level])}{i}"))
    return out


def _noise(rng: random.Random, bands: list[schema.Band]) -> schema.NoiseRule | None:
    pick = rng.random()
    if pick < 0.3:
        return None
    bound = rng.choice(["ignore", "as-spread"])
    if pick < 0.6:
        return schema.NoiseRule.model_construct(straddle="tie", likely={}, stated_bound=bound, note=None)
    likely = {
        b.word: schema.Outcome.model_construct(level=b.level, word=f"likely {b.word}")
        for b in bands
        if rng.random() < 0.6
    }
    return schema.NoiseRule.model_construct(straddle="likely", likely=likely, stated_bound=bound, note=None)


def _value(rng: random.Random, centre: float, least: int = 1) -> float | str | schema.Runs:
    pick = rng.random()
    if pick < 0.1:
        return schema.NOT_MEASURED
    if pick < 0.45:
        return round(centre * rng.uniform(0.7, 1.4), rng.randint(0, 3))
    n = rng.randint(least, 6)
    runs = [round(centre * rng.uniform(0.9, 1.1), rng.randint(0, 2)) for _ in range(n)]
    return schema.Runs.model_construct(runs=runs, files=None)


def _edit(rng: random.Random, row: dict[str, Any], sid: str, least: int) -> Any:
    """A reader's change to one value: keep it, a new one, another series' value, runs, or "not measured"."""
    pick = rng.random()
    old = row[sid]
    if pick < 0.4:
        return old
    if pick < 0.55:
        return rng.choice(list(row.values()))
    if pick < 0.65:
        return schema.NOT_MEASURED
    centre = old if isinstance(old, float | int) else rng.uniform(20, 500)
    return _value(rng, float(centre), least)


def generated(base: Data, rng: random.Random) -> tuple[Data, Data]:
    """A guide shaped like ``base`` with new rules and values, and the same guide with a reader's values."""
    options = [o.id for o in base.options]
    columns: list[schema.Column] = []
    for c in base.guide.columns:
        if isinstance(c, schema.ComparisonColumn):
            bands = _bands(rng)
            against = c.against if rng.random() < 0.75 else "best"
            baseline = c.baseline
            if against == "baseline" and rng.random() < 0.3:
                baseline = rng.choice(options)
            update = {"bands": bands, "noise": _noise(rng, bands), "aggregate": rng.choice(["split", "worst"]),
                      "against": against, "baseline": baseline}  # fmt: skip
            c = c.model_copy(update=update)
        columns.append(c)
    guide = base.guide.model_copy(update={"columns": columns})
    comparison = [c.id for c in columns if isinstance(c, schema.ComparisonColumn)]
    claims = []
    for claim in base.claims.claims:  # how each quoted ratio sums its rows, and which band reads as a tie
        update = {"aggregate": rng.choice(["mean", "mean", "min", "max", "range"])}
        if rng.random() < 0.5:
            update["range_beyond"] = rng.choice([None, 1.1, 1.3, 2.0])
        if claim.phrase is not None and rng.random() < 0.3:
            update["phrase"] = claim.phrase.model_copy(update={"column": rng.choice([None, *comparison])})
        claims.append(claim.model_copy(update=update))
    quoted = base.claims.model_copy(update={"claims": claims, "range_beyond": rng.choice([None, 1.5, 2.0])})
    pub_tables: list[schema.MeasurementTable | schema.FactTable] = []
    mod_tables: list[schema.MeasurementTable | schema.FactTable] = []
    for t in base.tables:
        if not isinstance(t, schema.MeasurementTable):
            pub_tables.append(t)
            mod_tables.append(t)
            continue
        update = {
            "better": rng.choice(["higher", "lower"]),
            "digits": rng.randint(0, 4),
            "statistic": rng.choice(["median", "mean", "min", "max"]),
            "spread": rng.choice(["min-max", "stdev", "ci95"]),
            "repetitions": rng.choice([None, None, 3]),
            "variance_below_pct": rng.choice([None, 1.0, 2.5, 5.0]),
            "value_digits": rng.choice([None, None, 0, 1, 3]),  # how measured values print ("best" details)
            "series": [x.model_copy(update={"value_digits": rng.choice([None, None, None, 2])}) for x in t.series],
        }
        pub_rows, mod_rows = [], []
        for row in t.rows:
            centre = rng.uniform(20, 800)  # runs within ±10%: no spread reaches below 0
            least = RUNS_NEEDED[str(update["spread"])]  # as validation requires of every list of runs
            values = {s.id: _value(rng, centre, least) for s in t.series}
            edited = {sid: _edit(rng, values, sid, least) for sid in values}
            pub_rows.append(row.model_copy(update={"values": values}))
            mod_rows.append(row.model_copy(update={"values": edited}))
        pub_tables.append(t.model_copy(update={**update, "rows": pub_rows}))
        mod_tables.append(t.model_copy(update={**update, "rows": mod_rows}))
    pub = dataclasses.replace(base, guide=guide, claims=quoted, tables=pub_tables, file_runs={}, file_setups={})
    mod = dataclasses.replace(base, guide=guide, claims=quoted, tables=mod_tables, file_runs={}, file_setups={})
    return pub, mod


def _issue_edit(data: Data) -> Data:
    """Issue 26's check: every DeepEP-V2 value of the dense-vs-DeepEP table set to dense's."""
    tables: list[schema.MeasurementTable | schema.FactTable] = []
    for t in data.tables:
        if t.id == "dense-vs-deepep" and isinstance(t, schema.MeasurementTable):
            rows = []
            for row in t.rows:
                values = dict(row.values)
                values["deepep"] = values["dense"]
                rows.append(row.model_copy(update={"values": values}))
            t = t.model_copy(update={"rows": rows})
        tables.append(t)
    return dataclasses.replace(data, tables=tables)


def _own_row(data: Data) -> Data:
    """Issue 38: a reader's own SGLang dense-vs-DeepEP A/B, a context the guide has no row of that table in."""
    tables: list[schema.MeasurementTable | schema.FactTable] = []
    for t in data.tables:
        if t.id == "dense-vs-deepep" and isinstance(t, schema.MeasurementTable):
            mine = schema.Row.model_construct(
                id="yours-1", label="my SGLang A/B", context="sglang", values={"deepep": 250.0, "dense": 270.0}
            )
            t = t.model_copy(update={"rows": [*t.rows, mine]})
        tables.append(t)
    return dataclasses.replace(data, tables=tables)


def _own_sweep(data: Data) -> Data:
    """Issue 40: the dense-vs-DeepEP A/B read as a concurrency sweep per framework, and a reader's own SGLang sweep
    added under it (DeepEP ahead at low load, behind from 64, dense alone at 128: not compared there, so the run of
    "faster" stops at 128 and starts again at 256)."""
    loads = {"trtllm-conc4": 4, "trtllm-conc32": 32, "vllm-conc32-decode": 32, "vllm-conc64-prefill": 64}
    mine = [
        (8, 300.0, 250.0),
        (16, 520.0, 470.0),
        (32, 700.0, 690.0),
        (64, 800.0, 990.0),
        (128, "not measured", 1100.0),
        (256, 900.0, 1300.0),
    ]
    tables: list[schema.MeasurementTable | schema.FactTable] = []
    for t in data.tables:
        if t.id == "dense-vs-deepep" and isinstance(t, schema.MeasurementTable):
            rows = [r.model_copy(update={"workload": {**r.workload, "concurrency": loads[r.id]}}) for r in t.rows]
            rows += [
                schema.Row.model_construct(
                    id=f"yours-{i + 1}",
                    label=f"my SGLang sweep, {load}",
                    context="sglang",
                    values={"deepep": deepep, "dense": dense},
                    workload={"concurrency": load},
                )
                for i, (load, deepep, dense) in enumerate(mine)
            ]
            t = t.model_copy(update={"rows": rows, "sweep": schema.Sweep(load="concurrency", label="conc")})
        tables.append(t)
    return dataclasses.replace(data, tables=tables)


def _as_sweep(data: Data) -> Data:
    """The published side of :func:`_own_sweep`: the same table as a sweep, without the reader's rows."""
    swept = _own_sweep(data)
    tables = [
        t.model_copy(update={"rows": [r for r in t.rows if not r.id.startswith("yours-")]})
        if isinstance(t, schema.MeasurementTable)
        else t
        for t in swept.tables
    ]
    return dataclasses.replace(swept, tables=tables)


def added_rows(base: Data, head: Data) -> dict[str, Any]:
    """The rows ``head`` has and ``base`` does not, as the script's "add a row" keeps them."""
    rows: dict[str, list[dict[str, Any]]] = {}
    known = {t.id: {r.id for r in t.rows} for t in measurement_tables(base)}
    for t in measurement_tables(head):
        for r in t.rows:
            if r.id not in known.get(t.id, set()):
                entry = {"id": r.id, "label": r.label, "context": r.context, "load": load_of(t, r)}
                rows.setdefault(t.id, []).append(entry)
    return {"contexts": [], "rows": rows}


def _cases(count: int) -> list[tuple[Data, Data]]:
    shipped, example = validate_guide(DATA), validate_guide(EXAMPLE / "data")
    out = [(shipped, shipped), (example, example), (shipped, _issue_edit(shipped)), (shipped, _own_row(shipped))]
    out.append((_as_sweep(shipped), _own_sweep(shipped)))
    rng = random.Random(26)
    for i in range(count):
        out.append(generated(shipped if i % 2 else example, rng))
    return out


def run_script(script: Path, batch: list[dict[str, Any]], tmp: Path) -> list[dict[str, Any]]:
    assert NODE, "node is needed (it builds the site's assets too)"
    path = tmp / "cases.json"
    path.write_text(json.dumps(batch, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([NODE, str(RUNNER), str(script), str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def batch() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cases as the script reads them, and what the Python derivation says for each."""
    cases, wanted = [], []
    for pub, mod in _cases(GENERATED):
        base, _ = derive(pub)
        head, _ = derive(mod)
        cases.append({"guide": published(base), "state": reader_state(mod), "added": added_rows(pub, mod)})
        wanted.append({**expected(base, head), "same_table": base.decision_table == head.decision_table})
    return cases, wanted


def mismatches(got: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> list[str]:
    out = []
    for i, (g, w) in enumerate(zip(got, wanted, strict=True)):
        for part in ("ratios", "cells", "judged", "flips", "claims", "answers"):
            if g[part] != w[part]:
                out.append(
                    f"case {i}: {part} differ: script {json.dumps(g[part])[:600]} python {json.dumps(w[part])[:600]}"
                )
    return out


def test_the_script_judges_as_the_python_derivation(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    cases, wanted = batch
    assert len(cases) == GENERATED + 5  # the shipped and example guides, issue 26's edit, an own row, an own sweep
    started = time.monotonic()
    got = run_script(yours_js, cases, tmp_path)
    took = time.monotonic() - started
    assert not mismatches(got, wanted), "\n".join(mismatches(got, wanted)[:5])
    assert took < 120
    # the cases flip verdicts, split and summarise cells, and judge within noise: the comparison is not vacuous
    assert sum(len(w["flips"]) for w in wanted) > 500
    assert any(c["summary"] for w in wanted for cs in w["cells"].values() for c in cs)
    assert any(r[2] == "within noise" for w in wanted for t in w["ratios"].values() for c in t for r in c)
    # and the quoted ratios read as ties within noise, as splits and as ranges; the answers change both ways
    texts = [t for w in wanted for t in w["claims"].values()]
    assert sum("(within noise)" in t for t in texts) > 20 and sum(" but " in t for t in texts) > 20
    assert sum("–" in t for t in texts) > 20 and "not measured" in texts
    answers = [a for w in wanted for a in w["answers"]]
    assert sum(bool(a[1]) for a in answers) > 500 and sum(bool(a[2]) for a in answers) > 500
    assert any(e[2][:2] != e[3][:2] for a in answers for e in a[2])


def test_what_a_recommendation_picks_reads_no_table_value(batch: Any) -> None:
    """The statement on the page: with other values every situation keeps its picks and what it rules out."""
    _, wanted = batch
    assert all(w["same_table"] for w in wanted)


def test_issue_26_dense_vs_deepep(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    """Each DeepEP-V2 value of dense-vs-DeepEP set to dense's: serving goes ✖ slower -> ◐ tie, with both ratios."""
    cases, wanted = batch
    got = run_script(yours_js, cases[:3], tmp_path)
    assert got[0]["flips"] == [] and got[1]["flips"] == []  # the published values flip nothing
    serving = [f for f in got[2]["flips"] if f[0] == "deepep-v2" and f[1] == "serving"]
    assert serving and serving[0][2][2] == "✖" and serving[0][3][0] == "mid" and serving[0][3][2] == "◐"
    # a flip names every part, with its opponent: the tie against dense now holds on TRT-LLM and vLLM
    assert serving[0][3][1] == "tie vs UCCL on SGLang · tie vs dense on TRT-LLM, vLLM"
    assert serving[0][4].startswith("0.") and serving[0][4].endswith("→ 1.00×")
    assert not mismatches(got, wanted[:3])
    # the decision helper: with the published values no answer changes; with the edit, the answers that
    # quote DeepEP against dense read a tie, and their picks keep their recommendations
    assert got[0]["answers"] == [] and got[1]["answers"] == []
    quotes = [q for a in got[2]["answers"] for q in a[1]]
    assert ["Dense is 1.50× (geometric mean of 1.46–1.54×) faster than DeepEP on TRT-LLM (DeepEP / dense: "
            "0.65–0.69×), and it needs no plugin, no ElasticBuffer and no proxy.",
            "Dense is on par with DeepEP on TRT-LLM (DeepEP / dense: 1.00×), and it "
            "needs no plugin, no ElasticBuffer and no proxy."] in quotes  # fmt: skip


PLANTS = [
    # a tie rounds up where Python rounds to even
    ("return Number(up.slice(-1)) % 2 === 0 ? up : down;", "return up;"),
    # a band reached from above instead of at its minimum
    ("if (b.min === null || x >= b.min) return i;", "if (b.min === null || x > b.min) return i;"),
    # the noise rule's "likely" outcomes ignored
    ('if (rule.straddle === "likely" &&', "if (false &&"),
    # the median of an even number of runs taken as the upper middle run
    ("return n % 2 ? s[i] : (s[i - 1] + s[i]) / 2;", "return s[i];"),
    # "worst" keeps every part
    ("ps = [ps[0]].concat(ps.slice(1).filter(function (p) { return measuredParts.indexOf(p) < 0; }));", ""),
    # a quoted mean taken as arithmetic, not geometric
    ("return Math.exp(fsum(xs.map(Math.log)) / xs.length); }", "return fsum(xs) / xs.length; }"),
    # a quoted mean whose rows fall on both sides not said to split
    ("if (order.length < 2) return null;", "return null;"),
    # a quoted ratio within noise not read as a tie
    ('lowerConfidence(col, x, top, bottom).level !== "mid"', "true"),
    # a quoted mean whose ratios lie far apart not read as their range
    ('var far = c.aggregate === "mean" &&', "var far = false &&"),
    # a pick's verdict whose parts moved, under the same colour, not counted as changed
    ("(c.parts || []).map(function (p) {", "[].map(function (p) {"),
    # "Judge for": a context's row counted in another context
    ("|| row.context === ctx; }", "|| true; }"),
    # "Judge for": a row that names no context dropped
    ("return !ctx || row.context === null || row.context === undefined ||", "return !ctx ||"),
    # "Judge for": a cell measured only elsewhere keeps the published colour
    ("if (context && (elsewhere || js.length && !general)) {", "if (false) {"),
    # a verdict's opponent left unsaid
    ('against: "vs " + (jg.labels[other] || other), opponent: other', 'against: "", opponent: other'),
    # a context with no row and no judgement left out of the published cell
    ("if (unknown.length) extra.push(notMeasured(jg, unknown));", ""),
    # a sweep's loads named one by one, not by the run of loads with one verdict
    ("if (i === items.length || keys[i] !== keys[start] ||", "if (true ||"),
    # a sweep's run of one load named as a range of it, "conc 32–32"
    ("return raw(lo) === raw(hi) ?", "return false ?"),
    # a sweep's run spanning a load of its table it does not hold
    ("|| every.indexOf(loads[i]) - every.indexOf(loads[i - 1]) > 1) {", ") {"),
    # a load only one side has dropped in silence
    ("ps = ps.concat(uncompared);", ""),
    # "Judge for": a judgement given for the context judged for ignored
    ("if (forContext) return judgedCell(jg, col, forContext);", ""),
    # a judgement's polarity read as neutral
    ('["good", "mid", "bad"].indexOf(j.level) >= 0 ? j.level : "judged"', '"judged"'),
    # "Judge for": the support column left framework-agnostic
    ('if (col.kind === "support" && context) return supportCell(jg, col, option);', ""),
]


@pytest.mark.parametrize("plant", range(len(PLANTS)))
def test_a_planted_difference_is_caught(batch: Any, tmp_path: Path, plant: int, yours_js: Path) -> None:
    """A one-line change to the script's rules makes the parity test fail."""
    cases, wanted = batch
    old, new = PLANTS[plant]
    text = yours_js.read_text(encoding="utf-8")  # the parts joined, as the site ships it
    assert text.count(old) == 1
    mutated = tmp_path / "yours.js"
    mutated.write_text(text.replace(old, new), encoding="utf-8")
    assert mismatches(run_script(mutated, cases, tmp_path), wanted)


def test_a_planted_difference_in_the_claims_is_caught(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    """The quoted ratios are computed from guide.json's claims: one read the other way round changes the answers."""
    cases, wanted = batch
    changed = json.loads(json.dumps(cases[:3]))
    for case in changed:
        for claim in case["guide"]["claims"]:
            claim["numerator"], claim["denominator"] = claim["denominator"], claim["numerator"]
    got = run_script(yours_js, changed, tmp_path)
    assert all(g["claims"] != w["claims"] for g, w in zip(got, wanted[:3], strict=True))
    assert wanted[0]["answers"] == [] and got[0]["answers"]


def test_a_planted_difference_in_the_rules_is_caught(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    """The script reads its rules from guide.json: a band moved there changes what it says."""
    cases, wanted = batch
    changed = json.loads(json.dumps(cases[:3]))
    for case in changed:
        for col in case["guide"]["columns"]:
            for band in col.get("bands", []):
                if band["min"] is not None:
                    band["min"] = band["min"] * 1.5
    assert mismatches(run_script(yours_js, changed, tmp_path), wanted[:3])


#: Texts at and around the bounds of :mod:`generator.number_range`, and far beyond them.
EDGES = ["1e-100", "1.0000000000000001e-100", "9.999999999999999e-101", "1e100", "1.0000000000000002e100",
         "9.999999999999999e99", "1e-300", "1e300", "1e308", "5e-324", "254.2", "0.5", "1e101", "1e-101"]  # fmt: skip


def test_the_script_accepts_exactly_the_values_the_build_accepts(tmp_path: Path, yours_js: Path) -> None:
    """guide.json states the range (the one place: generator/number_range.py); the script refuses a value
    outside it, in a field, a pasted value or a link, with the build's words, and accepts every value within."""
    assert NODE, "node is needed (it builds the site's assets too)"
    doc = published(derive(validate_guide(EXAMPLE / "data"))[0])
    assert doc["number_range"] == {
        "smallest": number_range.SMALLEST,
        "largest": number_range.LARGEST,
        "message": number_range.OUT_OF_RANGE,
    }
    probe = tmp_path / "probe.js"
    probe.write_text(
        "const core = require(process.argv[2]); const range = JSON.parse(process.argv[3]);"
        "const texts = JSON.parse(process.argv[4]);"
        "console.log(JSON.stringify(texts.map((t) => [core.parse(t, range).error || '', core.parse(t + ', ' + t, range)"
        ".error || ''])));",
        encoding="utf-8",
    )
    done = subprocess.run(
        [NODE, str(probe), str(yours_js), json.dumps(doc["number_range"]), json.dumps(EDGES)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for text, (alone, runs) in zip(EDGES, json.loads(done.stdout), strict=True):
        python = number_range.out_of_range(float(text))
        assert bool(alone) == bool(python) and bool(runs) == bool(python), (text, alone, python)
        if python:
            assert python in alone or "positive, finite" in alone, (text, alone)
    assert any(number_range.out_of_range(float(t)) for t in EDGES) and not all(
        number_range.out_of_range(float(t)) for t in EDGES
    )


def test_judge_for_reads_each_framework_by_its_own_rows(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    """Issue 33: judged for TRT-LLM, dense's serving cell is green; for SGLang, DeepEP-V2's is not red (its
    SGLang rows tie with UCCL); for vLLM, every part of a split cell is a vLLM row; a cell measured on other
    frameworks only says so. The script says the same as the Python derivation, context by context."""
    cases, wanted = batch
    got = run_script(yours_js, cases[:3], tmp_path)
    assert not mismatches(got, wanted[:3])
    shipped = got[0]
    columns = [c["id"] for c in cases[0]["guide"]["columns"]]
    serving = columns.index("serving")
    assert shipped["cells"]["dense"][serving]["verdict"][0] != "good"  # as published: a tie and a win
    assert shipped["judged"]["trtllm"]["dense"][serving]["verdict"][:2] == ["good", "faster"]
    assert shipped["cells"]["deepep-v2"][serving]["verdict"][0] == "bad"
    assert shipped["judged"]["sglang"]["deepep-v2"][serving]["verdict"][0] != "bad"
    vllm = shipped["judged"]["vllm"]
    names = [r for c in vllm.values() for cell in c for p in cell["parts"] for r in p[1]]
    assert names and all(n.startswith("vLLM") for n in names if n not in ("dispatch", "combine")), names
    assert vllm["uccl"][serving]["verdict"][:2] == ["unknown", "not measured on vLLM"]  # it did not serve there
    # issue 45: the tie the source states for vLLM against multi-comm stands beside dense's rows against DeepEP-V2
    dense_vllm = [(p[0][0], p[0][1], p[2]) for p in vllm["dense"][serving]["parts"]]
    assert ("mid", "tie", "vs DeepEP multi-comm") in dense_vllm and ("good", "faster", "vs DeepEP-V2") in dense_vllm
    assert shipped["judged"]["trtllm"]["uccl"][serving]["verdict"][:2] == ["unknown", "not measured on TRT-LLM"]
    # issue 38: every context has its part in the published cell, each measured part names its opponent
    uccl = shipped["cells"]["uccl"][serving]
    assert (
        [(p[0][1], p[1], p[2]) for p in uccl["parts"]]
        == [("tie", ["SGLang"], "vs DeepEP-V2"), ("not measured on TRT-LLM, vLLM", [], "")]
        and uccl["verdict"][0] == "mid"
        and uccl["coverage"] == "1 of 3 frameworks"
    )
    support = columns.index("serves")
    assert shipped["judged"]["vllm"]["uccl"][support]["verdict"][0] == "bad"  # deadlocked on vLLM
    assert shipped["judged"]["sglang"]["uccl"][support]["verdict"][0] == "mid"  # with extras on SGLang
    # the example guide names an operating system on one row only (Windows): judged for Windows every row
    # counts and every cell reads as published; judged for Linux or macOS it does not, and cells read the others
    example = got[1]
    kinds = [c["kind"] for c in cases[1]["guide"]["columns"]]

    def compared(cells: dict[str, Any]) -> dict[str, Any]:
        return {o: [c for c, k in zip(row, kinds, strict=True) if k == "comparison"] for o, row in cells.items()}

    assert compared(example["judged"]["windows"]) == compared(example["cells"])
    assert example["judged"]["windows"] != example["cells"]  # its support column reads Windows' own answers
    assert compared(example["judged"]["linux"]) != compared(example["cells"])
    assert compared(example["judged"]["linux"]) == compared(example["judged"]["macos"])
    # over the generated guides, judging for a context changes cells (the comparison is not vacuous)
    assert sum(w["judged"][c] != w["cells"] for w in wanted for c in w["judged"]) > 100


def test_your_own_row_in_a_context_the_guide_has_not_measured_is_judged(
    batch: Any, tmp_path: Path, yours_js: Path
) -> None:
    """Issue 38: "Your numbers" adds a row in a context the table has none in (one's own SGLang dense-vs-DeepEP A/B);
    the matrix re-judges it by the same rules as the Python derivation, for any context and for SGLang."""
    cases, wanted = batch
    own = next(i for i, c in enumerate(cases) if c["added"]["rows"])
    got = run_script(yours_js, cases[own : own + 1], tmp_path)
    assert not mismatches(got, wanted[own : own + 1])
    columns = [c["id"] for c in cases[own]["guide"]["columns"]]
    dense = got[0]["judged"]["sglang"]["dense"][columns.index("serving")]
    # faster than DeepEP-V2 by one's own row; the tie the source states with multi-comm on SGLang stays beside it
    parts = [(p[0][0], p[0][1], p[2]) for p in dense["parts"]]
    assert parts == [("mid", "tie", "vs DeepEP multi-comm"), ("good", "faster", "vs DeepEP-V2")], dense
    assert dense["verdict"][:2] == ["mid", "tie"] and dense["summary"] == "regimes disagree; colour of the worst"
    published = cases[own]["guide"]["options"][0]["cells"][columns.index("serving")]
    assert published["verdict"]["level"] == "mid"  # as published: a tie and a win
    assert any(f[0] == "dense" and f[1] == "serving" for f in got[0]["flips"]), got[0]["flips"]


def test_a_readers_own_sweep_is_judged_by_load(batch: Any, tmp_path: Path, yours_js: Path) -> None:
    """Issue 40: a reader's own SGLang concurrency sweep under a sweep table is judged at each load it shares with
    the other side, named by load range, with the load only one side has shown as not compared; for any context and
    judged for SGLang, by the same rules as the Python derivation."""
    cases, wanted = batch
    own = next(i for i, c in enumerate(cases) if any(r.get("load") for rs in c["added"]["rows"].values() for r in rs))
    got = run_script(yours_js, cases[own : own + 1], tmp_path)
    assert not mismatches(got, wanted[own : own + 1])
    columns = [c["id"] for c in cases[own]["guide"]["columns"]]
    cell = got[0]["judged"]["sglang"]["dense"][columns.index("serving")]
    named = {name: (part[0][1], part[2]) for part in cell["parts"] for name in part[1]}
    assert named == {
        "SGLang conc 8–16": ("slower", "vs DeepEP-V2"),
        "SGLang conc 32": ("tie", "vs DeepEP-V2"),
        "SGLang conc 64": ("faster", "vs DeepEP-V2"),
        "SGLang conc 128": ("not compared", "vs DeepEP-V2"),
        "SGLang conc 256": ("faster", "vs DeepEP-V2"),
    }, cell
    assert cell["verdict"][:2] == ["bad", "slower"], cell  # the colour of the worst load
