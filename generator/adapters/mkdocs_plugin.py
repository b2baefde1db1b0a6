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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents
from mkdocs.utils import get_relative_url

from generator.adapters import (
    config_gate,
    csp,
    error_banner,
    front_matter,
    handwritten,
    page_gate,
    sanitize,
    script_files,
    serve_headers,
)
from generator.adapters.config_where import where
from generator.adapters.generated_clashes import generated_clashes
from generator.adapters.html_blocks import put_back, set_aside
from generator.adapters.plugin_options import GuideConfig
from generator.adapters.search_cut import feed_material
from generator.build import (
    CHANGES_PAGE,
    ENGINE_CSS,
    ENGINE_JS,
    PLOTLY_DEST,
    AssetError,
    build_site,
    describe_unsafe,
    unsafe_sources,
)
from generator.errors import GuideError, Problem, RevisionError, printable
from generator.output_dir import OutputRefused, check_output, mark
from generator.render.pages import TEMPLATES

log = get_plugin_logger(__name__)

#: Overrides of Material's templates the engine needs (valid HTML, an accessible search box).
THEME_OVERRIDES = Path(__file__).parent / "material"

__all__ = ["CHANGES_PAGE", "PLOTLY_DEST", "GuideConfig", "GuidePlugin"]


class GuidePlugin(BasePlugin[GuideConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        self.nav: list[Any] | None = None
        self.chrome: dict[str, str] = {}
        self.assets: dict[str, Path] = {}
        self.files: dict[str, str] = {}
        self.data_dir = Path("data")
        self.templates: Path | None = None
        self.serving = False
        self.problems: list[Problem] = []
        self.shown = ""  # data folder as an author names it, for messages
        self.blocks: dict[str, list[str]] = {}
        self.unsafe: dict[Path, str] = {}  # links and special files in docs_dir: never published
        self.refused: dict[str, list[Problem]] = {}  # hand-written pages the allow-lists refuse, by source
        self.refused_files: dict[str, Problem] = {}  # hand-written files of a kind not published, by source
        self.broken: dict[str, Problem] = {}  # hand-written pages the engine cannot render, by source
        self.texts: dict[str, str] = {}  # the last text of each hand-written page that rendered
        self.clashes: dict[str, Problem] = {}  # hand-written files at a generated file's place
        self.scripts: csp.ThemeScripts | None = None  # the theme's inline scripts, for each page's policy

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path or ".").parent
        if config.config_file_path:  # mkdocs.yml is code: only what is known inert, or trusted by name
            refused = config_gate.problems(Path(config.config_file_path))
            if refused:
                raise PluginError(config_gate.describe(refused))
        self.data_dir = (root / self.config.data_dir).resolve()
        self.templates = (root / self.config.templates).resolve() if self.config.templates else None
        self.shown = _shown(self.data_dir, root)
        docs_dir = Path(config.docs_dir)
        self.unsafe = unsafe_sources(docs_dir)
        if self.unsafe and not self.serving:
            # Before MkDocs cleans site_dir: the last site stays, nothing is followed or copied.
            raise PluginError(describe_unsafe(docs_dir, self.unsafe))
        if self.config.allow_raw_html:
            raise PluginError(handwritten.RAW_HTML_REFUSED)
        try:
            script_files.site_base(config.site_url)
        except script_files.SiteUrlRefused as refused:
            raise PluginError(f"{where(config.config_file_path, 'site_url')}: {refused}") from None
        self.refused, self.refused_files, self.broken, self.clashes = {}, {}, {}, {}
        if not self.unsafe:
            # Hand-written files read, and pages rendered as MkDocs will, checked before site_dir is cleaned:
            # a page that raises in the build would stop `mkdocs serve` answering.
            sources = handwritten.read_sources(
                docs_dir, config.markdown_extensions, config.mdx_configs, self.publish_files
            )
            self.refused, self.refused_files, self.broken = sources.refused, sources.files, sources.broken
            self.texts = {**self.texts, **sources.texts}
            if self.broken and not self.serving:
                raise PluginError(error_banner.describe_pages(list(self.broken.values()), live=False))
            if (self.refused or self.refused_files) and not self.serving:
                raise PluginError(self._describe_refused())
        try:
            site = build_site(
                self.data_dir,
                docs_dir=Path(config.docs_dir),
                directory_urls=config.use_directory_urls,
                charts=self.config.charts,
                plotly_js=root / self.config.plotly_js if self.config.plotly_js else None,
                templates=self.templates,
                diff_base=self.config.diff_base,
                history_revisions=self.config.history_revisions,
                history_since=self.config.history_since,
            )
        except GuideError as exc:
            self._refuse(exc)
        except RevisionError as exc:
            raise PluginError(f"diff_base: {exc}") from None
        except AssetError as exc:
            # Raised here, before MkDocs cleans site_dir, so a missing install never wipes the last good site.
            raise PluginError(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - a bug in the generator: a banner under serve, never a hang
            crash = Problem("(generator)", 0, "build", f"crashed on this data: {exc!r}; please report it with the edit")
            self._refuse(GuideError([crash]))
        else:
            self.problems = []
            self.pages, self.nav, self.assets, self.files = site.pages, site.nav, site.assets, site.files
            self.chrome = {"site_name": site.name, "site_description": site.description, "copyright": site.footer}
        self.clashes = generated_clashes(config, self.pages, self.assets, self.files)
        if self.clashes and not self.serving:
            raise PluginError(error_banner.describe_pages(list(self.clashes.values()), live=False))
        if not self.serving:  # MkDocs empties site_dir next: only a folder a build wrote, an empty or a new one
            try:
                keep = [Path(config.docs_dir), Path(config.config_file_path or "."), self.data_dir]
                check_output(Path(config.site_dir), keep)
            except OutputRefused as refused:
                raise PluginError(f"{where(config.config_file_path, 'site_dir')}: site_dir: {refused}") from None
        if config.nav is None:
            config.nav = self.nav
        # The engine's stylesheets, scripts and theme overrides, so a guide's mkdocs.yml need not list them.
        config.extra_css = [*config.extra_css, *(uri for uri in ENGINE_CSS if uri not in config.extra_css)]
        listed = {str(script) for script in config.extra_javascript}
        config.extra_javascript = [*config.extra_javascript, *(uri for uri in ENGINE_JS if uri not in listed)]
        if str(THEME_OVERRIDES) not in config.theme.dirs:
            at = 1 if config.theme.custom_dir else 0  # a guide's own custom_dir still wins
            config.theme.dirs.insert(at, str(THEME_OVERRIDES))
        for key, value in self.chrome.items():  # the guide's words, never another guide's
            # Already inert HTML; as Markup, a theme's `| e` does not escape it a second time.
            config[key] = Markup(value) if value else None
        return config

    def _refuse(self, exc: GuideError) -> None:
        """Stop a build with the problems; under serve, keep the last good pages and show them in a banner."""
        if not (self.serving and self.pages):
            raise PluginError(exc.report(self.shown)) from None
        self.problems = exc.problems

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.serving:
            mark(Path(config.site_dir))  # the next build may replace it

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for file in list(files):  # under serve, reported after the rebuild; a build stopped in on_config
            # Under serve, a hand-written file at a generated one's place is left out: a banner says why.
            source = Path(file.abs_src_path) if file.abs_src_path is not None else None
            unsafe = source is not None and any(p in self.unsafe for p in (source, *source.parents))
            if unsafe or file.src_uri in self.clashes or file.src_uri in self.refused_files:
                files.remove(file)
        self.blocks = {}
        for uri, text in self.pages.items():
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"{config.docs_dir}/{uri} clashes with a generated page; rename or remove it")
            markdown, self.blocks[uri] = set_aside(text)
            files.append(File.generated(config, uri, content=markdown))
        for dest, source in self.assets.items():
            if files.get_file_from_path(dest) is not None:
                raise PluginError(f"{config.docs_dir}/{dest} clashes with a file the generator adds")
            files.append(File.generated(config, dest, abs_src_path=str(source)))
        for dest, text in self.files.items():
            if files.get_file_from_path(dest) is not None:
                raise PluginError(f"{config.docs_dir}/{dest} clashes with a file the generator adds")
            files.append(File.generated(config, dest, content=text))
        return files

    def on_page_read_source(self, page: Page, config: MkDocsConfig) -> str | None:
        """Under serve, a page the engine cannot render shows the last version that rendered (or nothing)."""
        uri = page.file.src_uri
        if uri in self.broken:
            return self.texts.get(uri, "")
        return None

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """A hand-written page renders only with the front matter the allow-list keeps: under ``mkdocs serve``
        a refused page is shown (with its banner), but never with a ``template:`` or value it was refused for."""
        uri = page.file.src_uri
        # Front matter from any source, the page's own or another plugin's (Material's `meta` and its meta
        # files, which run before this): generated pages included, only what the allow-list keeps.
        kept = front_matter.allowed(page.meta) if uri not in self.pages else front_matter.own(self.pages[uri])
        if kept != page.meta:
            outside = self._outside_meta(page, config, kept)
            if outside is not None:
                self.refused[uri] = [*self.refused.get(uri, []), outside]
            page.meta = kept
        if uri not in self.pages and any(sanitize.UNREADABLE in p.message for p in self.refused.get(uri, [])):
            # MkDocs' link rewriting raises on such an address and stops the rebuild: under serve the
            # page is shown empty, with the banner that names the line (a build stopped in on_config).
            return ""
        return markdown

    def _outside_meta(self, page: Page, config: MkDocsConfig, kept: Mapping[str, Any]) -> Problem | None:
        """A problem for front matter the page's own source does not explain (a hand-written page's own is
        refused with its lines in on_config): named by the meta file Material's ``meta`` plugin merged."""
        uri = page.file.src_uri
        if uri not in self.pages and any(
            p.field == "front matter" or "front matter" in p.message for p in self.refused.get(uri, [])
        ):
            return None
        extends = [str(path) for path in page.meta.get("__extends") or []]
        where_from = f" (from {', '.join(extends)})" if extends else ""
        message = f"front matter from outside the page{where_from}: {front_matter.not_kept(page.meta, kept)}"
        return Problem(self._page_name(config, uri), 1, "", message)

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        uri = page.file.src_uri
        if uri not in self.pages:
            # What MkDocs rendered is cleaned and published cleaned, and checked again (another plugin
            # may have changed the Markdown); under serve a refused page shows a banner above the cleaned
            # content, a build stops in on_env.
            source = self.texts.get(uri, "") if uri in self.broken else page.file.content_string
            shown = self._page_name(config, uri)
            html, found = handwritten.check_page(html, source, shown, toc=page_gate.toc_tokens(page.toc))
            if found:  # under serve the page is shown without what its table of contents was refused for
                page.toc = TableOfContents([])
            if found or uri in self.refused:
                self.refused[uri] = sorted({*found, *self.refused.get(uri, [])})
                html = str(error_banner.refusal(self.refused[uri])) + html
        html = put_back(html, self.blocks.get(uri, []))
        unpublished = self._unpublished()
        if unpublished:
            html = str(error_banner.pages_banner(unpublished)) + html
        if self.problems:
            html = str(error_banner.banner(self.problems, self.shown)) + html
        return html

    def _unpublished(self) -> list[Problem]:
        """Hand-written files that cannot be published as they stand (under serve; a build stops)."""
        return [*self.broken.values(), *self.clashes.values(), *self.refused_files.values()]

    def on_env(self, env: Any, config: MkDocsConfig, files: Files) -> Any:
        # Every page is rendered, none written yet (only what on_config's check could not see stops here).
        if (self.refused or self.refused_files) and not self.serving:
            raise PluginError(self._describe_refused())
        # The scripts the policy trusts: those of the theme's templates, read once a build, never a page's.
        # And the script files it trusts by address: the theme's, the engine's, the configuration's.
        trusted = script_files.trusted_files(config.site_url, config.theme.dirs, map(str, config.extra_javascript))
        self.scripts = csp.ThemeScripts.of_theme(config.theme.dirs, env, {"config": config}, trusted)
        # The search index reads each generated page without its tables' cells, charts and evidence.
        feed_material(config.plugins, set(self.pages))
        return env

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        assert self.scripts is not None  # set in on_env, which MkDocs calls before any page is written
        uri = page.file.src_uri
        if uri not in self.pages and uri not in self.refused and not self.serving:
            # A second look at the whole page the theme wrote (checked before the build: never expected).
            found = page_gate.published_problems(output, page.file.content_string, self._page_name(config, uri))
            if found:
                raise PluginError(sanitize.describe(found))
        return self.scripts.fill(output, get_relative_url(".", page.url))

    def on_post_template(self, output_content: str, template_name: str, config: MkDocsConfig) -> str:
        # The 404 page is a template, not a page, with the base_url MkDocs gives error pages.
        if self.scripts is None or not template_name.endswith(".html"):
            return output_content
        return self.scripts.fill(output_content, urlsplit(config.site_url or "/").path)

    def _page_name(self, config: MkDocsConfig, uri: str) -> str:
        return f"{Path(config.docs_dir).name}/{uri}"

    @property
    def publish_files(self) -> list[str]:
        """The files the guide's configuration lists to publish whatever their kind (for the PR's comment)."""
        return [str(path) for path in self.config.publish_files]

    def _describe_refused(self) -> str:
        found = sorted(p for problems in self.refused.values() for p in problems)
        return sanitize.describe(sorted([*found, *self.refused_files.values()]))

    def on_serve(self, server: Any, config: MkDocsConfig, builder: Callable[..., None]) -> Any:
        # Imported here: a build needs neither the folder watcher (watchdog) nor the reload script's probe.
        from generator.adapters import live_reload
        from generator.adapters.folder_watch import FolderReturns

        self.serving = True  # `mkdocs serve --clean` starts up as "build" but serves all the same
        serve_headers.send_nosniff(server)
        server.watch(str(self.data_dir))
        server.watch(str(TEMPLATES))
        if self.templates is not None and self.templates.is_dir():
            server.watch(str(self.templates))
        # MkDocs' watcher stops watching a folder that is moved away or deleted, for good: watch where
        # they live, so that their leaving shows a banner and their return is watched again.
        for folder in {self.data_dir, Path(os.path.abspath(config.docs_dir)), self.templates}:
            if folder is not None and folder.parent != folder:
                server.observer.schedule(FolderReturns(server, folder), str(folder.parent), recursive=False)
        # Report data errors after each rebuild, outside the build: logged during the build,
        # an error would count against `strict`, fail the build and leave requests hanging.
        rebuild = server.builder

        def build_then_report(*args: Any, **kwargs: Any) -> None:
            try:
                rebuild(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - raised, it would leave every request hanging
                log.error(
                    f"the rebuild stopped ({printable(str(exc) or type(exc).__name__)}); "
                    "the server answers with what it built before it stopped: fix the error and save"
                )
                return
            if self.problems:
                log.error(error_banner.console(self.problems, self.shown))
            if self.unsafe:
                log.error(describe_unsafe(Path(config.docs_dir), self.unsafe))
            if self.refused:
                log.error(self._describe_refused())
            if self._unpublished():
                log.error(error_banner.describe_pages(self._unpublished(), live=True))

        server.builder = build_then_report
        if not live_reload.allow_mkdocs_reload(server):  # each answer's policy allows the script it injects
            log.warning("live reload: this server's reload script is not one the policy can allow; reload by hand")
        return server


def _shown(data_dir: Path, root: Path) -> str:
    """``data/`` when the data folder is under the project, else its full path, with a slash."""
    try:
        return data_dir.relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return data_dir.as_posix().rstrip(os.sep) + "/"
