"""The example guide under examples/: another topic, a baseline, features and requirements, no code of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import decide
from generator.build import build_site
from generator.errors import GuideError
from generator.pipeline import validate_guide
from tests.conftest import EXAMPLE, PLOTLY_JS, ROOT
from tests.data_edits import edit, problems_in
from tests.html import matrix_rows, page, text
from tests.topic_words import found_in


def test_the_example_has_no_code_of_its_own() -> None:
    files = [p.relative_to(EXAMPLE).as_posix() for p in EXAMPLE.rglob("*") if p.is_file()]
    assert "mkdocs.yml" in files and any(f.startswith("data/") for f in files)
    assert [f for f in files if not f.endswith((".yml", ".md"))] == []


def test_its_pages_name_none_of_the_shipped_guides_topic_words(example_site: Path) -> None:
    pages = sorted(example_site.rglob("*.html"))
    assert len(pages) >= 10
    assert found_in(pages, example_site) == []


def test_the_baseline_is_the_neutral_reference_and_the_others_are_judged_against_it(example_site: Path) -> None:
    rows = matrix_rows(page(example_site, ""))
    headers = [text(th) for th in page(example_site, "").select("table.dg-matrix thead th")]
    serialise, parse = headers.index("Serialise speed") - 1, headers.index("Parse speed") - 1
    assert rows["json (standard library)"][serialise].startswith("◇ baseline the reference")
    assert rows["json (standard library)"][parse].startswith("◇ baseline")
    # quickjson 1200/180 and 1900/250 MB/s: 6.67-7.60x the baseline's throughput, the best counts.
    assert rows["quickjson"][serialise].startswith("✔ faster") and "6.67–7.60× vs json" in rows["quickjson"][serialise]
    # purejson 120/180 and 150/250: 0.60-0.67x, below the 0.9 band.
    assert rows["purejson"][serialise].startswith("✖ slower") and "0.60–0.67× vs json" in rows["purejson"][serialise]
    # cjson-lite parses 260/220 and 310/300: 1.03-1.18x, in the 0.9-1.5 band.
    assert rows["cjson-lite"][parse].startswith("◐ on par") and "1.03–1.18× vs json" in rows["cjson-lite"][parse]
    legend = text(page(example_site, "").select_one("table.dg-legend"))
    assert "◇ baseline json, the reference every other library is compared with" in legend


def test_features_and_requirements_have_their_own_sections(example_site: Path) -> None:
    quick = page(example_site, "options/quickjson/")
    headings = [text(h).rstrip("¶").strip() for h in quick.select("h2")]
    assert headings.index("What it offers") < headings.index("What it takes")
    offers = quick.select_one("h2#offers").find_next("p")
    assert text(offers) == "Runs on PyPy: ✖ no"
    takes = quick.select_one("h2#needs").find_next("p")
    assert text(takes) == "Code changes: ◐ small"


def test_a_missing_feature_is_a_warning_only_when_the_readers_answers_ask_for_it() -> None:
    data = validate_guide(EXAMPLE / "data")
    cpython = {"interpreter": "cpython", "changes": "cannot", "priority": "speed"}
    pypy = {"interpreter": "pypy", "changes": "cannot", "priority": "speed"}
    on_cpython = decide.outcome(data, cpython)
    on_pypy = decide.outcome(data, pypy)
    assert on_cpython is not None and on_pypy is not None
    cjson_cpython = next(p for p in on_cpython.picks if p.option == "cjson-lite")
    cjson_pypy = next(p for p in on_pypy.picks if p.option == "cjson-lite")
    assert [c.label for c in cjson_cpython.caveats] == []  # a CPython reader is not told about PyPy
    assert "Runs on PyPy" in [c.label for c in cjson_pypy.caveats]  # a PyPy reader is
    # A requirement is a warning whatever the answers: quickjson's code changes on CPython.
    speed = decide.outcome(data, {"interpreter": "cpython", "changes": "can", "priority": "speed"})
    assert speed is not None
    assert [c.label for c in speed.picks[0].caveats] == ["Code changes"]


def test_site_name_description_and_footer_come_from_the_guides_data(example_site: Path) -> None:
    home = page(example_site, "")
    assert text(home.select_one("title")).endswith("JSON libraries (example guide)")
    assert home.select_one('meta[name="description"]')["content"].startswith("An example guide with made-up")
    assert "Every library, number and verdict on this site is made up" in text(home.select_one("footer"))
    shipped = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "EFA" not in shipped and "copyright" not in shipped


def test_declared_table_order_and_headline_charts(example_site: Path) -> None:
    # parse.yml sorts before serialise.yml; the guide declares the other order.
    assert [h["id"] for h in page(example_site, "results/").select("h2[id]")][:2] == ["serialise", "parse"]
    titles = [text(t) for t in page(example_site, "").select(".dg-chart-title")]
    assert titles == ["quickjson vs json, serialise and parse.", "cjson-lite vs json, serialise and parse."]


def test_a_declared_order_or_pair_that_does_not_fit_is_reported(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE / "data", data)
    edit(data / "guide.yml", "table_order: [serialise, parse,", "table_order: [serialize, parse,")
    edit(data / "guide.yml", "  - [cjson-lite, json]", "  - [cjson-lite, cjson-lite]")
    found = problems_in(data)
    assert any("table_order[0]: unknown table 'serialize' (did you mean 'serialise'?)" in p for p in found), found
    assert any("table 'serialise' is missing from the table order" in p for p in found), found
    assert any("headline_pairs[1]: a headline pair needs two different options" in p for p in found), found


def test_a_headline_pair_no_chart_can_show_is_an_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(EXAMPLE / "data", data)
    edit(data / "guide.yml", "  - [cjson-lite, json]", "  - [quickjson, rustjson]")
    (problem,) = problems_in_build(data)
    assert problem.endswith(
        "headline_pairs[1]: no headline chart for 'quickjson' and 'rustjson': no two kinds of table measure both"
    )


def problems_in_build(data: Path) -> list[str]:
    with pytest.raises(GuideError) as info:
        build_site(data, charts=True, plotly_js=PLOTLY_JS)
    return [str(p) for p in info.value.problems]


def test_its_envelope_is_data_only_and_an_answer_outside_it_says_not_measured(example_site: Path) -> None:
    """One envelope dimension declared in data (guide.yml, the campaign's set-up, a question naming it): an answer
    for the interpreter no measurement ran on says so, every verdict it prints drawn as not measured there."""
    import yaml

    guide = yaml.safe_load((EXAMPLE / "data/guide.yml").read_text(encoding="utf-8"))
    (dimension,) = guide["envelope"]
    labels = {v["id"]: v["label"] for v in dimension["values"]}
    (campaign,) = (EXAMPLE / "data/campaigns").glob("*.yml")
    measured = yaml.safe_load(campaign.read_text(encoding="utf-8"))["setup"]["envelope"][dimension["id"]]
    soup = page(example_site, "decide/")
    leaves = soup.select("section.dg-leaf")
    inside = [s for s in leaves if f"{dimension['id']}-{measured}" in s["id"]]
    outside = [s for s in leaves if s not in inside]
    assert outside and inside
    word = dimension["word"]
    for card in outside:
        (note,) = card.select(".dg-envelope")
        (other,) = [v for v in labels if v != measured]
        assert f"Measured {word} {labels[measured]}; not measured {word} {labels[other]}." in text(note)
        for li in card.select(".dg-evidence li"):
            assert text(li.select_one(".dg-badge")).endswith(f"not measured {word} {labels[other]}")
    for card in inside:
        assert not card.select(".dg-envelope") and not card.select(".dg-outside")
