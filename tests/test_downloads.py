"""The data as a download: guide.json validates against its schema and holds every verdict and number the pages show."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from generator.render.data_files import FORMAT_VERSION
from generator.render.data_format import json_schema
from tests.html import page, text, verdict_agrees

SYMBOLS = {"✔", "◐", "✖", "?"}


@pytest.fixture(scope="module")
def guide(guide_site: Path) -> dict[str, Any]:
    """guide.json of the shipped guide, then of the example guide (another topic, a baseline column)."""
    return json.loads((guide_site / "downloads" / "guide.json").read_text(encoding="utf-8"))


def _by_anchor(guide: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for option in guide["options"]:
        for cell in option["cells"]:
            out[cell["anchor"]] = cell
    for table in guide["tables"]:
        for fact in table.get("facts", []):
            out[fact["anchor"]] = fact
        for row in table.get("rows", []):
            for value in row["values"].values():
                out[value["anchor"]] = value
            for ratio in row["ratios"]:
                out[ratio["anchor"]] = ratio
    return out


def test_the_json_validates_against_the_published_schema(guide_site: Path, guide: dict[str, Any]) -> None:
    published = (guide_site / "downloads" / "guide.schema.json").read_text(encoding="utf-8")
    assert published == json_schema()
    schema = json.loads(published)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(guide)
    assert guide["format_version"] == FORMAT_VERSION
    # The schema really constrains: a verdict without its word is refused.
    broken = json.loads(json.dumps(guide))
    del broken["options"][0]["cells"][0]["verdict"]["word"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(broken)


def test_every_matrix_verdict_of_the_page_is_in_the_json(guide_site: Path, guide: dict[str, Any]) -> None:
    cells = _by_anchor(guide)
    tds = page(guide_site, "").select("table.dg-matrix tbody td")
    assert len(tds) == len(guide["options"]) * len(guide["columns"])
    for td in tds:
        cell = cells[td["id"]]
        shown = td.select_one(".dg-verdict")
        if shown is None:
            assert text(td) == cell["text"], td["id"]
            continue
        verdict = cell["verdict"]
        assert verdict["level"] == td["data-level"], td["id"]
        assert verdict_agrees(td, cell), td["id"]
        if not cell["parts"]:
            assert ("dg-judged" in td["class"]) == verdict["judged"], td["id"]


def test_every_number_of_every_table_is_in_the_json(guide_site: Path, guide: dict[str, Any]) -> None:
    values = _by_anchor(guide)
    checked = 0
    for url in ["results/", *(f"options/{o['id']}/" for o in guide["options"])]:
        for td in page(guide_site, url).select("table.dg-data td.dg-num-cell, table.dg-data td.dg-nm"):
            entry = values[td["id"]]
            shown = text(td)
            assert shown.startswith(entry["text"]), f"{url}#{td['id']}: page {shown!r}, JSON {entry['text']!r}"
            spread = entry.get("spread")
            said = text(td.select_one(".dg-spread")) if td.select_one(".dg-spread") else ""
            assert said == ((spread["text"] if isinstance(spread, dict) else spread) or ""), f"{url}#{td['id']}"
            badge = td.select_one(".dg-badge")
            if badge is not None:
                symbol, word = text(badge).split(" ", 1)
                assert entry["verdict"]["word"] == word and entry["verdict"]["symbol"] == symbol
            checked += 1
    assert checked > 30


def test_each_csv_holds_its_table(guide_site: Path, guide: dict[str, Any]) -> None:
    for table in guide["tables"]:
        path = guide_site / table["csv"]
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        if table["kind"] == "facts":
            assert [r[0] for r in rows[1:]] == [f["id"] for f in table["facts"]]
            assert [float(r[2]) for r in rows[1:]] == [f["value"] for f in table["facts"]]
            continue
        assert [r[0] for r in rows[1:]] == [r["id"] for r in table["rows"]]
        first = 3 if table["sweep"] is None else 4  # a sweep's rows state their load after the context
        width = first + len(table["series"])
        for line, row in zip(rows[1:], table["rows"], strict=True):
            assert line[first:width] == [row["values"][s["id"]]["text"] for s in table["series"]]
            if table["sweep"] is not None:
                assert rows[0][3] == table["sweep"]["load"] and float(line[3]) == row["load"]
            ratios = line[width : width + len(row["ratios"])]
            for shown, ratio in zip(ratios, row["ratios"], strict=True):
                assert (float(shown) if ratio["value"] is not None else None) == ratio["value"]
            # Then the low and high end of every series that has a spread somewhere in the table.
            spread = [s["id"] for s in table["series"] if any(r["values"][s["id"]]["spread"] for r in table["rows"])]
            assert rows[0][width + len(row["ratios"]) : -2] == [f"{s} {end}" for s in spread for end in ("low", "high")]
            # and where it was measured: the campaign and its set-up, as the line above the matrix gives it
            assert rows[0][-2:] == ["campaign", "setup"] and line[-2] == table["campaign"] and line[-1]
            ends = line[width + len(row["ratios"]) :]
            for n, sid in enumerate(spread):
                given = row["values"][sid]["spread"]
                expected = ["", ""] if given is None else [given["low"], given["high"]]
                assert [float(x) if x else "" for x in ends[2 * n : 2 * n + 2]] == expected


def test_pages_link_to_the_downloads(guide_site: Path, guide: dict[str, Any]) -> None:
    for url in ["", "results/"]:
        hrefs = {a["href"] for a in page(guide_site, url).select(".dg-downloads a")}
        base = guide_site / url
        targets = {(base / h).resolve().relative_to(guide_site.resolve()).as_posix() for h in hrefs}
        assert targets == {"downloads/guide.json", "downloads/guide.schema.json", *(t["csv"] for t in guide["tables"])}


def test_a_formula_in_data_is_not_a_formula_in_the_csv(tmp_path: Path, data_copy: Path) -> None:
    from generator.pipeline import derive_guide
    from generator.render.data_export import table_csv
    from tests.data_edits import edit

    edit(data_copy / "tables" / "deepep-vs-uccl.yml", "label: SGLang · conc 32", "label: '=HYPERLINK(\"x\")'")
    d = derive_guide(data_copy)
    table = next(t for t in d.data.tables if t.id == "deepep-vs-uccl")
    rows = list(csv.reader(io.StringIO(table_csv(d, table))))
    assert rows[1][1] == '\'=HYPERLINK("x")'


def test_the_example_guides_baseline_and_spreads_are_in_its_json(example_site: Path) -> None:
    guide = json.loads((example_site / "downloads" / "guide.json").read_text(encoding="utf-8"))
    column = next(c for c in guide["columns"] if c["id"] == "serialise")
    assert (column["against"], column["baseline"], column["aggregate"]) == ("baseline", "json", "split")
    baseline = next(o for o in guide["options"] if o["id"] == "json")
    cell = next(c for c in baseline["cells"] if c["column"] == "serialise")
    assert cell["verdict"]["level"] == "reference" and "reference" in guide["levels"]
    quick = next(o for o in guide["options"] if o["id"] == "quickjson")
    judged = next(c for c in quick["cells"] if c["column"] == "serialise")["judged"]
    assert judged is not None and judged["ratio"] == pytest.approx(1200 / 180)
    assert [c for c in guide["columns"] if c["kind"] == "category"][0]["role"] == "feature"
