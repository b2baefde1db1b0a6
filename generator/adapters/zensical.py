"""Zensical adapter: the same guide, built and served by Zensical instead of MkDocs.

Zensical (the successor of Material for MkDocs) reads ``mkdocs.yml`` but runs no MkDocs
plugins. So this adapter does beforehand, into a project folder, what the plugin does
during a MkDocs build, from the same :func:`~generator.build.build_site` call:

* ``docs/``: the hand-written pages and assets of ``docs_dir``, the generated pages and the
  assets the plugin adds (plotly.js, the changes page when a diff base is set);
* ``overrides/``: the theme overrides, less the ones that are Material's alone
  (:data:`MATERIAL_ONLY`, each with its reason);
* ``mkdocs.yml``: the project's, with the plugin's navigation written in, the plugin removed,
  and the folders pointed at the above. Site name, palette, features, CSS and scripts are
  the project's own, unchanged.

``python -m generator.adapters.zensical build [-f mkdocs.yml] [--out build/zensical]`` builds
the site into ``OUT/site`` (atomically: a failed build keeps the last good one);
``... serve`` serves it and regenerates the pages when ``data/`` changes.

The project folder is written by :mod:`.zensical_project` (its settings from :mod:`.zensical_config`, its
``docs/`` and ``overrides/`` from :mod:`.zensical_docs`) and the built pages finished by :mod:`.zensical_finish`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from generator.adapters import config_gate, published
from generator.adapters.zensical_config import (
    PLUGIN,
    ZensicalFailed,
    check_site_url,
    data_prefix,
    guide_site,
    plugin_options,
    read_config,
    shown,
)
from generator.adapters.zensical_docs import MATERIAL_ONLY, for_zensical, page_url
from generator.adapters.zensical_finish import check_published, finish
from generator.adapters.zensical_project import Project, prepare
from generator.adapters.zensical_run import run_zensical, zensical_command
from generator.adapters.zensical_theme import base_url, trusted_files, zensical_templates
from generator.build import AssetError, swap_in
from generator.errors import GuideError, RevisionError
from generator.output_dir import OutputRefused, check_output, mark

__all__ = [
    "MATERIAL_ONLY",
    "PLUGIN",
    "Project",
    "Timings",
    "ZensicalFailed",
    "base_url",
    "build",
    "for_zensical",
    "guide_site",
    "main",
    "page_url",
    "plugin_options",
    "prepare",
    "read_config",
    "run_zensical",
    "shown",
    "trusted_files",
    "zensical_command",
    "zensical_templates",
]


@dataclass
class Timings:
    """Where a build's time went: the guide's Markdown, project folder and finishing of the pages (this
    process, ``project_*``), and ``zensical build`` (``zensical_*``)."""

    project_s: float = 0.0
    project_cpu_s: float = 0.0
    zensical_s: float = 0.0
    zensical_cpu_s: float = 0.0
    """User + system seconds of the ``zensical build`` child (its threads included)."""


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (0 where the platform has no ``resource`` module)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(config_file: Path, out: Path, timings: Timings | None = None) -> Path:
    """Build the guide of ``config_file`` with Zensical into ``out/site`` (``out`` holds the project).

    Atomic: the project is written and built in a fresh folder beside ``out``, which replaces
    ``out`` only when Zensical succeeded; a data error or a failed build keeps the last good site.
    ``timings``, when given, is filled in with where the time went.
    """
    times = timings if timings is not None else Timings()
    check_output(out, [config_file])
    refused = config_gate.problems(config_file)
    if refused:
        raise ZensicalFailed(config_gate.describe(refused))
    check_site_url(config_file)
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        project = prepare(config_file, staging, marker=published.Marker.fresh())
        times.project_s, times.project_cpu_s = time.perf_counter() - wall, time.process_time() - cpu
        wall, cpu = time.perf_counter(), _children_cpu()
        run_zensical(project)
        times.zensical_s, times.zensical_cpu_s = time.perf_counter() - wall, _children_cpu() - cpu
        wall, cpu = time.perf_counter(), time.process_time()
        check_published(project)
        finish(project)
        mark(staging)
        times.project_s += time.perf_counter() - wall
        times.project_cpu_s += time.process_time() - cpu
        swap_in(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return out / "site"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.adapters.zensical", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "serve"])
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"))
    parser.add_argument(
        "--out", type=Path, default=Path("build/zensical"), help="the project folder (site in OUT/site)"
    )
    parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="serve: address and port")
    parser.add_argument("--timings", type=Path, help="build: write where the time went to this file (JSON)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            started = time.perf_counter()
            times = Timings()
            site = build(args.config_file, args.out, times)
            print(
                f"zensical: built {site} in {time.perf_counter() - started:.2f} s (the guide's pages and project "
                f"{times.project_s:.2f} s, zensical build {times.zensical_s:.2f} s)"
            )
            if args.timings:
                args.timings.write_text(json.dumps(asdict(times)) + "\n", encoding="utf-8")
            return 0
        from generator.adapters.zensical_serve import serve

        return serve(args.config_file, args.out, args.dev_addr)
    except GuideError as exc:
        print(exc.report(data_prefix(args.config_file)), file=sys.stderr)
    except (RevisionError, AssetError, ZensicalFailed, OutputRefused) as exc:
        print(str(exc), file=sys.stderr)
    except OSError as exc:
        print(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
