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
_MARKDOWN_REPLACE = [(chr(code), ref) for code, ref in MARKDOWN_SPECIAL.items()]


def markdown_refs(html: str) -> str:
    """``html.translate(MARKDOWN_SPECIAL)``, faster: ``translate`` is slow on text beyond ASCII (a dash,
    a ``×``), ``replace`` is not, and no reference holds a character a later step replaces.

    >>> markdown_refs("a_b [c] – d")
    'a&#95;b &#91;c&#93; – d'
    """
    for char, ref in _MARKDOWN_REPLACE:
        if char in html:
            html = html.replace(char, ref)
    return html


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
    return Markup(markdown_refs(str(escape(text))))


def text(value: object) -> str:
    """:func:`inert` as a plain ``str``: what a template prints for ``{{ value }}``.

    For the Python functions that write the hottest parts of a page (``generator/render/*_html.py``);
    the same characters as ``str(inert(value))``, without building :class:`Markup` objects for the
    common case of a string with nothing to escape.

    >>> text("a_b <c>"), text(Markup("<b>made by us</b>")), text(1.5)
    ('a&#95;b &lt;c&gt;', '<b>made by us</b>', '1.5')
    """
    if type(value) is str:
        if not _SPECIAL.search(value):
            return value
        return markdown_refs(str(escape(value)))
    return str(inert(value))


def title(value: str) -> str:
    """A page or navigation title for MkDocs, whose themes print titles as HTML without escaping."""
    return str(inert(value))


#: Text as Markdown that shows it as it is on a generated page *and* in a GitHub comment. Beyond
#: :func:`inert`: table pipes, ``~~strike~~``, headings and backslash escapes as character
#: references, and a word joiner (U+2060, invisible) between ``@`` or ``:`` and the character
#: after it, so GitHub links no ``@mention``, no ``:emoji:`` and no bare ``scheme://`` or ``www.``
#: address (it finds those in the decoded text, after character references are resolved).
_PLAIN = {ord(c): f"&#{ord(c)};" for c in "\"'[]{}*_`|~#\\!"} | {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_JOIN = re.compile(r"(?i)(?<=[@:])(?=\S)|(?<=\bwww)(?=\.)")


def plain(value: object) -> str:
    """``value`` on one line, as Markdown that no page, table cell or GitHub comment interprets.

    >>> plain("@team: see https://x.example ~~no~~ { onclick=y }")
    '@&#8288;team: see https:&#8288;//x.example &#126;&#126;no&#126;&#126; &#123; onclick=y &#125;'
    """
    return _JOIN.sub("&#8288;", " ".join(str(value).split()).translate(_PLAIN))


_LINK = re.compile(r"\[([^\[\]]+)\]\([^()\s]+\)")


def unmarked(text: str) -> str:
    """Prose without its Markdown, for a place that shows it as plain text (a matrix cell's detail, a quoted
    sentence): a link's label, no code ticks or emphasis stars. ``Set `X`.`` -> ``Set X.``"""
    return _LINK.sub(r"\1", text).replace("`", "").replace("*", "")
