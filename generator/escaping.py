"""Text from data, made inert wherever it lands: HTML, HTML attributes, Markdown, page titles.

Generated pages are Markdown with HTML blocks, so a string from data goes through two
interpreters. Jinja's autoescape covers HTML (``<``, ``&``, quotes, so attributes too),
but Markdown would still turn ``[x](javascript:...)`` into a link and ``{ onclick=... }``
into an attribute (``attr_list``) in a heading. Every value a template prints is therefore
HTML-escaped and has the characters that start Markdown inline syntax written as numeric
character references, which a browser shows as the same characters and Markdown ignores.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

#: Characters that open Markdown inline syntax: links and images ``[ ]``, attribute lists
#: ``{ }``, emphasis ``* _`` and code spans. ``<`` and ``&`` are already HTML-escaped.
MARKDOWN_SPECIAL = {ord(c): f"&#{ord(c)};" for c in "[]{}*_`"}
#: Any character that HTML escaping or :data:`MARKDOWN_SPECIAL` would change.
_SPECIAL = re.compile(r"[&<>\"'\[\]{}*_`]")


def inert(value: object) -> Markup:
    """``value`` as text that neither HTML nor Markdown interprets; markup made by us passes through.

    >>> str(inert("[x](javascript:alert(1)) <b>"))
    '&#91;x&#93;(javascript:alert(1)) &lt;b&gt;'
    """
    if type(value) is Markup:  # the common case, markup made by us: already what Markup(value) would give
        return value
    if hasattr(value, "__html__"):
        return Markup(value)
    text = str(value)
    if not _SPECIAL.search(text):  # most labels and numbers: nothing to escape
        return Markup(text)
    return Markup(str(escape(text)).translate(MARKDOWN_SPECIAL))


def title(value: str) -> str:
    """A page or navigation title for MkDocs, whose themes print titles as HTML without escaping."""
    return str(inert(value))
