"""A unit in the quote answers the unit question: a value typed in the table's unit from a quote that prints its
number in another unit of the same kind (LoadGen's nanoseconds, a bandwidth in GB/s) agrees when it is that
number converted exactly (in the value's own precision); ``migrate`` asks only what a unit does not answer."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.errors import GuideError
from generator.migrate import steps as s
from generator.pipeline import derive_guide
from generator.read.yaml_edit import dump, load
from generator.schema.quoted import disagreement, stated_units
from tests.conftest import FIXTURES

LOADGEN = "Mean latency (ns) : 18201543\n90.00 percentile latency (ns) : 25004211"


@pytest.mark.parametrize(
    ("value", "quote", "unit"),
    [
        (18.201543, LOADGEN, "ms"),  # exactly
        (18.2, LOADGEN, "ms"),  # in the value's own precision
        (25.004, LOADGEN, "ms"),
        (18201.543, LOADGEN, "us"),
        (12500, "bus bandwidth 12.5 GB/s", "MB/s"),
        (0.04, "took 40 ms", "s"),
        (1.5, "1,500 tok/s", "ktok/s"),
    ],
)
def test_a_quoted_number_converted_exactly_from_its_stated_unit_agrees(value: float, quote: str, unit: str) -> None:
    assert disagreement(value, quote, unit) is None
    assert disagreement(value, quote) is not None  # without the unit, the question stays


@pytest.mark.parametrize(
    ("value", "quote", "unit"),
    [
        (18.3, LOADGEN, "ms"),  # not the number
        (18.201543, LOADGEN, "GB/s"),  # another kind of unit
        (18.201543, "Mean latency: 18201543", "ms"),  # the quote states no unit
        (12500, "bus bandwidth 12.5 GiB/s or so", "MB/s"),  # a unit it does not know
        (12500, "12.5 GiB/s", "MiB/s"),  # binary prefixes are not powers of ten
        (0.005, "5 min", "in"),  # a prefix only scales a base it names
        (18.201543, "LoadGen's mean latency 18201543", "ms"),  # "'s" is not a unit
    ],
)
def test_a_unit_answers_only_what_it_states(value: float, quote: str, unit: str) -> None:
    assert disagreement(value, quote, unit) is not None


def test_the_units_a_quote_states() -> None:
    assert stated_units(LOADGEN, "ms") == ["ns"]
    quote = "12.5 GB/s at 40 ms (tok/s), 2 ktok/s, 3 sec"
    assert stated_units(quote, "MB/s") == ["GB/s"]
    assert stated_units(quote, "s") == ["ms", "sec"]
    assert stated_units(quote, "tok/s") == ["tok/s", "ktok/s"]
    assert stated_units("1 GiB/s, 2 MiB/s", "MB/s") == []  # binary prefixes are not powers of ten


def run(files: dict[str, str]) -> tuple[dict[str, str], Any]:
    done = s.typed_values_against_their_quotes({path: load(text) for path, text in files.items()})
    return {path: dump(doc) for path, doc in done.files.items()}, done


def test_migrating_values_in_ms_from_loadgens_ns_quotes_asks_nothing() -> None:
    table = (
        "unit: ms\nrows:\n"
        "  - id: a\n    values: {x: 18.2, y: 25.004211}\n    source: {quote: '" + LOADGEN.replace("\n", " ") + "'}\n"
        "  - id: b\n    values: {x: 18.3}\n    source: {quote: 'Mean latency (ns) : 18201543'}\n"
    )
    out, done = run({"tables/latency.yml": table})
    assert [str(n) for n in done.undecided] == [
        "tables/latency.yml:7: rows[1].values.x: 18.3 is not a number its quote states (18201543); correct the"
        " value, or say how it is computed from them with `derived:` in its source (`the sum of 12.5 and 13`,"
        " `0.37 ms in µs`)"
    ]
    assert out["tables/latency.yml"] == table


def test_the_check_accepts_a_converted_value_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    data = tmp_path / "guide"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    table = data / "tables" / "hill-times.yml"
    text = table.read_text(encoding="utf-8")
    quoted = "    values: {road: 100, cargo: 150}\n    source: {quote: 'road (ms): 100000, cargo (ms): 150000'}\n"
    table.write_text(text.replace("    values: {road: 100, cargo: 150}\n", quoted), encoding="utf-8")
    derive_guide(data)  # 100 s and 150 s are the quote's milliseconds
    table.write_text(table.read_text(encoding="utf-8").replace("cargo: 150}", "cargo: 151}"), encoding="utf-8")
    with pytest.raises(GuideError) as exc:
        derive_guide(data)
    assert "151 is not a number its quote states (100000, 150000)" in str(exc.value.problems[0])


def test_one_rule_converts_units_for_the_quote_check_and_the_readers() -> None:
    """The quote check and the benchmark readers share generator.units: what one converts the other does."""
    import doctest

    from generator import units
    from generator.read.formats import units as tool_units

    assert doctest.testmod(units).failed == 0 and doctest.testmod(tool_units).failed == 0
    assert tool_units.convert(2.5, "kB/s", "B/s") == 2500.0  # a prefix the readers' own list never had
    assert disagreement(2500, "2.5 kB/s", "B/s") is None
    with pytest.raises(ValueError, match="cannot be expressed"):
        tool_units.convert(1.0, "GiB/s", "MiB/s")  # binary prefixes: not a power of ten
