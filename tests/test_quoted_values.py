"""A value typed by hand against the quote it was typed from: one of its numbers, or derived and saying how."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pipeline import derive_guide
from generator.schema.quoted import agrees, stated_numbers
from tests.data_edits import edit, line_of, problems_in

ROW = "  - id: trtllm-conc4\n    label: TRT-LLM 0.21 · conc 4 / ISL 120\n    context: trtllm\n"
VALUES = "    values: {deepep: 68.7, dense: 105.66}\n"


@pytest.mark.parametrize(
    ("value", "quote", "agree"),
    [
        (373.25, "... 373.25 tokens/s ...", True),
        (173.25, "... 373.25 tokens/s ...", False),
        (373.3, "373.254 tok/s", True),  # the value in its own, coarser precision
        (373, "373.254 tok/s", True),
        (373.26, "373.254 tok/s", False),
        (18201, "18,201 tok/s at EP16", True),
        (16, "18,201 tok/s at EP16", False),  # a number inside a word is not stated
        (0.21, "TRT-LLM 0.21.1", False),  # nor a version's parts
    ],
)
def test_a_value_agrees_with_a_number_its_quote_states(value: float, quote: str, agree: bool) -> None:
    assert agrees(value, stated_numbers(quote)) is agree


def test_a_typed_value_its_row_quote_does_not_state_is_refused_naming_both_and_the_line(data_copy: Path) -> None:
    table = data_copy / "tables" / "dense-vs-deepep.yml"
    edit(table, ROW + VALUES, ROW + VALUES + '    source: {quote: "DeepEP 68.7 tok/s, dense 205.66 tok/s"}\n')
    line = line_of(table, "    values: {deepep: 68.7, dense: 105.66}")
    assert problems_in(data_copy) == [
        f"tables/dense-vs-deepep.yml:{line}: rows[0].values.dense: 105.66 is not a number its quote states "
        "(68.7, 205.66); correct the value, or say how it is computed from them with `derived:` in its source "
        "(`the sum of 12.5 and 13`, `0.37 ms in µs`)"
    ]


def test_a_value_derived_from_its_quote_says_how_and_is_shown_with_it(data_copy: Path) -> None:
    table = data_copy / "tables" / "dense-vs-deepep.yml"
    source = (
        '    source: {quote: "DeepEP 68.7 tok/s"}\n'
        '    sources: {dense: {quote: "two nodes: 52.8 and 52.86 tok/s", derived: "the sum of the two nodes"}}\n'
    )
    edit(table, ROW + VALUES, ROW + VALUES + source)
    guide = derive_guide(data_copy)  # no problem
    source = guide.sample("dense-vs-deepep", "trtllm-conc4", "dense").source
    assert source is not None and "derived: the sum of the two nodes" in source.text()
