"""Filter, sort and compare on the matrix in a real browser (Debian's Chromium), with the state in the address."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from quality import axe
from quality.wait import wait_until

RANK = {"good": 0, "mid": 1, "bad": 2, "unknown": 3, "reference": 4}


READY = "document.getElementById('matrix-status')?.textContent !== ''"


def _open(page: Page, url: str) -> None:
    """Open the page and wait for matrix.js (loaded on demand) to take over the form."""
    page.goto(url)
    wait_until(page, READY)
    if not page.evaluate("document.getElementById('matrix-tools-box').open"):
        page.locator("#matrix-tools-box > summary").click()


def _shown(page: Page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('table.dg-matrix tbody tr')].filter(r => !r.hidden && r.offsetHeight > 0)"
        ".map(r => r.dataset.option)"
    )


def _level(guide: dict[str, Any], option: dict[str, Any], column: str) -> str:
    return next(c for c in option["cells"] if c["column"] == column)["verdict"]["level"]


def _serves(guide: dict[str, Any], context: str) -> list[str]:
    return [
        o["id"]
        for o in guide["options"]
        if any(s["context"] == context and s["status"] in ("yes", "with") for s in o["support"])
    ]


def test_filter_by_context_and_verdict_keeps_state_in_the_address(tab: Page, served_shipped, served_guide) -> None:
    base, _ = served_shipped
    _open(tab, base)
    every = [o["id"] for o in served_guide["options"]]
    assert _shown(tab) == every
    tab.select_option("select[name=on]", "vllm")
    vllm = _serves(served_guide, "vllm")
    assert 0 < len(vllm) < len(every)
    assert _shown(tab) == vllm
    assert "on=vllm" in tab.url
    tab.select_option("select[name=f-fork]", "good")
    both = [
        i
        for i in vllm
        if _level(served_guide, next(o for o in served_guide["options"] if o["id"] == i), "fork") == "good"
    ]
    assert _shown(tab) == both
    status = tab.locator("#matrix-status").inner_text()
    assert status.startswith(f"Showing {len(both)} of {len(every)} paths") and "works on vLLM" in status
    tab.reload()
    wait_until(tab, READY)
    assert _shown(tab) == both
    assert tab.locator("select[name=on]").input_value() == "vllm"
    assert tab.locator("select[name=f-fork]").input_value() == "good"
    # Back steps through the choices, forward again.
    tab.go_back()
    wait_until(tab, "!location.search.includes('f-fork')")
    assert _shown(tab) == vllm and tab.locator("select[name=f-fork]").input_value() == ""
    tab.go_back()
    wait_until(tab, "location.search === ''")
    assert _shown(tab) == every
    # Forward into a narrowed view opens the tools, so its choices (and "Show all") are in sight.
    tab.evaluate("document.getElementById('matrix-tools-box').open = false")
    tab.go_forward()
    wait_until(tab, "location.search.includes('on=vllm')")
    assert _shown(tab) == vllm
    wait_until(tab, "document.getElementById('matrix-tools-box').open")
    tab.locator("button.dg-tools-reset").click()
    assert _shown(tab) == every and "?" not in tab.url


def test_sort_by_a_comparison_column_best_first(tab: Page, served_shipped, served_guide) -> None:
    base, _ = served_shipped
    _open(tab, base + "?sort=serving")

    cells = {o["id"]: next(c for c in o["cells"] if c["column"] == "serving") for o in served_guide["options"]}
    # the serving column ranks against one opponent (issue 38): the option most of its cells are measured against
    counts: dict[str, int] = {}
    for cell in cells.values():
        for opponent in {p["opponent"] for p in cell["parts"] if p["opponent"]}:
            counts[opponent] = counts.get(opponent, 0) + 1
    order = [o["id"] for o in served_guide["options"]]
    vs = min(counts, key=lambda x: (-counts[x], order.index(x)))
    assert vs == "dense"
    worst = {"bad": 0, "mid": 1, "good": 2, "reference": 3, "judged": 4, "unknown": 5}

    def key(o: dict[str, Any]) -> tuple[int, float, int]:
        cell = cells[o["id"]]
        ratio = -cell["value"] if cell["value"] is not None else 0
        against = [p["verdict"]["level"] for p in cell["parts"] if p["opponent"] == vs]
        if o["id"] == vs:
            return RANK["mid"], -1, order.index(o["id"])  # the opponent: a ratio of 1, a tie
        if against:
            level = min(against, key=lambda lv: worst[lv])
            return RANK.get(level, 9), ratio, order.index(o["id"])
        # not compared with the opponent: after, by their own verdicts
        own = -cell["value"] if cell["value"] is not None else float("inf")
        return 10 + RANK.get(cell["verdict"]["level"], 9), own, order.index(o["id"])

    expected = [o["id"] for o in sorted(served_guide["options"], key=key)]
    assert _shown(tab) == expected
    assert expected != [o["id"] for o in served_guide["options"]], "the sort should change the order"
    assert tab.locator("table.dg-matrix thead th[aria-sort=descending]").inner_text() == "Serving speed"
    tab.select_option("select[name=sort]", "")
    assert _shown(tab) == [o["id"] for o in served_guide["options"]]
    assert tab.locator("table.dg-matrix thead th[aria-sort]").count() == 0


def test_a_judgement_sorts_by_its_polarity_next_to_the_row_it_judges(tab: Page, served_shipped, served_guide) -> None:
    """ "Beats the proxy" has no level of the measured scale, but it reads better than the proxy path: sorted by
    transport speed, best first, it sits just above that row, not below the rows with no verdict (issue 45)."""
    base, _ = served_shipped
    _open(tab, base + "?sort=transport")
    cells = {o["id"]: next(c for c in o["cells"] if c["column"] == "transport") for o in served_guide["options"]}
    order = [o["id"] for o in served_guide["options"]]

    def key(ident: str) -> tuple[int, float, int]:
        cell = cells[ident]
        ranks = cell.get("ranks")
        if ranks:  # the polarity the guide's data states: just above (or below) the row it judges
            level, value, _ = key(ranks[1])
            return level, value + (-1e-9 if ranks[0] == "above" else 1e-9), order.index(ident)
        value = -cell["value"] if cell["value"] is not None else float("inf")
        return RANK.get(cell["verdict"]["level"], 9), value, order.index(ident)

    expected = sorted(order, key=key)
    shown = _shown(tab)
    assert shown == expected
    ranked = [i for i in order if cells[i].get("ranks")]
    assert ranked, "the shipped guide states a judgement's polarity"
    for ident in ranked:
        (side, other) = cells[ident]["ranks"]
        assert shown.index(ident) == shown.index(other) + (-1 if side == "above" else 1)
        assert cells[ident]["verdict"]["level"] == "judged" and cells[other]["verdict"]["level"] != "unknown"
        # above every row with no verdict, where a neutral judgement sorted before
        assert all(shown.index(ident) < shown.index(i) for i in order if cells[i]["verdict"]["level"] == "unknown")


def test_compare_two_then_three_paths_side_by_side(tab: Page, served_shipped, served_guide) -> None:
    base, _ = served_shipped
    _open(tab, base)
    tab.locator("#opt_dense input.dg-pick-box").check()
    assert tab.locator("#compare").is_hidden()
    tab.locator("#opt_uccl input.dg-pick-box").check()
    view = tab.locator("#compare")
    view.locator("table").first.wait_for()
    assert "compare=dense,uccl" in tab.url
    assert view.locator("h3").inner_text() == "Side by side: " + ", ".join(
        o["name"] for o in served_guide["options"] if o["id"] in ("dense", "uccl")
    )
    verdicts = view.locator("table").nth(0)
    assert verdicts.locator("tbody tr").count() == len(served_guide["columns"])
    # Each verdict is the matrix's own cell: split parts, noise notes and judgements read the same.
    for n, column in enumerate(served_guide["columns"]):
        for k, ident in enumerate(("dense", "uccl")):
            said = verdicts.locator("tbody tr").nth(n).locator("td").nth(k).inner_text()
            matrix = tab.locator(f"#cell_{ident}_{column['id']}").inner_text()
            assert said.strip() == matrix.removesuffix("#").strip(), (ident, column["id"])
    assert view.locator("[id^=cell_], .dg-permalink").count() == 0
    measured = view.locator("table").nth(1).locator("tbody tr:not(.dg-group)")
    rows = sum(
        len(t["rows"])
        for t in served_guide["tables"]
        if t["kind"] == "measurements" and any(s["option"] in ("dense", "uccl") for s in t["series"])
    )
    assert measured.count() == rows
    tab.locator("#opt_pplx input.dg-pick-box").check()
    wait_until(tab, "document.querySelector('#compare h3').textContent.split(',').length === 3")
    assert "compare=dense,uccl,pplx" in tab.url
    # At most three: the other boxes are disabled.
    assert tab.locator("#opt_gdaki input.dg-pick-box").is_disabled()
    tab.reload()
    wait_until(tab, READY)
    tab.locator("#compare table").first.wait_for()
    assert tab.locator("#compare table").nth(0).locator("thead th").count() == 4
    tab.get_by_role("button", name="Close the comparison").click()
    assert tab.locator("#compare").is_hidden() and "compare" not in tab.url


def test_the_tools_work_with_the_keyboard(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    _open(tab, base)
    tab.locator("select[name=on]").focus()
    tab.keyboard.press("ArrowDown")  # a closed select changes value with the arrow keys
    wait_until(tab, "location.search.includes('on=')")
    assert tab.locator("select[name=on]").input_value() != ""
    assert tab.locator("#matrix-status").get_attribute("role") == "status"
    box = tab.locator("#opt_dense input.dg-pick-box")
    box.focus()
    tab.keyboard.press("Space")
    assert box.is_checked()
    assert tab.locator("#opt_dense label.dg-pick").inner_text().strip().startswith("compare")
    assert box.evaluate("b => b.labels[0].textContent").strip().endswith("Dense allgather / reduce-scatter")


def test_state_survives_instant_navigation_and_back(tab: Page, served_shipped) -> None:
    base, _ = served_shipped
    tab.goto(base + "methodology/")
    tab.wait_for_load_state("networkidle")
    tab.evaluate("window.__sameVisit = true")
    tab.locator("nav.md-nav--primary a.md-nav__link:has-text('Overview')").first.click()
    wait_until(tab, READY)
    tab.locator("#matrix-tools-box > summary").click()
    tab.select_option("select[name=on]", "sglang")
    tab.locator("#opt_dense input.dg-pick-box").check()
    tab.locator("#opt_deepep-v2 input.dg-pick-box").check()
    tab.locator("#compare table").first.wait_for()
    shown = _shown(tab)
    tab.locator("nav.md-nav--primary a.md-nav__link:has-text('Methodology')").first.click()
    wait_until(tab, "location.pathname.endsWith('/methodology/')")
    tab.go_back()
    wait_until(tab, "location.search.includes('on=sglang')")
    tab.locator("#compare table").first.wait_for()
    assert _shown(tab) == shown
    assert tab.evaluate("window.__sameVisit") is True, "Material should have swapped the pages in"


def test_without_javascript_the_full_matrix_and_static_compare_pages(
    browser: Browser, served_shipped, served_guide
) -> None:
    base, _ = served_shipped
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base + "?on=vllm&compare=dense,uccl")
    assert page.locator("#matrix-tools-box").is_hidden() and page.locator("#matrix-tools").is_hidden()
    assert page.locator("#compare").is_hidden()
    assert len(_rows_no_js(page)) == len(served_guide["options"])
    page.locator("a:has-text('Compare two paths side by side')").click()
    page.locator("table.dg-pairs a").first.click()
    assert page.locator("table.dg-compare").count() == 3
    assert page.locator("table.dg-compare").first.locator("tbody tr").count() == len(served_guide["columns"])
    context.close()


def _rows_no_js(page: Page) -> list[str | None]:
    return [tr.get_attribute("data-option") for tr in page.locator("table.dg-matrix tbody tr").all() if tr.is_visible()]


@pytest.mark.parametrize("palette", ["default", "slate"])
def test_filtered_sorted_and_compared_matrix_passes_axe(tab: Page, served_shipped, palette: str) -> None:
    base, _ = served_shipped
    _open(tab, base + "?on=sglang&sort=transport&compare=dense,uccl,pplx")
    if palette == "slate":
        tab.locator("form[data-md-component=palette] label:visible").first.click()
        wait_until(tab, "document.body.dataset.mdColorScheme === 'slate'")
    tab.locator("#compare table").first.wait_for()
    violations = axe.violations(tab)
    assert [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations] == []


@pytest.fixture(scope="module")
def example(served_example: tuple[str, Path]) -> tuple[str, dict[str, Any]]:
    """The example guide (another topic, a baseline column), served the same way."""
    url, root = served_example
    return url, json.loads((root / "downloads" / "guide.json").read_text(encoding="utf-8"))


def test_the_tools_work_on_the_example_guide_and_sort_its_baseline_as_a_ratio_of_1(tab: Page, example) -> None:
    base, guide = example
    _open(tab, base + "?on=windows&sort=serialise")
    works = [
        o["id"]
        for o in guide["options"]
        if any(s["context"] == "windows" and s["status"] in ("yes", "with") for s in o["support"])
    ]

    def key(o: dict[str, Any]) -> tuple[int, float, int]:
        cell = next(c for c in o["cells"] if c["column"] == "serialise")
        if cell["verdict"]["level"] == "reference":  # the baseline: a ratio of 1, "on par" in this column
            return RANK["mid"], -1.0, guide["options"].index(o)
        value = cell["value"] if cell["value"] is not None else float("-inf")
        return RANK.get(cell["verdict"]["level"], 9), -value, guide["options"].index(o)

    expected = [o["id"] for o in sorted(guide["options"], key=key) if o["id"] in works]
    assert 0 < len(expected) < len(guide["options"])
    assert _shown(tab) == expected
    status = tab.locator("#matrix-status").inner_text()
    assert "libraries" in status and "works on Windows" in status and "Sorted by Serialise speed" in status
    tab.locator("button.dg-tools-reset").click()
    tab.locator("#opt_json input.dg-pick-box").check()
    tab.locator("#opt_quickjson input.dg-pick-box").check()
    view = tab.locator("#compare")
    view.locator("table").first.wait_for()
    assert (
        view.locator("table")
        .nth(0)
        .locator("tbody tr")
        .nth(1)
        .locator("td")
        .nth(0)
        .inner_text()
        .startswith("◇ baseline")
    )
    for palette in ("default", "slate"):
        if palette == "slate":
            tab.locator("form[data-md-component=palette] label:visible").first.click()
            wait_until(tab, "document.body.dataset.mdColorScheme === 'slate'")
        violations = axe.violations(tab)
        assert [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations] == [], palette


@pytest.mark.parametrize("names", ["constructor,toString", "__proto__,hasOwnProperty,dense,uccl"])
def test_property_names_in_the_address_are_ids_like_any_other(tab: Page, served_shipped, names: str) -> None:
    """``?compare=constructor,toString`` names no path: ignored, the paths it does name are compared."""
    url, _ = served_shipped
    _open(tab, f"{url}?compare={names}")
    if "dense" in names:
        tab.locator("#compare table").first.wait_for()
        assert tab.locator("#compare h3").inner_text().count(",") == 1
    else:
        assert tab.locator("#compare").is_hidden()
    assert tab.evaluate("document.getElementById('matrix-status').textContent") != ""
