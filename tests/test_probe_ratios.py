"""Every number the guide publishes is finite: data that passes ``check`` gives a ``guide.json`` a strict JSON
parser accepts, CSV files without ``inf``, and pages without ``inf×``; a value whose ratios would not be finite
is a ``file:line: field:`` problem."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build import build_site
from generator.errors import GuideError
from generator.render.data_export import JSON_FILE
from tests.conftest import FIXTURES
from tests.data_edits import edit, line_of, problems_in


def strict(text: str) -> object:
    """``json.loads`` that refuses ``NaN``, ``Infinity`` and ``-Infinity``, as JSON (and a browser) does."""

    def refuse(constant: str) -> object:
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def test_the_strict_parser_refuses_what_python_writes_for_infinity() -> None:
    with pytest.raises(ValueError, match="not JSON: Infinity"):
        strict(json.dumps({"ratio": float("inf")}))


def test_a_value_whose_ratio_overflows_is_a_located_problem(data_copy: Path) -> None:
    table = data_copy / "tables" / "deepep-vs-uccl.yml"
    edit(table, "uccl: 254.2}", "uccl: 1e-320}")
    line = line_of(table, "uccl: 1e-320}")
    [problem] = problems_in(data_copy)
    assert problem.startswith(f"tables/deepep-vs-uccl.yml:{line}: rows[")
    assert problem.endswith(
        "].values.uccl: expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite),"
        " got 1e-320"
    )


EXTREMES = ["5e-324", "1e-320", "1e-101", "1e-100", "3", "1e100", "1e101", "1.7e308", "9" * 309]
PLACES = [
    ("tables/hill-times.yml", "values: {road: 100, cargo: 150}", "values: {{road: {x}, cargo: 150}}"),
    ("tables/hill-repeats.yml", "cargo: {runs: [80, 81, 82]}", "cargo: {{runs: [80, {x}, 82]}}"),
    ("tables/hill-stated.yml", "values: {road: 100, cargo: 83}", "values: {{road: 100, cargo: {x}}}"),
    ("tables/hill-stated.yml", "variance_below_pct: 1", "variance_below_pct: {x}"),
    ("guide.yml", "{min: 1.2, level: good, word: quicker}", "{{min: {x}, level: good, word: quicker}}"),
]


@pytest.mark.parametrize("place", PLACES, ids=[f"{p[0]}:{p[2].split(':')[0].strip('{ ')}" for p in PLACES])
def test_data_that_passes_the_check_publishes_only_finite_numbers(tmp_path: Path, place: tuple[str, str, str]) -> None:
    rel, old, new = place
    published = 0
    for x in EXTREMES:
        data = tmp_path / f"data-{len(x)}-{x[:8]}"
        shutil.copytree(FIXTURES / "tiny-guide", data)
        edit(data / rel, old, new.format(x=x))
        try:
            site = build_site(data, charts=False)
        except GuideError as exc:  # refused: each problem has a file and a line, none is the generator's
            assert all(p.file and not p.file.startswith("(") and p.line for p in exc.problems), exc.report()
            continue
        published += 1
        strict(site.files[JSON_FILE])
        for uri, text in {**site.files, **site.pages}.items():
            if uri.endswith((".csv", ".md")):
                assert not any(word in text for word in (",inf", ",nan", "inf×", "nan×")), (x, uri)
    assert published >= 2  # "3" and "1e-100" .. "1e100" at least: the test reads real guide.json files
