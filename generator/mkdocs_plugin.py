"""Thin MkDocs adapter: add the generated pages as virtual files and watch the data.

All logic lives in the pipeline; this module only wires it into MkDocs hooks.
Data is validated in ``on_config`` so a data error stops ``mkdocs build``
before MkDocs cleans the previous site out of ``site_dir``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files

from generator import escaping
from generator.derive import Derived
from generator.errors import GuideError
from generator.pipeline import derive_guide
from generator.render import TEMPLATES, Renderer, option_uri

log = get_plugin_logger(__name__)


class GuideConfig(Config):  # type: ignore[no-untyped-call]
    data_dir = c.Type(str, default="data")
    """Data folder, relative to ``mkdocs.yml``."""


class GuidePlugin(BasePlugin[GuideConfig]):  # type: ignore[no-untyped-call]
    def __init__(self) -> None:
        self.pages: dict[str, str] = {}
        self.data_dir = Path("data")

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path or ".").parent
        self.data_dir = (root / self.config.data_dir).resolve()
        try:
            derived = derive_guide(self.data_dir)
        except GuideError as exc:
            raise PluginError(exc.report()) from None
        renderer = Renderer(derived, directory_urls=config.use_directory_urls)
        self.pages = renderer.render()
        if config.nav is None:
            config.nav = self._nav(derived, Path(config.docs_dir))
        return config

    def _nav(self, derived: Derived, docs_dir: Path) -> list[Any]:
        hand_written = sorted(
            p.relative_to(docs_dir).as_posix()
            for p in docs_dir.rglob("*.md")
            if "overrides" not in p.relative_to(docs_dir).parts
        )
        return [
            {"Overview": "index.md"},
            {"Bottom line": "bottom-line.md"},
            {
                escaping.title(derived.data.guide.option_noun_plural.capitalize()): [
                    {escaping.title(o.label): option_uri(o.id)} for o in derived.ordered_options()
                ]
            },
            {"Measured results": "results.md"},
            {"Methodology": "methodology.md"},
            *hand_written,
        ]

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for uri, text in self.pages.items():
            if files.get_file_from_path(uri) is not None:
                raise PluginError(f"{config.docs_dir}/{uri} clashes with a generated page; rename or remove it")
            files.append(File.generated(config, uri, content=text))
        return files

    def on_serve(self, server: Any, config: MkDocsConfig, builder: Any) -> Any:
        server.watch(str(self.data_dir))
        server.watch(str(TEMPLATES))
        return server
