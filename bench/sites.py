"""MkDocs projects for the benchmark: the guide with its plugin, and the same pages without it.

*Full* is the repository's own ``mkdocs.yml`` with the plugin reading a data
folder. *Bare* builds the Markdown that ``python -m generator build`` wrote out,
together with the hand-written pages, with the plugin removed and the same
navigation spelled out in the config: the difference between the two is what
the generator adds to a build.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml
from mkdocs.utils.yaml import yaml_load

from bench.measure import Sample, run_child
from generator.adapters.mkdocs_plugin import THEME_OVERRIDES
from generator.build import PLOTLY_JS
from generator.render.nav import hand_written_pages

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "site_src"
PLUGIN = "decision-guide"
ENV = {"NO_MKDOCS_2_WARNING": "1"}


def base_config() -> dict[str, Any]:
    """The repository's ``mkdocs.yml`` as a dict (``!ENV`` tags resolved)."""
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as f:
        config: dict[str, Any] = yaml_load(f)
    theme = dict(config.get("theme") or {})
    if theme.get("custom_dir"):
        theme["custom_dir"] = str((ROOT / theme["custom_dir"]).resolve())
    config["theme"] = theme
    return config


def _plugins(config: dict[str, Any], data_dir: Path | None) -> list[Any]:
    out: list[Any] = []
    for entry in config.get("plugins") or []:
        name = entry if isinstance(entry, str) else next(iter(entry))
        if name != PLUGIN:
            out.append(entry)
        elif data_dir is not None:
            options = dict(entry[PLUGIN] or {}) if isinstance(entry, dict) else {}
            out.append({PLUGIN: {**options, "data_dir": str(data_dir), "plotly_js": str(plotly_js())}})
    return out


def plotly_js() -> Path:
    """The plotly.js bundle the plugin copies into a site with charts: ``$GUIDE_PLOTLY_JS`` as the shipped
    mkdocs.yml reads it (``make bench`` sets it to the guide's own bundle), else the basic one from ``npm ci``."""
    return ROOT / (os.environ.get("GUIDE_PLOTLY_JS") or PLOTLY_JS)


@dataclass
class Project:
    """A guide ready to build both ways."""

    name: str
    data_dir: Path
    full_config: Path
    bare_config: Path
    pages: int
    """HTML pages a build writes (generated plus hand-written)."""
    work: Path

    def build_full(self, site: Path | None = None) -> Sample:
        return mkdocs_build(self.full_config, site or self.work / "site-full")

    def build_bare(self, site: Path | None = None) -> Sample:
        return mkdocs_build(self.bare_config, site or self.work / "site-bare")

    def build_zensical(self, out: Path | None = None) -> Sample:
        """The whole Zensical path (generator, project folder, ``zensical build``), as ``make zensical-build``."""
        return zensical_build(self.full_config, out or self.work / "zensical")


def mkdocs_build(config: Path, site: Path) -> Sample:
    return run_child([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)], env=ENV)


def zensical_build(config: Path, out: Path) -> Sample:
    """``make zensical-build`` on ``config``, with where its time went: the guide's pages and project folder
    (``project_s``, this process), then ``zensical build`` (``zensical_s``), each with its CPU seconds."""
    timings = out.parent / f"{out.name}-timings.json"
    adapter = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    sample = run_child([*adapter, "--timings", str(timings)], env=ENV)
    return replace(sample, phases=json.loads(timings.read_text(encoding="utf-8")))


def write_pages(data_dir: Path, out: Path, nav: Path, history_revisions: int = 0) -> Sample:
    """The generated pages as Markdown, and the navigation and site chrome, written by the command line (timed)."""
    command = [sys.executable, "-m", "generator", "build", "--data", str(data_dir), "--out", str(out)]
    command += ["--docs", str(DOCS), "--nav", str(nav), "--plotly-js", str(plotly_js())]
    return run_child([*command, "--history-revisions", str(history_revisions)], env=ENV)


def shipped_history_revisions() -> int:
    """What the shipped mkdocs.yml asks of the history page, so the bare side gets the same pages."""
    from mkdocs.config import load_config

    return int(load_config(str(ROOT / "mkdocs.yml")).plugins["decision-guide"].config.history_revisions)


def prepare(name: str, data_dir: Path, work: Path, shipped: bool = False) -> tuple[Project, Sample]:
    """Write the full and bare configs for the guide in ``data_dir``; return it and the CLI's timing."""
    work.mkdir(parents=True, exist_ok=True)
    config = base_config()
    pages_dir = work / "pages"
    revisions = shipped_history_revisions() if shipped else 0
    nav_file = work / "nav.yml"
    cli = write_pages(data_dir, pages_dir, nav_file, revisions)
    bare_docs = work / "bare-docs"
    shutil.copytree(DOCS, bare_docs)
    shutil.copytree(pages_dir, bare_docs, dirs_exist_ok=True)  # with plotly.js, as the plugin adds it

    hand_written = hand_written_pages(DOCS)
    chrome = yaml.safe_load(nav_file.read_text(encoding="utf-8"))  # nav, site name, footer, stylesheets, scripts
    bare = {**config, "docs_dir": str(bare_docs), "plugins": _plugins(config, None), **chrome}
    bare["theme"] = {**config["theme"], "custom_dir": str(THEME_OVERRIDES)}  # what the plugin adds to the theme
    bare_config = work / "mkdocs-bare.yml"
    bare_config.write_text(yaml.safe_dump(bare, sort_keys=False, allow_unicode=True), encoding="utf-8")

    if shipped:
        full_config = ROOT / "mkdocs.yml"
    else:
        # the plugin builds only from folders inside the configuration's own (a path that leaves it is refused)
        full_docs = work / "full-docs"
        shutil.copytree(DOCS, full_docs, dirs_exist_ok=True)
        full = {**config, "docs_dir": str(full_docs), "plugins": _plugins(config, data_dir)}
        full_config = work / "mkdocs-full.yml"
        full_config.write_text(yaml.safe_dump(full, sort_keys=False, allow_unicode=True), encoding="utf-8")
    count = sum(1 for _ in pages_dir.rglob("*.md")) + len(hand_written)
    return Project(name, data_dir, full_config, bare_config, count, work), cli
