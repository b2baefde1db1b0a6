"""A published number carries its source to its evidence, guide.json and the CSV; one number has no statistic.

Sources merge field by field from campaign to table to series to row to value, like ``setup``."""

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


def test_the_evidence_shows_the_merged_source(data_copy: Path) -> None:
    _published(data_copy)
    results = build_guide(data_copy)["results.md"].replace("&amp;", "&")
    assert "https://example.org/bench?run=1; retrieved 2026-11-02</dd>" in results  # deepep: the table's alone
    # dense: the table's url and date, the value's own repository, commit, path and quote
    assert (
        "https://example.org/bench?run=1; repository example/bench at 0123abcd path results/&lt;b&gt;x&lt;/b&gt;.md;"
        " retrieved 2026-11-02; “dense reaches 105.66 tok/s”"
    ) in results
    assert "“dense reaches 105.66 tok/s”" in results
    assert "<b>x</b>" not in results  # data is escaped


def test_json_and_csv_carry_the_source_and_a_single_value_no_statistic(data_copy: Path) -> None:
    _published(data_copy)
    d = derive_guide(data_copy)
    doc = json.loads(downloads(d, {o.id: "" for o in d.data.options})["downloads/guide.json"])
    table = next(t for t in doc["tables"] if t["id"] == "dense-vs-deepep")
    first = table["rows"][0]["values"]
    assert first["dense"]["source"]["commit"] == "0123abcd"
    assert first["dense"]["source"]["url"] == "https://example.org/bench?run=1"  # inherited from the table
    assert first["deepep"]["source"]["url"] == "https://example.org/bench?run=1"
    assert first["deepep"]["source"]["retrieved"] == "2026-11-02"
    assert first["deepep"]["statistic"] is None  # one published number, no runs behind it
    rows = list(csv.reader(io.StringIO(table_csv(d, next(t for t in d.data.tables if t.id == "dense-vs-deepep")))))
    header = rows[0]
    assert "dense source" in header and "deepep source" in header
    assert rows[1][header.index("dense source")].startswith(
        "https://example.org/bench?run=1; repository example/bench at 0123abcd"
    )


def test_a_row_path_and_quote_keep_the_campaign_repository_and_commit(data_copy: Path) -> None:
    """The campaign states repository and commit once; each row states only its path and quote."""
    edit(
        data_copy / "campaigns" / "efa-gda.yml",
        "name: efa-gda campaign\n",
        "name: efa-gda campaign\nsource: {repository: example/results, commit: 89abcdef}\n",
    )
    path = data_copy / "tables" / TABLE
    edit(path, "provenance: measured\n", "provenance: published\n")
    edit(
        path,
        "values: {deepep: 68.7, dense: 105.66}",
        "values: {deepep: 68.7, dense: 105.66}\n    sources: {dense: {path: serving/dense.md, quote: 'dense 105.66'}}",
    )
    results = build_guide(data_copy)["results.md"]
    assert "repository example/results at 89abcdef path serving/dense.md; “dense 105.66”" in results
    assert "repository example/results at 89abcdef</dd>" in results  # deepep: the campaign's alone
    d = derive_guide(data_copy)
    doc = json.loads(downloads(d, {o.id: "" for o in d.data.options})["downloads/guide.json"])
    dense = next(t for t in doc["tables"] if t["id"] == TABLE[:-4])["rows"][0]["values"]["dense"]["source"]
    assert {k: dense[k] for k in ("repository", "commit", "path", "quote")} == {
        "repository": "example/results",
        "commit": "89abcdef",
        "path": "serving/dense.md",
        "quote": "dense 105.66",
    }


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
