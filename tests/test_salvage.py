"""Salvaging a record that fails its schema check: what goes, what stays, and where what stays was written."""

from __future__ import annotations

from pathlib import Path

from generator.check.salvage import salvage
from generator.check.schema_check import _ADAPTERS
from generator.read.yaml_source import parse_yaml
from tests.conftest import DATA


def _table(old: str, new: str) -> str:
    text = (DATA / "tables" / "dense-vs-deepep.yml").read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


def test_items_removed_from_nested_lists_keep_their_original_places() -> None:
    text = _table("    label: DeepEP\n", "    label: [DeepEP]\n")  # series[0] goes
    settings = "    setup:\n      settings:\n        - TRTLLM_MOE_DISABLE_ALLTOALLV (TRT-LLM)\n"
    settings += "        - --all2all-backend allgather_reducescatter (vLLM)\n"
    text = text.replace("    option: dense\n", "    option: dense\n" + settings, 1)
    text = text.replace("        - TRTLLM_MOE_DISABLE_ALLTOALLV (TRT-LLM)\n", "        - {flag: TRTLLM}\n", 1)
    doc, problems = parse_yaml(text, "tables/dense-vs-deepep.yml")
    assert doc is not None and not problems
    saved = salvage(_ADAPTERS["table"], doc)
    assert saved is not None
    assert [s.id for s in saved.value.series] == ["dense"]
    assert saved.value.series[0].setup.settings == ["--all2all-backend allgather_reducescatter (vLLM)"]
    kept = ("series", 0, "setup", "settings", 0)
    assert saved.document.original(kept) == ("series", 1, "setup", "settings", 1)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "--all2all-backend" in ln)
    assert saved.document.line_of(kept) == line
    assert doc.data["series"][0]["label"] == ["DeepEP"], "the document as written is left alone"


def test_a_record_failing_at_its_top_level_is_not_salvaged() -> None:
    doc, _ = parse_yaml(_table("kind: measurements\n", "kind: measured\n"), "tables/x.yml")
    assert doc is not None and salvage(_ADAPTERS["table"], doc) is None
    doc, _ = parse_yaml(_table("unit: tok/s\n", ""), "tables/x.yml")
    assert doc is not None and salvage(_ADAPTERS["table"], doc) is None


def test_a_valid_record_comes_back_whole() -> None:
    doc, _ = parse_yaml(Path(DATA / "tables" / "dense-vs-deepep.yml").read_text(encoding="utf-8"), "t.yml")
    assert doc is not None
    saved = salvage(_ADAPTERS["table"], doc)
    assert saved is not None and saved.removed == [] and saved.document.moved == {}
