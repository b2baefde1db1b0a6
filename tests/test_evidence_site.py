"""Evidence behind every number, as a reader gets it: spread and runs beside values, whiskers in charts,
"within noise" in cells, a reproduce block per value, stale values marked and listed.

The tiny guide's ``hill-repeats`` table lists runs (and two raw files), ``hill-stated`` states only a
bound; its climb column declares the ``tie`` noise rule; its freshness rules make two rows stale.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.pipeline import derive_guide
from generator.render.charts import build_charts
from tests.conftest import DATA, FIXTURES, mkdocs_build, write_site
from tests.data_edits import edit
from tests.html import matrix_rows, page, text

TINY = FIXTURES / "tiny-guide"


def _row(soup: object, table: str, label: str) -> list[str]:
    table_node = soup.select_one(f"#{table}-table table")  # type: ignore[attr-defined]
    for tr in table_node.select("tbody tr"):
        if text(tr.select_one("th")).startswith(label):
            return [text(td) for td in tr.select("td")]
    raise AssertionError(f"no row {label!r} in {table}")


def test_spread_and_runs_beside_each_value(tiny_site: Path) -> None:
    results = page(tiny_site, "results/")
    assert _row(results, "hill-repeats", "Hill B, dry") == [
        "101 100–102 3 runs",
        "81 80–82 3 runs",
        "1.25× lower climb time 1.22–1.27× lower climb time ▲ quicker",
    ]
    # Runs read from two raw files: the median of 99 and 103.5.
    assert _row(results, "hill-repeats", "Hill D")[0] == "101.25 99–103.5 2 runs ↻ stale"


def test_overlap_forces_a_tie_and_the_cell_says_why(tiny_site: Path) -> None:
    results = page(tiny_site, "results/")
    assert _row(results, "hill-repeats", "Hill B, wet")[2] == (
        "1.26× lower climb time 1.05–1.31× lower climb time ■ level ≈ within noise: 'level' rather than 'quicker'"
    )


def test_single_run_and_stated_bound(tiny_site: Path) -> None:
    results = page(tiny_site, "results/")
    assert _row(results, "hill-repeats", "Hill C")[1] == "120 1 run ↻ stale"
    assert "one run: no spread" in _row(results, "hill-repeats", "Hill C")[2]
    # A stated bound stays a bound: no spread beside the values, and the table says so once.
    assert _row(results, "hill-stated", "Hill E") == ["100", "83", "1.20× lower climb time ▲ quicker"]
    notes = [text(p) for p in results.select("p.dg-spread-note")]
    assert (
        "Runs: the source states at least 2 runs per value and run-to-run variance under 1%, but lists no runs, "
        "so no spread is shown and no value here is more certain than that bound."
    ) in notes
    assert (
        "Runs: not stated. The source does not say how many runs stand behind these values, so no spread is shown."
        in notes
    )
    assert "Values with runs show the median of their runs, with the lowest–highest run beside it." in notes


def test_every_value_opens_its_evidence_ending_in_a_reproduce_block(tiny_site: Path) -> None:
    results = page(tiny_site, "results/")
    link = results.select_one("#hill-repeats-table tbody tr th a.dg-ev-link")
    assert link is not None and link["href"] == "#ev-hill-repeats-dry"
    details = results.select_one("details#ev-hill-repeats-dry")
    assert details is not None and text(details.select_one("summary")) == "Evidence: Hill B, dry"
    values = details.select(".dg-ev-value")
    assert len(values) == 2
    road = dict(zip([text(x) for x in values[0].select("dt")], [text(x) for x in values[0].select("dd")], strict=True))
    assert road == {
        "Value": "101 s (median of the runs)",
        "Runs": "3 runs: 100, 101, 102",
        "Spread": "100–102 (lowest–highest run)",
        "Tool": "stopwatch 2.1",
        "Command": "ride --hill B --laps 5",
        "Software": "Chain 12",
        "Environment": "TYRE_PSI=60",
        "Settings named": "not stated",
        "Date": "2026-05-01",
        "Raw output": "logbook page 7",
    }
    # The cargo series overrides the environment and names a setting; the reproduce block is last and copyable.
    cargo = values[1]
    assert cargo.select(":scope > *")[-1]["class"] == ["dg-reproduce", "copy"]
    assert cargo.select_one(".dg-reproduce pre code").get_text() == (
        "# Hill B, dry · cargo bike\nexport TYRE_PSI=45\nride --hill B --laps 5"
    )
    # Every measured value of every table has its evidence block.
    for t, rows in {"hill-times": ["hill-a"], "hill-repeats": ["dry", "wet", "hill-c", "hill-d"]}.items():
        for r in rows:
            assert results.select_one(f"details#ev-{t}-{r} .dg-reproduce pre code"), (t, r)


def test_not_stated_where_the_data_is_silent(tiny_site: Path) -> None:
    results = page(tiny_site, "results/")
    details = results.select_one("details#ev-hill-times-hill-a")
    lines = {text(dt): text(dd) for dt, dd in zip(details.select("dt"), details.select("dd"), strict=True)}
    assert lines["Runs"] == "runs not stated" and lines["Command"] == "not stated" and lines["Tool"] == "not stated"
    assert (
        details.select_one(".dg-reproduce code")
        .get_text()
        .endswith("# command: not stated by the source\n# environment variables: not stated for this run")
    )


def test_stale_values_are_marked_and_listed_with_what_refreshes_them(tiny_site: Path) -> None:
    stale = page(tiny_site, "stale/")
    rows = [text(tr) for tr in stale.select("table.dg-stale-list tbody tr")]
    assert rows[0] == (
        "Hill climbs, repeated · Hill C · road bike : 102 s measured on Chain 11; current is 12 "
        "rerun on Chain 12; the value's evidence ends with the command and environment to rerun it"
    )
    assert len(rows) == 4 and sum("873 days before 2026-06-01" in r for r in rows) == 2
    assert "Cannot be checked: 4 measured values" in text(stale)
    link = stale.select_one("table.dg-stale-list a")
    assert link["href"] == "../results/#ev-hill-repeats-hill-c"
    # The table cell of a stale ratio says so and links here.
    assert "↻ stale: see stale values" in _row(page(tiny_site, "results/"), "hill-repeats", "Hill C")[2]


def test_staleness_follows_the_data_not_the_clock(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(TINY, data)
    edit(data / "guide.yml", 'current: {chain: "12"}', 'current: {chain: "11"}')
    edit(data / "guide.yml", "max_age_days: 365", "max_age_days: 3650")
    assert derive_guide(data).stale() == []


def test_charts_draw_the_same_spread_as_whiskers() -> None:
    d = derive_guide(TINY)
    chart = next(c for c in build_charts(d).all() if c.tables == ("hill-repeats",))
    traces = chart.spec["data"]
    dry = traces[0]
    assert dry["x"] == [101, 81]
    assert dry["error_x"] == {
        "type": "data",
        "symmetric": False,
        "array": [1, 1],
        "arrayminus": [1, 1],
        "visible": True,
        "thickness": 1.5,
        "width": 4,
    }
    single = traces[2]  # Hill C: cargo has one run, so no whisker
    assert single["error_x"]["array"] == [2, 0] and single["error_x"]["arrayminus"] == [2, 0]
    labels = [a["text"] for a in chart.spec["layout"]["annotations"]]
    assert "road bike · 101 s (100–102), 3 runs" in labels
    assert "cargo bike · 120 s, 1 run, stale" in labels
    # A table with no spread draws no whiskers at all.
    plain = next(c for c in build_charts(d).all() if c.tables == ("hill-times",))
    assert all("error_x" not in t for t in plain.spec["data"])


def test_matrix_cell_says_within_noise(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(TINY, data)
    # Feed the matrix from the repeated climbs: cargo's best ratio is the wet hill, within noise.
    edit(data / "tables" / "hill-repeats.yml", "better: lower\n", "better: lower\ntags: [climb]\n")
    edit(
        data / "tables" / "hill-repeats.yml",
        "{road: {runs: [100, 101, 102]}, cargo: {runs: [80, 81, 82]}}",
        "{road: {runs: [100, 101, 102]}, cargo: {runs: [99, 100, 130]}}",
    )
    out = tmp_path / "site"
    result = mkdocs_build(write_site(tmp_path, data), out)
    assert result.returncode == 0, result.stderr
    cells = matrix_rows(page(out, ""))["Cargo bike"]
    # The wet climb's interval crosses 1.2: its regime is judged level, and the cell says a ratio is within noise.
    # (a cell fed by two tables names each part's table: issue 33)
    assert "■ level vs road on Hill B, dry (hill repeats) , Hill B, wet (hill repeats)" in cells[1], cells[1]
    assert "≈ within noise" in cells[1]


def test_shipped_guide_states_its_evidence_and_invents_none(shipped_site: Path) -> None:
    results = page(shipped_site, "results/")
    notes = [text(p) for p in results.select("p.dg-spread-note")]
    # No table of the source lists runs; the SGLang A/B states a bound, and says exactly that.
    assert (
        notes.count(
            "Runs: not stated. The source does not say how many runs stand behind these values, so no spread is shown."
        )
        == 2
    )
    assert any(
        n.startswith("Runs: the source states at least 2 runs per value and run-to-run variance under 1%")
        for n in notes
    )
    assert not results.select(".dg-spread") and not results.select(".dg-runs")
    # Provenance where the source states it, "not stated" elsewhere.
    ev = results.select_one("details#ev-dense-vs-deepep-trtllm-conc4")
    blocks = [
        {text(dt): text(dd) for dt, dd in zip(v.select("dt"), v.select("dd"), strict=True)}
        for v in ev.select(".dg-ev-value")
    ]
    # The source names NCCL_GIN_TYPE=2 and TRTLLM_MOE_DISABLE_ALLTOALLV for the paths, not for these runs
    # (issue 51): each is shown as its path's own setting, and no "export" line sets it for the run.
    assert blocks[0]["Environment"] == "not stated" and blocks[0]["Software"] == "TRT-LLM 0.21"
    assert blocks[0]["DeepEP-V2's own settings"].startswith("NCCL_GIN_TYPE=2 (env);")
    assert blocks[0]["DeepEP-V2's own settings"].endswith("from its record, not stated for this run")
    assert blocks[1]["dense's own settings"] == (
        "TRTLLM_MOE_DISABLE_ALLTOALLV (env): from its record, not stated for this run"
    )  # the vLLM flag is dense's setting on vLLM only
    reproduce = [pre.get_text() for pre in ev.select(".dg-reproduce pre")]
    assert "export" not in reproduce[0] and "#   NCCL_GIN_TYPE=2 (env)" in reproduce[0]
    assert "DeepEP-V2's own settings, from its record (not stated for this run):" in reproduce[0]
    for block in blocks:
        assert block["Command"] == block["Tool"] == block["Date"] == block["Raw output"] == "not stated"
        assert block["Runs"] == "runs not stated"
    # Every measured value in the shipped data has an evidence block.
    d = derive_guide(DATA)
    for (t, r, _), sample in d.samples.items():
        if sample.measured:
            assert results.select_one(f"details#ev-{t}-{r}"), (t, r)
    assert d.stale() == []


def test_a_row_with_nothing_measured_says_so_in_its_evidence(data_copy: Path) -> None:
    from generator.render.pages import Renderer

    table = data_copy / "tables" / "transport-microbench.yml"
    edit(table, "pplx: 362}", "pplx: not measured}")
    results = Renderer(derive_guide(data_copy)).render()["results.md"]
    block = results[results.index('id="ev-transport-microbench-combine"') :]
    block = block[: block.index("</details>")]
    # The row's evidence anchor still exists (its table links to it) and says why it shows nothing.
    assert "Not measured: no value here has runs, a set-up or a source file to show." in block
    assert "Reproduce" not in block
    dispatch = results[results.index('id="ev-transport-microbench-dispatch"') :]
    assert "Not measured" not in dispatch[: dispatch.index("</details>")]


def test_a_run_s_own_environment_is_exported_and_its_path_s_settings_only_labelled(data_copy: Path) -> None:
    """Issue 51: what a row states for its run is exported; the option's ``needs`` are the path's, and say so."""
    edit(
        data_copy / "tables" / "dense-vs-deepep.yml",
        '    setup: {software: {trtllm: "0.21"}}\n',
        '    setup: {software: {trtllm: "0.21"}, environment: {RUN_ONLY: "7"}}\n',
    )
    d = derive_guide(data_copy)
    lines = d.reproduce(d.samples[("dense-vs-deepep", "trtllm-conc4", "deepep")], "t").splitlines()
    assert [ln for ln in lines if ln.startswith("export")] == ["export RUN_ONLY=7"]
    path = lines.index("# DeepEP-V2's own settings, from its record (not stated for this run):")
    assert lines[path + 1] == "#   NCCL_GIN_TYPE=2 (env)"
    shown = {ln.label: ln.text for ln in d.evidence(d.samples[("dense-vs-deepep", "trtllm-conc4", "deepep")], "x")}
    assert shown["Environment"] == "RUN_ONLY=7"
    # A value measured in a context gets only its option's needs for that context.
    dense = d.reproduce(d.samples[("dense-vs-deepep", "vllm-conc32-decode", "dense")], "t")
    assert "--all2all-backend allgather_reducescatter (flag)" in dense and "TRTLLM" not in dense
