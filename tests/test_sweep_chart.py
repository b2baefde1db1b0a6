"""A sweep table's curve chart: a curve per option through its loads, the Pareto frontier, nothing dropped silently."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import pytest
import yaml

from bench.weight import KIB, page_weights
from generator.derive.anchors import value
from generator.derive.frontier import frontier
from generator.derive.guide import Derived
from generator.pipeline import derive_guide
from generator.render.chart_model import NEUTRAL, Chart
from generator.render.charts import build_charts
from generator.render.curve_chart import loads_words
from generator.render.curve_spec import FRONTIER, HEIGHT, log_ticks
from tests.conftest import EXAMPLE
from tests.html import page, text

SWEEP, VERSUS = "parse-threads", "parse-threads-latency"
OPTIONS = ["json", "quickjson", "rustjson", "cjson-lite"]


# --- the frontier, by hand ------------------------------------------------------


def test_frontier_with_lower_x_and_higher_y_better() -> None:
    """Latency (lower is better) against throughput (higher is better)."""
    points = [
        (1.0, 100.0),  # 0: on it, the quickest
        (2.0, 300.0),  # 1: on it
        (2.0, 200.0),  # 2: beaten by 1 (same x, higher y)
        (3.0, 300.0),  # 3: beaten by 1 (slower for the same y)
        (4.0, 500.0),  # 4: on it, the most throughput
        (5.0, 400.0),  # 5: beaten by 4 on both
        (1.0, 100.0),  # 6: equal to 0: neither beats the other
    ]
    assert frontier(points, "lower", "higher") == [0, 1, 4, 6]


def test_frontier_for_every_pair_of_directions() -> None:
    points = [(1.0, 1.0), (1.0, 3.0), (3.0, 1.0), (2.0, 2.0), (3.0, 3.0)]
    assert frontier(points, "higher", "higher") == [4]
    assert frontier(points, "lower", "lower") == [0]
    assert frontier(points, "lower", "higher") == [1]
    assert frontier(points, "higher", "lower") == [2]
    # Without the corners, a trade-off: every point of the anti-diagonal is on it.
    middle = [(1.0, 3.0), (2.0, 2.0), (3.0, 1.0), (2.5, 1.5), (2.0, 1.0)]
    assert frontier(middle, "higher", "higher") == [0, 1, 2, 3]
    assert frontier(middle, "lower", "lower") == [0, 4]


def test_frontier_of_nothing_and_of_one_point() -> None:
    assert frontier([], "lower", "higher") == []
    assert frontier([(5.0, 5.0)], "higher", "lower") == [0]


def test_loads_are_named_in_runs() -> None:
    loads = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]
    assert loads_words("threads", loads, {2.0, 4.0, 8.0, 16.0}) == "threads 2–16"
    assert loads_words("threads", loads, {1.0, 4.0, 8.0, 32.0}) == "threads 1, 4–8 and 32"
    assert loads_words("conc", loads, {32.0}) == "conc 32"


def test_log_ticks_are_round_and_few() -> None:
    assert log_ticks([0.7, 210.0]) == [1.0, 3.0, 10.0, 30.0, 100.0]
    assert log_ticks([150.0, 15000.0]) == [200.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0]
    assert log_ticks([1.0, 32.0]) == [1.0, 2.0, 5.0, 10.0, 20.0]


# --- the example guide's chart, as data -------------------------------------------


@pytest.fixture(scope="module")
def example() -> Derived:
    return derive_guide(EXAMPLE / "data")


def _curve(d: Derived, table: str = SWEEP) -> Chart:
    (chart,) = [c for c in build_charts(d).by_table.get(table, []) if c.kind == "curve"]
    return chart


def _traces(chart: Chart) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in chart.spec["data"]}


def test_a_sweep_gets_curves_instead_of_bars_and_its_versus_table_no_chart(example: Derived) -> None:
    charts = build_charts(example)
    assert [c.kind for c in charts.by_table[SWEEP]] == ["curve"]
    assert VERSUS not in charts.by_table  # every one of its numbers is on the curve chart's x axis
    # Headlines and overviews draw bars: a sweep is not one of their bands.
    assert all(SWEEP not in c.tables for c in charts.all() if c.kind != "curve")
    chart = charts.by_table[SWEEP][0]
    assert chart.tables == (SWEEP, VERSUS) and list(chart.options) == OPTIONS
    go.Figure(chart.spec)  # raises on any attribute plotly does not know
    assert chart.height == chart.spec["layout"]["height"] == HEIGHT
    assert json.loads(chart.payload) == chart.spec


def test_each_option_is_a_curve_through_its_loads_against_the_versus_quantity(example: Derived) -> None:
    chart = _curve(example)
    traces = _traces(chart)
    assert list(traces) == [*OPTIONS, FRONTIER]
    tables = {t.id: t for t in example.data.tables}
    sweep, versus = tables[SWEEP], tables[VERSUS]
    for option in OPTIONS:
        trace = traces[option]
        assert trace["mode"] == "lines+markers+text"
        rows = [r for r in sweep.rows if not isinstance(r.values[option], str)]  # rustjson: not at 32 threads
        assert trace["text"] == [str(r.workload["threads"]) for r in rows]  # in load order
        assert trace["y"] == [r.values[option] for r in rows]
        latency = {r.workload["threads"]: r.values[option] for r in versus.rows}
        assert trace["x"] == [latency[r.workload["threads"]] for r in rows]
        assert trace["customdata"] == [value(SWEEP, r.id, option) for r in rows]
        assert all(" MB/s" in h and " ms" in h and "threads " in h for h in trace["hovertext"])
    assert traces["rustjson"]["text"] == ["1", "2", "4", "8", "16"]
    colours = [traces[o]["line"]["color"] for o in OPTIONS]
    assert len(set(colours)) == len(OPTIONS) and NEUTRAL not in colours
    layout = chart.spec["layout"]
    assert layout["xaxis"]["type"] == layout["yaxis"]["type"] == "log"  # 0.7–210 ms, 150–15000 MB/s
    assert layout["xaxis"]["title"]["text"] == "p99 parse latency (ms)<br>lower is better"
    assert layout["yaxis"]["title"]["text"] == "parse throughput (MB/s)<br>higher is better"


def test_the_frontier_is_drawn_and_said(example: Derived) -> None:
    chart = _curve(example)
    line = _traces(chart)[FRONTIER]
    assert line["line"] == {"color": NEUTRAL, "width": 2, "dash": "dash"}
    # quickjson alone at 1 thread (0.7 ms), then rustjson from 2 to 16 threads: the rest is beaten on both.
    assert list(zip(line["x"], line["y"], strict=True)) == [
        (0.7, 1500),
        (0.8, 2500),
        (0.9, 4800),
        (1.0, 9000),
        (1.1, 15000),
    ]
    assert "The Pareto frontier (the points no other point beats on both axes) is quickjson at threads 1 and " \
        "rustjson at threads 2–16." in chart.takeaway  # fmt: skip
    assert "Not drawn: rustjson at threads 32 (neither measured)." in chart.takeaway


# --- other shapes of data -------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE / "data", data)
    return data


def _edit_table(data: Path, table: str, change: Any) -> None:
    path = data / "tables" / f"{table}.yml"
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(record)
    path.write_text(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_without_versus_each_sweep_draws_its_quantity_against_the_load(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit_table(data, SWEEP, lambda t: t["sweep"].pop("versus"))
    d = derive_guide(data)
    for table, word in ((SWEEP, "Highest parse throughput"), (VERSUS, "Lowest p99 parse latency")):
        chart = _curve(d, table)
        go.Figure(chart.spec)
        assert chart.tables == (table,)
        traces = _traces(chart)
        assert FRONTIER not in traces  # one quantity: nothing to trade
        assert traces["json"]["x"] == [1, 2, 4, 8, 16, 32] and traces["rustjson"]["x"] == [1, 2, 4, 8, 16]
        assert chart.spec["layout"]["xaxis"]["type"] == "log"  # 1 to 32 threads
        assert chart.spec["layout"]["xaxis"]["title"]["text"] == "threads"
        assert "Not drawn: rustjson at threads 32 (not measured)." in chart.takeaway
        assert f"{word} at each load: " in chart.takeaway
    assert "quickjson at threads 1, rustjson at threads 2–16" in _curve(d, SWEEP).takeaway


def test_a_versus_table_with_a_versus_of_its_own_keeps_its_chart(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit_table(data, VERSUS, lambda t: t["sweep"].update(versus=SWEEP))
    chart = _curve(derive_guide(data), VERSUS)
    assert chart.tables == (VERSUS, SWEEP)
    assert chart.spec["layout"]["yaxis"]["title"]["text"] == "p99 parse latency (ms)<br>lower is better"
    # The same trade-off seen from the other axis: the same frontier, told from the best end of its x axis.
    assert "is rustjson at threads 2–16 and quickjson at threads 1." in chart.takeaway
    assert "so down and to the right is better" in chart.takeaway


def test_a_load_measured_on_one_side_only_is_named_with_the_side(tmp_path: Path) -> None:
    data = _copy(tmp_path)

    def drop_latency(t: dict[str, Any]) -> None:
        t["rows"][3]["values"]["quickjson"] = "not measured"  # 8 threads

    _edit_table(data, VERSUS, drop_latency)
    chart = _curve(derive_guide(data))
    assert _traces(chart)["quickjson"]["text"] == ["1", "2", "4", "16", "32"]
    assert "Not drawn: quickjson at threads 8 (no p99 parse latency); rustjson at threads 32 (neither measured)." in (
        chart.takeaway
    )


def test_rows_with_contexts_draw_a_curve_per_option_and_context(tmp_path: Path) -> None:
    data = _copy(tmp_path)

    def two_contexts(t: dict[str, Any]) -> None:
        rows = []
        for row in t["rows"]:
            rows.append({**row, "context": "linux"})
            other = {**row, "id": f"{row['id']}-win", "context": "windows", "label": f"{row['label']}, Windows"}
            other["values"] = {k: v * 2 if not isinstance(v, str) else v for k, v in row["values"].items()}
            rows.append(other)
        t["rows"] = rows

    _edit_table(data, SWEEP, two_contexts)
    _edit_table(data, VERSUS, two_contexts)
    chart = _curve(derive_guide(data))
    go.Figure(chart.spec)
    traces = _traces(chart)
    names = [f"{o} ({c})" for o in OPTIONS for c in ("Linux", "Windows")]
    # one frontier per context, named after it (Windows' doubled values never hide Linux's own trade-offs)
    assert list(traces) == [*names, f"{FRONTIER} (Linux)", f"{FRONTIER} (Windows)"]
    assert "On Linux, the Pareto frontier" in chart.takeaway and "On Windows, the Pareto frontier" in chart.takeaway
    assert traces["rustjson (Linux)"]["line"]["color"] == traces["rustjson (Windows)"]["line"]["color"]
    assert traces["rustjson (Linux)"]["marker"]["symbol"] != traces["rustjson (Windows)"]["marker"]["symbol"]
    assert "rustjson (Linux) at threads 32 (neither measured); rustjson (Windows) at threads 32" in chart.takeaway


# --- the built example site, as a reader gets it ---------------------------------------


def test_the_results_page_shows_the_curve_chart_beside_the_sweep_table(example_site: Path) -> None:
    soup = page(example_site, "results/")
    (figure,) = soup.select("figure.dg-chart[data-chart=curve]")
    assert figure["id"] == f"chart-curve-{SWEEP}"
    # Right after its table's section, before the next table's heading.
    assert figure.find_previous("h2")["id"] == SWEEP
    assert figure.find_previous("div", class_="dg-table-wrap")["id"] == f"{SWEEP}-table"
    plot = figure.select_one(".dg-chart-plot")
    assert plot["style"] == f"height: {HEIGHT}px" and plot.select_one("svg.dg-chart-svg")["height"] == str(HEIGHT)
    spec = json.loads(plot["data-spec"])
    go.Figure(spec)
    traces = {t["name"]: t for t in spec["data"]}
    assert list(traces) == [*OPTIONS, FRONTIER]
    assert traces["json"]["text"] == ["1", "2", "4", "8", "16", "32"]
    assert traces[FRONTIER]["line"]["dash"] == "dash"
    # Every point's link goes to a value on this page.
    assert all(soup.find(id=anchor) is not None for t in spec["data"] for anchor in t.get("customdata", []))
    caption = text(figure.select_one("figcaption"))
    assert caption.startswith("Parse throughput against p99 parse latency, threads 1–32.")
    assert "Not drawn: rustjson at threads 32 (neither measured)." in caption
    assert "is quickjson at threads 1 and rustjson at threads 2–16." in caption
    links = [a["href"] for a in figure.select("figcaption a")]
    assert links == [f"#{SWEEP}-table", f"#{VERSUS}-table"]
    # The sweep's bars are gone from the page: no A/B chart for it, and no headline band.
    assert soup.select(f"#chart-ab-{SWEEP}") == []


def test_each_option_page_of_the_sweep_shows_the_curve_chart(example_site: Path) -> None:
    for option in OPTIONS:
        soup = page(example_site, f"options/{option}/")
        assert len(soup.select(f"figure#chart-curve-{SWEEP}")) == 1, option


#: The page-weight goal of a chart page on a first visit (docs/performance.md, figure 5; bench/figures.py): its
#: charts are the SVG written into it, plotly.js comes when a chart is touched (not counted).
CHART_PAGE_GOAL = 150 * KIB


def test_the_pages_with_the_curve_chart_stay_within_the_page_weight_goal(example_site: Path) -> None:
    weights = {w.page: w.total for w in page_weights(example_site) if w.kind == "chart"}
    pages = ["results/index.html"] + [f"options/{o}/index.html" for o in OPTIONS]
    over = {p: round(weights[p] / KIB, 1) for p in pages if weights[p] > CHART_PAGE_GOAL}
    assert over == {}
