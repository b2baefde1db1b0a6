"""The script files a page may load, by address: the theme's, the engine's and those the configuration lists.

A Content-Security-Policy of ``script-src 'self'`` trusts every file on the site: without
``X-Content-Type-Options: nosniff`` (which a static host such as GitHub Pages does not let a site send)
Chromium runs a ``.txt``, ``.css``, ``.json``, ``.yml``, a font or an archive of the same origin as a classic
script or a worker. So the policy names each script file instead (:func:`trusted_files`), under the site's
address from ``site_url`` (its origin and sub-path, as a CSP host-source with a path, which matches that
one file): a download, a stylesheet or a font is never one of them, whatever it holds.

Which files, read from trusted sources only, never from a page:

* the theme's: each ``'….js' | url`` its templates write (Material's and Zensical's bundle, their search
  worker); a file under a ``workers/`` folder is a worker, the others are scripts;
* the engine's: :data:`~generator.build.ENGINE_JS`, the scripts it loads on demand and plotly.js;
* the configuration's ``extra_javascript`` paths on the site (an address elsewhere is not trusted).

A CSP path is matched before any redirect only; a static host answers a script's address with the file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.build import ENGINE_JS, ENGINE_ON_DEMAND, PLOTLY_DEST

#: The engine's script files, as paths on the site.
ENGINE_FILES: tuple[str, ...] = (*ENGINE_JS, *ENGINE_ON_DEMAND, PLOTLY_DEST)

#: How a theme template names a script file it loads: a quoted path piped through ``url``.
_TEMPLATE_FILE = re.compile(r"""["']([A-Za-z0-9_./-]+\.js)["']\s*\|\s*url\b""")
#: A site address a policy can name files under: http(s), a host name or IPv4 address, a port, a plain path.
_SITE_URL = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~/-]*)?")
#: A path on the site a policy can name (no query, fragment, quote, space or parent folder).
_SITE_PATH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._~/-]*\.m?js")


@dataclass(frozen=True)
class TrustedFiles:
    """The full addresses a page may load scripts and workers from."""

    scripts: tuple[str, ...]
    workers: tuple[str, ...]


class SiteUrlRefused(ValueError):
    """``site_url`` cannot name the site's script files in a policy (missing, or not a plain address)."""


def site_base(site_url: str | None) -> str:
    """``site_url`` ending in ``/``, or :class:`SiteUrlRefused` saying why the policy cannot use it."""
    if not site_url:
        raise SiteUrlRefused(
            "site_url: required: the page's Content-Security-Policy names the theme's and the engine's "
            "script files by their address (set it to the address the site is served at)"
        )
    if _SITE_URL.fullmatch(site_url) is None or ".." in site_url.split("/"):
        raise SiteUrlRefused(
            f"site_url: {site_url!r} is not a plain http(s) address (a host name or IPv4 address, a port, "
            "and a path of letters, digits and ._~/-), which the page's policy can name script files under"
        )
    return site_url if site_url.endswith("/") else site_url + "/"


def _files_of(path: Path) -> tuple[str, ...]:
    try:
        return tuple(m.group(1) for m in _TEMPLATE_FILE.finditer(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return ()


def theme_files(folders: Iterable[Path | str]) -> tuple[str, ...]:
    """The script files the theme's templates under ``folders`` load, as paths on the site, in a stable order.
    Hidden folders are left out, as for the inline scripts (:func:`generator.adapters.csp.template_scripts`)."""
    found: dict[str, None] = {}
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(name for name in dirs if not name.startswith("."))
            for name in sorted(names):
                if name.endswith(".html"):
                    found.update(dict.fromkeys(_files_of(Path(root, name))))
    return tuple(found)


def trusted_files(
    site_url: str | None, folders: Iterable[Path | str], extra_javascript: Iterable[str] = ()
) -> TrustedFiles:
    """The addresses of the theme's, the engine's and the configuration's script files under ``site_url``.

    Raises :class:`SiteUrlRefused` when ``site_url`` is missing or cannot be written in a policy.
    """
    base = site_base(site_url)
    paths: dict[str, None] = dict.fromkeys(theme_files(folders))
    paths.update(dict.fromkeys(ENGINE_FILES))
    paths.update(dict.fromkeys(p for p in map(str, extra_javascript) if _SITE_PATH.fullmatch(p) and ".." not in p))
    workers = tuple(base + p for p in paths if "workers/" in p)
    scripts = tuple(base + p for p in paths if "workers/" not in p)
    return TrustedFiles(scripts, workers)
