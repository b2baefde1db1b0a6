"""One raw value changes every place that reads it: matrix, table, prose, chart and diff, together.

Every ratio is computed by :func:`generator.derive.ratios.ratio`; the stages after derivation read it.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.derive.guide import Derived
from generator.diff import diff_guides
from generator.diff.report import to_markdown
from generator.diff.revisions import Revision, Side
from generator.pipeline import derive_guide
from generator.render.pages import Renderer
from tests.data_edits import edit

TABLE = "deepep-vs-uccl"


def _cell(d: Derived, option: str, column: str) -> str:
    cell = next(c for c in d.cells[option] if c.column.id == column)
    assert cell.verdict is not None
    return f"{cell.verdict.word}: {cell.detail}"


def _chart_specs(pages: dict[str, str]) -> str:
    return "".join(line for line in pages["results.md"].splitlines() if "dg-chart" in line or "data-spec" in line)


def test_one_raw_value_moves_matrix_table_prose_chart_and_diff_together(data_copy: Path) -> None:
    before = derive_guide(data_copy)
    pages_before = Renderer(before).render()
    edit(data_copy / "tables" / f"{TABLE}.yml", "{deepep-v2: 263.9, uccl: 254.2}", "{deepep-v2: 263.9, uccl: 150.0}")
    after = derive_guide(data_copy)
    pages_after = Renderer(after).render()

    # The table: 263.9 / 254.2 = 1.038 becomes 263.9 / 150.0 = 1.759 (3 digits, as the comparison asks).
    assert before.tables[TABLE].ratios["DeepEP / UCCL"][0].text == "1.038×"
    assert after.tables[TABLE].ratios["DeepEP / UCCL"][0].text == "1.759×"
    assert "1.759×" in pages_after["results.md"] and "1.759×" not in pages_before["results.md"]

    # The matrix: DeepEP-V2's range against UCCL reaches 1.759; UCCL's, read the other way round, now
    # starts at 150.0 / 263.9 = 0.568, and its tie becomes "slower" (the cell takes its worst regime).
    assert _cell(before, "deepep-v2", "serving") == "slower: 1.032–1.038× vs UCCL; 0.65–0.97× vs dense"
    assert _cell(after, "deepep-v2", "serving") == "slower: 1.032–1.759× vs UCCL; 0.65–0.97× vs dense"
    assert _cell(before, "uccl", "serving") == "tie: 0.963–0.969× vs DeepEP-V2"
    assert _cell(after, "uccl", "serving") == "slower: 0.568–0.969× vs DeepEP-V2"
    assert "0.568–0.969×" in pages_after["index.md"] and "0.568–0.969×" not in pages_before["index.md"]

    # The prose: the two regimes now fall on different sides of the tie band, and the sentence says so.
    assert before.numbers["deepep-vs-uccl-serving"].text == "on par with"
    after_text = after.numbers["deepep-vs-uccl-serving"].text
    assert after_text == "1.759× faster than (SGLang · conc 32) but on par with (SGLang · conc 256)"
    assert "1.759× faster than" in pages_after["index.md"]

    # The chart: its figure carries the new value and ratio, and its caption says them in words.
    chart_before, chart_after = _chart_specs(pages_before), _chart_specs(pages_after)
    assert chart_before != chart_after
    assert "1.759" in chart_after and "1.759" not in chart_before

    # The diff: the value, the ratio and the verdict flip are all reported.
    report = to_markdown(diff_guides(Side(Revision("before"), before), Side(Revision("after"), after)))
    assert "254.2" in report and "150" in report
    assert "1.038" in report and "1.759" in report
    assert json.dumps("slower")[1:-1] in report
