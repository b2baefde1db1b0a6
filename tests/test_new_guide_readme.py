"""The README's commands for a new guide run as written, from an engine folder of any name.

The block after ``<!-- new-guide`` is run as one bash script (its ``cd`` carries over) from a folder
that is not called like the clone, holding only this environment's ``.venv``: the new guide lands
beside it, builds strictly with the installed ``mkdocs`` and with ``python -m generator build``, and
finds plotly.js in the engine's installation although it lives elsewhere.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"<!--\s*new-guide\b[^>]*-->\s*\n```sh\n(.*?)\n```", re.S)


def test_the_new_guide_block_runs_as_written_from_a_folder_of_another_name(tmp_path: Path) -> None:
    (block,) = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    engine = tmp_path / "some engine checkout"
    engine.mkdir()
    (engine / ".venv").symlink_to(Path(sys.executable).parents[1], target_is_directory=True)
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block], cwd=engine, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    guide = tmp_path / "my-guide"
    site = guide / "site"
    assert (site / "index.html").is_file() and (site / "sitemap.xml").is_file()
    assert (site / "javascripts" / "vendor" / "plotly.min.js").is_file(), "the charts' plotly.js was not found"
    assert "http://127.0.0.1:8000/" in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert (guide / "build" / "pages" / "index.md").is_file()
    assert "plotly_js" not in (guide / "mkdocs.yml").read_text(encoding="utf-8"), "no path back into the clone"
    linkcheck = subprocess.run(
        [sys.executable, "-m", "quality.linkcheck", str(site)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert linkcheck.returncode == 0, linkcheck.stdout + linkcheck.stderr
