"""Every value reader checks a value's length before any pattern: a value of a digit, 200,000 blanks and a letter
(196 KB of one JSON string) took ``check`` past a minute, its spread stripped by a pattern that backtracked over
the blanks at every one of them. Each reader here reads ten times the value in at most thirty times the time
(:func:`tests.test_reader_linear.assert_linear`), and gives the answer it gave a short value."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.read.maps.values import parse_number
from generator.read.runs import RunFileError, read_run_file
from generator.units import base_of, exponent_between
from tests.test_reader_linear import assert_linear

MAP = "format: json\nmetrics:\n  speed: {path: '$.speed', unit: ops/s}\nworkload:\n  isl: {path: '$.isl'}\n"

#: Values of about ``size`` characters, each made of what a number reader's patterns look at.
SHAPES: dict[str, tuple[Callable[[int], str], float | None]] = {
    "a digit, blanks and a letter": (lambda size: "1" + " " * size + "x", None),
    "a digit, blanks and a spread": (lambda size: "1" + " " * size + "± 2", None),
    "blanks around a digit": (lambda size: " " * size + "1 ", 1.0),  # blanks are not the number's
    "digits and groupings": (lambda size: "1," * (size // 2) + "x", None),
    "spread marks": (lambda size: "1" + "+" * size, None),
    "digits and an exponent": (lambda size: "1" * size + "e", None),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_number_reader_reads_a_long_value_in_linear_time(shape: str) -> None:
    make, read = SHAPES[shape]
    assert_linear(lambda content: parse_number(content.decode()), lambda size: make(size).encode())
    assert parse_number(make(300_000)) == read


def test_a_unit_reader_reads_a_long_unit_in_linear_time() -> None:
    assert_linear(lambda content: base_of(content.decode()), lambda size: ("k" + "/s" * (size // 2)).encode())
    assert base_of("k" + "/s" * 1000) == ("k" + "/s" * 1000, 0) and exponent_between("ms", "µs") == 3


def test_check_reads_a_run_file_whose_value_is_a_long_string_in_linear_time(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "bench.yml").write_text(MAP, encoding="utf-8")
    (tmp_path / "runs").mkdir()

    def make(size: int) -> bytes:
        return json.dumps({"speed": "1" + " " * size + "x", "isl": "2" + " " * size + "y"}).encode()

    def read(content: bytes) -> object:
        (tmp_path / "runs" / "out.json").write_bytes(content)
        return read_run_file(tmp_path, "runs/out.json", hashlib.sha256(content).hexdigest(), "bench", "speed")

    assert_linear(read, make)
    content = make(200_000)
    (tmp_path / "runs" / "out.json").write_bytes(content)
    with pytest.raises(RunFileError) as refused:
        read_run_file(tmp_path, "runs/out.json", hashlib.sha256(content).hexdigest(), "bench", "speed")
    assert "speed: expected a number" in str(refused.value)
