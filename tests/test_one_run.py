"""Every problem in one run, each unknown name with the closest known one."""

from __future__ import annotations

from pathlib import Path

from tests.data_edits import edit, problems_in


def test_a_contradicted_judgement_and_an_unknown_id_are_reported_together(data_copy: Path) -> None:
    edit(data_copy / "guide.yml", "  - pplx\n", "  - plx\n")
    uccl = data_copy / "options" / "uccl.yml"
    uccl.write_text(
        uccl.read_text(encoding="utf-8")
        + "judgements:\n  serving: {word: fast, reason: A guess., source: {quote: a guess}}\n",
        encoding="utf-8",
    )
    found = problems_in(data_copy)
    assert any("unknown option 'plx' (did you mean 'pplx'?)" in p for p in found), found
    assert any("column 'serving' is decided by measured tables (deepep-vs-uccl)" in p for p in found), found


def test_unknown_fields_suggest_the_field_meant_inside_a_table_of_either_kind(data_copy: Path) -> None:
    edit(data_copy / "tables" / "deepep-vs-uccl.yml", "    label: DeepEP-V2\n", "    lable: DeepEP-V2\n")
    edit(data_copy / "options" / "dense.yml", "platforms: [efa]\n", "platfroms: [efa]\n")
    found = problems_in(data_copy)
    assert any("series[0].lable: unknown field (did you mean 'label'?)" in p for p in found), found
    assert any("platfroms: unknown field (did you mean 'platforms'?)" in p for p in found), found


def test_no_suggestion_when_nothing_is_close(data_copy: Path) -> None:
    edit(data_copy / "options" / "dense.yml", "platforms: [efa]\n", "platforms: [efa]\nzzzzzz: 1\n")
    (problem,) = [p for p in problems_in(data_copy) if "zzzzzz" in p]
    assert problem.endswith("zzzzzz: unknown field")
