"""Parse once, check that, run that: the configuration gate and MkDocs read the same thing.

One reader refuses every YAML tag but ``!ENV`` wherever it is written (a value the rules ignore, a key, a nav
title); ``plugins`` and ``markdown_extensions`` written as a mapping are checked as the list MkDocs makes of
them; the build runs the checked tree, never the file; ``site_dir`` and the other paths stay inside the
repository, and a build never empties a folder it did not write. ``generator check`` runs the same gate.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.adapters import config_gate
from tests.conftest import FIXTURES, PLOTLY_JS

BASE = """site_name: Canonical test
site_url: http://127.0.0.1:8000/
docs_dir: site_src
theme:
  name: material
  font: false
"""
GUIDE_PLUGIN = f"""  - decision-guide:
      data_dir: data
      plotly_js: {PLOTLY_JS}
      trusted_configuration: [plugins.decision-guide.plotly_js]
"""
#: What a page needs (the plugin, its extensions) in the list form MkDocs documents.
LISTS = f"plugins:\n  - search\n{GUIDE_PLUGIN}markdown_extensions:\n  - attr_list\n  - md_in_html\n  - toc\n"


def _project(root: Path, text: str) -> Path:
    (root / "site_src").mkdir(parents=True)
    (root / "site_src" / "notes.md").write_text("# Notes\n\nA page.\n", encoding="utf-8")
    shutil.copytree(FIXTURES / "tiny-guide", root / "data")
    config = root / "mkdocs.yml"
    config.write_text(BASE + text, encoding="utf-8")
    return config


def _line(config: Path, needle: str) -> int:
    return next(n for n, line in enumerate(config.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def _quality_build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "quality.build", str(out), "-f", str(config)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


#: A tag where the rules never looked on 0d48256 (``validation`` was taken as MkDocs' own words, a key was read as
#: its text, a nav title's tag was dropped): MkDocs' loader constructs it, running the command.
TAGS = {
    "value": ('validation: !!python/object/apply:os.system ["touch ran"]\n', "validation:", "validation", "a value"),
    "key": (
        'validation:\n  ? !!python/object/apply:os.system ["touch ran"]\n  : warn\n',
        "? !!python",
        "validation",
        "a key",
    ),
    # A module committed at the repository root, imported by the tag (its text was "", a plain title, on 0d48256).
    "nav-title": ("nav:\n  - !!python/module:evil_mod : notes.md\n", "- !!python", "nav[0]", "a key"),
}
MODULE = 'import pathlib\npathlib.Path("ran").write_text("the module ran")\n'


@pytest.mark.parametrize("where", list(TAGS))
def test_a_yaml_tag_anywhere_is_refused_before_anything_runs(tmp_path: Path, where: str) -> None:
    text, needle, setting, said = TAGS[where]
    config = _project(tmp_path, text + LISTS)
    (tmp_path / "evil_mod.py").write_text(MODULE, encoding="utf-8")
    done = _quality_build(config, tmp_path / "out")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert not (tmp_path / "ran").exists(), "the tagged command ran"
    tag = "!!python/module:evil_mod" if where == "nav-title" else "!!python/object/apply:os.system"
    expected = f"mkdocs.yml:{_line(config, needle)}: {setting}: a YAML tag ({tag}) in {said}"
    assert expected in done.stderr, done.stderr[-3000:]
    # The guide's CI runs `generator check` before MkDocs reads anything: it refuses the same.
    check = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--data", str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert check.returncode == 1 and expected in check.stderr, check.stderr[-3000:]
    assert not (tmp_path / "ran").exists()


EXTENSION = """import pathlib
pathlib.Path("ran").write_text("the extension ran")
from markdown.extensions import Extension
def makeExtension(**kwargs):
    return Extension()
"""


def test_extensions_written_as_a_mapping_are_checked_as_the_list_mkdocs_makes(tmp_path: Path) -> None:
    """An extension module committed at the repository root, named in the mapping form, was never looked at."""
    text = f"plugins:\n  - search\n{GUIDE_PLUGIN}markdown_extensions:\n  attr_list: {{}}\n  evil_ext: {{}}\n"
    config = _project(tmp_path, text)
    (tmp_path / "evil_ext.py").write_text(EXTENSION, encoding="utf-8")
    done = _quality_build(config, tmp_path / "out")
    assert done.returncode == 1, done.stderr[-3000:]
    assert not (tmp_path / "ran").exists(), "the extension module ran"
    said = f"mkdocs.yml:{_line(config, 'evil_ext')}: markdown_extensions.evil_ext: a Markdown extension not known"
    assert said in done.stderr, done.stderr[-3000:]


def test_plugins_written_as_a_mapping_are_checked_as_the_list_mkdocs_makes(tmp_path: Path) -> None:
    options = GUIDE_PLUGIN.replace("  - decision-guide:", "  decision-guide:")
    text = f"plugins:\n  search: {{}}\n  meta: {{}}\n{options}markdown_extensions:\n  - attr_list\n  - md_in_html\n"
    config = _project(tmp_path, text)
    found = [str(p) for p in config_gate.problems(config)]
    assert found == [f"mkdocs.yml:{_line(config, 'meta:')}: plugins.meta: a plugin runs Python during the build: "
                     "list 'plugins.meta' under plugins.decision-guide.trusted_configuration to build with it "
                     "(docs/previews.md)"], found  # fmt: skip


def test_the_build_runs_the_checked_tree_in_its_one_shape(tmp_path: Path) -> None:
    """Mappings of plugins and extensions and a nav entry of two titles build as the list MkDocs makes; what MkDocs
    reads is the checked tree written as plain YAML (nothing left for its loader to resolve), INHERIT merged."""
    options = GUIDE_PLUGIN.replace("  - decision-guide:", "  decision-guide:")
    text = (
        f"plugins:\n  search:\n{options}markdown_extensions:\n  attr_list:\n  md_in_html:\n"
        "  toc:\n    permalink: true\n"
        "nav:\n  - Notes: notes.md\n    Home: index.md\n"
    )
    config = _project(tmp_path, text)
    (tmp_path / "mkdocs-snapshot.yml").write_text("INHERIT: mkdocs.yml\nextra:\n  version:\n    provider: mike\n")
    for name in ("mkdocs.yml", "mkdocs-snapshot.yml"):
        written = config_gate.write_checked(tmp_path / name)
        assert isinstance(written, Path), written
        try:
            copy = written.read_text(encoding="utf-8")
            from mkdocs.utils.yaml import yaml_load

            with written.open("rb") as fd:
                as_mkdocs_reads = yaml_load(fd)
        finally:
            written.unlink()
        assert "!" not in copy and as_mkdocs_reads == yaml.safe_load(copy)
        assert as_mkdocs_reads["plugins"][0] == "search" and as_mkdocs_reads["markdown_extensions"][2] == {
            "toc": {"permalink": True}
        }
        assert as_mkdocs_reads["nav"] == [{"Notes": "notes.md"}, {"Home": "index.md"}]
        assert ("extra" in as_mkdocs_reads) is (name == "mkdocs-snapshot.yml") and "INHERIT" not in as_mkdocs_reads
    done = _quality_build(config, tmp_path / "out")
    assert done.returncode == 0, done.stderr[-3000:]
    page = (tmp_path / "out" / "notes" / "index.html").read_text(encoding="utf-8")
    assert 'class="headerlink"' in page  # the toc's options, from the mapping form, reached MkDocs
    assert not list(tmp_path.glob(".*.checked.yml")), "the checked copy is left behind"


def _mkdocs(config: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` as a guide's CI runs it: into the configuration's own ``site_dir``."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False, cwd=config.parent)


def test_site_dir_outside_the_repository_is_refused_and_nothing_is_emptied(tmp_path: Path) -> None:
    config = _project(tmp_path / "guide", "site_dir: ../outside\n" + LISTS)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "keep.txt").write_text("someone's file", encoding="utf-8")
    said = f"mkdocs.yml:{_line(config, 'site_dir')}: site_dir: '../outside' leaves the repository"
    assert [str(p) for p in config_gate.problems(config)] == [said]
    done = _mkdocs(config)
    assert done.returncode != 0 and said in done.stderr, done.stderr[-3000:]
    assert (tmp_path / "outside" / "keep.txt").is_file()
    for setting in ("docs_dir: /etc", "theme:\n  custom_dir: ../x"):
        config.write_text(BASE.replace("docs_dir: site_src\n", "") + setting + "\n" + LISTS, encoding="utf-8")
        assert any("leaves the repository" in str(p) for p in config_gate.problems(config)), setting


def test_a_build_never_empties_a_folder_it_did_not_write(tmp_path: Path) -> None:
    config = _project(tmp_path, "site_dir: mine\n" + LISTS)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("someone's file", encoding="utf-8")
    done = _mkdocs(config)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    said = f"mkdocs.yml:{_line(config, 'site_dir')}: site_dir: {tmp_path / 'mine'} holds files the generator did not"
    assert said in done.stderr, done.stderr[-3000:]
    assert (tmp_path / "mine" / "keep.txt").is_file()
    config.write_text(config.read_text(encoding="utf-8").replace("site_dir: mine", "site_dir: built"))
    for _ in range(2):  # a folder the build wrote is the build's to replace
        done = _mkdocs(config)
        assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "built" / "notes" / "index.html").is_file()


def test_edit_uri_template_is_bounded_in_what_it_expands_to(tmp_path: Path) -> None:
    """A width in a field (``{path:999999999}``) made every page's edit address about that long."""
    config = _project(tmp_path, "repo_url: https://example.org/r/\nedit_uri_template: 'e/{path:999999999}'\n" + LISTS)
    said = f"mkdocs.yml:{_line(config, 'edit_uri_template')}: edit_uri_template: '{{path:999999999}}': only {{path}}"
    assert [str(p)[: len(said)] for p in config_gate.problems(config)] == [said]
    for template, fine in (("e/{path}", True), ("e/{path_noext!q}", True), ("e/{path.__class__}", False)):
        config.write_text(BASE + f"repo_url: https://example.org/r/\nedit_uri_template: '{template}'\n" + LISTS)
        assert (config_gate.problems(config) == []) is fine, template
    config.write_text(BASE + f"repo_url: https://example.org/r/\nedit_uri_template: '{'e' * 1001}'\n" + LISTS)
    assert "at most 1000" in str(config_gate.problems(config))
