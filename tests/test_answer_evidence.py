"""The agreement check reads the evidence a decision-helper answer prints (issue 45): for a combination that names
a context, a pick's verdicts show that context's rows and judgements only, never another context's."""

from __future__ import annotations

import pytest

from generator.derive import agreement
from generator.derive.cells import Cell
from generator.derive.guide import Derived
from generator.pipeline import derive_guide
from tests.conftest import DATA


def test_the_shipped_answers_print_their_own_contexts_evidence_only() -> None:
    d = derive_guide(DATA)
    assert agreement.decision_agreement(d) == []
    # and what they print is judged for the context: no row of another one
    rows = {(t.id, r.id): r.context for t in d.data.tables if hasattr(t, "rows") for r in t.rows}
    for context in (c.id for c in d.data.guide.contexts):
        for option in d.data.guide.order:
            for cell in agreement.answer_cells(d, option, context):
                for part in cell.parts:
                    for regime in part.regimes:
                        assert rows.get((regime.table, regime.row), context) in (context, None), (option, regime)


def test_an_answer_printing_another_contexts_evidence_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the answer to print the cells published for any context (as it did), the check names what it shows."""
    d = derive_guide(DATA)

    def published(d: Derived, option: str, context: str | None) -> list[Cell]:
        return [c for c in d.cells[option] if c.column.kind == "comparison" and c.verdict is not None]

    monkeypatch.setattr(agreement, "answer_cells", published)
    problems = [str(p) for p in agreement.decision_agreement(d)]
    vllm = [p for p in problems if "framework=vllm" in p]
    assert vllm, problems
    # the example: a TRT-LLM ratio and an SGLang judgement in the answer for vLLM
    assert any("row dense-vs-deepep/trtllm-conc4 (TRT-LLM)" in p and "a judgement for SGLang" in p for p in vllm)
    assert all(p.startswith("decisions.yml:") for p in problems)
