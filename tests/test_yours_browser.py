"""The "Your numbers" page in a real browser (Debian's Chromium): a reader's values flip verdicts, in the address.

The judging itself is compared with the Python derivation in tests/test_yours_parity.py; here: the page
around it (the matrix copy, the flip list, the fragment with reload and back/forward, strict parsing,
hostile input, axe in both palettes, a phone's width, no request leaving the site, no JavaScript).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from generator.model import REFERENCE
from generator.pipeline import validate_guide
from quality import axe
from quality.wait import wait_until
from tests.conftest import DATA

HOSTILE = '<img src=x onerror="window.__pwned=1">&amp;"\'</td><script>window.__pwned=1</script>'


@pytest.fixture(scope="module")
def site(served_shipped: tuple[str, Path]) -> tuple[str, Path]:
    return served_shipped


@pytest.fixture(scope="module")
def example(served_example: tuple[str, Path]) -> str:
    return served_example[0]


@pytest.fixture
def tab(browser: Browser, site: tuple[str, Path]) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: None if r.url.startswith("http://127.0.0.1") else outside.append(r.url))
    yield page
    context.close()
    assert errors == []
    assert outside == []


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#dg-yours-flips p")


def _fill(page: Page, table: str, row: str, values: dict[str, str]) -> None:
    """Type a value into each series' field of a row, as a reader does (each field then changes)."""
    for series, value in values.items():
        field = page.locator(f"#yv_{table}_{row}_{series}")
        field.fill(value)
        field.dispatch_event("change")


def _set_deepep_to_dense(page: Page) -> None:
    rows = ["trtllm-conc4", "trtllm-conc32", "vllm-conc32-decode", "vllm-conc64-prefill"]
    for row in rows:
        dense = page.input_value(f"#yv_dense-vs-deepep_{row}_dense")
        field = page.locator(f"#yv_dense-vs-deepep_{row}_deepep")
        field.fill(dense)
        field.dispatch_event("change")


def test_dense_equal_to_deepep_flips_serving_to_a_tie(tab: Page, site: tuple[str, Path]) -> None:
    url = site[0] + "yours/"
    _open(tab, url)
    cell = tab.locator("#ycell_deepep-v2_serving")
    assert "✖" in cell.inner_text() and "slower" in cell.inner_text()
    assert "Your values are the guide's" in tab.inner_text("#dg-yours-flips")
    published_hash = tab.evaluate("location.hash")
    _set_deepep_to_dense(tab)
    assert "◐" in cell.inner_text() and "tie" in cell.inner_text() and "was ✖ slower" in cell.inner_text()
    flips = tab.inner_text("#dg-yours-flips")
    assert "DeepEP-V2 · Serving speed: ✖ slower vs dense on TRT-LLM" in flips and "0.65× → 1.00×" in flips
    assert "→ ◐ tie vs UCCL on SGLang · tie vs dense on TRT-LLM, vLLM" in flips  # every part, with its opponent
    assert tab.get_attribute("#dg-yours-flips", "aria-live") == "polite"
    ratio = tab.inner_text("#yr_dense-vs-deepep_trtllm-conc4_deepep_dense")
    assert ratio.startswith("1.00×")
    fragment = tab.evaluate("location.hash")
    assert fragment.startswith("#") and "dense-vs-deepep.trtllm-conc4.deepep=105.66" in fragment
    # a reload (and so a shared link) reproduces it
    tab.reload()
    tab.wait_for_selector("#dg-yours-flips li")
    assert "◐ tie" in tab.inner_text("#ycell_deepep-v2_serving")
    assert tab.input_value("#yv_dense-vs-deepep_trtllm-conc4_deepep") == "105.66"
    # back: one value fewer; all the way back: the published values again; forward: the flip again
    # (the page answers a move in the history after the address changes: wait for its answer, not the address)
    tab.go_back()
    wait_until(tab, "!location.hash.includes('vllm-conc64-prefill.deepep')")
    field = "document.getElementById('yv_dense-vs-deepep_vllm-conc64-prefill_{}')?.value"
    wait_until(tab, f"{field.format('deepep')} !== {field.format('dense')}")
    for _ in range(3):
        tab.go_back()
    wait_until(tab, f"location.hash === {published_hash!r}")
    wait_until(tab, "document.getElementById('ycell_deepep-v2_serving')?.textContent.includes('slower')")
    wait_until(tab, "document.getElementById('dg-yours-flips')?.innerText.includes(\"Your values are the guide's\")")
    for _ in range(4):
        tab.go_forward()
    wait_until(tab, "document.getElementById('ycell_deepep-v2_serving')?.textContent.includes('tie')")
    wait_until(tab, "document.getElementById('dg-yours-flips')?.innerText.includes('→ ◐ tie vs UCCL on SGLang')")


def test_the_decision_helpers_answers_follow_the_values(tab: Page, site: tuple[str, Path]) -> None:
    """The answers whose quoted numbers or printed verdicts change are listed, published -> yours, with links."""
    _open(tab, site[0] + "yours/")
    intro = tab.inner_text("#what-the-helper-answers + p")
    data = validate_guide(DATA)
    assert data.decisions is not None
    claims = {c.id for c in data.claims.claims}
    quoting = [r for r in data.decisions.rules if claims & {m.strip() for m in REFERENCE.findall(r.why)}]
    assert 0 < len(quoting) < len(data.decisions.rules)  # the rule on InfiniBand quotes a fact, no table ratio
    assert "never from these tables" in intro
    assert f"{len(quoting)} of its {len(data.decisions.rules)} rules quote one" in intro
    box = tab.locator("#dg-yours-answers")
    assert "every answer reads as published" in box.inner_text()
    assert box.get_attribute("aria-live") == "polite"
    _set_deepep_to_dense(tab)
    said = box.inner_text()
    assert "answers read differently with your values" in said and "each keeps its recommendation" in said
    trtllm = box.locator(
        "li[data-leaf='when-fabric-efa--priority-throughput-or-robustness--framework-trtllm--scale-ep16--model-fits"
        "--fork-can']"
    )
    text = trtllm.inner_text()
    assert "recommended dense" in text  # the label the matrix gives it
    assert (
        "“Dense is 1.50× (geometric mean of 1.46–1.54×) faster than DeepEP on TRT-LLM "
        "(DeepEP / dense: 0.65–0.69×)" in text
    )
    assert "→ “Dense is on par with DeepEP on TRT-LLM (DeepEP / dense: 1.00×)" in text
    assert "dense · Serving speed:" in text
    # the situation links to that answer on the decision helper's page
    link = trtllm.locator("a").first
    assert link.get_attribute("href").endswith("/decide/#" + trtllm.get_attribute("data-leaf"))
    link.click()
    # decide.js reads the answer's anchor as that situation's answers and shows its answer
    tab.wait_for_url(
        "**/decide/?fabric=efa&priority=throughput&framework=trtllm&scale=ep16&model=fits&fork=can",
        wait_until="commit",
    )
    result = tab.locator(".dg-decide-result")
    result.wait_for()
    assert "Dense allgather / reduce-scatter" in result.inner_text()
    # all the way back: the published values, and no answer changed
    tab.go_back()
    tab.wait_for_selector("#dg-yours-answers p")
    for _ in range(4):
        tab.go_back()
    wait_until(tab, "document.getElementById('dg-yours-answers').textContent.includes('reads as published')")


def test_runs_not_measured_and_strict_parsing(tab: Page, site: tuple[str, Path]) -> None:
    _open(tab, site[0] + "yours/")
    field = tab.locator("#yv_dense-vs-deepep_trtllm-conc4_deepep")
    for text, said in (("12,5", "decimals with a point"), ("abc", "is not a number"), ("-3", "is not a number"),
                       ("0", "positive"), ("1e999", "finite"), ("1e101", "from 1e-100 to 1e100"),
                       ("5e-324", "from 1e-100 to 1e100"), ("254.2, 1e308", "from 1e-100 to 1e100")):  # fmt: skip
        field.fill(text)
        assert said in tab.inner_text("#yv_dense-vs-deepep_trtllm-conc4_deepep-err")
        assert field.get_attribute("aria-invalid") == "true"
        assert "NaN" not in tab.inner_text("#dg-yours") and "Infinity" not in tab.inner_text("#dg-yours")
        assert "left out" in tab.inner_text("#dg-yours-flips")
    # a crafted link with values the build refuses: ignored, with the build's words, never "Infinity× faster"
    _open(tab, site[0] + "yours/#dense-vs-deepep.trtllm-conc4.deepep=1e308&dense-vs-deepep.trtllm-conc4.dense=5e-324")
    notes = tab.inner_text(".dg-yours-notes")
    assert notes.count("expected a number from 1e-100 to 1e100") == 2, notes
    assert "Infinity" not in tab.inner_text("#dg-yours") and "NaN" not in tab.inner_text("#dg-yours")
    field = tab.locator("#yv_dense-vs-deepep_trtllm-conc4_deepep")
    field.fill("105.66, 105.7, 105.5")
    field.dispatch_event("change")
    assert field.get_attribute("aria-invalid") == "false"
    assert "105.66_105.7_105.5" in tab.evaluate("location.hash")
    field.fill("not measured")
    field.dispatch_event("change")
    assert tab.inner_text("#yr_dense-vs-deepep_trtllm-conc4_deepep_dense") == "not measured"
    # a pasted table in the shape of its CSV download
    csv = (site[1] / "downloads" / "dense-vs-deepep.csv").read_text(encoding="utf-8")
    header, *lines = csv.splitlines()
    cols = header.split(",")
    dense, deepep = cols.index("dense (tok/s)"), cols.index("deepep (tok/s)")
    edited = [header]
    for line in lines:
        cells = line.split(",")
        cells[deepep] = cells[dense]
        edited.append(",".join(cells))
    tab.locator("#y_dense-vs-deepep details > summary").click()
    tab.fill("#yp_dense-vs-deepep", "\n".join(edited))
    tab.locator("#y_dense-vs-deepep details button").click()
    assert "Read the pasted table" in tab.inner_text("#yp_dense-vs-deepep-said")
    assert "→ ◐ tie vs UCCL on SGLang · tie vs dense on TRT-LLM, vLLM" in tab.inner_text("#dg-yours-flips")
    tab.fill("#yp_dense-vs-deepep", "row,label\nnope,x")
    tab.locator("#y_dense-vs-deepep details button").click()
    assert "header" in tab.inner_text("#yp_dense-vs-deepep-said")


def test_hostile_input_in_every_field_and_the_fragment(tab: Page, site: tuple[str, Path]) -> None:
    from urllib.parse import quote

    hostile = quote(HOSTILE, safe="")
    fragment = f"#dense-vs-deepep.trtllm-conc4.deepep={hostile}&{hostile}={hostile}&dense-vs-deepep.x.y=1&%E0%A4%A=2"
    _open(tab, site[0] + "yours/" + fragment)
    notes = tab.inner_text(".dg-yours-notes")
    assert "ignored" in notes and "<img" in notes  # shown as text
    for field in tab.locator(".dg-yours-app input").all():
        field.fill(HOSTILE)
    for area in tab.locator(".dg-yours-app textarea").all():
        area.evaluate("(a) => a.closest('details').open = true")
        area.fill(HOSTILE)
        area.locator("xpath=following-sibling::button").click()
    tab.locator(".dg-yours-app input").first.dispatch_event("change")
    assert tab.evaluate("window.__pwned") is None
    assert tab.locator(".dg-yours-app img, .dg-yours-app script").count() == 0
    assert "NaN" not in tab.inner_text("#dg-yours")


@pytest.mark.parametrize("palette", ["default", "slate"])
def test_axe_in_both_palettes(tab: Page, site: tuple[str, Path], palette: str) -> None:
    _open(tab, site[0] + "yours/")
    _set_deepep_to_dense(tab)
    tab.locator("#yv_dense-vs-deepep_trtllm-conc4_dense").fill("12,5")
    if palette == "slate":
        tab.locator("form[data-md-component=palette] label:visible").first.click()
        wait_until(tab, "document.body.dataset.mdColorScheme === 'slate'")
    violations = axe.violations(tab)
    assert [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations] == [], palette
    # every field has a label
    unlabelled = tab.evaluate(
        "[...document.querySelectorAll('#dg-yours input, #dg-yours textarea')].filter(i => !i.labels.length).length"
    )
    assert unlabelled == 0


def test_phone_layout(browser: Browser, site: tuple[str, Path]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    _open(page, site[0] + "yours/")
    _set_deepep_to_dense(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # wide tables scroll inside their box, never the page
    box = page.locator("#yv_dense-vs-deepep_trtllm-conc4_deepep").bounding_box()
    assert box is not None and box["width"] >= 60 and box["height"] >= 24
    context.close()


def test_judged_cells_and_parts_keep_their_dashed_edge_in_forced_colours(
    browser: Browser, site: tuple[str, Path]
) -> None:
    """High contrast drops the hatching: a judged cell of "Your numbers", and a judged part of a split one, are
    still told apart from a measured one by their dashed edge (as the matrix's judged cells are)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, forced_colors="active")
    page = context.new_page()
    try:
        _open(page, site[0] + "yours/")
        edges = page.evaluate(
            """() => Object.fromEntries(['td.dg-yours-cell.dg-judged', '.dg-yours-part.dg-judged',
                 'td.dg-yours-cell:not(.dg-judged)'].map((q) => [q, [...document.querySelectorAll(q)].map((el) =>
                 getComputedStyle(el).borderLeftStyle)]))"""
        )
        judged = edges["td.dg-yours-cell.dg-judged"] + edges[".dg-yours-part.dg-judged"]
        assert edges["td.dg-yours-cell.dg-judged"] and edges[".dg-yours-part.dg-judged"], edges
        assert set(judged) == {"dashed"}, edges
        assert "dashed" not in edges["td.dg-yours-cell:not(.dg-judged)"], edges
    finally:
        context.close()


def test_without_javascript_it_says_what_it_needs(browser: Browser, site: tuple[str, Path]) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site[0] + "yours/")
    said = page.inner_text(".dg-yours-nojs")
    assert "needs JavaScript" in said
    hrefs = page.eval_on_selector_all(".dg-yours-nojs a", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith(".csv") for h in hrefs) and any("methodology" in h for h in hrefs)
    context.close()


def test_the_example_guide_page_works_with_no_code_of_its_own(browser: Browser, example: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, example + "yours/")
    for field in page.locator(".dg-yours-table").first.locator("input:not([id$='_json'])").all():
        field.fill("0.001")  # far slower than the baseline, json
        field.dispatch_event("change")
    assert "against the published guide" in page.inner_text("#dg-yours-flips")
    # its decision helper quotes one ratio, and prints its picks' verdicts, which follow the values
    assert "1 of its 4 rules quote one" in page.inner_text("#what-the-helper-answers + p")
    assert "· Serialise" in page.inner_text("#dg-yours-answers") or "· Parse" in page.inner_text("#dg-yours-answers")
    assert errors == []
    context.close()


def test_weight_and_only_this_page_fetches_it(tab: Page, site: tuple[str, Path]) -> None:
    script = (site[1] / "javascripts" / "yours.js").read_bytes()
    # 15 KiB before issue 38 added a reader's own rows and contexts, "Judge for" and the per-context judgements;
    # 18 KiB before issue 51 placed a reader's rows in their situation (the helper's answers judged per place),
    # 19 KiB before a measurement plan's CSV, pasted, placed its rows there too
    assert len(gzip.compress(script, 9)) <= 20 * 1024
    fetched: list[str] = []
    tab.on("request", lambda r: fetched.append(r.url))
    tab.goto(site[0] + "results/")
    tab.wait_for_load_state("networkidle")
    assert not [u for u in fetched if u.endswith("yours.js")]
    assert tab.locator(".dg-yours-link a").count() == 1


def test_a_row_of_your_own_in_a_context_the_table_lacks_is_judged(tab: Page, site: tuple[str, Path]) -> None:
    """Issue 38: one's own SGLang dense-vs-DeepEP A/B, added as a row, judged for SGLang; a changed regime verdict
    is listed as a flip; every cell has its colour; the address keeps the row; a context of one's own works too."""
    _open(tab, site[0] + "yours/")
    tab.fill("#ya_dense-vs-deepep_label", "my SGLang A/B")
    tab.select_option("#ya_dense-vs-deepep_ctx", "sglang")
    tab.click("#y_dense-vs-deepep .dg-yours-add button")
    tab.wait_for_selector("#yv_dense-vs-deepep_yours-1_deepep")
    _fill(tab, "dense-vs-deepep", "yours-1", {"deepep": "250", "dense": "270"})
    wait_until(tab, "location.hash.indexOf('dense-vs-deepep.yours-1.dense=270') >= 0")
    assert "row.dense-vs-deepep.yours-1=sglang~my%20SGLang%20A%2FB" in tab.evaluate("location.hash")
    # as published (any framework), DeepEP-V2 stays red but its SGLang regime changed: that is a flip
    flips = tab.inner_text("#dg-yours-flips")
    assert "DeepEP-V2 · Serving speed:" in flips and "slower vs dense on TRT-LLM, vLLM · conc 64 / prefill" in flips
    tab.select_option("#dg-yours-judge", "sglang")
    wait_until(tab, "document.getElementById('ycell_dense_serving').innerText.indexOf('faster vs DeepEP-V2') >= 0")
    # the source's tie with multi-comm on SGLang stays beside your row against DeepEP-V2: it speaks of another option
    assert "tie vs DeepEP multi-comm" in tab.inner_text("#ycell_dense_serving")
    verdicts = "[...document.querySelectorAll('#dg-yours-matrix td')].filter((td) => !td.id.endsWith('_pick'))"
    classes = tab.evaluate(f"{verdicts}.map((td) => td.className)")
    assert len(classes) == 7 * 4 and all(re.search(r"\bdg-(green|amber|red|grey|blue)\b", c) for c in classes), classes
    tab.reload()
    tab.wait_for_selector("#yv_dense-vs-deepep_yours-1_deepep")
    assert tab.input_value("#yv_dense-vs-deepep_yours-1_dense") == "270"
    # a framework the guide has none of
    tab.fill("#ya_deepep-vs-uccl_label", "my cluster")
    tab.select_option("#ya_deepep-vs-uccl_ctx", "+")
    tab.fill("#ya_deepep-vs-uccl_new", "My Stack")
    tab.click("#y_deepep-vs-uccl .dg-yours-add button")
    tab.wait_for_selector("#yv_deepep-vs-uccl_yours-2_uccl")
    _fill(tab, "deepep-vs-uccl", "yours-2", {"uccl": "300", "deepep-v2": "200"})
    tab.select_option("#dg-yours-judge", "my-stack")
    wait_until(tab, "document.getElementById('ycell_uccl_serving').innerText.indexOf('on My Stack') >= 0")
    assert "faster vs DeepEP-V2 on My Stack" in tab.inner_text("#ycell_uccl_serving")
    assert "not measured on My Stack" in tab.inner_text("#ycell_dense_serving")


def test_a_readers_own_sweep_point_is_judged_by_load(browser: Browser, example: str) -> None:
    """Issue 40: under the example's thread sweep, a row of one's own states its load (refused without one); judged
    with the sweep, rustjson is faster at 64 threads too, named after its run to 16 (32 threads stays "not compared"
    and breaks the run), on the cell's line; the address keeps the row and its load."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, example + "yours/")
    page.fill("#ya_parse-threads_label", "my 64-core box")
    page.click("#y_parse-threads .dg-yours-add button")
    assert "threads as a number" in page.inner_text("#y_parse-threads .dg-yours-add .dg-yours-error")
    page.fill("#ya_parse-threads_load", "64")
    page.click("#y_parse-threads .dg-yours-add button")
    page.wait_for_selector("#yv_parse-threads_yours-1_json")
    _fill(page, "parse-threads", "yours-1", {"json": "250", "rustjson": "20000", "quickjson": "120"})
    wait_until(page, "location.hash.indexOf('parse-threads.yours-1.rustjson=20000') >= 0")
    assert "row.parse-threads.yours-1=~64~my%2064-core%20box" in page.evaluate("location.hash")
    wait_until(page, "document.getElementById('ycell_rustjson_threads').innerText.indexOf('64') >= 0")
    line = page.inner_text("#ycell_rustjson_threads")
    # a run of loads stops at a load it does not hold (32: not compared), so 64 is named on its own
    assert "faster vs json on threads 1–16, threads 64" in line and "not compared vs json on threads 32" in line, line
    assert "not compared vs json on threads 64" in page.inner_text("#ycell_cjson-lite_threads")
    page.reload()
    page.wait_for_selector("#yv_parse-threads_yours-1_json")
    assert page.input_value("#yv_parse-threads_yours-1_rustjson") == "20000"
    assert errors == []
    context.close()


def _plan_csv(site: Path, pattern: str, values: list[str]) -> tuple[dict[str, Any], str]:
    """The plan file matching ``pattern`` and its first table's CSV filled in with ``values`` (one per series)."""
    (plan,) = [json.loads(f.read_text(encoding="utf-8")) for f in (site / "downloads" / "plans").glob(pattern)]
    rows = list(csv.reader(io.StringIO(plan["measure"][0]["bring_back"]["your_numbers"])))
    for row in rows[1:]:
        row[-len(values) :] = values
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return plan, out.getvalue()


def _paste(page: Page, table: str, text: str) -> str:
    if not page.locator(f"#y_{table} details").evaluate("d => d.open"):
        page.locator(f"#y_{table} details > summary").click()
    page.fill(f"#yp_{table}", text)
    page.locator(f"#y_{table} details button").click()
    return page.inner_text(f"#yp_{table}-said")


def test_a_measurement_plan_s_table_filled_in_reads_back_when_pasted(tab: Page, site: tuple[str, Path]) -> None:
    """Issue 51: the A/B a plan asks for comes back through "Your numbers": the table of an answer inside the
    envelope (TRT-LLM at EP16), filled in, pastes as is into the guide's rows, measured at that place."""
    plan, text = _plan_csv(site[1], "*--framework-trtllm--scale-ep16--model-fits--fork-cannot.json", ["200", "100"])
    assert plan["answer"]["at"] == {} and "at scale" not in text
    _open(tab, site[0] + "yours/")
    table = plan["measure"][0]["table"]
    assert "Read the pasted table" in _paste(tab, table, text)
    assert tab.input_value(f"#yv_{table}_trtllm-conc4_deepep") == "200"
    assert tab.input_value(f"#yv_{table}_trtllm-conc32_dense") == "100"


def test_an_outside_answer_s_plan_pasted_adds_rows_placed_at_its_situation(tab: Page, site: tuple[str, Path]) -> None:
    """Issue 51 item 4: the plan of TRT-LLM past EP16, filled in (DeepEP twice as fast as dense: made-up numbers)
    and pasted, adds the reader's rows at EP above 16 (its ``at scale`` column) instead of writing over the guide's
    EP16 rows; that answer is then judged from them, an answer at EP16 is not; a bad place is said, not thrown."""
    leaf = "when-fabric-efa--priority-throughput-or-simplicity-or-robustness--framework-trtllm--scale-larger"
    plan, text = _plan_csv(site[1], f"{leaf}*--model-fits--fork-cannot.json", ["200", "100"])
    leaf = plan["answer"]["id"]
    inside = "when-fabric-efa--priority-throughput-or-robustness--framework-trtllm--scale-ep16--model-fits--fork-can"
    table = plan["measure"][0]["table"]
    _open(tab, site[0] + "yours/")
    guides = {f: tab.input_value(f"#yv_{table}_{f}") for r in ("trtllm-conc4", "trtllm-conc32") for f in
              (f"{r}_deepep", f"{r}_dense")}  # fmt: skip
    said = _paste(tab, table, text)
    assert "2 rows of your own, placed at Scale EP above 16 (more than 2 nodes)" in said, said
    assert (
        tab.input_value(f"#yv_{table}_yours-1_deepep") == "200"
        and tab.input_value(f"#yv_{table}_yours-2_dense") == "100"
    )
    assert {f: tab.input_value(f"#yv_{table}_{f}") for f in guides} == guides  # the guide's EP16 rows as published
    assert f"at.{table}.yours-1=experts~fits~scale~larger" in tab.evaluate("location.hash")
    wait_until(tab, f"!!document.querySelector('#dg-yours-answers li[data-leaf=\"{leaf}\"]')")
    mine = tab.inner_text(f"#dg-yours-answers li[data-leaf='{leaf}']")
    assert "Judged there from your numbers: " in mine and "DeepEP 200 tok/s, dense 100 tok/s" in mine, mine
    listed = tab.eval_on_selector_all("#dg-yours-answers li[data-leaf]", "ls => ls.map((l) => l.dataset.leaf)")
    assert inside not in listed and all("scale-larger" in x and "model-too-big" not in x for x in listed), listed
    # pasted again: the same rows get the new values, none is added
    _, again = _plan_csv(site[1], f"{leaf}.json", ["300", "100"])
    assert "2 rows of your own" in _paste(tab, table, again)
    assert (
        tab.input_value(f"#yv_{table}_yours-1_deepep") == "300"
        and tab.locator(f"#yv_{table}_yours-3_deepep").count() == 0
    )
    # a value that is no place of the guide's, a dimension it does not have: said under the box, nothing added
    said = _paste(tab, table, again.replace(",larger,", ",ep32,"))
    assert (
        "line 2, at scale: “ep32” is not a value of Scale (write one of smaller, ep16, larger): line left out" in said
    )
    said = _paste(tab, table, again.replace("at experts", "at gpus"))
    assert (
        "column “at gpus”: the guide has no dimension “gpus” (its dimensions: scale, experts); nothing was read" in said
    )
    assert tab.locator(f"#yv_{table}_yours-3_deepep").count() == 0
    assert {f: tab.input_value(f"#yv_{table}_{f}") for f in guides} == guides


def test_a_flip_names_the_reader_s_numbers_that_moved_it(
    tab: Page, site: tuple[str, Path], served_guide: dict[str, Any]
) -> None:
    """Issue 51: a flip says which of the reader's values moved it, published → theirs, not only the worst ratio
    (which a split cell can keep while its words change)."""
    rows = {r["id"]: r for t in served_guide["tables"] if t["id"] == "dense-vs-deepep" for r in t["rows"]}
    prefill, conc4 = (rows[r]["values"]["deepep"]["text"] for r in ("vllm-conc64-prefill", "trtllm-conc4"))
    _open(tab, site[0] + "yours/")
    _fill(tab, "dense-vs-deepep", "vllm-conc64-prefill", {"deepep": "22797"})
    flip = tab.locator("#dg-yours-flips li[data-cell='deepep-v2_serving']").inner_text()
    assert f"your number that moved it: DeepEP at vLLM · conc 64 / prefill: {prefill} → 22797 tok/s" in flip, flip
    _fill(tab, "dense-vs-deepep", "trtllm-conc4", {"deepep": "105.66"})
    flip = tab.locator("#dg-yours-flips li[data-cell='deepep-v2_serving']").inner_text()
    assert (
        "your numbers that moved it: " in flip
        and f"DeepEP at TRT-LLM 0.21 · conc 4 / ISL 120: {conc4} → 105.66 tok/s" in flip
    )
    # a value of a table the cell does not read is not named
    _fill(tab, "transport-microbench", "dispatch", {"uccl": "48"})
    flip = tab.locator("#dg-yours-flips li[data-cell='deepep-v2_serving']").inner_text()
    assert "UCCL at dispatch" not in flip
