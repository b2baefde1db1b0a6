"""Build a site with ``mkdocs build --strict`` into a folder, atomically: the one way the project builds.

The build goes into a fresh folder next to the target and replaces the target only when MkDocs
succeeded, so a failed build (a data error, a page that clashes with a generated one, a template
error, a warning in strict mode) leaves the last good site where it was. MkDocs runs without
``-q``: in MkDocs 1.6.1 ``-q`` hides the warnings that ``--strict`` counts, so a broken link would
pass. ``make build``, ``make preview`` and the tests build through here.

``python -m quality.build OUT [-f mkdocs.yml] [--site-url URL]`` is the command-line form.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from generator.adapters import config_gate
from generator.build import swap_in
from generator.output_dir import OutputRefused, check_output, mark

ROOT = Path(__file__).resolve().parent.parent


class BuildFailed(Exception):
    """mkdocs build exited non-zero; the message holds what it printed."""


def mkdocs_command(config: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)]


def build_site(
    out: Path,
    site_url: str | None = None,
    config: Path = ROOT / "mkdocs.yml",
    env: Mapping[str, str] | None = None,
    timeout: float = 600,
) -> Path:
    """Build ``config`` into ``out`` (for ``site_url`` if given); raise BuildFailed and keep ``out`` on failure.

    ``out`` must be a folder this build wrote before, an empty one or a new one (else OutputRefused).
    """
    check_output(out, [config])
    run_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    if site_url is not None:
        run_env["SITE_URL"] = site_url
    # Parse once, check that, run that: MkDocs reads the checked tree (plain YAML), never the file itself,
    # which may hold a tag it would resolve or a hook it would import before any plugin runs.
    checked = config_gate.write_checked(Path(config), run_env)
    if isinstance(checked, list):
        raise BuildFailed(config_gate.describe(checked))
    out = Path(out).absolute()
    staging: Path | None = None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
        done = subprocess.run(
            mkdocs_command(checked.absolute(), staging),
            capture_output=True,
            text=True,
            env=run_env,
            cwd=Path(config).absolute().parent,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise BuildFailed(f"mkdocs build failed (the previous site in {out} is kept):\n{done.stderr}")
        mark(staging)
        swap_in(staging, out)
    finally:
        checked.unlink(missing_ok=True)
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m quality.build", description="Build the site atomically.")
    parser.add_argument("out", type=Path)
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"))
    parser.add_argument("--site-url")
    args = parser.parse_args(argv)
    try:
        build_site(args.out, args.site_url, args.config_file)
    except BuildFailed as failed:
        print(failed, file=sys.stderr)
        return 1
    except OutputRefused as refused:
        print(refused, file=sys.stderr)
        return 1
    print(f"built {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
