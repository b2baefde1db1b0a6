"""Chart specs: valid plotly, built from the table records, placed next to their tables."""

from __future__ import annotations

import colorsys
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import plotly.graph_objects as go
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator import schema
from generator.derive.guide import Derived
from generator.pipeline import derive_guide
from generator.render.chart_spec import Band, Bar, Panel, figure, script_json
from generator.render.charts import NEUTRAL, PALETTE, Chart, Charts, build_charts
from generator.render.pages import Renderer
from tests.conftest import DATA, FIXTURES, PLOTLY_JS, ROOT, write_site
from tests.data_edits import trade_every_column
from tests.html import page, text

TINY = FIXTURES / "tiny-guide"


@pytest.fixture(scope="module")
def shipped() -> Derived:
    return derive_guide(DATA)


def _measurement_tables(d: Derived) -> dict[str, schema.MeasurementTable]:
    return {t.id: t for t in d.data.tables if isinstance(t, schema.MeasurementTable)}


def _panels(chart: Chart) -> list[tuple[list[str], list[float | None]]]:
    """(labels, values) of each panel, read back from the spec."""
    return [(trace["y"], trace["x"]) for trace in chart.spec["data"]]


def _annotations(chart: Chart) -> list[str]:
    return [a["text"] for a in chart.spec["layout"]["annotations"]]


@pytest.mark.parametrize("data_dir", [DATA, TINY], ids=["shipped", "tiny"])
def test_every_spec_is_a_valid_plotly_figure(data_dir: Path) -> None:
    charts = build_charts(derive_guide(data_dir)).all()
    assert charts
    for chart in charts:
        fig = go.Figure(chart.spec)  # raises on any attribute plotly does not know
        assert fig.layout.height == chart.height
        assert json.loads(chart.payload) == chart.spec


def test_one_ab_chart_per_table_with_comparisons_with_the_tables_numbers(shipped: Derived) -> None:
    charts = build_charts(shipped)
    tables = _measurement_tables(shipped)
    with_comparisons = {t.id for t in tables.values() if t.comparisons}
    ab = {c.tables[0]: c for c in charts.all() if c.kind == "ab"}
    assert set(ab) == with_comparisons
    for table_id, chart in ab.items():
        t = tables[table_id]
        view = shipped.tables[table_id]
        assert _panels(chart) == [
            ([s.label for s in t.series], [v if isinstance(v := row.values[s.id], float) else None for s in t.series])
            for row in t.rows
        ]
        notes = _annotations(chart)
        for comp in t.comparisons:
            for cell in view.ratios[comp.label]:
                assert any(f"{comp.label} {cell.text}" in n for n in notes)
        assert all(cell.text in chart.takeaway for comp in t.comparisons for cell in view.ratios[comp.label])


def test_transport_overview_shows_every_measured_path_with_provenance(shipped: Derived) -> None:
    charts = build_charts(shipped)
    overviews = [c for c in charts.all() if c.kind == "overview"]
    best_columns = [
        c for c in shipped.data.guide.columns if isinstance(c, schema.ComparisonColumn) and c.against == "best"
    ]
    assert len(overviews) == len(best_columns) == 1
    tagged = [t for t in _measurement_tables(shipped).values() if best_columns[0].tag in t.tags]
    chart = overviews[0]
    assert list(chart.tables) == [t.id for t in tagged]
    labels = _annotations(chart)
    for t in tagged:
        for row in t.rows:
            for s in t.series:
                v = row.values[s.id]
                if isinstance(v, str):
                    assert f"{s.label} · <i>not measured</i>" in labels
                else:
                    assert f"{s.label} · {shipped.raw(v)} {t.unit} · {s.provenance or t.provenance}" in labels
    # Placed next to the first table it draws from.
    assert chart in charts.for_table(tagged[0].id)


def test_headline_pairs_transport_on_top_with_serving_below(shipped: Derived) -> None:
    charts = build_charts(shipped)
    assert len(charts.headlines) == 1
    head = charts.headlines[0]
    tables = _measurement_tables(shipped)
    # The pair comes from a serving A/B comparison and was also measured on the transport microbenchmark.
    tags = [tables[t].tags for t in head.tables]
    assert tags == [["transport"], ["serving"]]
    a, b = head.options
    assert {a, b} == {"deepep-v2", "uccl"}
    # Shared colours per option through every panel; the option's label on every bar.
    colours = {trace["marker"]["color"][0] for trace in head.spec["data"]} | {
        trace["marker"]["color"][1] for trace in head.spec["data"]
    }
    assert len(colours) == 2
    for trace in head.spec["data"]:
        assert trace["y"] == [shipped.option(a).label, shipped.option(b).label]
    # Values are the tables' own; rows where neither side is measured are left out and said so.
    transport, serving = (tables[t] for t in head.tables)
    measured = [r for r in transport.rows if {r.values["deepep-v2"], r.values["uccl"]} != {schema.NOT_MEASURED}]
    expected = [(["DeepEP-V2", "UCCL"], [r.values["deepep-v2"], r.values["uccl"]]) for r in (*measured, *serving.rows)]
    assert _panels(head) == expected
    assert "combine: not measured for either" in head.takeaway
    for row, cell in zip(serving.rows, shipped.tables[serving.id].ratios["DeepEP / UCCL"], strict=True):
        assert f"{cell.text} ({cell.verdict.word}) on {row.label}" in head.takeaway
    ratio = transport.rows[0].values["deepep-v2"] / transport.rows[0].values["uccl"]
    # One number, one spelling: the transport table's declared digits, as in prose.
    assert f"{ratio:.{transport.digits}f}×" in head.takeaway and shipped.numbers[
        "uccl-vs-deepep-dispatch"
    ].text.startswith(f"{ratio:.{transport.digits}f}×")
    assert charts.headlines_for("uccl") == [head] and charts.headlines_for("dense") == []


def test_tiny_guide_gets_its_ab_charts_and_no_headline() -> None:
    charts = build_charts(derive_guide(TINY))
    assert [(c.kind, c.tables) for c in charts.all()] == [
        ("ab", ("hill-repeats",)),
        ("ab", ("hill-stated",)),
        ("ab", ("hill-times",)),
    ]
    # The repeated and reported climbs feed no matrix column: they are not a second way of measuring the pair.
    assert charts.headlines == []
    assert any("cargo / road 1.50× higher climb time ▼ slower" in a for a in _annotations(charts.all()[2]))


def test_headline_and_overview_follow_the_data_of_any_guide(tmp_path: Path) -> None:
    """Add a second measure to the toy guide: a headline and an overview appear, with nothing topic-specific."""
    data = tmp_path / "tiny"
    shutil.copytree(TINY, data)
    for extra in ("hill-repeats", "hill-stated"):  # the runs and noise tables have charts of their own
        (data / "tables" / f"{extra}.yml").unlink()
    guide = yaml.safe_load((data / "guide.yml").read_text(encoding="utf-8"))
    guide["columns"].insert(
        1,
        {
            "id": "flat",
            "kind": "comparison",
            "label": "Flat speed",
            "meaning": "Speed on the flat against the quickest bicycle.",
            "tag": "flat",
            "against": "best",
            "aggregate": "split",
            "bands": [{"min": 0.9, "level": "good", "word": "quick"}, {"level": "bad", "word": "slow"}],
        },
    )
    (data / "guide.yml").write_text(yaml.safe_dump(guide, allow_unicode=True), encoding="utf-8")
    trade_every_column(data)  # the cargo bike, picked for its box, is slower on the flat too
    flat = {
        "kind": "measurements",
        "id": "flat-speed",
        "title": "Speed on the flat",
        "label": "flat speed",
        "summary": "Average speed on a flat road.",
        "campaign": "spring",
        "provenance": "published",
        "quantity": "speed",
        "unit": "km/h",
        "better": "higher",
        "tags": ["flat"],
        "series": [
            {"id": "road", "label": "road bike", "option": "road"},
            {"id": "cargo", "label": "cargo bike", "option": "cargo"},
            {"id": "folding", "label": "folding bike", "option": "folding"},
        ],
        "rows": [{"id": "lane", "label": "bike lane", "values": {"road": 30, "cargo": 20, "folding": "not measured"}}],
    }
    (data / "tables" / "flat-speed.yml").write_text(yaml.safe_dump(flat, allow_unicode=True), encoding="utf-8")
    charts = build_charts(derive_guide(data))
    kinds = sorted(c.kind for c in charts.all())
    assert kinds == ["ab", "headline", "overview"]
    head = charts.headlines[0]
    assert head.options == ("cargo", "road")
    assert head.tables == ("flat-speed", "hill-times")  # guide column order: flat before climb
    assert "Flat speed: lowest" not in head.takeaway
    overview = charts.for_table("flat-speed")[0]
    assert "Bike lane: highest speed is road bike (30 km/h); cargo bike at 0.67× of that." in overview.takeaway
    assert any(a == "folding bike · <i>not measured</i>" for a in _annotations(overview))
    assert overview.spec["data"][0]["marker"]["pattern"]["shape"] == ["/", "/", "/"]  # published: hatched
    for chart in charts.all():
        go.Figure(chart.spec)


@given(st.text())
def test_embedded_json_cannot_break_out_of_its_script(value: str) -> None:
    out = script_json({"text": value})
    assert not set("<>&'") & set(out)
    assert json.loads(out) == {"text": value}


def test_data_text_is_shown_literally_by_plotly() -> None:
    spec, _ = figure([Band("a <b> & c", [Panel("<br>", [Bar("x<y", 1.0, "#000", "1 s")], ["p & q"])])])
    texts = [a["text"] for a in spec["layout"]["annotations"]]
    assert "<b>a &lt;b&gt; &amp; c</b>" in texts
    assert any("&lt;br&gt;" in t for t in texts) and any(t.startswith("x&lt;y · ") for t in texts)


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_bar_colours_stand_out_on_both_palettes() -> None:
    """WCAG 1.4.11: bars need 3:1 against the background, in Material's light and dark (slate) schemes."""
    r, g, b = colorsys.hls_to_rgb(225 / 360, 0.14, 0.15)  # slate: hsla(225deg, 15%, 14%)
    slate = "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in (r, g, b)))
    for colour in (*PALETTE, NEUTRAL):
        assert _contrast(colour, "#ffffff") >= 3, colour
        assert _contrast(colour, slate) >= 3, colour


# --- the built pages ----------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import mkdocs_build

    tmp = tmp_path_factory.mktemp("charts")
    config = write_site(tmp, DATA)
    out = tmp / "site"
    result = mkdocs_build(config, out)
    assert result.returncode == 0, result.stderr
    return out


def _expected_on_pages(d: Derived, charts: Charts) -> dict[str, list[str]]:
    on_results = [c.id for t in d.data.tables for c in charts.for_table(t.id)]
    pages = {"": [c.id for c in charts.headlines], "results/": on_results}
    for o in d.data.options:
        heads = charts.headlines_for(o.id)
        ids = [c.id for c in heads]
        # A headline already draws its tables for its pair: their A/B charts are not drawn again.
        ids += [c.id for t in d.option_tables[o.id] for c in charts.for_table(t, heads)]
        pages[f"options/{o.id}/"] = ids
    pages["methodology/"] = pages["bottom-line/"] = []
    return pages


def test_figures_sit_on_their_pages_with_caption_table_link_and_reserved_height(site: Path, shipped: Derived) -> None:
    charts = {c.id: c for c in build_charts(shipped).all()}
    for url, ids in _expected_on_pages(shipped, build_charts(shipped)).items():
        soup = page(site, url)
        figures = soup.select("figure.dg-chart")
        assert [f["id"] for f in figures] == ids, url
        for fig in figures:
            chart = charts[fig["id"]]
            plot = fig.select_one(".dg-chart-plot")
            assert plot["style"] == f"height: {chart.height}px"
            # The chart drawn when the site was built, named and described for a screen reader.
            svg = plot.select_one("svg.dg-chart-svg")
            assert svg["role"] == "img" and svg["height"] == str(chart.height)
            assert text(svg.title) == chart.title and text(svg.desc) == chart.takeaway
            assert json.loads(plot["data-spec"]) == chart.spec
            assert fig.select("script") == []
            caption = fig.select_one("figcaption")
            assert chart.takeaway in text(caption)
            for link in caption.select("a"):
                target, anchor = link["href"].split("#")
                target_page = page(site, (Path(url) / target).as_posix() + "/" if target else url)
                assert target_page.find(id=anchor) is not None, link["href"]
                assert target_page.find(id=anchor).name in {"div"} and target_page.find(id=anchor).select_one("table")


def test_ab_chart_follows_its_table(site: Path) -> None:
    soup = page(site, "results/")
    for fig in soup.select("figure.dg-chart[data-chart=ab]"):
        table = fig.find_previous_sibling("div", class_="dg-table-wrap")
        heading = fig.find_previous_sibling("h2")
        assert table is not None and fig["id"] == f"chart-ab-{table['id'].removesuffix('-table')}"
        assert heading["id"] == table["id"].removesuffix("-table")  # no other table in between


def test_plotly_js_is_served_from_the_site_and_never_copied_into_the_sources(site: Path) -> None:
    served = site / "javascripts" / "vendor" / "plotly.min.js"
    assert served.read_bytes() == PLOTLY_JS.read_bytes()
    assert not list((ROOT / "site_src").rglob("plotly*"))
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"plotly.js-basic-dist-min": "4.1.1"}  # exact, no range
    import plotly.offline

    # The same plotly.js major version as the one the Python package (used to validate specs) bundles.
    assert plotly.offline.get_plotlyjs_version().split(".")[0] == package["dependencies"]["plotly.js-basic-dist-min"][0]


def test_text_pages_do_not_mention_plotly(site: Path) -> None:
    for url in ("methodology/", "bottom-line/", "options/gdaki/"):
        html = (site / url / "index.html").read_text(encoding="utf-8")
        # the page's policy names every script of the site by its address, plotly.js included (issue 41): that
        # allows it, it loads nothing; the page itself neither loads nor mentions it
        html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
        assert "plotly" not in html and "dg-chart" not in html


def test_charts_can_be_switched_off(shipped: Derived) -> None:
    pages = Renderer(shipped, charts=False).render()
    assert not any("dg-chart" in md for md in pages.values())


def test_missing_plotly_stops_the_build_with_a_clear_message(tmp_path: Path) -> None:
    config = write_site(tmp_path, DATA)
    config.write_text(config.read_text(encoding="utf-8").replace(str(PLOTLY_JS), "nowhere/plotly.js"), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "plotly.js not found at" in result.stderr and "make setup" in result.stderr
    assert "Traceback" not in result.stderr
