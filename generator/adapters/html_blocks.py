"""Let MkDocs skip the HTML blocks the generator already wrote.

Most of a generated page is HTML (tables, badges, prose already turned into
paragraphs). Python-Markdown passes such a block through unchanged, but only
after reading it tag by tag, which costs more than everything else the build
does for the page. So, in the MkDocs plugin only, each top-level HTML block of
a generated page is set aside and replaced by a placeholder comment before
Markdown runs, and put back into the HTML after it: the same page, built in a
fraction of the time. Headings, lists and paragraphs written in Markdown are
left to Markdown (the table of contents needs the headings).

A chunk between blank lines is set aside only when Markdown would pass it
through untouched: it holds nothing but block-level elements, each opening at
the start of a line, with every tag closed and no text between them. Text from
the data is always escaped, so neither a ``<`` nor a placeholder can come from
a record. The Markdown that ``python -m generator build`` writes keeps its HTML
inline; a test builds a guide both ways and compares every page.
"""

from __future__ import annotations

import re

_SEPARATOR = re.compile(r"(\n[ \t]*\n)")
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>")
_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_COMMENT = re.compile(r"<!--(?:(?!-->).)*-->", re.DOTALL)
#: Elements whose content is special (never set aside), and the ``markdown`` attribute of md_in_html.
_SPECIAL = re.compile(r"<(?:script|style|pre|textarea)\b|<[^<>]*\smarkdown\b", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"<!-- decision-guide block (\d+) -->")
#: Elements that may start a block that is set aside (never script, style or pre: their content is special).
BLOCK_TAGS = frozenset(
    [
        "div",
        "p",
        "table",
        "ul",
        "ol",
        "dl",
        "figure",
        "details",
        "section",
        "aside",
        "form",
        "nav",
        "header",
        "footer",
        "blockquote",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    ]
)
_VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
)


def is_plain_html(chunk: str) -> bool:
    """True if ``chunk`` is only whole block-level elements, each opening at the start of a line.

    >>> is_plain_html('<div class="a">\\n<p>x <em>y</em></p>\\n</div>\\n<ul><li>z</li></ul>')
    True
    >>> is_plain_html("<p>x</p>\\nthen *Markdown*")
    False
    """
    if _SPECIAL.search(chunk):
        return False  # special content, or Markdown inside (md_in_html): Markdown must see it
    return _whole(chunk, top_level=True)


def _whole(chunk: str, top_level: bool) -> bool:
    """Every element ``chunk`` opens is closed in it, in order (and, with ``top_level``, the chunk is nothing but
    block-level elements, each opening at the start of a line)."""
    if not top_level:
        chunk = _COMMENT.sub("", chunk)
        if "<!" in chunk or "<?" in chunk:
            return False  # a comment, declaration or processing instruction left open: it may run on
    open_tags: list[str] = []
    end = 0
    for m in _TAG.finditer(chunk):
        closing, name, rest = m.groups()
        name = name.lower()
        if not open_tags and top_level:
            start = m.start()
            if closing or name not in BLOCK_TAGS or (start and chunk[start - 1] != "\n") or chunk[end:start].strip():
                return False
        if name in _VOID or rest.endswith("/"):
            continue
        if not closing:
            open_tags.append(name)
        elif not open_tags or open_tags.pop() != name:
            return False
        end = m.end()
    if not top_level:
        return not open_tags
    return not open_tags and end > 0 and not chunk[end:].strip()


def set_aside(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` with each top-level HTML block replaced by a placeholder, and the blocks.

    Once a chunk that stays Markdown holds a ``<`` that is not a whole element closed in the chunk (an element
    left open, a stray ``</p>``, a ``<`` in a code span), nothing after it is set aside: it might open an
    element that Markdown carries across blank lines. A chunk that stays Markdown for its special content alone
    (a ``<pre>`` in an evidence block) opens nothing past its end, so later blocks are still set aside.

    >>> set_aside("# Title\\n\\n<p>Hi</p>\\n")
    ('# Title\\n\\n<!-- decision-guide block 0 -->\\n', ['<p>Hi</p>'])
    """
    front = _FRONT_MATTER.match(markdown)
    start = front.end() if front else 0
    blocks: list[str] = []
    parts = _SEPARATOR.split(markdown[start:])
    for i in range(0, len(parts), 2):
        chunk = parts[i]
        body = chunk.rstrip("\n")
        if body.startswith("<") and (_COMMENT.fullmatch(body) or is_plain_html(body)):
            parts[i] = f"<!-- decision-guide block {len(blocks)} -->" + chunk[len(body) :]
            blocks.append(body)
        elif "<" in body and not _whole(body, top_level=False):
            break
    return markdown[:start] + "".join(parts), blocks


def put_back(html: str, blocks: list[str]) -> str:
    """The HTML with every placeholder replaced by the block it stands for."""
    if not blocks:
        return html
    return _PLACEHOLDER.sub(lambda m: blocks[int(m.group(1))], html)
