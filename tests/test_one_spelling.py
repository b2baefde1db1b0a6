"""One spelling for a ratio where lower is better (issue 33): every page writes the same figure the same way.

The tiny guide's climb times: cargo 150 s, road 100 s. Cargo over road is 1.5, road over cargo 0.67; every
page spells the comparison as the factor, never below 1, and the way it reads ("1.50× higher climb time",
"1.50× lower climb time"), from :func:`generator.numbers.times`: the matrix and its details, an option's
page, the compare pages, the measured table, the charts' notes and captions, the prose that quotes the
claim, the legend, the CSV header and the JSON's texts. The reciprocal (0.67×) appears nowhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator import numbers
from tests.html import page, text

CARGO_OVER_ROAD = numbers.times(150 / 100, 2, "lower", "climb time")
ROAD_OVER_CARGO = numbers.times(100 / 150, 2, "lower", "climb time")


@pytest.fixture(scope="module")
def site(tiny_site: Path) -> Path:
    return tiny_site


def test_the_spelling_is_computed_and_never_below_one() -> None:
    assert CARGO_OVER_ROAD == "1.50× higher climb time"
    assert ROAD_OVER_CARGO == "1.50× lower climb time"
    assert numbers.times(0.877, 2, "higher", "throughput") == "0.88×"  # higher is better: the ratio itself


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("", [f"{CARGO_OVER_ROAD} vs road", f"{ROAD_OVER_CARGO} vs cargo"]),  # the matrix's details
        ("options/cargo/", [f"{CARGO_OVER_ROAD} vs road"]),  # an option's strip
        ("options/road/", [f"{ROAD_OVER_CARGO} vs cargo"]),
        ("compare/road/cargo/", [f"{CARGO_OVER_ROAD} vs road", f"{ROAD_OVER_CARGO} vs cargo"]),
        ("results/", [CARGO_OVER_ROAD]),  # the measured table's ratio cell
        ("bottom-line/", [f"The cargo bike has {CARGO_OVER_ROAD} uphill."]),  # prose quoting the claim
        ("decide/", [CARGO_OVER_ROAD]),
    ],
)
def test_every_page_type_spells_the_ratio_one_way(site: Path, where: str, expected: list[str]) -> None:
    body = text(page(site, where).select_one("article"))
    for phrase in expected:
        assert phrase in body, f"{where or 'home'}: {phrase!r} not in the page"


def test_the_charts_notes_and_captions_spell_it_the_same(site: Path) -> None:
    results = page(site, "results/")
    specs = [json.loads(str(n["data-spec"])) for n in results.select("figure.dg-chart [data-spec]")]
    notes = [a["text"] for spec in specs for a in spec.get("layout", {}).get("annotations", [])]
    assert any(f"cargo / road {CARGO_OVER_ROAD} ▼ slower" in n for n in notes), notes
    captions = " ".join(text(c) for c in results.select("figure.dg-chart figcaption"))
    assert f"{CARGO_OVER_ROAD} (slower) on Hill A" in captions, captions


def test_the_legend_says_the_bands_as_the_ratios_read(site: Path) -> None:
    legend = text(page(site, "").select_one(".dg-legend"))
    assert "1.20× lower climb time or more" in legend and "beyond 1.11× higher climb time" in legend, legend


def test_the_downloads_say_which_way_the_ratio_reads(site: Path) -> None:
    header = (site / "downloads" / "hill-times.csv").read_text(encoding="utf-8").splitlines()[0]
    assert "cargo/road (climb time of cargo over road; lower is better: 0.5 reads 2× lower climb time)" in header
    data = json.loads((site / "downloads" / "guide.json").read_text(encoding="utf-8"))
    table = next(t for t in data["tables"] if t["id"] == "hill-times")
    assert table["rows"][0]["ratios"][0]["text"] == CARGO_OVER_ROAD


def test_the_reciprocal_appears_on_no_page(site: Path) -> None:
    """No figure below 1 reads a ratio of the tiny guide (every table there is one where lower is better)."""
    below_one = re.compile(r"(?<![0-9.])0\.[0-9]+×")
    for path in site.rglob("*"):
        if path.suffix in (".html", ".csv", ".json") and "assets" not in path.parts:
            found = below_one.findall(path.read_text(encoding="utf-8"))
            assert not found, f"{path.relative_to(site)}: {found}"
