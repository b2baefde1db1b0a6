"""Numbers as the tools print them: thousands separators, a ``±`` spread, a Unicode minus, a decimal comma.

The CSV is a fixture of this project in GenAI-Perf's export format (two sections, every value over 1,000 in
quotes with a thousands separator, CRLF line ends), with made-up numbers: no published GenAI-Perf CSV is among
the real outputs this project reads (``tests/test_real_outputs.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.read.formats.tool_output import ToolOutputError
from generator.read.maps import MapError, load_map, read_with_map
from generator.read.maps.values import parse_number
from tests.conftest import FIXTURES
from tests.documented_maps import assert_block_is_the_fixture, assert_inspect_prints_what_the_docs_show

MAPS = FIXTURES / "maps"
GENAI_PERF = FIXTURES / "imports" / "genai-perf" / "profile_export_genai_perf.csv"


@pytest.mark.parametrize(
    ("text", "decimal", "grouping", "number"),
    [
        ("5,494.07", ".", ",", 5494.07),
        ("1,234,567", ".", ",", 1234567.0),
        ("-1,204.5", ".", ",", -1204.5),
        ("\u22123.25", ".", ",", -3.25),  # a Unicode minus
        ("12.3 ± 0.4", ".", ",", 12.3),
        ("12.3 +/- 0.4", ".", ",", 12.3),
        ("5.494,07", ",", ".", 5494.07),
        ("1 234,5", ",", " ", 1234.5),
        ("1\u202f234.5", ".", "\u202f", 1234.5),
        ("0.5", ".", ",", 0.5),
        ("7", ".", ",", 7.0),
    ],
)
def test_a_number_is_read_as_the_tool_printed_it(text: str, decimal: str, grouping: str, number: float) -> None:
    assert parse_number(text, decimal, grouping) == number


@pytest.mark.parametrize("text", ["5,49.07", "12,34", ",123", "1,234.5.6", "5.494,07", "1 234", "x12", "", "12 ms"])
def test_text_that_is_not_a_number_as_printed_is_refused(text: str) -> None:
    assert parse_number(text) is None  # the defaults: '.' decimal, ',' grouping


def test_a_csv_of_two_sections_with_grouping_separators_reads_through_a_map() -> None:
    before = GENAI_PERF.read_bytes()
    (run,) = read_with_map(load_map(MAPS / "genai-perf-csv.yml"), before)
    got = {name: (m.value, m.where) for name, m in run.metrics.items()}
    assert got == {
        "output_throughput": (1318.42, "line 10, column 'Value'"),
        "request_throughput": (7.31, "line 11, column 'Value'"),
        "ttft_avg": (1204.5, "line 2, column 'avg'"),
        "latency_p99": (8650.3, "line 4, column 'p99'"),
    }
    assert {k: v.value for k, v in run.workload.items()} == {"isl": 2048, "prompts": 1200}
    assert GENAI_PERF.read_bytes() == before  # the file is read, never rewritten


def test_a_map_states_a_decimal_comma_and_a_bad_numbers_block_is_refused_at_its_line(tmp_path: Path) -> None:
    data = tmp_path / "export.csv"
    data.write_text('Metric;Value\nThroughput;"5.494,07"\nSpread;12,5 ± 0,3\n', encoding="utf-8")
    spec = tmp_path / "comma.yml"
    spec.write_text(
        "format: csv\ndelimiter: ';'\nnumbers: {decimal: ',', grouping: '.'}\nmetrics:\n"
        "  tput: {column: Value, where: {Metric: Throughput}, unit: tok/s}\n"
        "  spread: {column: Value, where: {Metric: Spread}, unit: ms}\n",
        encoding="utf-8",
    )
    (run,) = read_with_map(load_map(spec), data.read_bytes())
    assert (run.metrics["tput"].value, run.metrics["spread"].value) == (5494.07, 12.5)
    spec.write_text("format: csv\nnumbers: {decimal: ',', grouping: ','}\nmetrics:\n  x: {column: V, unit: ms}\n")
    with pytest.raises(MapError) as exc:
        load_map(spec, "maps/comma.yml")
    assert exc.value.problems[0].startswith("maps/comma.yml:2: numbers.grouping: the grouping separator is one of")


def test_a_number_with_a_wrong_grouping_is_refused_naming_its_place(tmp_path: Path) -> None:
    data = tmp_path / "bad.csv"
    data.write_text('Metric,Value\nThroughput,"54,94.07"\n', encoding="utf-8")
    spec = tmp_path / "m.yml"
    spec.write_text("format: csv\nmetrics:\n  tput: {column: Value, where: {Metric: Throughput}, unit: tok/s}\n")
    with pytest.raises(ToolOutputError, match=r"tput: expected a number, got '54,94.07'"):
        read_with_map(load_map(spec), data.read_bytes())


MAP = "genai-perf-csv"


def test_the_documented_map_is_the_fixture_and_inspect_prints_what_the_docs_show() -> None:
    assert_block_is_the_fixture("tests/test_map_numbers.py", MAP)
    assert_inspect_prints_what_the_docs_show("tests/test_map_numbers.py", MAP)
