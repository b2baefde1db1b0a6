"""A reader's own row placed in their situation (issue 51 item 4): in "Your numbers" a row carries its value on
each dimension of the guide's envelope, and counts only for the decision helper's answers whose situation holds
that value; there the answer is judged from the rows measured in that situation, naming the reader's numbers.
The fixture is the bicycle guide whose helper asks the gradient band (tests/test_dimensions.py: scoped), a guide
with no code of its own; the script runs in node (tests/yours_runner.js's way: the joined parts, required). Then
the shipped guide's page in a browser: a TRT-LLM A/B at EP32 (Scale: EP above 16)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from generator.pipeline import derive_guide
from generator.render.data_export import guide_data
from quality.wait import wait_until
from tests.test_dimensions import scoped
from tests.test_yours_browser import _fill, _open
from tests.test_yours_parity import NODE

RUN = """
const core = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const out = cases.map(({ guide: published, added, state, hash }) => {
  const read = hash === undefined ? added : core.addedFrom(published, hash).added;  // a place kept in the address
  const guide = core.withRows(published, read);
  const answers = core.answers(guide, core.derive(guide, state), state);
  return { fragment: core.addedFragment(read), answers: answers.map((a) => ({
    leaf: a.leaf.id, at: a.leaf.at, yours: a.yours,
    evidence: a.evidence.map((e) => [e.option, e.column, e.before.word, e.after.word]) })) };
});
process.stdout.write(JSON.stringify(out));
"""


def _run(tmp_path: Path, yours_js: Path, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    done = subprocess.run(
        [NODE, "-e", RUN, str(yours_js), str(tmp_path / "cases.json")], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_row_placed_at_one_gradient_changes_the_answers_there_and_nowhere_else(
    tmp_path: Path, yours_js: Path
) -> None:
    d = derive_guide(scoped(tmp_path))
    published = guide_data(d, {o.id: f"options/{o.id}/" for o in d.data.options})
    # the place's names and values come from the guide's data
    (band,) = published["envelope"]
    assert (band["id"], [v["id"] for v in band["values"]]) == ("gradient-band", ["gentle", "steep"])
    leaves = {leaf["id"]: leaf["at"] for leaf in published["decisions"]["leaves"]}
    steep = {k for k, at in leaves.items() if at == {"gradient-band": ["steep"]}}
    gentle = {k for k, at in leaves.items() if at == {"gradient-band": ["gentle"]}}
    assert steep and gentle and steep | gentle == set(leaves)

    def row(at: dict[str, str]) -> dict[str, Any]:
        return {
            "contexts": [],
            "rows": {"hill-times": [{"id": "yours-1", "label": "my hill", "context": None, "at": at}]},
        }

    state = {"hill-times": {"yours-1": {"road": {"value": 100}, "cargo": {"value": 60}}}}
    at_steep = row({"gradient-band": "steep"})
    got = _run(
        tmp_path,
        yours_js,
        [
            {"guide": published, "added": at_steep, "state": state},
            {"guide": published, "added": row({}), "state": state},  # no place stated: it counts everywhere
            {
                "guide": published,
                "hash": "#row.hill-times.yours-1=~my%20hill&at.hill-times.yours-1=gradient-band~steep",
                "state": state,
            },
            {
                "guide": published,
                "hash": "#row.hill-times.yours-1=~my%20hill&at.hill-times.yours-1=gradient-band~icy",
                "state": state,
            },
        ],  # fmt: skip
    )
    placed, everywhere, from_address, unknown_value = got
    changed = {a["leaf"] for a in placed["answers"]}
    assert changed == steep  # the gentle answers read as published
    for a in placed["answers"]:
        # judged from the reader's row alone there: the cargo bike climbs quicker, the road bike slower
        # judged from the reader's row alone there: the cargo bike climbs quicker than the road bike
        assert a["evidence"] and all(
            e in (["road", "climb", "quicker", "slower"], ["cargo", "climb", "slower", "quicker"])
            for e in a["evidence"]
        ), a
        assert a["yours"] == ["“my hill” (Gradient band steep hills): road bike 100 s, cargo bike 60 s"], a
    # the published gentle rows are not read at steep: with them the cargo bike stays slower (as with no place)
    assert any(e == ["cargo", "climb", "slower", "quicker"] for a in placed["answers"] for e in a["evidence"])
    assert not any(e[0] == "cargo" and e[3] == "quicker" for a in everywhere["answers"] for e in a["evidence"])
    # the same row with no place counts for every answer, gentle ones included, and names no place
    assert gentle <= {a["leaf"] for a in everywhere["answers"]}
    assert all(a["yours"] == [] for a in everywhere["answers"])
    # the place is kept in the address and read back; a value the envelope does not declare is dropped
    assert placed["fragment"] == "row.hill-times.yours-1=~my%20hill&at.hill-times.yours-1=gradient-band~steep"
    assert from_address["answers"] == placed["answers"]
    assert unknown_value["answers"] == everywhere["answers"]


def test_a_row_placed_at_ep32_changes_only_the_answers_above_ep16(
    browser: Browser, served_shipped: tuple[str, Path]
) -> None:
    """Issue 51 item 4: a reader's own TRT-LLM A/B at EP32, its scale chosen among the guide's envelope values,
    re-judges the helper's answers for EP above 16 and no other; each of them names the numbers that decided it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab: Page = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    _open(tab, served_shipped[0] + "yours/")
    options = tab.eval_on_selector_all("#ya_dense-vs-deepep_at_scale option", "os => os.map((o) => o.textContent)")
    assert options == ["not stated", "EP below 16", "EP16 on 2 nodes", "EP above 16 (more than 2 nodes)"]
    tab.fill("#ya_dense-vs-deepep_label", "my EP32 run")
    tab.select_option("#ya_dense-vs-deepep_ctx", "trtllm")
    tab.select_option("#ya_dense-vs-deepep_at_scale", "larger")
    tab.click("#y_dense-vs-deepep .dg-yours-add button")
    tab.wait_for_selector("#yv_dense-vs-deepep_yours-1_deepep")
    _fill(tab, "dense-vs-deepep", "yours-1", {"deepep": "300", "dense": "100"})
    wait_until(tab, "location.hash.indexOf('dense-vs-deepep.yours-1.dense=100') >= 0")
    assert "at.dense-vs-deepep.yours-1=scale~larger" in tab.evaluate("location.hash")
    wait_until(tab, "document.querySelectorAll('#dg-yours-answers li[data-leaf]').length > 0")
    leaves = tab.eval_on_selector_all("#dg-yours-answers li[data-leaf]", "ls => ls.map((l) => l.dataset.leaf)")
    assert leaves and all("scale-larger" in leaf for leaf in leaves), leaves
    decided = tab.inner_text("#dg-yours-answers")
    assert "Judged there from your number: “my EP32 run” (Scale EP above 16 (more than 2 nodes)): " in decided
    assert "DeepEP 300 tok/s" in decided and "dense 100 tok/s" in decided
    # the same row at EP16 re-judges the EP16 answers instead, and no answer above 16
    tab.reload()
    tab.wait_for_selector("#yv_dense-vs-deepep_yours-1_deepep")
    tab.evaluate("location.hash = location.hash.replace('scale~larger', 'scale~ep16')")
    wait_until(tab, "document.querySelectorAll('#dg-yours-answers li[data-leaf*=\"scale-ep16\"]').length > 0")
    leaves = tab.eval_on_selector_all("#dg-yours-answers li[data-leaf]", "ls => ls.map((l) => l.dataset.leaf)")
    assert not any("scale-larger" in leaf for leaf in leaves), leaves
    context.close()
    assert errors == []
