"""Issue 38: a cell over several contexts hides none of them, names what each verdict is measured against, and a
judgement given for one context fills it. A new two-context guide (the tiny fixture with a second table, timed in
Flat Town only, so the cargo bike has a pair in Hill Town only) gets all of it with no code of its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.derive.cells import Cell
from generator.derive.fill import derive
from generator.derive.guide import Derived
from generator.pipeline import validate_guide
from tests.conftest import FIXTURES, mkdocs_build, write_site
from tests.data_edits import edit, problems_in
from tests.html import page, text

FLAT_TABLE = """kind: measurements
id: flat-times
title: Flat ride times
label: flat times
summary: Seconds to ride one flat street.
campaign: spring
provenance: measured
quantity: ride time
unit: s
better: lower
tags: [climb]
series:
  - {id: road, label: road bike, option: road}
  - {id: folding, label: folding bike, option: folding}
comparisons:
  - {numerator: folding, denominator: road, label: folding / road, verdict_column: climb}
rows:
  - id: street
    label: Main Street
    context: flat-town
    values: {road: 60, folding: 61}
"""

JUDGEMENT = """judgements:
  climb:
    - word: level
      level: mid
      against: road
      contexts: [flat-town]
      reason: The riders say it keeps up with the road bike on the flat; nobody timed it there.
      source: {quote: "Price list, spring 2024"}
"""


def _guide(root: Path, judged: bool) -> Path:
    data = root / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "tables" / "flat-times.yml").write_text(FLAT_TABLE, encoding="utf-8")
    edit(
        data / "guide.yml",
        "  unknown: {colour: grey",
        '  judged: {colour: blue, symbol: "§", meaning: a judgement, word: judgement}\n  unknown: {colour: grey',
    )
    if judged:
        cargo = data / "options" / "cargo.yml"
        cargo.write_text(cargo.read_text(encoding="utf-8") + JUDGEMENT, encoding="utf-8")
    return data


def _derived(data: Path) -> Derived:
    d, problems = derive(validate_guide(data))
    assert problems == []
    return d


def _climb(cells: dict[str, list[Cell]], option: str) -> Cell:
    return next(c for c in cells[option] if c.column.id == "climb")


def _parts(cell: Cell) -> list[tuple[str, str, list[str], str]]:
    return [(p.verdict.level, p.verdict.word, [r.name for r in p.regimes], p.against) for p in cell.parts]


def test_a_context_without_a_row_is_shown_not_hidden(tmp_path: Path) -> None:
    d = _derived(_guide(tmp_path, judged=False))
    cargo = _climb(d.cells, "cargo")
    # measured in Hill Town only: its Hill Town verdict names its opponent, Flat Town says it is untested there
    assert _parts(cargo) == [
        ("bad", "slower", ["Hill Town"], "vs road"),
        ("unknown", "untested on Flat Town", [], ""),
    ]
    assert cargo.verdict is not None and cargo.verdict.level == "bad" and cargo.coverage == "1 of 2 cities"
    # the road bike is measured in both cities, against a different bike in each, and says which
    road = _climb(d.cells, "road")
    assert [(p.against, [r.name for r in p.regimes]) for p in road.parts] == [
        ("vs folding", ["Flat Town"]),
        ("vs cargo", ["Hill Town"]),
    ] and road.coverage == ""
    # judged for Flat Town, the cargo bike has no row there and no judgement: it says so
    flat = _climb(d.judged_for("flat-town"), "cargo")
    assert flat.verdict is not None and flat.verdict.word == "untested on Flat Town"  # the guide's own word


def test_a_judgement_given_for_one_context_fills_it(tmp_path: Path) -> None:
    d = _derived(_guide(tmp_path, judged=True))
    cargo = _climb(d.cells, "cargo")
    assert _parts(cargo) == [
        ("bad", "slower", ["Hill Town"], "vs road"),
        ("mid", "level", ["Flat Town"], "vs road"),
    ]
    assert cargo.parts[1].verdict.judged and cargo.parts[1].source is not None and cargo.coverage == ""
    flat = _climb(d.judged_for("flat-town"), "cargo")
    assert flat.verdict is not None and (flat.verdict.level, flat.verdict.word, flat.verdict.judged) == (
        "mid",
        "level",
        True,
    )
    assert flat.parts[0].word == "level vs road"
    hill = _climb(d.judged_for("hill-town"), "cargo")  # measured rows win where they exist
    assert hill.verdict is not None and (hill.verdict.level, hill.verdict.judged) == ("bad", False)


@pytest.fixture(scope="module")
def two_context_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("two-context")
    config = write_site(root / "project", _guide(root, judged=True)) if (root / "project").mkdir() is None else None
    assert config is not None
    result = mkdocs_build(config, root / "site")
    assert result.returncode == 0, result.stderr
    return root / "site"


def test_the_built_pages_show_every_context_with_no_code_of_the_guide(two_context_site: Path) -> None:
    home = page(two_context_site, "")
    cell = home.select_one("td#cell_cargo_climb")
    assert cell is not None
    line = text(cell.select_one("summary"))
    assert line.startswith("▼ slower vs road") and "judgement: level vs road" in line, line
    assert "dg-red" in cell["class"] and cell["data-vs"] == "road:bad"  # what a sort against the road bike reads
    assert "Flat Town" in text(cell.select_one(".dg-more-body"))
    judged = page(two_context_site, "judge/flat-town/").select_one("td#cell_cargo_climb")
    assert judged is not None and "dg-judged" in judged["class"] and "dg-amber" in judged["class"]
    assert text(judged.select_one(".dg-verdict")) == "§ judgement: level vs road"
    # the support column reads the chosen city's own answer
    support = page(two_context_site, "judge/hill-town/").select_one("td#cell_cargo_commute")
    assert support is not None and text(support.select_one(".dg-verdict")) == "■ with effort"


def test_a_judgement_contradicting_a_measured_verdict_is_refused(tmp_path: Path) -> None:
    data = _guide(tmp_path, judged=True)
    edit(data / "options" / "cargo.yml", "contexts: [flat-town]", "contexts: [flat-town, hill-town]")
    edit(data / "options" / "cargo.yml", "level: mid", "level: good")
    (problem,) = problems_in(data)
    assert problem.startswith("options/cargo.yml:") and "judgements.climb" in problem
    assert (
        "the judgement 'level' (good) on Hill Town contradicts the measured verdict there (slower vs road)" in problem
    )


def test_a_judgement_for_an_unknown_context_or_option_is_refused(tmp_path: Path) -> None:
    data = _guide(tmp_path, judged=True)
    edit(data / "options" / "cargo.yml", "contexts: [flat-town]", "contexts: [flat-city]")
    edit(data / "options" / "cargo.yml", "against: road", "against: tandem")
    problems = problems_in(data)
    assert any("judgements.climb[0].contexts[0]: unknown context 'flat-city'" in p for p in problems), problems
    assert any("judgements.climb[0].against: unknown option 'tandem'" in p for p in problems), problems


def test_a_judgement_contradicting_a_context_whose_rows_split_is_refused(tmp_path: Path) -> None:
    """A context whose rows get different verdicts reads as one part per row, not one named by the context: a
    judgement contradicting every one of them is still refused, naming them."""
    data = _guide(tmp_path, judged=True)
    edit(
        data / "tables" / "hill-times.yml",
        "    values: {road: 100, cargo: 150}",
        "    values: {road: 100, cargo: 150}\n  - id: hill-b\n    label: Hill B\n    context: hill-town\n"
        "    values: {road: 100, cargo: 105}",
    )
    edit(data / "options" / "cargo.yml", "contexts: [flat-town]", "contexts: [flat-town, hill-town]")
    edit(data / "options" / "cargo.yml", "level: mid", "level: good")
    (problem,) = problems_in(data)
    assert "the judgement 'level' (good) on Hill Town contradicts the measured verdict there" in problem, problem
    assert "slower vs road" in problem and "level vs road" in problem, problem


def test_a_judgement_against_another_opponent_stands_beside_the_measured_rows(tmp_path: Path) -> None:
    """Issue 45: a tie the source states for a context that has rows against another option is on that context's
    cell, not dropped because rows exist there; it is no verdict on those rows, so it contradicts none of them."""
    data = _guide(tmp_path, judged=True)
    edit(data / "options" / "cargo.yml", "contexts: [flat-town]", "contexts: [flat-town, hill-town]")
    edit(data / "options" / "cargo.yml", "against: road", "against: folding")
    edit(data / "options" / "cargo.yml", "level: mid", "level: good")  # measured: slower vs road, in Hill Town
    d = _derived(data)
    hill = _climb(d.judged_for("hill-town"), "cargo")
    assert _parts(hill) == [("bad", "slower", ["Hill Town"], "vs road"), ("good", "level", [], "vs folding")]
    assert hill.parts[1].verdict.judged and hill.verdict is not None and hill.verdict.level == "bad"
    cargo = _climb(d.cells, "cargo")
    assert _parts(cargo) == [
        ("bad", "slower", ["Hill Town"], "vs road"),
        ("good", "level", ["Flat Town", "Hill Town"], "vs folding"),
    ]
    # against the option the rows are measured against, the same judgement is still a verdict on them: refused
    edit(data / "options" / "cargo.yml", "against: folding", "against: road")
    (problem,) = problems_in(data)
    assert "the judgement 'level' (good) on Hill Town contradicts the measured verdict there" in problem, problem
