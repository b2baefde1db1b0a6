"""The engine is topic-free: no word of the shipped guide's topic in its code, templates or schema help."""

from __future__ import annotations

import json

from generator.schema.export import schemas
from tests.conftest import DATA, ROOT
from tests.topic_words import found_in, topic_words

GENERATOR = ROOT / "generator"


def test_the_engine_code_templates_assets_and_new_guide_files_name_no_topic_word() -> None:
    kinds = ("*.py", "*.j2", "*.css", "*.js", "*.html", "*.yml", "*.md")
    # Readers of a named benchmark tool's own output (read/formats/) speak that tool's vocabulary: a
    # format is named after the tool that writes it. Nothing a reader of any guide sees comes from them.
    formats = GENERATOR / "read" / "formats"
    # The first release's data format named its topic in field names; the migration reads them from one module.
    format1 = GENERATOR / "migrate" / "format1.py"
    # The names of the set-up facts those files state (``gpus``, ``request_rate``): the tools' vocabulary too,
    # declared by the record format so that it never loads a reader.
    workload = GENERATOR / "workload.py"
    # The deploy script a new guide's workflows run is tools/deploy/publish.py (a link to it): a git
    # credential is a "token" there, in its code's names.
    deploy = GENERATOR / "scaffold" / "template" / "tools" / "deploy" / "publish.py"
    skipped = (format1, workload, deploy)
    files = sorted(p for kind in kinds for p in GENERATOR.rglob(kind) if formats not in p.parents and p not in skipped)
    assert {p.suffix for p in files} >= {".py", ".j2", ".css", ".js", ".html", ".yml", ".md"}
    assert len(files) > 40
    assert found_in(files, ROOT) == []


def test_the_schema_descriptions_name_no_topic_word() -> None:
    texts = schemas()
    assert set(texts) >= {"guide.schema.json", "option.schema.json", "campaign.schema.json"}
    hits = [f"{name}: {w}" for name, text in texts.items() for w in topic_words(json.dumps(json.loads(text)))]
    assert hits == []


def test_field_docs_reach_the_json_schema() -> None:
    campaign = json.loads(schemas()["campaign.schema.json"])
    environment = campaign["properties"]["environment"]
    assert "labelled facts" in environment["description"]
    fact = campaign["definitions"]["EnvironmentFact"]["properties"]["key"]  # a nested model's field
    assert fact["description"].startswith("The name a benchmark tool's result file states")


def test_the_word_check_finds_the_shipped_guides_words() -> None:
    """The check can fail: the shipped guide's own data is full of its topic words."""
    hits = found_in(sorted(DATA.rglob("*.yml")), ROOT)
    assert {w.split(": ")[-1].lower() for w in hits} >= {"efa", "deepep", "fork", "token", "gpu"}
    assert topic_words('text = raw.decode("utf-8")') == []
    assert topic_words("a decode run") == ["decode"]
