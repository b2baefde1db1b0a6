"""A Zensical project folder written from a guide: ``docs/``, ``overrides/`` and the derived ``mkdocs.yml``,
after the same checks of the hand-written pages as the MkDocs plugin's (:func:`prepare`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.adapters import handwritten, live_reload, published, sanitize, static_files
from generator.adapters.live_reload import ZensicalReload
from generator.adapters.zensical_config import (
    ZensicalFailed,
    derived_config,
    guide_site,
    markdown_setup,
    plugin_options,
    read_config,
)
from generator.adapters.zensical_docs import docs_contents, sync, theme_overrides
from generator.build import Site, describe_unsafe, unsafe_sources


@dataclass
class Project:
    """A Zensical project folder: its config, and where the site goes."""

    root: Path
    config: Path
    site: Path
    publish_files: tuple[str, ...] = ()
    """The files the guide's configuration lists to publish whatever their kind (for the PR's comment)."""
    pages: dict[str, published.Handwritten] = field(default_factory=dict)
    """The hand-written pages, by their path in the docs folder: checked again as Zensical published them."""
    directory_urls: bool = True
    marker: published.Marker | None = None
    """The markers around each page's content, when the build checks what Zensical published."""


def prepare(
    config_file: Path,
    root: Path,
    site: Site | None = None,
    banner: str = "",
    marker: published.Marker | None = None,
    reload: ZensicalReload | None = None,
) -> Project:
    """Write the Zensical project of ``config_file`` (an ``mkdocs.yml`` with the plugin) into ``root``.

    ``site`` is the guide to write (default: built now from the data); ``banner`` (HTML) goes at the
    top of every page; ``marker``, when given, goes around each page's content, for
    :func:`~.zensical_finish.check_published`; ``reload`` (``zensical serve`` only) is the server's
    live-reload script, which the pages' policy then allows.
    Files already up to date are left alone, so a watching Zensical rebuilds little.
    """
    config_file = config_file.resolve()
    config = read_config(config_file)
    docs_dir = (config_file.parent / str(config.get("docs_dir", "docs"))).resolve()
    unsafe = unsafe_sources(docs_dir)
    if unsafe:
        raise ZensicalFailed(describe_unsafe(docs_dir, unsafe))
    if site is None:
        site = guide_site(config_file, config)
    theme = config.get("theme") or {}
    custom = theme.get("custom_dir") if isinstance(theme, dict) else None
    custom_dir = (config_file.parent / str(custom)).resolve() if custom else None
    skip = {custom_dir} if custom_dir is not None else set()
    options = plugin_options(config)
    if options.get(handwritten.RAW_HTML_OPTION):
        raise ZensicalFailed(handwritten.RAW_HTML_REFUSED)
    listed = tuple(str(path) for path in options.get(static_files.OPTION) or [])
    # The same checks as the MkDocs plugin's, before Zensical runs: files by kind, front matter, and
    # each page rendered with the guide's Markdown extensions (as Zensical renders it, with Python-Markdown)
    # and cleaned by the allow-list; whatever that removes refuses the page, so what Zensical publishes
    # is HTML the allow-list keeps whole. Independent of where Zensical writes pages (use_directory_urls).
    # Zensical reads only a YAML block as front matter: MultiMarkdown `Key: value` lines are its content.
    # A build checks again what Zensical published (check_published); `zensical serve` has this check only.
    setup = markdown_setup(config)
    sources = handwritten.read_sources(docs_dir, *setup, publish_files=listed, multimarkdown_meta=False)
    if sources.broken:
        raise ZensicalFailed(sanitize.describe(sorted(sources.broken.values())))
    if sources.problems():
        raise ZensicalFailed(sanitize.describe(sources.problems()))
    root.mkdir(parents=True, exist_ok=True)
    docs = docs_contents(site, docs_dir, skip, banner)
    sync(root / "docs", docs)
    overrides = theme_overrides(custom_dir)
    if marker is not None:
        overrides[published.CONTENT_TEMPLATE] = _marked_content(overrides, marker)
    derived = derived_config(config, site.nav, custom_dir="overrides", site=site)
    if reload is not None:
        overrides = live_reload.serve_overrides(reload, overrides, docs, derived)
    sync(root / "overrides", overrides)
    target = root / "mkdocs.yml"
    text = f"# Written by generator.adapters.zensical from {config_file.name}; do not edit.\n"
    sync(
        root,
        {"mkdocs.yml": (text + yaml.safe_dump(derived, sort_keys=False, allow_unicode=True)).encode()},
        prune=False,
    )
    pages = {uri: published.Handwritten(f"{docs_dir.name}/{uri}", text) for uri, text in sources.texts.items()}
    directory_urls = bool(config.get("use_directory_urls", True))
    return Project(root, target, root / "site", listed, pages, directory_urls, marker)


def _marked_content(overrides: Mapping[str, bytes], marker: published.Marker) -> bytes:
    """The template that shows a page's content (the guide's override, or Zensical's), with ``marker`` around it."""
    name = published.CONTENT_TEMPLATE
    if name in overrides:
        text = overrides[name].decode("utf-8", errors="replace")
    else:
        import zensical

        text = (Path(zensical.__file__).parent / "templates" / name).read_text(encoding="utf-8")
    try:
        return published.marked_template(text, marker, name).encode("utf-8")
    except published.Unmarkable as exc:
        raise ZensicalFailed(str(exc)) from None
