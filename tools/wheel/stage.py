"""Stage the engine's source for its wheel, with the charts' plotly.js inside: ``python3 tools/wheel/stage.py DIR``.

``make wheel`` runs it, then ``pip wheel DIR``. The stage holds ``pyproject.toml`` and ``generator/`` with
every link resolved to its file (the new-guide template links to the deploy script and the preview
workflow) and the built plotly.js bundle at ``generator/vendor/`` (never committed: npm builds it), so a
guide built from the installed wheel draws its charts without Node. Standard library only.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where the wheel carries plotly.js (``generator.build.PACKAGED_PLOTLY`` finds it there).
VENDOR = Path("generator") / "vendor" / "plotly-guide.min.js"


def stage(out: Path, plotly_js: Path) -> None:
    if out.exists():
        raise SystemExit(f"{out} exists: give a new folder")
    if not plotly_js.is_file():
        raise SystemExit(f"no plotly.js at {plotly_js}: run `make plotly-bundle` (or pass --plotly-js)")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "vendor")
    shutil.copytree(ROOT / "generator", out / "generator", symlinks=False, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")
    (out / VENDOR).parent.mkdir()
    shutil.copyfile(plotly_js, out / VENDOR)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to stage into (must not exist)")
    parser.add_argument("--plotly-js", type=Path, default=ROOT / "tools" / "plotly" / "dist" / "plotly-guide.min.js")
    args = parser.parse_args(argv)
    stage(args.out, args.plotly_js)
    print(f"staged the engine in {args.out}; next: pip wheel --no-deps -w build/dist {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
