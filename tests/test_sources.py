"""A published number carries its source to its evidence, guide.json and the CSV; one number has no statistic."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.pipeline import build_guide, derive_guide
from generator.render.data_export import downloads, table_csv
from tests.data_edits import edit

TABLE = "dense-vs-deepep.yml"


def _published(data: Path) -> None:
    """The dense-vs-deepep table as published numbers: a table source, and one value's own."""
    path = data / "tables" / TABLE
    edit(
        path,
        "provenance: measured\n",
        ("provenance: published\nsource: {url: 'https://example.org/bench?run=1', retrieved: 2026-11-02}\n"),
    )
    edit(
        path,
        "values: {deepep: 68.7, dense: 105.66}",
        (
            "values: {deepep: 68.7, dense: 105.66}\n"
            "    sources:\n"
            "      dense: {repository: example/bench, commit: 0123abcd, path: results/<b>x</b>.md,"
            " quote: 'dense   reaches 105.66 tok/s'}"
        ),
    )


def test_the_evidence_shows_the_most_specific_source(data_copy: Path) -> None:
    _published(data_copy)
    results = build_guide(data_copy)["results.md"]
    assert "https://example.org/bench?run=1; retrieved 2026-11-02" in results.replace("&amp;", "&")
    assert "repository example/bench at 0123abcd path results/&lt;b&gt;x&lt;/b&gt;.md" in results
    assert "“dense reaches 105.66 tok/s”" in results
    assert "<b>x</b>" not in results  # data is escaped


def test_json_and_csv_carry_the_source_and_a_single_value_no_statistic(data_copy: Path) -> None:
    _published(data_copy)
    d = derive_guide(data_copy)
    doc = json.loads(downloads(d, {o.id: "" for o in d.data.options})["downloads/guide.json"])
    table = next(t for t in doc["tables"] if t["id"] == "dense-vs-deepep")
    first = table["rows"][0]["values"]
    assert first["dense"]["source"]["commit"] == "0123abcd" and first["dense"]["source"]["url"] is None
    assert first["deepep"]["source"]["url"] == "https://example.org/bench?run=1"
    assert first["deepep"]["source"]["retrieved"] == "2026-11-02"
    assert first["deepep"]["statistic"] is None  # one published number, no runs behind it
    rows = list(csv.reader(io.StringIO(table_csv(d, next(t for t in d.data.tables if t.id == "dense-vs-deepep")))))
    header = rows[0]
    assert "dense source" in header and "deepep source" in header
    assert rows[1][header.index("dense source")].startswith("repository example/bench at 0123abcd")


def test_a_source_for_an_unknown_series_or_an_empty_one_is_a_problem(data_copy: Path) -> None:
    path = data_copy / "tables" / TABLE
    edit(
        path,
        "values: {deepep: 68.7, dense: 105.66}",
        ("values: {deepep: 68.7, dense: 105.66}\n    sources: {densse: {url: 'https://example.org'}, deepep: {}}"),
    )
    with pytest.raises(GuideError) as info:
        derive_guide(data_copy)
    text = "\n".join(str(p) for p in info.value.problems)
    assert "sources.densse" in text and "did you mean 'dense'" in text
    assert "a source needs at least one of url" in text


def test_a_published_value_without_a_source_says_not_stated_and_a_measured_one_shows_no_line(data_copy: Path) -> None:
    assert "<dt>Source</dt>" not in build_guide(data_copy)["results.md"]  # the shipped guide measured its numbers
    edit(data_copy / "tables" / TABLE, "provenance: measured\n", "provenance: published\n")
    assert '<dt>Source</dt><dd class="dg-ns">not stated</dd>' in build_guide(data_copy)["results.md"]
