"""Every page carries a Content-Security-Policy: :func:`with_csp` fills it in.

(What hand-written pages may publish is decided elsewhere: :mod:`generator.adapters.handwritten`.)

:func:`with_csp` fills in the policy of the ``<meta http-equiv="Content-Security-Policy">`` the theme
override emits (``material/main.html``), once the page is rendered: script only from the site
itself, plus the inline scripts of the theme (palette, scope, the no-js switch), allowed by their
sha256 hashes. Scripts in the page's own content get no hash.
"""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

#: The policy of every page; ``{hashes}`` gets the hashes of the theme's inline scripts.
#: Styles may be inline (Material and plotly.js set style attributes); images and fonts may be
#: ``data:`` URLs (Material's icons in CSS); nothing is loaded from another origin.
POLICY = (
    "default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
    "object-src 'none'; frame-src 'none'; base-uri 'self'; form-action 'self'"
)
#: What the theme override emits; :func:`with_csp` replaces it with :data:`POLICY` and the hashes.
PLACEHOLDER = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self'\">"

_JS_TYPES = {
    "", "module", "text/javascript", "application/javascript", "application/ecmascript", "text/ecmascript",
    "text/jscript", "text/livescript", "application/x-javascript", "text/x-javascript",
}  # fmt: skip


class _InlineScripts(HTMLParser):
    """The text of every inline script ``<script>`` a browser would run, as it stands in the file."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.scripts: list[str] = []
        self._open: int | None = None
        self._line_starts = [0]
        for match in re.finditer("\n", html):
            self._line_starts.append(match.end())

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "script":
            return
        named = dict(attrs)
        kind = (named.get("type") or "").strip().lower()
        if "src" in named or kind not in _JS_TYPES:
            return
        start = self._offset()
        self._open = self.html.index(">", start) + 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.scripts.append(self.html[self._open : self._offset()])
            self._open = None


def inline_scripts(html: str) -> list[str]:
    parser = _InlineScripts(html)
    parser.feed(html)
    parser.close()
    return parser.scripts


def script_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def with_csp(html: str, content: str = "", allow_content: bool = False, known: tuple[str, ...] = ()) -> str:
    """``html`` with the theme's CSP placeholder filled in: the hashes of its inline scripts, those in
    ``content`` (the page's own HTML, or the theme's region that holds it) left out unless
    ``allow_content``, except the ``known`` scripts of the theme that region holds."""
    if PLACEHOLDER not in html:
        return html
    scripts = inline_scripts(html)
    if content and not allow_content:
        inside = inline_scripts(content)
        outside = inline_scripts(html.replace(content, "", 1))
        scripts = outside + [text for text in inside if text in known]
    hashes = sorted({script_hash(text) for text in scripts})
    policy = POLICY.format(hashes="".join(f" {h}" for h in hashes))
    return html.replace(PLACEHOLDER, f'<meta http-equiv="Content-Security-Policy" content="{policy}">', 1)


class _Region(HTMLParser):
    """Where the theme's content area (``<article class="md-content__inner ...">``) starts and ends."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self._line_starts = [0, *(m.end() for m in re.finditer("\n", html))]
        self.start: int | None = None
        self.end: int | None = None
        self._depth = 0

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "article" or self.end is not None:
            return
        if self.start is None:
            if "md-content__inner" in (dict(attrs).get("class") or "").split():
                self.start = self.html.index(">", self._offset()) + 1
                self._depth = 1
        else:
            self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self.start is not None and self.end is None:
            self._depth -= 1
            if self._depth == 0:
                self.end = self._offset()


def content_region(html: str) -> str:
    """The HTML inside the theme's content area of a rendered page (``""`` if it has none)."""
    region = _Region(html)
    region.feed(html)
    region.close()
    if region.start is None or region.end is None:
        return ""
    return html[region.start : region.end]
