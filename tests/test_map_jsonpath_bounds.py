"""A declared map's JSONPath filters are bounded: a filter queries only the node it tests (``@``), never the whole
document (``$[?$[?$[?$[*]]]]`` re-read the document at every node of every level: past a minute on 1.2 KB), and
filters nest at most two deep. What is left reads a file ten times larger in at most thirty times the time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.read.maps import MapError, load_map, read_with_map
from tests.test_reader_linear import assert_linear

MAP = "format: json\nruns: {runs}\nmetrics:\n  speed: {{path: {path}, unit: ops/s}}\n"


def _map(tmp_path: Path, path: str, runs: str = "'$.runs[*]'") -> Path:
    written = tmp_path / "bench.yml"
    written.write_text(MAP.format(runs=runs, path=path), encoding="utf-8")
    return written


@pytest.mark.parametrize(
    ("runs", "path", "field", "why"),
    [
        ("'$[?$[?$[?$[*]]]]'", "'$.speed'", "runs", "a filter may query only the node it tests (@)"),
        ("'$.runs[*]'", "'$[?$.speed > 1].speed'", "metrics.speed.path", "a filter may query only the node"),
        ("'$[?@[?@[?@.a]]]'", "'$.speed'", "runs", "filters nested at most 2 deep"),
    ],
)
def test_an_unbounded_filter_is_refused_at_its_line(tmp_path: Path, runs: str, path: str, field: str, why: str) -> None:
    written = _map(tmp_path, path, runs)
    with pytest.raises(MapError) as refused:
        load_map(written)
    line = 2 if field == "runs" else 4
    assert any(p.startswith(f"{written}:{line}: {field}: {why}") for p in refused.value.problems), refused.value


_RUN_BYTES = len(json.dumps({"speed": 1, "tags": [{"k": j, "v": [j, j + 1]} for j in range(3)]})) + 2


def _document(size: int) -> bytes:
    """A results file of about ``size`` bytes: one run per ~100 bytes, each with three tags to filter on."""
    runs = [
        {"speed": 1 + i % 7, "tags": [{"k": j, "v": [j, j + 1]} for j in range(3)]}
        for i in range(max(1, size // _RUN_BYTES))
    ]
    return json.dumps({"runs": runs}).encode()


def test_the_filters_left_read_ten_times_the_file_in_at_most_thirty_times_the_time(tmp_path: Path) -> None:
    # Two filters deep, each relative: the deepest path a map may hold.
    spec = load_map(_map(tmp_path, "'$.speed'", "'$.runs[?@.tags[?@.v[1] > 1]]'"))

    def read(content: bytes) -> object:
        rows = read_with_map(spec, content)
        assert rows, "the filter matched no run"
        return rows

    assert_linear(read, _document)
