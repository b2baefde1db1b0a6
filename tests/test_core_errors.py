"""Each kind of bad input named by the core issue stops the build with file:line, field and what was expected."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, mkdocs_build, write_site
from tests.data_edits import edit, line_of, problems_in


def test_yaml_syntax_error(data_copy: Path) -> None:
    path = data_copy / "options" / "uccl.yml"
    edit(path, "platforms: [efa]", "platforms: [efa")
    (problem,) = problems_in(data_copy)
    assert problem.startswith("options/uccl.yml:") and "YAML syntax error" in problem


def test_duplicate_key(data_copy: Path) -> None:
    path = data_copy / "options" / "pplx.yml"
    edit(path, "label: pplx\n", "label: pplx\nlabel: pplx kernels\n")
    line = line_of(path, "label: pplx kernels")
    assert problems_in(data_copy) == [
        f"options/pplx.yml:{line}: label: duplicate key 'label' (first defined on line {line - 1})"
    ]


def test_unknown_field(data_copy: Path) -> None:
    path = data_copy / "options" / "dense.yml"
    edit(path, "platforms: [efa]\n", "platforms: [efa]\nplatform: efa\n")
    line = line_of(path, "platform:")
    assert problems_in(data_copy) == [f"options/dense.yml:{line}: platform: unknown field (did you mean 'platforms'?)"]


def test_wrong_type(data_copy: Path) -> None:
    path = data_copy / "tables" / "deepep-vs-uccl.yml"
    edit(path, "{deepep-v2: 263.9, uccl: 254.2}", '{deepep-v2: "263.9", uccl: 254.2}')
    line = line_of(path, '"263.9"')
    assert problems_in(data_copy) == [
        f"tables/deepep-vs-uccl.yml:{line}: rows[0].values.deepep-v2: "
        "expected a positive number or 'not measured', got the text '263.9' (write numbers without quotes)"
    ]


def test_missing_required_field(data_copy: Path) -> None:
    path = data_copy / "options" / "gdaki.yml"
    edit(path, "pick_when: You serve on InfiniBand, where it removes the proxy tax.\n", "")
    (problem,) = problems_in(data_copy)
    assert problem == "options/gdaki.yml:2: pick_when: required field is missing"


def test_table_references_a_path_that_does_not_exist(data_copy: Path) -> None:
    path = data_copy / "tables" / "transport-microbench.yml"
    edit(path, "    option: pplx\n", "    option: pplx-kernels\n")
    line = line_of(path, "option: pplx-kernels")
    (problem,) = problems_in(data_copy)
    assert problem.startswith(
        f"tables/transport-microbench.yml:{line}: series[2].option: unknown option 'pplx-kernels'"
    )
    assert "expected one of: deepep-multicomm, deepep-v2, dense, gdaki, kernel-posted, pplx, uccl" in problem


def test_two_records_with_the_same_id(data_copy: Path) -> None:
    copy = data_copy / "options" / "uccl-copy.yml"
    copy.write_text((data_copy / "options" / "uccl.yml").read_text(encoding="utf-8"), encoding="utf-8")
    problems = problems_in(data_copy)
    assert any(
        p.startswith("options/uccl.yml:2: id: duplicate option id 'uccl' (also in options/uccl-copy.yml:2)")
        or p.startswith("options/uccl-copy.yml:2: id: duplicate option id 'uccl'")
        for p in problems
    ), problems
    assert "options/uccl-copy.yml:2: id: id 'uccl' does not match the file name (expected options/uccl.yml)" in problems


def test_all_problems_are_reported_at_once_sorted(data_copy: Path) -> None:
    edit(data_copy / "options" / "uccl.yml", "platforms: [efa]\n", "platforms: [efa]\ncolour: red\n")
    edit(data_copy / "options" / "dense.yml", "platforms: [efa]\n", "platforms: [efa]\nshape: round\n")
    problems = problems_in(data_copy)
    assert [p.split(":")[0] for p in problems] == ["options/dense.yml", "options/uccl.yml"]


def test_cli_reports_problems_without_traceback(data_copy: Path, tmp_path: Path) -> None:
    edit(data_copy / "options" / "uccl.yml", "platforms: [efa]\n", "platforms: [efa]\ncolour: red\n")
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
    edit(data_copy / "options" / "uccl.yml", "platforms: [efa]\n", "platforms: [efa]\ncolour: red\n")
    result = mkdocs_build(config, site)
    assert result.returncode == 1
    assert "options/uccl.yml:7: colour: unknown field" in result.stderr
    assert "Traceback" not in result.stderr
    assert (site / "index.html").read_bytes() == before


def test_an_unknown_workload_fact_is_named_in_the_message(data_copy: Path) -> None:
    """The message names the misspelt fact itself, not an unfilled ``{value!r}`` placeholder."""
    path = data_copy / "tables" / "dense-vs-deepep.yml"
    edit(path, "digits: 2\n", "digits: 2\nworkload: {concurrancy: 8}\n")
    line = line_of(path, "concurrancy")
    (problem,) = problems_in(data_copy)
    assert problem.startswith(f"tables/dense-vs-deepep.yml:{line}: workload.concurrancy: ")
    declare = "unknown set-up key (declare it in guide.yml setup_keys) 'concurrancy'"
    assert f"{declare} (did you mean 'concurrency'?)" in problem
    assert "{" not in problem


def test_a_cited_value_still_marked_uncited_is_a_problem(data_copy: Path) -> None:
    path = data_copy / "options" / "uccl.yml"
    edit(path, "    value: fork\n", "    value: fork\n    uncited: true\n")
    line = line_of(path, "uncited: true")
    assert problems_in(data_copy) == [
        f"options/uccl.yml:{line}: attributes.fork.uncited: the value cites its source now: remove `uncited: true`"
    ]
