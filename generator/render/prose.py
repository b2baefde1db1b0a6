"""Prose fields to safe HTML: a small Markdown subset plus ``[[reference]]`` numbers.

Data never reaches a page as raw HTML. Text is escaped first; then only code
spans, bold, italics, links with a safe target, paragraphs and ``- `` lists are
turned into markup. ``[[claim-id]]`` becomes a computed number linked to its
table, ``[[option:id]]`` a link to that option's page.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.escaping import markdown_refs
from generator.model import REFERENCE

Resolver = Callable[[str], Markup]

_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\[\]]+)\]\(([^()\s]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
#: Italics: ``*text*``, where the opening ``*`` follows no word character or ``*`` and precedes no space,
#: and the closing one follows no space and precedes no word character or ``*``, on the same line. As a
#: pattern (``(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])``) every opening ``*`` without a closing one
#: scans to the end of the line: quadratic. :func:`_italics` pairs them in one pass instead.
_WORD_OR_STAR = re.compile(r"[\w*]")
_SPACE = re.compile(r"\s")
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
_HOLE = re.compile(r"\x00(\d+)\x00")


def safe_url(url: str) -> bool:
    """http(s), mailto and relative links only; never ``javascript:`` or ``data:``."""
    if _SCHEME.match(url):
        return url.lower().startswith(("http://", "https://", "mailto:"))
    return not url.startswith("//")


def inline(text: str, resolve: Resolver) -> Markup:
    """Render one line of prose to HTML."""
    parts = _compile(text)
    if len(parts) == 1 and isinstance(parts[0], str):
        return Markup(parts[0])
    return Markup("".join(p if isinstance(p, str) else str(resolve(p.name)) for p in parts))


@dataclass(frozen=True)
class _Reference:
    name: str


@functools.lru_cache(maxsize=1 << 16)
def _compile(text: str) -> tuple[str | _Reference, ...]:
    """The HTML of ``text`` with each ``[[reference]]`` left as a hole, since its link depends on the page.

    Everything else about a text is the same on every page, so a text shown on
    several pages (a table's summary and notes) is parsed once.
    """
    stash: list[str | _Reference] = []

    def keep(item: str | _Reference) -> str:
        stash.append(item)
        return f"\x00{len(stash) - 1}\x00"

    out = str(escape(text.replace("\x00", "")))
    # Each pattern runs only where its opening characters occur: most texts hold few of them.
    if "`" in out:
        out = _CODE.sub(lambda m: keep(f"<code>{_md(m.group(1))}</code>"), out)
    if "[[" in out:
        out = REFERENCE.sub(lambda m: keep(_Reference(_unescape(m.group(1)).strip())), out)

    def link(m: re.Match[str]) -> str:
        label, url = m.group(1), _unescape(m.group(2))
        if not safe_url(url):
            return label
        return keep(f'<a href="{_md(str(escape(url)))}">{_md(label)}</a>')

    if "](" in out:
        out = _LINK.sub(link, out)
    if "*" in out:
        out = _BOLD.sub(r"<strong>\1</strong>", out)
        out = _italics(out)
    out = _md(out)  # what is left of Markdown's syntax is text: shown, never interpreted again
    if not stash:  # no holes: the text is its HTML
        return (out,)
    parts: list[str | _Reference] = []
    for i, piece in enumerate(_HOLE.split(out)):
        item = stash[int(piece)] if i % 2 else piece
        if isinstance(item, str) and parts and isinstance(parts[-1], str):
            parts[-1] += item
        elif item != "":
            parts.append(item)
    return tuple(parts) or ("",)


def _italics(text: str) -> str:
    """``*text*`` as ``<em>text</em>``, paired as the pattern above pairs them, in time linear in ``text``
    (each ``*`` is looked at a fixed number of times; finding the closing one is a binary search)."""
    stars = [i for i, c in enumerate(text) if c == "*"]
    if len(stars) < 2:
        return text
    n = len(text)

    def opens(i: int) -> bool:
        return (i == 0 or not _WORD_OR_STAR.match(text[i - 1])) and i + 1 < n and not _SPACE.match(text[i + 1])

    def closes(j: int) -> bool:
        return not _SPACE.match(text[j - 1]) and (j + 1 == n or not _WORD_OR_STAR.match(text[j + 1]))

    closers = [j for j in stars if j > 0 and closes(j)]
    newlines = [i for i, c in enumerate(text) if c == "\n"]
    out: list[str] = []
    done = 0  # text before this has been copied to ``out``
    for i in stars:
        if i < done or not opens(i):
            continue
        k = bisect.bisect_left(closers, i + 2)  # at least one character between the two
        if k == len(closers):
            continue
        j = closers[k]
        line_end = newlines[b] if (b := bisect.bisect_left(newlines, i)) < len(newlines) else n
        if j > line_end:
            continue
        out += [text[done:i], "<em>", text[i + 1 : j], "</em>"]
        done = j + 1
    return "".join(out) + text[done:]


def _md(html: str) -> str:
    return markdown_refs(html)


def _unescape(text: str) -> str:
    return (
        text.replace("&amp;", "&").replace("&#39;", "'").replace("&#34;", '"').replace("&lt;", "<").replace("&gt;", ">")
    )


def blocks(text: str, resolve: Resolver) -> Markup:
    """Render prose with paragraphs (blank lines) and ``- `` bullet lists."""
    parts: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if lines and all(ln.startswith("- ") for ln in lines):
            items = "".join(f"<li>{inline(ln[2:], resolve)}</li>" for ln in lines)
            parts.append(f"<ul>{items}</ul>")
        elif lines:
            parts.append(f"<p>{inline(' '.join(lines), resolve)}</p>")
    return Markup("\n".join(parts))
