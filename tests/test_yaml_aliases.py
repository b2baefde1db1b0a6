"""One bound on YAML aliases, kept by every reader of YAML in the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.migrate import migrate_folder
from generator.read import yaml_edit
from generator.read.yaml_aliases import MAX_ALIASES, MAX_VALUES, TooManyAliases, alias_problem
from generator.read.yaml_config import read_config
from generator.read.yaml_fast import read_yaml_fast
from generator.read.yaml_source import parse_yaml, read_yaml
from tests.conftest import ROOT

BOMB = (
    "title: T\n"
    + 'l0: &l0 ["a", "a", "a", "a", "a", "a", "a", "a", "a", "a"]\n'
    + "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 10))
)
#: The line of the alias whose expansion crosses the bound (10**6 > 131072 values at l5).
BOMB_LINE = 7


def test_every_reader_refuses_the_bomb_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "guide.yml"
    path.write_text(BOMB, encoding="utf-8")
    expected = f"guide.yml:{BOMB_LINE}: too many aliases (the document would expand to more than {MAX_VALUES} values)"
    for reader in (read_yaml, read_yaml_fast):
        doc, problems = reader(path, "guide.yml")
        assert doc is None and [p.text() for p in problems] == [expected], reader
    assert [p.text() for p in parse_yaml(BOMB, "guide.yml")[1]] == [expected]
    with pytest.raises(TooManyAliases) as caught:
        yaml_edit.load(BOMB)
    assert caught.value.line == BOMB_LINE
    report = migrate_folder(tmp_path, write=False)
    assert [str(n) for n in report.problems] == [expected]
    config, problem = read_config(BOMB.replace("guide.yml", "mkdocs.yml"), "mkdocs.yml")
    assert config is None and problem is not None
    assert problem.text() == expected.replace("guide.yml", "mkdocs.yml")


def test_the_count_of_aliases_is_bounded_too() -> None:
    many = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    found = alias_problem(many)
    assert found is not None and found.line == 2 and "too many aliases" in found.message
    few = "a: &a [1, 2]\nb: [*a, *a]\nc: '*not an alias*'\n"
    assert alias_problem(few) is None
    assert yaml_edit.load(few)["b"] == [[1, 2], [1, 2]]


def test_every_yaml_load_in_the_engine_goes_through_the_bounded_readers() -> None:
    """No module of the generator composes YAML on its own, except the page adapters' front matter
    (short text a page's author writes, read by their own module) and the readers that keep the bound."""
    loads = re.compile(
        r"(?<!\w)yaml\.(?:safe_load|load|full_load|unsafe_load|compose|parse)\b"
        r"|\bYAML\(|(?<!FileSystem)Loader\("
    )
    keepers = {f"read/yaml_{name}.py" for name in ("source", "fast", "edit", "aliases", "config")}
    elsewhere = {"adapters/front_matter.py", "adapters/zensical_config.py"}  # front matter refuses anchors and aliases
    found = set()
    for path in sorted((ROOT / "generator").rglob("*.py")):
        rel = path.relative_to(ROOT / "generator").as_posix()
        text = path.read_text(encoding="utf-8")
        if loads.search(text):
            found.add(rel)
    assert found - keepers - elsewhere == set()
