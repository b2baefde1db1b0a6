"""Numbers that used to escape the problem list: deep nesting, huge integers, values near a float's limits.

Each is a ``file:line: field:`` problem (or, in a tool's file, a problem naming its line), never a
traceback or "crashed on this data"; an old commit holding one is shown on the history page as a
commit this generator cannot derive, and the build goes on.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from generator.diff import history as history_module
from generator.diff.history import history
from generator.read.formats.catalog import read_runs
from generator.read.formats.tool_output import ToolOutputError
from tests.conftest import FIXTURES
from tests.data_edits import edit, problems_in
from tests.gitrepo import commit, git
from tests.test_import_runs import VLLM, cli, guide, into, snapshot

__all__ = ["guide"]  # the fixture, used by name

HILL = "values: {road: 100, cargo: 150}"
WHERE = "tables/hill-times.yml:21: rows[0].values"


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", target)
    return target


def _run_file(data: Path, content: bytes) -> None:
    """``hill-times``' road value read from a JSON run file holding ``content`` (metric ``a``)."""
    (data / "runs" / "hill-times").mkdir(parents=True)
    (data / "runs" / "hill-times" / "r.json").write_bytes(content)
    sha = hashlib.sha256(content).hexdigest()
    ref = f"{{files: [{{path: runs/hill-times/r.json, sha256: '{sha}', format: json, metric: a}}]}}"
    edit(data / "tables" / "hill-times.yml", HILL, f"values: {{road: {ref}, cargo: 150}}")


RUN_FILES = [
    (b"[" * 100_000, "not valid JSON (nested too deeply)"),
    (b'{"a": ' + b"[" * 100_000, "not valid JSON (nested too deeply)"),
    (b'{"a": ' + b"9" * 5000 + b"}", "a number in the file has too many digits"),
    (b'{"a": ' + b"9" * 400 + b"}", "'a' is a number of 400 digits; expected a number from 1e-100 to 1e100"),
    (b'{"a": 5e-324}', "'a' is 5e-324; expected a number from 1e-100 to 1e100"),
    (b'{"a": 1.7e308}', "'a' is 1.7e+308; expected a number from 1e-100 to 1e100"),
]


@pytest.mark.parametrize(("content", "expected"), RUN_FILES, ids=["nested", "nested-in", "5000", "400", "tiny", "huge"])
def test_a_run_file_with_an_unusable_number_is_a_located_problem(tiny: Path, content: bytes, expected: str) -> None:
    _run_file(tiny, content)
    [problem] = problems_in(tiny)
    assert problem.startswith(f"{WHERE}.road.files[0].path: {expected}")


YAML_VALUES = [
    ("9" * 309, "value '" + "9" * 40 + "'... is too large a number (309 digits)"),
    ("9" * 4300, "value '" + "9" * 40 + "'... is too large a number (4300 digits)"),
    ("5e-324", "expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite), got 5e-324"),
    ("1e-320", "expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite), got 1e-320"),
    ("1.7e308", "expected a number from 1e-100 to 1e100 (ratios of numbers beyond that are not finite), got 1.7e+308"),
]


@pytest.mark.parametrize(("text", "expected"), YAML_VALUES, ids=["309", "4300", "5e-324", "1e-320", "1.7e308"])
def test_a_yaml_value_beyond_what_ratios_can_hold_is_a_located_problem(tiny: Path, text: str, expected: str) -> None:
    edit(tiny / "tables" / "hill-times.yml", HILL, f"values: {{road: 100, cargo: {text}}}")
    assert problems_in(tiny) == [f"{WHERE}.cargo: {expected}"]
    edit(tiny / "tables" / "hill-times.yml", f"cargo: {text}", f"cargo: {{runs: [150, {text}]}}")
    assert problems_in(tiny) == [f"{WHERE}.cargo.runs[1]: {expected}"]


def test_runs_near_the_largest_float_are_refused_before_they_are_summed(tiny: Path) -> None:
    table = tiny / "tables" / "hill-times.yml"
    edit(table, "better: lower\n", "better: lower\nstatistic: mean\nspread: ci95\n")
    edit(table, HILL, "values: {road: {runs: [1.7e308, 1.7e308]}, cargo: 150}")
    problems = problems_in(tiny)
    here = "tables/hill-times.yml:23: rows[0].values.road"  # two lines down: the added statistic and spread
    assert [p.split(": expected")[0] for p in problems] == [f"{here}.runs[0]", f"{here}.runs[1]"]


TOOL_FILES = [
    (VLLM.read_bytes().replace(b'"output_throughput": 297.63', b'"output_throughput": ' + b"9" * 5000), "line "),
    (VLLM.read_bytes().replace(b'"output_throughput": 297.63', b'"output_throughput": ' + b"9" * 400), "line "),
    (b"[" * 100_000, "line 1: the JSON is nested too deeply"),
]


@pytest.mark.parametrize(("content", "expected"), TOOL_FILES, ids=["5000", "400", "nested"])
def test_a_tool_file_with_an_unusable_number_names_its_line(content: bytes, expected: str) -> None:
    with pytest.raises(ToolOutputError) as caught:
        read_runs("vllm-bench", content)
    assert str(caught.value).startswith(expected)
    if expected == "line ":
        line = content[: content.index(b"9" * 300)].count(b"\n") + 1
        assert str(caught.value) == f"line {line}: a number has more than 308 digits"


@pytest.mark.parametrize(("content", "expected"), TOOL_FILES, ids=["5000", "400", "nested"])
def test_the_import_command_refuses_them_without_a_traceback(
    guide: Path, tmp_path: Path, content: bytes, expected: str
) -> None:
    source = tmp_path / "odd.json"
    source.write_bytes(content)
    before = snapshot(guide)
    done = cli("vllm-bench", source, *into(guide, "serving", "conc32", "road"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{source}: {expected}" in done.stderr
    assert snapshot(guide) == before


# -- the history walk: an old commit that does not derive is listed, the build goes on -------------


def _repo(tmp_path: Path) -> tuple[Path, str]:
    """The tiny guide; then a commit whose run file nests 100,000 lists; then that file replaced."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copytree(FIXTURES / "tiny-guide", repo / "data")
    commit(repo, "the tiny guide")
    _run_file(repo / "data", b"[" * 100_000)
    bad = commit(repo, "a run file nested too deeply")
    (repo / "data" / "tables" / "hill-times.yml").write_text(
        (FIXTURES / "tiny-guide" / "tables" / "hill-times.yml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    shutil.rmtree(repo / "data" / "runs" / "hill-times")
    commit(repo, "the run file taken out")
    return repo, bad


def test_an_old_commit_that_does_not_derive_is_shown_unread(tmp_path: Path) -> None:
    repo, bad = _repo(tmp_path)
    found = history(repo / "data", revisions=10)
    assert found is not None
    steps = {step.commit: step for step in found.steps}
    assert steps[bad].unread and len(steps) == 3
    assert any("no longer reads" in note for note in found.notes)


def test_a_generator_fault_on_old_data_is_shown_unread_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo, bad = _repo(tmp_path)
    real = history_module.load_side

    def faulty(repo_: Path, revision, data_path: str):  # type: ignore[no-untyped-def]
        if revision.commit == bad:
            raise ZeroDivisionError("float division by zero")
        return real(repo_, revision, data_path)

    monkeypatch.setattr(history_module, "load_side", faulty)
    monkeypatch.setattr(history_module, "_fingerprint", lambda: "test-no-cache")
    found = history(repo / "data", revisions=10)
    assert found is not None and {s.commit: s for s in found.steps}[bad].unread
