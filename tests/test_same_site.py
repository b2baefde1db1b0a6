"""The command line and the MkDocs plugin build the same site: the same pages, text and navigation."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml
from mkdocs.config import load_config

from generator.render.pages import page_url
from tests.conftest import ROOT


def _plugin_site(site: Path) -> tuple[dict[str, str], list[object], Path]:
    """The shipped project built by MkDocs (``site``: ``mkdocs build --strict`` of it, once a run): the
    plugin's pages and nav, and the built site folder."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    plugin = config.plugins["decision-guide"]
    config = config.plugins.on_config(config)
    return dict(plugin.pages), list(config.nav), site


def test_cli_and_plugin_build_the_same_pages_and_nav(tmp_path: Path, shipped_site: Path) -> None:
    out, nav_file = tmp_path / "pages", tmp_path / "nav.yml"
    plugin_config = load_config(str(ROOT / "mkdocs.yml")).plugins["decision-guide"].config
    history = ["--history-revisions", str(plugin_config.history_revisions)]
    command = [sys.executable, "-m", "generator", "build", "--data", "data", "--out", str(out), *history]
    result = subprocess.run(
        [*command, "--docs", "site_src", "--nav", str(nav_file)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    cli_pages = {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8") for p in out.rglob("*.md")}
    cli_nav = yaml.safe_load(nav_file.read_text(encoding="utf-8"))["nav"]

    plugin_pages, plugin_nav, site = _plugin_site(shipped_site)
    assert sorted(cli_pages) == sorted(plugin_pages)
    assert cli_pages == plugin_pages
    assert cli_nav == plugin_nav
    # The assets the CLI copies are the ones the built site carries.
    cli_assets = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.suffix != ".md"}
    cli_assets.discard(".generator-output")  # the CLI's mark on a folder it wrote (generator/output_dir.py)
    assert cli_assets and all((site / a).is_file() for a in cli_assets)
    # Every page of the navigation is a page of the built site, and nothing else is.
    listed: list[str] = []

    def walk(entries: list[object]) -> None:
        for entry in entries:
            target = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(target, list):
                walk(target)
            else:
                listed.append(str(target))

    walk(cli_nav)
    built = {p.relative_to(site).as_posix() for p in site.rglob("index.html")} - {"404.html"}
    expected = {page_url(uri, directory_urls=True) + "index.html" for uri in listed}
    assert built == expected


def test_a_changed_nav_would_be_caught(tmp_path: Path) -> None:
    """The comparison above is sensitive: two builds of different data give different navs."""
    out, nav_file = tmp_path / "pages", tmp_path / "nav.yml"
    command = [sys.executable, "-m", "generator", "build", "--data", "data", "--out", str(out), "--nav", str(nav_file)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    without_docs = yaml.safe_load(nav_file.read_text(encoding="utf-8"))["nav"]
    subprocess.run([*command, "--docs", "site_src"], cwd=ROOT, check=True, capture_output=True)
    with_docs = yaml.safe_load(nav_file.read_text(encoding="utf-8"))["nav"]
    assert with_docs != without_docs and with_docs[: len(without_docs)] == without_docs
