"""Bad decision rules stop the build with decisions.yml:line, the field and what was expected."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.pipeline import derive_guide
from tests.conftest import FIXTURES, mkdocs_build, write_site
from tests.data_edits import edit, line_of, problems_in


@pytest.fixture
def decisions(data_copy: Path) -> Path:
    return data_copy / "decisions.yml"


def test_a_rule_naming_an_unknown_path(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "    recommend: gdaki\n", "    recommend: gdaki-ib\n")
    line = line_of(decisions, "recommend: gdaki-ib")
    (problem,) = problems_in(data_copy)
    assert problem.startswith(
        f"decisions.yml:{line}: rules[0].recommend: unknown option 'gdaki-ib' (did you mean 'gdaki'?); expected one of:"
    )
    assert "gdaki, kernel-posted" in problem


def test_a_rule_naming_an_unknown_question_or_answer(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "when: {fabric: [infiniband]}", "when: {fabrik: [infiniband]}")
    edit(decisions, "when: {fabric: [efa], priority: [transport]}", "when: {fabric: [efa], priority: [benchmark]}")
    problems = problems_in(data_copy)
    first, second = line_of(decisions, "fabrik:"), line_of(decisions, "[benchmark]")
    assert problems == [
        f"decisions.yml:{first}: rules[0].when.fabrik: unknown question 'fabrik' (did you mean 'fabric'?); "
        "expected one of: fabric, fork, framework, model, priority, scale",
        f"decisions.yml:{second}: rules[1].when.priority[0]: unknown answer to 'priority' 'benchmark'; "
        "expected one of: robustness, simplicity, throughput, transport",
    ]


def test_a_combination_without_a_recommendation_is_named(data_copy: Path, decisions: Path) -> None:
    # Drop the last two rules: readers after simplicity or robustness on vLLM or SGLang whose model fits
    # (x2 fork answers, x3 scales) are left.
    text = decisions.read_text(encoding="utf-8")
    decisions.write_text(text[: text.index("\n  - id: simplicity") + 1], encoding="utf-8")
    line = line_of(decisions, "rules:")
    (problem,) = problems_in(data_copy)
    assert problem.startswith(f"decisions.yml:{line}: rules: 24 of 288 combinations of answers get no recommendation")
    assert "e.g. fabric=efa, priority=simplicity, framework=vllm, scale=smaller, model=fits, fork=can" in problem


def test_a_rule_that_is_never_used(data_copy: Path, decisions: Path) -> None:
    edit(
        decisions,
        "\n  - id: trtllm\n",
        "\n  - id: shadowed\n    when: {fabric: [infiniband], fork: [can]}\n    recommend: dense\n    why: Never.\n"
        "  - id: trtllm\n",
    )
    line = line_of(decisions, "when: {fabric: [infiniband], fork: [can]}")
    assert problems_in(data_copy) == [
        f"decisions.yml:{line}: rules[5].when: rule 'shadowed' is never used: every combination it matches "
        "is answered by an earlier rule (infiniband)"
    ]


def test_a_rule_recommending_a_path_the_records_rule_out(data_copy: Path, decisions: Path) -> None:
    """UCCL deadlocks on vLLM (its record says so); a rule sending vLLM readers to it is a build error."""
    edit(
        decisions,
        "when: {fabric: [efa], priority: [robustness], model: [too-big], fork: [can], framework: [sglang]}",
        "when: {fabric: [efa], priority: [robustness], model: [too-big], fork: [can], framework: [vllm, sglang]}",
    )
    text = decisions.read_text(encoding="utf-8")
    line = text[: text.index("recommend: uccl", text.index("capacity-robust-fork"))].count("\n") + 1
    (problem,) = problems_in(data_copy)
    assert problem.startswith(
        f"decisions.yml:{line}: rules[2].recommend: 'uccl' is ruled out by the records in 3 combination(s) "
        "this rule answers, e.g. fabric=efa, priority=robustness, framework=vllm, scale=smaller, model=too-big, "
        "fork=can: "
        "vLLM: tried and failed: Deadlocks."
    )


def test_filters_must_name_real_contexts_attributes_and_values(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "      - id: trtllm\n        label: TRT-LLM\n", "      - id: tensorrt\n        label: TRT-LLM\n")
    edit(decisions, "    attribute: fork\n", "    attribute: forks\n")
    problems = problems_in(data_copy)
    assert any(
        p.startswith(f"decisions.yml:{line_of(decisions, 'id: tensorrt')}: questions[2].answers[0].id: ")
        and "unknown framework 'tensorrt'; expected one of: sglang, trtllm, vllm" in p
        for p in problems
    ), problems
    assert f"decisions.yml:{line_of(decisions, 'attribute: forks')}: filters[2].attribute: unknown attribute " in (
        "\n".join(problems)
    )


def test_an_excluded_value_must_be_a_category(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "cannot: [fork, integration]", "cannot: [fork, patch]")
    line = line_of(decisions, "cannot: [fork, patch]")
    assert problems_in(data_copy) == [
        f"decisions.yml:{line}: filters[2].exclude.cannot[1]: unknown value 'patch'; "
        "expected one of: fork, integration, none, not-stated"
    ]


def test_a_number_token_in_a_reason_must_exist(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "[[proxy-tax]]", "[[proxy-cost]]")
    (problem,) = problems_in(data_copy)
    # A block scalar is located at its key: the line of `why: |`, just above the text.
    assert problem.startswith(f"decisions.yml:{line_of(decisions, '[[proxy-cost]]') - 1}: rules[0].why: ")
    assert "unknown claim or fact 'proxy-cost'" in problem


def test_schema_errors_are_located(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "    recommend: gdaki\n", "    recommend: [gdaki]\n")
    line = line_of(decisions, "recommend: [gdaki]")
    assert problems_in(data_copy) == [f"decisions.yml:{line}: rules[0].recommend: expected text, got a list"]


def test_the_runner_up_must_differ(data_copy: Path, decisions: Path) -> None:
    edit(decisions, "    runner_up: pplx\n", "    runner_up: uccl\n")
    line = line_of(decisions, "runner_up: uccl")
    assert f"decisions.yml:{line}: rules[1].runner_up: the runner-up must differ from the recommendation" in (
        problems_in(data_copy)
    )


def test_mkdocs_build_stops_cleanly_on_a_bad_rule(data_copy: Path, decisions: Path, tmp_path: Path) -> None:
    config = write_site(tmp_path / "project", data_copy) if (tmp_path / "project").mkdir() is None else None
    edit(decisions, "    recommend: gdaki\n", "    recommend: gdaki-ib\n")
    result = mkdocs_build(config, tmp_path / "site")
    assert result.returncode == 1
    assert f"decisions.yml:{line_of(decisions, 'gdaki-ib')}: rules[0].recommend: unknown option" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_decisions_file_is_optional(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny-guide", tiny)
    (tiny / "decisions.yml").unlink()
    derived = derive_guide(tiny)
    assert derived.data.decisions is None and derived.decision_table == []
