"""Every build input a pull request changes is named in the review report: the inputs the workflows build with
beyond the configuration MkDocs reads (issue 48, item 3). A second configuration (the snapshot's, with its own
trust list and hooks), npm's manifests and locks, the plotly build folder, the engine's pin and a wheel in
``engine/`` each run code once merged; the report lists each by its full name and says so.
"""

from __future__ import annotations

from pathlib import Path

from generator.diff.report import esc
from tests.gitrepo import commit
from tests.test_diff import _site_repo, ok

#: Build inputs outside the data folder and the configuration's own folders, as a guide's repository holds them.
INPUTS = {
    "mkdocs-snapshot.yml": "INHERIT: mkdocs.yml\nhooks: [hooks/snapshot.py]\n",
    "package.json": '{"name": "guide", "private": true}\n',
    "package-lock.json": '{"lockfileVersion": 3}\n',
    "tools/plotly/package-lock.json": '{"lockfileVersion": 3}\n',
    "tools/plotly/entry.js": "export default 1;\n",
    "requirements-dev.lock": "pytest==8.0.0\n",
    "engine/decision_guide_engine-0.2.0-py3-none-any.whl": "a wheel\n",
}


def _write(repo: Path, changed: bool) -> None:
    for name, text in INPUTS.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + ("# changed\n" if changed and not name.endswith(".json") else ""), encoding="utf-8")
        if changed and name.endswith(".json"):
            path.write_text(text.replace("}", ', "changed": true}'), encoding="utf-8")


def test_each_changed_build_input_a_workflow_reads_is_named_as_running_code(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    _write(repo, changed=False)
    commit(repo, "the build inputs")
    _write(repo, changed=True)
    md = ok(repo)
    section = md.split("### Lowers a protection")[1].split("\n### ")[0]
    for name in INPUTS:
        line = next((line for line in section.splitlines() if f"**{esc(name)}**" in line), "")
        assert "runs code" in line, (name, section)


def test_a_new_configuration_beside_mkdocs_yml_is_named_too(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    (repo / "mkdocs-preview.yml").write_text("INHERIT: mkdocs.yml\nsite_dir: elsewhere\n", encoding="utf-8")
    md = ok(repo)
    section = md.split("### Lowers a protection")[1].split("\n### ")[0]
    line = next((line for line in section.splitlines() if f"**{esc('mkdocs-preview.yml')}**" in line), "")
    assert "a configuration a workflow builds with" in line, section
