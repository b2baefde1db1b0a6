"""Serve the guide with Zensical and regenerate its pages when the data, pages or templates change.

Zensical runs no plugins, so this loop plays the plugin's part under ``mkdocs serve``: it runs
``zensical serve`` on the project folder, watches the data folder, the hand-written pages, the
templates and ``mkdocs.yml``, and on a change rewrites the files that changed in ``docs/``, which
Zensical sees and reloads. A broken edit keeps the last good pages and puts the same banner as the
MkDocs plugin on every page (and the problems on the console) until the data is valid again. If the
data is broken when the server starts, nothing good exists to show: it stops with the errors. Each
page's policy also allows Zensical's live-reload script (:mod:`~generator.adapters.live_reload`).
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from generator.adapters import error_banner
from generator.adapters.live_reload import ZensicalReload, zensical_script
from generator.adapters.zensical_config import ZensicalFailed, guide_site, plugin_options, read_config, shown
from generator.adapters.zensical_project import prepare
from generator.adapters.zensical_run import zensical_command
from generator.build import AssetError, Site
from generator.errors import GuideError, Problem, RevisionError
from generator.output_dir import check_output, mark
from generator.render.pages import TEMPLATES

#: Seconds between two looks at the watched folders.
POLL = 0.5
#: Said when this Zensical's live-reload script is not the one the engine knows how to allow.
NO_RELOAD = (
    "live reload: this Zensical's reload script was not recognised, so the pages' policy refuses it; "
    "reload the page by hand after an edit"
)


def snapshot(paths: Iterable[Path]) -> frozenset[tuple[str, int, int]]:
    """Every file under ``paths`` with its modification time and size: a change in any shows here."""
    seen: set[tuple[str, int, int]] = set()
    for root in paths:
        if root.is_file():
            st = root.stat()
            seen.add((str(root), st.st_mtime_ns, st.st_size))
            continue
        for folder, _dirs, files in os.walk(root):
            for name in files:
                path = os.path.join(folder, name)
                try:
                    st = os.stat(path)
                except OSError:
                    continue  # removed while we looked
                seen.add((path, st.st_mtime_ns, st.st_size))
    return frozenset(seen)


class Regenerator:
    """Keeps the Zensical project of one ``mkdocs.yml`` in step with its sources."""

    def __init__(self, config_file: Path, out: Path) -> None:
        self.config_file = config_file.resolve()
        self.out = out.resolve()
        config = read_config(self.config_file)
        root = self.config_file.parent
        options = plugin_options(config)
        self.data_dir = (root / str(options.get("data_dir", "data"))).resolve()
        self.shown = shown(self.data_dir, root)
        templates = options.get("templates") or ""
        self.watched = [
            self.config_file,
            self.data_dir,
            (root / str(config.get("docs_dir", "docs"))).resolve(),
            TEMPLATES,
        ]
        if templates:
            self.watched.append((root / str(templates)).resolve())
        self.last_good: Site | None = None
        self.problems: list[Problem] = []
        self.reload: ZensicalReload | None = None  # the server's live-reload script, which the policy allows

    def regenerate(self) -> None:
        """Rewrite the project from the sources; on bad data keep the last good pages, with a banner."""
        try:
            site = guide_site(self.config_file, read_config(self.config_file))
        except GuideError as exc:
            if self.last_good is None:
                raise
            self.problems = exc.problems
        except Exception as exc:  # noqa: BLE001 - a bug in the generator: a banner, never a dead server
            if self.last_good is None:
                raise
            self.problems = [
                Problem("(generator)", 0, "build", f"crashed on this data: {exc!r}; please report it with the edit")
            ]
        else:
            self.last_good, self.problems = site, []
        banner = str(error_banner.banner(self.problems, self.shown)) if self.problems else ""
        assert self.last_good is not None
        prepare(self.config_file, self.out, self.last_good, banner, reload=self.reload)
        if self.problems:
            print(error_banner.console(self.problems, self.shown), file=sys.stderr, flush=True)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(config_file: Path, out: Path, addr: str) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM) or until Zensical stops; return its exit status."""
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)  # also when started in the background, where SIGINT is ignored
    check_output(out, [config_file])  # it syncs into out, removing what the guide does not hold
    regen = Regenerator(config_file, out)
    # Zensical's live-reload script, learnt from Zensical itself, so that every page's policy allows it.
    regen.reload = zensical_script(lambda config, at: zensical_command(config, serve=True, addr=at))
    if regen.reload is not None:
        regen.reload = dataclasses.replace(regen.reload, origin=f"http://{addr}")
    if regen.reload is None:
        print(NO_RELOAD, file=sys.stderr, flush=True)
    regen.regenerate()  # broken data at start: GuideError, reported by the caller
    mark(regen.out)
    seen = snapshot(regen.watched)
    server = subprocess.Popen(zensical_command(regen.out / "mkdocs.yml", serve=True, addr=addr), cwd=regen.out)
    try:
        while server.poll() is None:
            time.sleep(POLL)
            now = snapshot(regen.watched)
            if now != seen:
                seen = now
                try:
                    regen.regenerate()
                except (ZensicalFailed, RevisionError, AssetError, OSError) as exc:
                    print(f"not regenerated: {exc}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    return server.returncode or 0
