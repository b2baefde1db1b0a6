"""Build the shipped site into a folder for a given site_url (the address it will be served at).

Scripts that serve the site on a free local port build it for that address, so its canonical links,
sitemap and instant navigation all agree with where the browser finds it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_site(out: Path, site_url: str, config: Path = ROOT / "mkdocs.yml") -> Path:
    """Run ``mkdocs build --strict`` for ``config`` into ``out`` with ``SITE_URL=site_url``; return ``out``."""
    env = dict(os.environ, SITE_URL=site_url, NO_MKDOCS_2_WARNING="1")
    args = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(out)]
    result = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build failed:\n{result.stderr}")
    return out
