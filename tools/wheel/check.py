"""Check the engine's wheel before it is released: ``python3 tools/wheel/check.py build/dist``.

``make wheel-check`` runs it (the release workflow, after ``make wheel``). The folder must hold exactly one
wheel of the engine, named for the version its metadata states (and for the tag in ``$RELEASE_TAG``,
``v<version>``, when set), with the charts' plotly.js inside. The wheel is then installed into a fresh
virtual environment with the versions it is tested with (``requirements.lock``, as the README installs it),
and a new guide made there must build strictly, its charts' plotly.js copied from the wheel. Every problem
is one line, and the exit status 1. Standard library only.
"""

from __future__ import annotations

import argparse
import email.parser
import os
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTION = "decision_guide_engine"
PLOTLY = "generator/vendor/plotly-guide.min.js"


class CheckFailed(Exception):
    """The wheel must not be released; the message says why."""


def the_wheel(folder: Path) -> Path:
    wheels = sorted(folder.glob("*.whl"))
    if len(wheels) != 1:
        found = ", ".join(w.name for w in wheels) or "none"
        raise CheckFailed(f"{folder}: expected one wheel of the engine (make wheel), found {found}")
    return wheels[0]


def check_contents(wheel: Path, tag: str) -> str:
    """The wheel's version, once its name, metadata, tag and plotly.js agree."""
    parts = wheel.name[: -len(".whl")].split("-")
    if len(parts) != 5 or parts[0] != DISTRIBUTION or parts[2:] != ["py3", "none", "any"]:
        raise CheckFailed(f"{wheel.name}: not named {DISTRIBUTION}-<version>-py3-none-any.whl")
    version = parts[1]
    try:
        with zipfile.ZipFile(wheel) as archive:
            names = set(archive.namelist())
            meta = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
            if meta is None:
                raise CheckFailed(f"{wheel.name}: no METADATA inside")
            stated = email.parser.Parser().parsestr(archive.read(meta).decode("utf-8"))["Version"]
            plotly = archive.getinfo(PLOTLY).file_size if PLOTLY in names else 0
    except zipfile.BadZipFile as exc:
        raise CheckFailed(f"{wheel.name}: not a zip archive ({exc})") from None
    if stated != version:
        raise CheckFailed(f"{wheel.name}: its metadata says version {stated}, its name {version}")
    if tag and tag != f"v{version}":
        raise CheckFailed(f"{wheel.name}: the tag {tag} is not v{version} (generator/__init__.py's __version__)")
    if not plotly:
        raise CheckFailed(f"{wheel.name}: no plotly.js inside ({PLOTLY}): build it with `make wheel`")
    return version


def _run(args: list[str | Path], cwd: Path, env: dict[str, str], what: str) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1200, check=False
    )
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        raise CheckFailed(f"{what} failed (exit {done.returncode}): {last}")
    return done.stdout


def check_install(wheel: Path, lock: Path, work: Path) -> None:
    """Install ``wheel`` with ``lock`` into a fresh environment in ``work``; a new guide there builds strictly."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "GUIDE_"))}
    env["NO_MKDOCS_2_WARNING"] = "1"
    try:
        venv.EnvBuilder(with_pip=True).create(work / "env")
    except (OSError, subprocess.CalledProcessError) as exc:
        raise CheckFailed(f"cannot make a virtual environment with pip ({exc}): install python3-venv") from None
    python = work / "env" / "bin" / "python"
    _run([python, "-m", "pip", "install", "-q", "--no-deps", "-r", lock, wheel], work, env, "installing the wheel")
    new: list[str | Path] = [python, "-m", "generator", "new", "guide", "--topic", "release check", "--no-git"]
    _run(new, work, env, "generator new")
    guide = work / "guide"
    _run([work / "env" / "bin" / "mkdocs", "build", "--strict"], guide, env, "mkdocs build --strict of a new guide")
    copied = guide / "site" / "javascripts" / "vendor" / "plotly.min.js"
    if not copied.is_file():
        raise CheckFailed("the new guide's site has no plotly.js: the installed engine did not find its own")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the folder `make wheel` wrote (build/dist)")
    parser.add_argument("--lock", type=Path, default=ROOT / "requirements.lock")
    args = parser.parse_args(argv)
    try:
        wheel = the_wheel(args.folder)
        version = check_contents(wheel, os.environ.get("RELEASE_TAG", ""))
        with tempfile.TemporaryDirectory(prefix="wheel-check-") as work:
            check_install(wheel.resolve(), args.lock.resolve(), Path(work))
    except CheckFailed as exc:
        print(f"wheel check: {exc}", file=sys.stderr)
        return 1
    print(f"wheel check: {wheel.name} (engine {version}) installs and builds a new guide strictly, charts included")
    return 0


if __name__ == "__main__":
    sys.exit(main())
