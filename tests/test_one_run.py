"""Every problem in one run, each unknown name with the closest known one."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import pipeline
from generator.errors import Problem
from generator.model import Data
from tests.conftest import mkdocs_build, write_site
from tests.data_edits import edit, line_of, problems_in


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


# --- a record that fails its schema check still has its references checked ----------------------


def test_a_bad_value_does_not_hide_an_unknown_reference_in_the_same_record(data_copy: Path) -> None:
    uccl = data_copy / "options" / "uccl.yml"
    edit(uccl, "platforms: [efa]\n", "platforms: efa\n")
    edit(uccl, "campaign: efa-gda\n", "campaign: efa-gdx\n")
    found = problems_in(data_copy)
    assert found == [
        f"options/uccl.yml:{line_of(uccl, 'platforms: efa')}: platforms: expected a list, got the text 'efa'",
        f"options/uccl.yml:{line_of(uccl, 'campaign: efa-gdx')}: campaign: unknown campaign 'efa-gdx'"
        " (did you mean 'efa-gda'?); expected one of: efa-gda",
    ]


def test_a_reference_after_a_removed_list_item_names_its_own_index_and_line(data_copy: Path) -> None:
    table = data_copy / "tables" / "dense-vs-deepep.yml"
    edit(table, "label: TRT-LLM 0.21 · conc 4 / ISL 120\n", "label: [TRT-LLM]\n")  # rows[0] cannot be kept
    edit(table, "values: {deepep: 296, dense: 304}", "values: {deepep: 296, dense: 304, dnse: 300}")
    found = problems_in(data_copy)
    assert found == [
        f"tables/dense-vs-deepep.yml:{line_of(table, 'label: [TRT-LLM]')}: rows[0].label: expected text, got a list",
        f"tables/dense-vs-deepep.yml:{line_of(table, 'dnse: 300')}: rows[2].values.dnse: unknown series 'dnse'"
        " (did you mean 'dense'?); expected one of: deepep, dense",
    ]


def test_a_removed_part_other_fields_refer_to_is_no_new_problem(data_copy: Path) -> None:
    # The series `dense` goes; every row's value for it and the comparison still name it.
    table = data_copy / "tables" / "dense-vs-deepep.yml"
    edit(table, "    label: dense\n", "    label: {name: dense}\n")
    guide = data_copy / "guide.yml"
    edit(guide, "    name: vLLM\n", "    name: [vLLM]\n")  # the context vllm goes; options and rows still name it
    # The category `none` goes (a key, not an id); two options still hold that value.
    edit(guide, "none: {level: good, word: no fork}", "none: {level: good, word: [no fork]}")
    found = problems_in(data_copy)
    assert found == [
        f"guide.yml:{line_of(guide, 'name: [vLLM]')}: contexts[1].name: expected text, got a list",
        f"guide.yml:{line_of(guide, 'word: [no fork]')}: columns[3].categories.none.word: expected text, got a list",
        f"tables/dense-vs-deepep.yml:{line_of(table, 'label: {name: dense}')}: series[1].label: "
        "expected text, got a mapping",
    ]


def test_a_broken_guide_file_still_has_its_references_checked(data_copy: Path) -> None:
    guide = data_copy / "guide.yml"
    edit(guide, "    name: vLLM\n", "    name: 7\n")
    edit(guide, "  - pplx\n", "  - plx\n")
    found = problems_in(data_copy)
    assert f"guide.yml:{line_of(guide, '- plx')}: order[4]: unknown option 'plx' (did you mean 'pplx'?)" in "\n".join(
        found
    ), found
    assert len(found) == 2, found


def test_a_record_missing_a_required_top_level_field_is_left_out_as_before(data_copy: Path) -> None:
    uccl = data_copy / "options" / "uccl.yml"
    edit(uccl, "name: UCCL (raw-ibverbs wrapper)\n", "")
    edit(uccl, "campaign: efa-gda\n", "campaign: efa-gdx\n")
    assert problems_in(data_copy) == [
        "options/uccl.yml:2: name: required field is missing"
    ]  # line 2: where the mapping starts


def test_a_rule_that_crashes_on_salvaged_records_is_not_reported(
    data_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crashes_on_salvaged(data: Data) -> list[Problem]:
        if any(o.id == "uccl" and not o.platforms for o in data.options):
            raise ValueError("salvaged")
        return []

    monkeypatch.setattr(pipeline, "CHECKS", [*pipeline.CHECKS, crashes_on_salvaged])
    uccl = data_copy / "options" / "uccl.yml"
    edit(uccl, "platforms: [efa]\n", "platforms: efa\n")
    edit(uccl, "campaign: efa-gda\n", "campaign: efa-gdx\n")
    found = problems_in(data_copy)
    assert not any("crashed" in p for p in found), found
    assert len(found) == 2 and "unknown campaign 'efa-gdx'" in found[1], found


def test_the_mkdocs_plugin_reports_the_same_combined_list(data_copy: Path, tmp_path: Path) -> None:
    uccl = data_copy / "options" / "uccl.yml"
    edit(uccl, "platforms: [efa]\n", "platforms: efa\n")
    edit(uccl, "campaign: efa-gda\n", "campaign: efa-gdx\n")
    (tmp_path / "project").mkdir()
    result = mkdocs_build(write_site(tmp_path / "project", data_copy), tmp_path / "site")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "2 problems in the guide data:" in result.stderr, result.stderr
    assert "options/uccl.yml:6: platforms: expected a list" in result.stderr, result.stderr
    assert "options/uccl.yml:7: campaign: unknown campaign 'efa-gdx' (did you mean 'efa-gda'?)" in result.stderr
