"""The README's commands for a new guide run as written: the engine as a wheel, in a guide's own environment.

The engine's wheel is built as ``make wheel`` builds it (``tools/wheel/stage.py``, then ``pip wheel``; the
``wheel`` fixture, built once a run) and copied into ``build/dist/`` of a folder that is not called like the
clone and holds only the runtime lock. The block after ``<!-- new-guide`` is run there as one bash script
(its ``cd`` carries over), with no environment of the clone on the ``PATH`` and no ``PYTHONPATH``: it makes a
fresh virtual environment, installs the wheel into it, starts a guide beside it (the wheel copied into the
guide for its CI, and ``generator doctor`` finding it is the engine that runs), builds it strictly with that
environment's ``mkdocs`` and with ``python -m generator build``, changes one number, commits, and runs
``generator diff``, whose report holds the verdict flip. The charts' plotly.js comes from the wheel.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import generator

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"<!--\s*new-guide\b[^>]*-->\s*\n```sh\n(.*?)\n```", re.S)


def _plotly() -> Path:
    named = os.environ.get("GUIDE_PLOTLY_JS")
    bundle = Path(named) if named else ROOT / "tools" / "plotly" / "dist" / "plotly-guide.min.js"
    assert bundle.is_file(), f"no plotly.js bundle at {bundle}: run `make plotly-bundle`"
    return bundle


def _clean_environment(home: Path) -> dict[str, str]:
    """This process's environment without the clone: no PYTHONPATH, no virtual environment or clone on the PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "GUIDE_"))}
    inside = (ROOT.resolve(), Path(sys.prefix).resolve())
    path = [
        p
        for p in env.get("PATH", "").split(os.pathsep)
        if p and not any(Path(p).resolve().is_relative_to(root) for root in inside)
    ]
    env["PATH"] = os.pathsep.join(path)
    ident = {"NAME": "A guide author", "EMAIL": "author@example.org"}
    env.update({f"GIT_{who}_{k}": v for who in ("AUTHOR", "COMMITTER") for k, v in ident.items()})
    env["GIT_CEILING_DIRECTORIES"] = str(home)
    return env


def test_the_new_guide_block_installs_the_wheel_elsewhere_builds_a_guide_and_diffs_a_change(
    tmp_path: Path, wheel: Path
) -> None:
    (block,) = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    engine = tmp_path / "some engine checkout"
    # The wheel as `make wheel` leaves it in build/dist/ (stage.py, then pip wheel: tests/engine_wheel.py,
    # built once a run and shared with the other tests that install it).
    (engine / "build" / "dist").mkdir(parents=True)
    shutil.copy(wheel, engine / "build" / "dist" / wheel.name)
    shutil.copy(ROOT / "requirements.lock", engine / "requirements.lock")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block],
        cwd=engine,
        env=_clean_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    # The guide keeps the wheel for its CI, and doctor finds it is the engine that runs.
    (wheel,) = (engine / "build" / "dist").glob("*.whl")
    assert f"engine {generator.__version__}: the running engine is the one pinned" in done.stdout
    assert (tmp_path / "my-guide" / "engine" / wheel.name).read_bytes() == wheel.read_bytes()
    # The diff of the committed change: the number and the verdict it flips.
    assert "**1 verdict flip**" in done.stdout
    assert "| Option B | Speed | ✔ faster vs A (green) | ✖ slower vs A (red) |" in done.stdout
    guide = tmp_path / "my-guide"
    site = guide / "site"
    assert (site / "index.html").is_file() and (site / "sitemap.xml").is_file()
    assert (site / "javascripts" / "vendor" / "plotly.min.js").is_file(), "the charts' plotly.js was not found"
    assert "http://127.0.0.1:8000/" in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert (guide / "build" / "pages" / "index.md").is_file()
    mkdocs_yml = (guide / "mkdocs.yml").read_text(encoding="utf-8")
    assert "charts: true" in mkdocs_yml and "plotly_js" not in mkdocs_yml, "charts from the wheel, no path back"
    # The engine that ran is the wheel in the guide's environment, not this clone.
    where = subprocess.run(
        [str(tmp_path / "guide-env" / "bin" / "python"), "-c", "import generator; print(generator.__file__)"],
        cwd=tmp_path,
        env=_clean_environment(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "guide-env"), where.stdout + where.stderr
    log = subprocess.run(["git", "-C", str(guide), "log", "--format=%s"], capture_output=True, text=True, check=False)
    assert log.stdout.split("\n")[:2] == ["Option B measured again", "A new decision guide"]
    linkcheck = subprocess.run(
        [sys.executable, "-m", "quality.linkcheck", str(site)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert linkcheck.returncode == 0, linkcheck.stdout + linkcheck.stderr
