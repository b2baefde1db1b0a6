"""The performance page is written by the benchmarks, part by part, and the prose around the parts stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.page import PAGE, MissingPart, replace_part, write_part

PARTS = ("first-run", "bench", "lighthouse")


def test_a_part_is_replaced_and_nothing_else() -> None:
    text = "# Perf\n\nwhy\n<!-- bench:start -->\nold table\n<!-- bench:end -->\nafter\n"
    assert replace_part(text, "bench", "| new |\n") == (
        "# Perf\n\nwhy\n<!-- bench:start -->\n| new |\n<!-- bench:end -->\nafter\n"
    )


def test_a_page_without_the_markers_is_refused() -> None:
    with pytest.raises(MissingPart, match="bench:start"):
        replace_part("# Perf\n", "bench", "x")


def test_write_part_adds_where_and_when(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("a\n<!-- lighthouse:start -->\n<!-- lighthouse:end -->\nb\n")
    write_part("lighthouse", "| table |", page)
    text = page.read_text()
    assert text.startswith("a\n<!-- lighthouse:start -->\n_Written by the benchmark on ")
    assert "load average" in text and text.endswith("| table |\n<!-- lighthouse:end -->\nb\n")


def test_the_shipped_page_has_every_part() -> None:
    text = PAGE.read_text()
    for name in PARTS:
        assert text.count(f"<!-- {name}:start -->") == 1 and text.count(f"<!-- {name}:end -->") == 1
