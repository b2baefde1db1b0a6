"""Every kind of broken input gets its exact error: file, line, field and message, all at once."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from generator import cli
from tests.badcorpus import cases, expected, make_data, read_case, rewrite_expect

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

#: The kinds of bad input the corpus must cover (issue "Hostile and broken input").
REQUIRED_KINDS = {
    "yaml syntax",
    "tab",
    "duplicate key",
    "unknown field",
    "wrong type",
    "quoted number",
    "not finite",
    "not positive",
    "empty file",
    "list at top level",
    "not utf-8",
    "byte-order mark",
    "missing field",
    "duplicate id",
    "unknown reference",
    "zero baseline",
    "campaigns mixed",
    "yaml tag",
    "alias blow-up",
    "too big",
    "no records",
}


@pytest.mark.parametrize("case", cases(), ids=lambda p: p.stem)
def test_bad_input_gets_its_exact_error(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = read_case(case)
    data = make_data(spec, tmp_path / "data")
    code = cli.main(["check", "--data", str(data)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "Traceback" not in err
    head, *lines = err.splitlines()
    got = [line.strip().removeprefix(f"{data.as_posix()}/") for line in lines]  # named as given: outside git
    if UPDATE:
        rewrite_expect(case, got)
        spec = read_case(case)
    expect = expected(spec)
    assert got == expect, f"{case.name}: the report changed (UPDATE_GOLDEN=1 rewrites it for review)"
    assert head == f"{len(expect)} problem{'s' if len(expect) != 1 else ''} in the guide data:"
    assert len(set(got)) == len(got), "each problem is reported once"


def test_corpus_covers_every_kind() -> None:
    kinds = Counter(read_case(p)["kind"] for p in cases())
    assert set(kinds) >= REQUIRED_KINDS, REQUIRED_KINDS - set(kinds)
    assert sum(kinds.values()) >= 30


def test_base_of_the_corpus_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each fixture breaks exactly what it says: the base it starts from has no problem."""
    data = make_data({"kind": "none", "about": "unchanged"}, tmp_path / "data")
    assert cli.main(["check", "--data", str(data)]) == 0, capsys.readouterr().err
