"""The engine's wheel built once, as ``make wheel`` builds it, and a folder serving it over loopback HTTP.

The served folder stands in for a release (its asset at ``<url>/<wheel>``) and for a package index
(``<url>/simple/``, PEP 503), so no test reaches a real host.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.test_new_guide_readme import _plotly
from tests.test_packaging import _pip


def build_wheel(out: Path) -> Path:
    """``tools/wheel/stage.py`` then ``pip wheel`` into ``out``: the wheel, plotly.js inside."""
    staged = out / "wheel-src"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "wheel" / "stage.py"), str(staged), "--plotly-js", str(_plotly())],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [*_pip(), "wheel", "-q", "--no-deps", "-w", str(out / "dist"), str(staged)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = (out / "dist").glob("*.whl")
    return wheel


def release_folder(folder: Path, wheel: Path) -> Path:
    """``folder`` holding ``wheel`` as a release asset and as the one file of a simple package index."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / wheel.name).write_bytes(wheel.read_bytes())
    project = folder / "simple" / "decision-guide-engine"
    project.mkdir(parents=True)
    (folder / "simple" / "index.html").write_text(
        '<!DOCTYPE html><html><body><a href="decision-guide-engine/">decision-guide-engine</a></body></html>\n',
        encoding="utf-8",
    )
    (project / "index.html").write_text(
        f'<!DOCTYPE html><html><body><a href="../../{wheel.name}">{wheel.name}</a></body></html>\n', encoding="utf-8"
    )
    return folder
