"""Find the Chromium every browser tool here drives, and the flags it is started with.

Never a downloaded browser: the machine's own Chromium, found on the PATH under its usual names
(Debian calls it ``chromium``, Ubuntu ``chromium-browser``; Google's build is ``google-chrome``), or
the file named by the ``CHROMIUM`` environment variable. ``python -m quality.chromium`` prints the one
found, or what was tried, and exits 1. Standard library only: the Makefile runs it before any install.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping

#: Environment variable that names the browser to use (a path, or a name on the PATH).
ENV_VAR = "CHROMIUM"
#: Names tried on the PATH, in order.
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class ChromiumNotFound(RuntimeError):
    """No usable Chromium; the message names everything that was tried."""


def find_chromium(environ: Mapping[str, str] | None = None) -> str:
    """Absolute path of the Chromium to drive: ``$CHROMIUM`` if set, else the first of ``NAMES`` on the PATH."""
    env = os.environ if environ is None else environ
    search_path = env.get("PATH", os.defpath)
    override = env.get(ENV_VAR, "").strip()
    if override:
        found = shutil.which(override, path=search_path)
        if found is None:
            raise ChromiumNotFound(
                f"{ENV_VAR}={override} is not an executable file or a command on the PATH: "
                f"point {ENV_VAR} at a Chromium, or unset it to search for {', '.join(NAMES)}"
            )
        return os.path.abspath(found)
    for name in NAMES:
        found = shutil.which(name, path=search_path)
        if found is not None:
            return os.path.abspath(found)
    raise ChromiumNotFound(
        f"no Chromium found: tried {', '.join(NAMES)} on the PATH ({search_path}) and ${ENV_VAR} (not set). "
        f"Install Debian's chromium (`make system-deps` as root), or set {ENV_VAR}=/path/to/chromium"
    )


def main() -> int:
    try:
        print(find_chromium())
    except ChromiumNotFound as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
