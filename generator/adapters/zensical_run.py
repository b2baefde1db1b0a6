"""How Zensical is run: the command line of ``zensical build`` and ``zensical serve``, and one build of a
prepared project (its failure a :class:`~.zensical_config.ZensicalFailed` with Zensical's own output).

Imports neither the build front end (:mod:`.zensical`) nor the server (:mod:`.zensical_serve`); both run
Zensical through it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.adapters.zensical_config import ZensicalFailed
from generator.adapters.zensical_project import Project


def zensical_command(config: Path, *, serve: bool = False, addr: str = "") -> list[str]:
    if serve:
        return [sys.executable, "-m", "zensical", "serve", "-f", str(config), *(["-a", addr] if addr else [])]
    return [sys.executable, "-m", "zensical", "build", "--clean", "--strict", "-f", str(config)]


def run_zensical(project: Project, timeout: float = 600) -> None:
    done = subprocess.run(
        zensical_command(project.config),
        capture_output=True,
        text=True,
        cwd=project.root,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0 or not (project.site / "index.html").is_file():
        raise ZensicalFailed(f"zensical build failed:\n{done.stdout}{done.stderr}")
