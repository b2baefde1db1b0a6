"""Each kind of bad input named by the core issue stops the build with file:line, field and what was expected."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import GuideError
from generator.pipeline import derive_guide
from tests.conftest import ROOT, mkdocs_build, write_site


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(data: Path) -> list[str]:
    with pytest.raises(GuideError) as info:
        derive_guide(data)
    return [str(p) for p in info.value.problems]


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_yaml_syntax_error(data_copy: Path) -> None:
    path = data_copy / "options" / "uccl.yml"
    _edit(path, "fabric: [efa]", "fabric: [efa")
    (problem,) = _problems(data_copy)
    assert problem.startswith("options/uccl.yml:") and "YAML syntax error" in problem


def test_duplicate_key(data_copy: Path) -> None:
    path = data_copy / "options" / "pplx.yml"
    _edit(path, "label: pplx\n", "label: pplx\nlabel: pplx kernels\n")
    line = _line_of(path, "label: pplx kernels")
    assert _problems(data_copy) == [
        f"options/pplx.yml:{line}: label: duplicate key 'label' (first defined on line {line - 1})"
    ]


def test_unknown_field(data_copy: Path) -> None:
    path = data_copy / "options" / "dense.yml"
    _edit(path, "fabric: [efa]\n", "fabric: [efa]\nfabrik: efa\n")
    line = _line_of(path, "fabrik:")
    assert _problems(data_copy) == [f"options/dense.yml:{line}: fabrik: unknown field"]


def test_wrong_type(data_copy: Path) -> None:
    path = data_copy / "tables" / "deepep-vs-uccl.yml"
    _edit(path, "{deepep-v2: 263.9, uccl: 254.2}", '{deepep-v2: "263.9", uccl: 254.2}')
    line = _line_of(path, '"263.9"')
    assert _problems(data_copy) == [
        f"tables/deepep-vs-uccl.yml:{line}: rows[0].values.deepep-v2: "
        "expected a positive number or 'not measured', got the text '263.9' (write numbers without quotes)"
    ]


def test_missing_required_field(data_copy: Path) -> None:
    path = data_copy / "options" / "gdaki.yml"
    _edit(path, "pick_when: You serve on InfiniBand, where it removes the proxy tax.\n", "")
    (problem,) = _problems(data_copy)
    assert problem == "options/gdaki.yml:2: pick_when: required field is missing"


def test_table_references_a_path_that_does_not_exist(data_copy: Path) -> None:
    path = data_copy / "tables" / "transport-microbench.yml"
    _edit(path, "    option: pplx\n", "    option: pplx-kernels\n")
    line = _line_of(path, "option: pplx-kernels")
    (problem,) = _problems(data_copy)
    assert problem.startswith(
        f"tables/transport-microbench.yml:{line}: series[2].option: unknown option 'pplx-kernels'"
    )
    assert "expected one of: deepep-multicomm, deepep-v2, dense, gdaki, kernel-posted, pplx, uccl" in problem


def test_two_records_with_the_same_id(data_copy: Path) -> None:
    copy = data_copy / "options" / "uccl-copy.yml"
    copy.write_text((data_copy / "options" / "uccl.yml").read_text(encoding="utf-8"), encoding="utf-8")
    problems = _problems(data_copy)
    assert any(
        p.startswith("options/uccl.yml:2: id: duplicate option id 'uccl' (also in options/uccl-copy.yml:2)")
        or p.startswith("options/uccl-copy.yml:2: id: duplicate option id 'uccl'")
        for p in problems
    ), problems
    assert "options/uccl-copy.yml:2: id: id 'uccl' does not match the file name (expected options/uccl.yml)" in problems


def test_all_problems_are_reported_at_once_sorted(data_copy: Path) -> None:
    _edit(data_copy / "options" / "uccl.yml", "fabric: [efa]\n", "fabric: [efa]\ncolour: red\n")
    _edit(data_copy / "options" / "dense.yml", "fabric: [efa]\n", "fabric: [efa]\nshape: round\n")
    problems = _problems(data_copy)
    assert [p.split(":")[0] for p in problems] == ["options/dense.yml", "options/uccl.yml"]


def test_cli_reports_problems_without_traceback(data_copy: Path, tmp_path: Path) -> None:
    _edit(data_copy / "options" / "uccl.yml", "fabric: [efa]\n", "fabric: [efa]\ncolour: red\n")
    out = tmp_path / "pages"
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--data", str(data_copy), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 1
    assert "options/uccl.yml:7: colour: unknown field" in result.stderr
    assert "Traceback" not in result.stderr and not out.exists()


def test_mkdocs_build_stops_cleanly_and_keeps_the_last_site(data_copy: Path, tmp_path: Path) -> None:
    config = write_site(tmp_path / "project", data_copy) if (tmp_path / "project").mkdir() is None else None
    site = tmp_path / "site"
    assert mkdocs_build(config, site).returncode == 0
    before = (site / "index.html").read_bytes()
    _edit(data_copy / "options" / "uccl.yml", "fabric: [efa]\n", "fabric: [efa]\ncolour: red\n")
    result = mkdocs_build(config, site)
    assert result.returncode == 1
    assert "options/uccl.yml:7: colour: unknown field" in result.stderr
    assert "Traceback" not in result.stderr
    assert (site / "index.html").read_bytes() == before
