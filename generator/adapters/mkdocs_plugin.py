"""Thin MkDocs adapter: add the generated pages as virtual files and watch the data.

All logic lives in the pipeline; this module only wires it into MkDocs hooks.

* ``mkdocs build``: data is validated in ``on_config``, so a data error stops the
  build (``PluginError``, every problem listed) before MkDocs cleans the previous
  site out of ``site_dir``.
* ``mkdocs serve``: a bad edit must neither stop the server nor make a rebuild
  fail (MkDocs then leaves every request hanging). The plugin keeps the pages of
  the last good data, puts a banner with the errors on every page and prints them
  on the console; the next good build removes the banner. If the data is broken
  when the server starts, there is nothing good to show, and it stops with the
  errors as ``mkdocs build`` does.

Because the plugin defines ``on_startup``, MkDocs 1.6 keeps one plugin object for
the whole ``mkdocs serve`` session (each rebuild reloads the config, not the
plugin), so the last good pages can live on the instance.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from generator import error_banner
from generator.derive import Derived
from generator.errors import GuideError, Problem
from generator.html_blocks import put_back, set_aside
from generator.nav import guide_nav, hand_written_pages
from generator.pipeline import derive_guide
from generator.render import TEMPLATES, Renderer

log = get_plugin_logger(__name__)

#: The "What changed in this PR" page (``generator.preview.CHANGES_URI``; a test checks they agree).
CHANGES_PAGE = "changes.md"


#: Where the charts' script (``site_src/javascripts/charts.js``) expects plotly.js: ``vendor/`` beside itself.
PLOTLY_DEST = "javascripts/vendor/plotly-basic.min.js"


class GuideConfig(Config):  # type: ignore[no-untyped-call]
    data_dir = c.Type(str, default="data")
    """Data folder, relative to ``mkdocs.yml``."""
    charts = c.Type(bool, default=True)
    """Draw charts; ``false`` renders the tables alone (and ships no plotly.js)."""
    plotly_js = c.Type(str, default="node_modules/plotly.js-basic-dist-min/plotly-basic.min.js")
    """plotly.js bundle installed by ``npm ci`` (relative to ``mkdocs.yml``); copied into the site, never committed."""
    diff_base = c.Type(str, default="")
    """A git revision: when set, add a "What changed in this PR" page comparing the data with it."""


class GuidePlugin(BasePlugin[GuideConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        self.nav: list[Any] | None = None
        self.data_dir = Path("data")
        self.plotly_js: Path | None = None
        self.serving = False
        self.problems: list[Problem] = []
        self.shown = ""  # data folder as an author names it, for messages
        self.blocks: dict[str, list[str]] = {}

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path or ".").parent
        self.data_dir = (root / self.config.data_dir).resolve()
        self.shown = _shown(self.data_dir, root)
        try:
            derived = derive_guide(self.data_dir)
            renderer = Renderer(derived, directory_urls=config.use_directory_urls, charts=self.config.charts)
            pages = renderer.render()
            if self.config.diff_base:
                # Imported here: the diff machinery costs every other build ~25 ms of start-up.
                from generator.preview import CHANGES_URI, changes_page, link_from_overview
                from generator.revisions import RevisionError

                try:
                    pages[CHANGES_URI] = changes_page(self.data_dir, self.config.diff_base)
                except RevisionError as exc:
                    raise PluginError(f"diff_base: {exc}") from None
                pages["index.md"] = link_from_overview(pages["index.md"])
        except GuideError as exc:
            if not (self.serving and self.pages):
                raise PluginError(exc.report(self.shown)) from None
            self.problems = exc.problems  # keep the last good pages; the banner says why
        else:
            self.problems = []
            self.pages = pages
            self.plotly_js = None
            if renderer.charts.all():
                # Checked here, before MkDocs cleans site_dir, so a missing install never wipes the last good site.
                self.plotly_js = (root / self.config.plotly_js).resolve()
                if not self.plotly_js.is_file():
                    raise PluginError(
                        f"plotly.js not found at {self.plotly_js}: run `make setup` (it installs it with `npm ci`), "
                        "or set `plotly_js` for the decision-guide plugin in mkdocs.yml"
                    )
            self.nav = self._nav(derived, renderer, Path(config.docs_dir))
        if config.nav is None:
            config.nav = self.nav
        return config

    def _nav(self, derived: Derived, renderer: Renderer, docs_dir: Path) -> list[Any]:
        changes = CHANGES_PAGE if CHANGES_PAGE in self.pages else None
        return guide_nav(derived, renderer.pages(), hand_written_pages(docs_dir), changes)

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        self.blocks = {}
        for uri, text in self.pages.items():
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"{config.docs_dir}/{uri} clashes with a generated page; rename or remove it")
            markdown, self.blocks[uri] = set_aside(text)
            files.append(File.generated(config, uri, content=markdown))
        if self.plotly_js is not None:
            if files.get_file_from_path(PLOTLY_DEST) is not None:
                raise PluginError(f"{config.docs_dir}/{PLOTLY_DEST} clashes with the plotly.js the charts load")
            files.append(File.generated(config, PLOTLY_DEST, abs_src_path=str(self.plotly_js)))
        return files

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        html = put_back(html, self.blocks.get(page.file.src_uri, []))
        if self.problems:
            return str(error_banner.banner(self.problems, self.shown)) + html
        return html

    def on_serve(self, server: Any, config: MkDocsConfig, builder: Callable[..., None]) -> Any:
        self.serving = True  # `mkdocs serve --clean` starts up as "build" but serves all the same
        server.watch(str(self.data_dir))
        server.watch(str(TEMPLATES))
        # Report data errors after each rebuild, outside the build: logged during the build,
        # an error would count against `strict`, fail the build and leave requests hanging.
        rebuild = server.builder

        def build_then_report(*args: Any, **kwargs: Any) -> None:
            rebuild(*args, **kwargs)
            if self.problems:
                log.error(error_banner.console(self.problems, self.shown))

        server.builder = build_then_report
        return server


def _shown(data_dir: Path, root: Path) -> str:
    """``data/`` when the data folder is under the project, else its full path, with a slash."""
    try:
        return data_dir.relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return data_dir.as_posix().rstrip(os.sep) + "/"
