"""Every page's Content-Security-Policy: the theme's and the engine's script files by address, and the theme's
inline scripts by hash.

The theme override (``material/main.html``) emits :data:`PLACEHOLDER` in ``<head>``; once a page is
rendered, :meth:`ThemeScripts.policy` replaces it with :data:`POLICY` and the sha256 of each inline
script the *theme's templates* hold, rendered for that page. Which scripts are trusted is read from the
template files (the engine's overrides, the guide's ``custom_dir``, the theme), never from the page: a
script that reaches a page any other way (a title written with entities that the theme's ``striptags``
turns back into markup, raw HTML in a page) has no hash and does not run. Filling the policy parses no
page, so a build or a ``mkdocs serve`` reload pays a string replacement per page.

The theme's scripts differ between pages only by ``base_url`` (Material's ``__md_scope``; its "outdated
version" banner), so each is rendered once per distinct ``base_url`` with the site's configuration.
Script files are trusted by name, never by origin (``'self'``): without ``X-Content-Type-Options: nosniff``
a browser runs a download, a stylesheet or a font of the same origin as a script or a worker, so
``script-src`` and ``worker-src`` list the address of each file the theme's templates load (a quoted
``….js`` path piped through ``url``: Material's and Zensical's bundle and search worker), each of the
engine's scripts and each script file the configuration lists, under the site's address (``site_url``,
sub-path included; see :mod:`~generator.adapters.script_files`).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import jinja2

from generator.adapters.script_files import TrustedFiles

#: The policy of every page; ``{hashes}`` gets the hashes of the theme's inline scripts.
#: Styles may be inline (Material and plotly.js set style attributes); images and fonts may be
#: ``data:`` URLs (Material's icons in CSS); nothing is loaded from another origin.
#: ``{scripts}`` and ``{workers}`` get the addresses of the script files and workers (``'none'`` without any).
POLICY = (
    "default-src 'self'; script-src{scripts}{hashes}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src{workers}; "
    "object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'self'"
)
#: What the theme override emits; :meth:`ThemeScripts.policy` replaces it with :data:`POLICY` and the hashes.
PLACEHOLDER = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self'\">"

#: An inline script as the theme's templates write one: a bare ``<script>`` (a ``src``, an ``id`` or a
#: ``type`` make it another thing: a file, data). Templates are trusted files, not pages.
_INLINE = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_TEMPLATE_SYNTAX = ("{{", "{%", "{#")


def script_hash(text: str) -> str:
    """The CSP source expression that allows the inline script ``text``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


#: Each template's inline scripts by its path, size and modification time: a rebuild under ``mkdocs serve``
#: reads again only a template that changed.
_READ: dict[tuple[Path, int, int], tuple[str, ...]] = {}


def _scripts_of(path: Path) -> tuple[str, ...]:
    try:
        status = path.stat()
        key = (path, status.st_size, status.st_mtime_ns)
        if key not in _READ:
            if len(_READ) > 4096:  # a long serve session that edits templates: keep the memory bounded
                _READ.clear()
            _READ[key] = tuple(m.group(1) for m in _INLINE.finditer(path.read_text(encoding="utf-8")))
        return _READ[key]
    except (OSError, UnicodeDecodeError):
        return ()


def template_scripts(folders: Iterable[Path | str]) -> tuple[str, ...]:
    """The inline scripts of every template under ``folders`` (their Jinja left in), in a stable order."""
    found: dict[str, None] = {}
    for folder in folders:
        for path in _templates_under(Path(folder)):
            found.update(dict.fromkeys(_scripts_of(path)))
    return tuple(found)


def _templates_under(root: Path) -> list[Path]:
    """The ``.html`` files under ``root`` in a stable order, hidden folders left out: Material keeps its
    thousands of icons in ``.icons``, and walking them took longer than reading every template. A script in
    a template under a hidden folder is not trusted, so the policy blocks it (it fails closed)."""
    found = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(name for name in dirs if not name.startswith("."))
        found += [Path(folder, name) for name in sorted(names) if name.endswith(".html")]
    return found


def meta(hashes: Iterable[str], files: TrustedFiles | None = None) -> str:
    """The policy's ``<meta>`` element with ``hashes`` (source expressions, in this order) in ``script-src``
    after the addresses of the script ``files`` (and their workers in ``worker-src``)."""
    files = files or TrustedFiles((), ())
    listed = "".join(f" {h}" for h in hashes)
    scripts = "".join(f" {a}" for a in files.scripts) or ("" if listed else " 'none'")
    workers = "".join(f" {a}" for a in files.workers) or " 'none'"
    content = POLICY.format(scripts=scripts, hashes=listed, workers=workers)
    return f'<meta http-equiv="Content-Security-Policy" content="{content}">'


def scripts_in(texts: Iterable[str]) -> tuple[str, ...]:
    """The inline scripts of template ``texts`` (their Jinja left in), as :func:`template_scripts` reads files."""
    found: dict[str, None] = {}
    for text in texts:
        found.update(dict.fromkeys(m.group(1) for m in _INLINE.finditer(text)))
    return tuple(found)


#: The ``script-src`` sources of a page's policy element (filled, or the template's placeholder).
_SCRIPT_SRC = re.compile(r'(<meta http-equiv="Content-Security-Policy" content="[^"<>]*?script-src)([^;"<>]*)')


def also_allowing(html: str, scripts: Iterable[str]) -> str:
    """``html`` whose policy also allows the inline ``scripts`` (their hashes added to ``script-src``).

    For a development server only (``mkdocs serve``, ``zensical serve``), whose live-reload script the
    published policy refuses: a built page never goes through here. A page without a policy is unchanged.
    """
    added = "".join(f" {script_hash(s)}" for s in scripts)
    return _SCRIPT_SRC.sub(lambda m: m.group(1) + m.group(2) + added, html, count=1)


_FILLED = re.compile(
    r'<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; script-src [^"<>\']*\'sha256-[^"<>]*'
    r"; object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'self'\">"
)


def has_policy(html: str) -> bool:
    """Whether ``html`` carries :data:`POLICY`, filled in (not the template's placeholder)."""
    return PLACEHOLDER not in html and _FILLED.search(html) is not None


class ThemeScripts:
    """The policy of each page, from the theme's inline scripts rendered with the site's configuration."""

    def __init__(
        self,
        scripts: Iterable[str],
        env: jinja2.Environment | None,
        context: Mapping[str, Any],
        files: TrustedFiles | None = None,
    ) -> None:
        self.files = files or TrustedFiles((), ())
        # Script text, not HTML; a setting the configuration lacks reads as undefined, as in the theme.
        self.env = env or jinja2.Environment(autoescape=False, undefined=jinja2.ChainableUndefined)  # noqa: S701
        self.context = dict(context)
        self.fixed: set[str] = set()
        self.templated: list[jinja2.Template] = []
        for script in scripts:
            if any(mark in script for mark in _TEMPLATE_SYNTAX):
                try:
                    self.templated.append(self.env.from_string(script))
                except jinja2.TemplateError:
                    continue  # a script this configuration cannot render is not on any page
            else:
                self.fixed.add(script_hash(script))
        self._policies: dict[str, str] = {}

    @classmethod
    def of_theme(
        cls,
        folders: Iterable[Path | str],
        env: jinja2.Environment | None,
        context: Mapping[str, Any],
        files: TrustedFiles | None = None,
    ) -> ThemeScripts:
        return cls(template_scripts(folders), env, context, files)

    def hashes(self, base_url: str) -> list[str]:
        """The hashes of the theme's inline scripts on a page whose ``base_url`` is ``base_url``."""
        found = set(self.fixed)
        for template in self.templated:
            try:
                found.add(script_hash(template.render({**self.context, "base_url": base_url})))
            except Exception:  # noqa: BLE001, S112 - a partial that needs a page's context is not trusted
                continue
        return sorted(found)

    def policy(self, base_url: str) -> str:
        """The ``<meta>`` element that replaces :data:`PLACEHOLDER` on such a page."""
        if base_url not in self._policies:
            self._policies[base_url] = meta(self.hashes(base_url), self.files)
        return self._policies[base_url]

    def fill(self, html: str, base_url: str) -> str:
        """``html`` with its policy placeholder filled (unchanged when the page has none)."""
        if PLACEHOLDER not in html:
            return html
        return html.replace(PLACEHOLDER, self.policy(base_url), 1)
