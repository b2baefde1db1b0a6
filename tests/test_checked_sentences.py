"""Issue 45: sentences checked like numbers, on the two shipped guides.

Every sentence of the shipped guide and the example guide (data and hand-written pages) that states a comparison
quotes a claim or is backed by a checked statement, so ``check --strict`` passes; a statement of a verdict is
refused at its sentence's line once the verdict changes; mentions (code) are not statements."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import cli
from generator.errors import GuideError
from generator.pipeline import derive_guide
from generator.sentences import comparative
from tests.conftest import DATA, EXAMPLE, ROOT
from tests.data_edits import line_of


@pytest.mark.parametrize(("data", "docs"), [(DATA, ROOT / "site_src"), (EXAMPLE / "data", EXAMPLE / "docs")])
def test_both_guides_pass_check_strict(data: Path, docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--strict", "--data", str(data), "--docs", str(docs)]) == 0, capsys.readouterr().err
    assert "nothing backs" not in capsys.readouterr().out


def test_what_states_a_comparison() -> None:
    assert comparative("Engine A is ahead of engine B at 100 concurrent requests.")
    assert comparative("It kept the lower request latency at every load.")
    assert comparative("quickjson is 7.1× the throughput of json.")
    assert comparative("On vLLM the two tie.")
    # a quoted comparison still compares (issue 53)
    assert comparative('A claim with a phrase reads "4.0× faster than".')
    # mentioned, not stated: code, which way an axis is better, a claim's own number
    assert not comparative("A band word such as `faster` is data.")
    assert not comparative("Latency in milliseconds; lower is better.")
    assert not comparative("It serves [[a-claim]] engine B.")


def test_a_verdict_statement_is_refused_at_its_sentence_once_the_verdict_changes(tmp_path: Path) -> None:
    """The shipped guide's bottom line says multi-comm and dense tie on vLLM and SGLang (the source's judgement);
    once the judgement says otherwise, the build refuses the sentence at its line."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    option = data / "options" / "deepep-multicomm.yml"
    text = option.read_text(encoding="utf-8")
    assert "word: tie" in text
    option.write_text(text.replace("word: tie", "word: faster", 1), encoding="utf-8")
    with pytest.raises(GuideError) as refused:
        derive_guide(data, ROOT / "site_src")
    line = line_of(data / "recommendation.yml", "where the two tie.")
    assert any(
        p.file == "recommendation.yml" and p.line == line and "'where the two tie'" in p.message
        for p in refused.value.problems
    ), refused.value
