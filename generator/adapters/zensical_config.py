"""The project's ``mkdocs.yml`` as Zensical gets it: read through the configuration gate, the plugin's
options found, and the copy Zensical builds from (the plugin's navigation in, the plugin out)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from generator.adapters import config_gate, script_files
from generator.adapters.config_where import where
from generator.build import ENGINE_CSS, ENGINE_JS, Site, build_site

#: The plugin's name in ``mkdocs.yml`` (its ``mkdocs.plugins`` entry point in pyproject.toml).
PLUGIN = "decision-guide"

#: Settings of ``mkdocs.yml`` Zensical does not use, dropped from the derived copy.
DROPPED = ("exclude_docs", "strict")

#: Material's look in Zensical (its default "modern" variant restyles every page).
VARIANT = "classic"


class ZensicalFailed(Exception):
    """Zensical (or the project folder it needs) failed; the message says what happened."""


def read_config(path: Path) -> dict[str, Any]:
    """``mkdocs.yml`` (and what it inherits) as the configuration gate read and checked it, ``!ENV`` resolved:
    the one reading Zensical is handed (``config_gate.checked``); a refused configuration stops here."""
    tree, found = config_gate.checked(path)
    if tree is None:
        raise ZensicalFailed(config_gate.describe(found))
    return dict(tree.data())


def read_derived(path: Path) -> dict[str, Any]:
    """The project's own ``mkdocs.yml``, as :func:`prepare` wrote it (plain YAML)."""
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


def plugin_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The decision-guide plugin's options in ``config`` (its ``plugins:`` entry), or ``{}``."""
    for entry in config.get("plugins") or []:
        if isinstance(entry, dict) and PLUGIN in entry:
            return dict(entry[PLUGIN] or {})
        if entry == PLUGIN:
            return {}
    raise ZensicalFailed(f"the {PLUGIN} plugin is not in the plugins of mkdocs.yml: nothing says where the data is")


def without_plugin(plugins: list[Any]) -> list[Any]:
    return [p for p in plugins if p != PLUGIN and not (isinstance(p, dict) and PLUGIN in p)]


def guide_site(config_file: Path, config: Mapping[str, Any]) -> Site:
    """The guide of ``config_file`` as the plugin would build it (same options, same defaults)."""
    root = config_file.parent
    options = plugin_options(config)
    templates = options.get("templates") or ""
    return build_site(
        root / str(options.get("data_dir", "data")),
        docs_dir=root / str(config.get("docs_dir", "docs")),
        directory_urls=bool(config.get("use_directory_urls", True)),
        charts=bool(options.get("charts", True)),
        plotly_js=root / str(options["plotly_js"]) if options.get("plotly_js") else None,
        templates=(root / str(templates)) if templates else None,
        diff_base=str(options.get("diff_base") or ""),
        history_revisions=int(options.get("history_revisions") or 0),
        history_since=str(options.get("history_since") or ""),
    )


def derived_config(
    config: Mapping[str, Any], nav: list[Any], *, custom_dir: str | None, site: Site | None = None
) -> dict[str, Any]:
    """The project's settings for Zensical: the plugin's nav, chrome, stylesheets and scripts in, the plugin
    out, folders in the project."""
    out = {key: value for key, value in config.items() if key not in DROPPED}
    out["docs_dir"] = "docs"
    out["site_dir"] = "site"
    if out.get("nav") is None:
        out["nav"] = nav
    if site is not None:  # what the plugin sets: the guide's own name, description and footer
        out["site_name"] = site.name
        if site.description:
            out["site_description"] = site.description
        if site.footer:
            out["copyright"] = site.footer
    css = [str(c) for c in out.get("extra_css") or []]
    out["extra_css"] = [*css, *(uri for uri in ENGINE_CSS if uri not in css)]
    js = list(out.get("extra_javascript") or [])
    out["extra_javascript"] = [*js, *(uri for uri in ENGINE_JS if uri not in {str(j) for j in js})]
    out["plugins"] = without_plugin(list(config.get("plugins") or []))
    theme = dict(out.get("theme") or {})
    theme.setdefault("variant", VARIANT)
    if custom_dir is None:
        theme.pop("custom_dir", None)
    else:
        theme["custom_dir"] = custom_dir
    out["theme"] = theme
    return out


#: The Markdown extensions MkDocs (and Zensical) load whatever ``mkdocs.yml`` says.
BUILTIN_EXTENSIONS = ("toc", "tables", "fenced_code")


def markdown_setup(config: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The Markdown extensions and their settings of ``mkdocs.yml`` (its ``markdown_extensions``), as MkDocs
    reads them."""
    extensions, configs = list(BUILTIN_EXTENSIONS), {}
    for entry in config.get("markdown_extensions") or []:
        items = entry.items() if isinstance(entry, dict) else [(entry, None)]
        for name, settings in items:
            if str(name) not in extensions:
                extensions.append(str(name))
            if isinstance(settings, dict):
                configs[str(name)] = settings
    return extensions, configs


def check_site_url(config_file: Path) -> None:
    """Before anything is written: the page policy names script files under ``site_url``, so it must be one."""
    try:
        script_files.site_base(str(read_config(config_file).get("site_url") or ""))
    except script_files.SiteUrlRefused as refused:
        raise ZensicalFailed(f"{where(config_file, 'site_url')}: {refused}") from None


def shown(data_dir: Path, root: Path) -> str:
    """``data/`` when the data folder is under the project, else its full path, with a slash (for messages)."""
    try:
        return data_dir.resolve().relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return data_dir.as_posix().rstrip(os.sep) + "/"


def data_prefix(config_file: Path) -> str:
    """How messages name the data folder of ``config_file``'s guide (``data/``)."""
    root = config_file.resolve().parent
    try:
        return shown(root / str(plugin_options(read_config(config_file)).get("data_dir", "data")), root)
    except ZensicalFailed:
        return ""
