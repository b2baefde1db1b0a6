"""The wheel of the project holds every file the engine reads at run time, and the plugin's entry point.

Built by the project's own build backend (``pyproject.toml``), as ``pip install`` builds it.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import ROOT


def _pip() -> list[str]:
    """pip of the test environment, else the host's pip aimed at it (``make setup`` installs either way)."""
    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip"]
    host = shutil.which("python3")
    assert host is not None, "no pip in the environment and no python3 on the PATH to build the wheel with"
    return [host, "-m", "pip", "--python", sys.executable]


def test_the_wheel_ships_templates_assets_theme_overrides_and_the_new_guide_template(tmp_path: Path) -> None:
    result = subprocess.run(
        [*_pip(), "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    source = ROOT / "generator"
    wanted = {
        str(p.relative_to(ROOT))
        for p in source.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc",)
    }
    assert wanted - names == set()
    assert {n for n in names if n.startswith("generator/") and "__pycache__" in n} == set()
    for kind in (".j2", ".css", ".js", ".html", ".yml", ".md"):
        assert any(n.endswith(kind) for n in wanted), kind  # the check covers every kind of run-time file
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[mkdocs.plugins]\ndecision-guide=generator.adapters.mkdocs_plugin:GuidePlugin" in text
