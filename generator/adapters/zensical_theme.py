"""The installed Zensical's theme as the engine reads it: its templates, the ``base_url`` it renders a built
file with, and the script files a page's Content-Security-Policy names.

Imports no other Zensical module: the finishing of built pages (:mod:`.zensical_finish`) and the live
reload of ``zensical serve`` (:mod:`.live_reload`) both read it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from generator.adapters import script_files


def trusted_files(config: Mapping[str, Any], folders: list[Path]) -> script_files.TrustedFiles:
    """The script files the policy names, under the configuration's ``site_url`` (checked before the build)."""
    extra = [str(s.get("path", "") if isinstance(s, dict) else s) for s in config.get("extra_javascript") or []]
    return script_files.trusted_files(str(config.get("site_url") or ""), folders, extra)


def zensical_templates() -> Path:
    """The installed Zensical's theme templates."""
    import zensical

    return Path(zensical.__file__).parent / "templates"


def base_url(rel: str, site_url: str) -> str:
    """The ``base_url`` the theme renders a built file with (as MkDocs: error pages get the site's path)."""
    if rel == "404.html":
        return urlsplit(site_url or "/").path or "/"
    return posixpath.relpath(".", posixpath.dirname(rel) or ".")
