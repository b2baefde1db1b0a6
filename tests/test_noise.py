"""Verdicts that respect noise: the spread of both sides decides how sure a verdict is.

The tiny guide's "Hill speed" column: cargo / road climb time, lower is better, so the
verdict reads road / cargo (above 1: cargo is quicker). Bands: >= 1.2 quicker, >= 0.9 level, else slower.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.derive import noise
from generator.pipeline import derive_guide
from tests.conftest import FIXTURES
from tests.data_edits import edit

HILL = "values: {road: 100, cargo: 150}"
BANDS = "      - {level: bad, word: slower}\n"


def _values(tiny: Path, road: str, cargo: str) -> None:
    edit(tiny / "tables" / "hill-times.yml", HILL, f"values: {{road: {road}, cargo: {cargo}}}")


#: The tiny guide's own noise rule on the climb column; tests replace it.
RULE = """    noise:
      straddle: tie
      note: A ratio whose interval, from both sides' runs, crosses a band boundary is called level.
"""


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", target)
    _rule(target, "")  # start from no rule; each test declares the one it needs
    return target


def _rule(tiny: Path, rule: str) -> None:
    text = (tiny / "guide.yml").read_text(encoding="utf-8")
    assert RULE in text or "noise:" not in text
    block = ("    noise:\n" + "".join(f"      {line}\n" for line in rule.splitlines())) if rule else ""
    (tiny / "guide.yml").write_text(text.replace(RULE, "").replace(BANDS, BANDS + block, 1), encoding="utf-8")


def _ratio(tiny: Path) -> noise.Judged:
    d = derive_guide(tiny)
    judged = d.tables["hill-times"].ratios["cargo / road"][0].judged
    assert judged is not None
    cell = next(c for c in d.cells["cargo"] if c.column.id == "climb")
    assert cell.judged == judged and cell.verdict is not None and judged.outcome is not None
    assert cell.verdict.word == judged.outcome.word
    return judged


def test_clear_win(tiny: Path) -> None:
    _rule(tiny, "straddle: tie")
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [80, 81, 82]}")
    j = _ratio(tiny)
    assert j.confidence == noise.CLEAR and j.outcome is not None and j.outcome.word == "quicker"
    assert (round(j.low or 0, 3), round(j.high or 0, 3)) == (1.22, 1.275)
    assert j.why == "clear: the interval 1.22–1.27× lower climb time stays in 'quicker'"


def test_overlap_forces_a_tie(tiny: Path) -> None:
    _rule(tiny, "straddle: tie")
    # Medians 101 and 80: 1.26, quicker on its own; but the interval 100/95 .. 102/78 = 1.05 .. 1.31 crosses 1.2.
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [78, 80, 95]}")
    j = _ratio(tiny)
    assert j.value == pytest.approx(101 / 80)
    assert j.confidence == noise.WITHIN_NOISE and j.outcome is not None and j.outcome.word == "level"
    assert j.why == (
        "within noise: the interval 1.05–1.31× lower climb time crosses 1.20× lower climb time, "
        "so 'level' rather than 'quicker'"
    )


def test_overlap_with_a_likely_rule_gets_its_own_word(tiny: Path) -> None:
    _rule(tiny, "straddle: likely\nlikely:\n  quicker: {level: good, word: likely quicker}")
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [78, 80, 95]}")
    j = _ratio(tiny)
    assert j.outcome is not None and (j.outcome.level, j.outcome.word) == ("good", "likely quicker")


def test_without_a_rule_the_shown_ratio_decides_but_the_noise_is_said(tiny: Path) -> None:
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [78, 80, 95]}")
    j = _ratio(tiny)
    assert j.outcome is not None and j.outcome.word == "quicker"
    assert (
        j.confidence == noise.WITHIN_NOISE
        and j.why == "within noise: the interval 1.05–1.31× lower climb time crosses 1.20× lower climb time"
    )


def test_declared_bound_only(tiny: Path) -> None:
    _rule(tiny, "straddle: tie")
    edit(
        tiny / "tables" / "hill-times.yml", "better: lower\n", "better: lower\nrepetitions: 2\nvariance_below_pct: 1\n"
    )
    _values(tiny, "100", "83")
    j = _ratio(tiny)
    # The bound is not a spread: the verdict rests on the values, and says the runs are not listed.
    assert j.confidence == noise.BOUND and j.low is None and j.outcome is not None and j.outcome.word == "quicker"
    assert j.why == "the source states at least 2 runs but lists none: no spread to judge the ratio by"


def test_declared_bound_used_as_a_spread_when_the_rule_says_so(tiny: Path) -> None:
    _rule(tiny, "straddle: tie\nstated_bound: as-spread")
    edit(
        tiny / "tables" / "hill-times.yml", "better: lower\n", "better: lower\nrepetitions: 2\nvariance_below_pct: 1\n"
    )
    _values(tiny, "100", "83")
    # 100/83 = 1.205 quicker; with +-1% on both sides 99/83.83 .. 101/82.17 = 1.18 .. 1.23 crosses 1.2.
    j = _ratio(tiny)
    assert j.confidence == noise.WITHIN_NOISE and j.outcome is not None and j.outcome.word == "level"


def test_single_run(tiny: Path) -> None:
    _rule(tiny, "straddle: tie")
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [80]}")
    j = _ratio(tiny)
    assert j.confidence == noise.SINGLE and j.low is None and j.outcome is not None and j.outcome.word == "quicker"
    assert j.why == "one run of cargo bike: no spread, so the verdict rests on a single measurement"


def test_runs_not_stated(tiny: Path) -> None:
    j = _ratio(tiny)
    assert j.confidence == noise.NOT_STATED and j.outcome is not None and j.outcome.word == "slower"
    assert j.why == "runs not stated: the verdict takes the values as exact"


def test_prose_says_within_noise(tiny: Path) -> None:
    _rule(tiny, "straddle: tie")
    _values(tiny, "{runs: [100, 101, 102]}", "{runs: [78, 80, 95]}")
    phrase = "    phrase: {more: '{ratio} slower than', less: '{ratio} quicker than', tie: level with, column: climb}\n"
    edit(tiny / "claims.yml", "numerator: cargo\n    denominator: road\n", "numerator: road\n    denominator: cargo\n")
    edit(tiny / "claims.yml", "    rows: [hill-a]\n", "    rows: [hill-a]\n" + phrase)
    # road / cargo = 1.26 on the medians, but its interval 1.05 .. 1.31 crosses 1.2: level, within noise.
    assert derive_guide(tiny).numbers["light-vs-cargo"].text == "level with (within noise)"
