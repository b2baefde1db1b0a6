"""What a hand-written page brings to the theme besides its content: one gate, the same on every engine.

The allow-list of :mod:`~generator.adapters.sanitize` cleans a page's content, but the theme prints more of
what a page brings, unescaped (Material's templates do not autoescape): each heading's id and label in the
table of contents and the navigation, the page's file name as its nav title, ``title`` text that
``content.tooltips`` turns into HTML. And an element id can shadow a name the theme's or the engine's
scripts read from the DOM (``document.querySelector("#__config")`` gives Material's search worker its
address; ``window.Plotly`` is a global any element named so replaces). So, besides cleaning:

* every id of the page (``attr_list``, the table of contents' slugs, footnotes; read by the same parser
  as the allow-list, :mod:`nh3`) is a plain name (:data:`SAFE_ID`) and not one the theme or the engine
  reads (:func:`reserved`);
* each table-of-contents entry's id and label: the label as the theme prints it holds no ``<``, ``>`` or
  ``"`` (MkDocs prints the heading's escaped text, Zensical a ``data-toc-label`` as its text, unescaped);
* every ``title`` attribute is text with no ``<`` (``content.tooltips`` writes it as HTML);
* a file name (:func:`name_problem`) holds only letters, digits, ``.``, ``_``, ``-`` and ``/``.

Each refusal names the file and line.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

import nh3

from generator.adapters import sanitize
from generator.errors import Problem

#: An id a page may give an element: a letter or digit (any script), then letters, digits, ``_``, ``-``,
#: ``.`` or ``:`` (footnotes write ``fn:1``).
SAFE_ID = re.compile(r"[^\W_][\w.:-]*")
#: Ids the theme's and the engine's scripts look up, and names they read from ``window`` that the browser
#: does not define (an element of that id becomes the global; a name the browser defines is not
#: shadowed): Material and Zensical name their own elements ``__…`` (``__config``), the engine ``dg-…``.
RESERVED_PREFIXES = ("__", "dg-")
RESERVED = frozenset(
    {
        "matrix-tools", "matrix-tools-box", "matrix-status", "matrix-judge-status", "compare",
        "Plotly", "dgRules", "applyFocusVisiblePolyfill",
    }
)  # fmt: skip
#: What a file's name (its path in the pages folder) may hold: it becomes a nav title and an address.
SAFE_NAME = re.compile(r"[A-Za-z0-9._/-]+")
#: Text the theme prints as HTML may not hold these.
_MARKUP = re.compile(r'[<>"]')


def reserved(name: str) -> bool:
    """Whether an element with id ``name`` would shadow what the theme's or the engine's scripts read."""
    return name.startswith(RESERVED_PREFIXES) or name in RESERVED


def id_problem(value: str) -> str | None:
    """Why ``value`` may not be an element id of a hand-written page, or None."""
    if reserved(value):
        return f"the id {value[:60]!r} would shadow a name the theme's or the engine's scripts read from the page"
    if SAFE_ID.fullmatch(value) is None:
        return f"the id {value[:60]!r} is not a plain name (letters, digits, then also _ - . :)"
    return None


def name_problem(path: str) -> str | None:
    """Why a hand-written file may not be published under the name ``path``, or None."""
    if SAFE_NAME.fullmatch(path) is None or any(part.startswith(".") for part in path.split("/")):
        odd = sorted({c for c in path if SAFE_NAME.fullmatch(c) is None}) or ["."]
        shown = "".join(odd)[:10]
        return (
            f"the file name holds {shown!r} (or a part starting with '.'): the theme prints a page's name as "
            "its nav title and address; name files with letters, digits, '.', '_', '-' only"
        )
    return None


def _attributes(page_html: str) -> list[tuple[str, str, str]]:
    """Every (element, attribute, value) of ``id`` and ``title`` in ``page_html``, as the allow-list's parser
    reads them (the values unescaped)."""
    found: list[tuple[str, str, str]] = []

    def seen(element: str, attribute: str, value: str) -> str:
        if attribute in ("id", "title"):
            found.append((element, attribute, value))
        return value

    nh3.clean(page_html, tags=set(sanitize.TAGS), attributes={"*": {"id", "title"}}, attribute_filter=seen)
    return found


def toc_tokens(toc: Iterable[Any]) -> list[dict[str, Any]]:
    """MkDocs' table of contents (``AnchorLink``s) as Python-Markdown's ``toc_tokens`` (``id``, ``name``,
    ``children``), for :func:`problems`."""
    return [{"id": a.id, "name": a.title, "children": toc_tokens(a.children)} for a in toc]


def _tokens(entries: Iterable[Mapping[str, Any]]) -> Iterable[Mapping[str, Any]]:
    for entry in entries:
        yield entry
        yield from _tokens(entry.get("children") or [])


class _Lines:
    """The line of a page's source where a piece of text first appears (after the front matter)."""

    def __init__(self, source: str, body_start: int) -> None:
        self.lines = source.splitlines()
        self.start = body_start

    def of(self, *needles: str) -> int:
        for needle in needles:
            if not needle:
                continue
            for n in range(self.start, len(self.lines)):
                if needle in self.lines[n]:
                    return n + 1
        return self.start + 1 if self.start < len(self.lines) else 1


def problems(
    page_html: str, source: str, shown: str, body_start: int = 0, toc: Iterable[Mapping[str, Any]] = ()
) -> list[Problem]:
    """What ``page_html`` (a hand-written page's content) and its table of contents ``toc`` (Python-Markdown's
    ``toc_tokens``: ``id``, ``name``, ``children``) bring that the theme would print unescaped or that would
    shadow a name its scripts read, each located in ``source``."""
    lines = _Lines(source, body_start)
    found: dict[tuple[int, str], Problem] = {}

    def add(line: int, message: str) -> None:
        found.setdefault((line, message), Problem(shown, line, "", message))

    for _, attribute, value in _attributes(page_html):
        if attribute == "id":
            why = id_problem(value)
            if why:
                add(lines.of(value, html.escape(value, quote=False)), why)
        elif "<" in value:
            why = f"a title {value[:60]!r} holds <: with content.tooltips the theme shows it as HTML"
            add(lines.of(value), why)
    for entry in _tokens(toc):
        ident = str(entry.get("id", ""))
        why = id_problem(ident)
        if why:
            add(lines.of(ident, html.unescape(str(entry.get("name", "")))), f"in the table of contents, {why}")
        # The label as the theme prints it: MkDocs the heading's escaped text; Zensical a data-toc-label
        # as its text, unescaped.
        for text in (str(entry.get("name", "")), html.unescape(str(entry.get("data-toc-label", "")))):
            if not _MARKUP.search(text):
                continue
            add(
                lines.of(text, html.escape(text, quote=False), ident),
                f'the table-of-contents label {text[:60]!r} holds <, > or ": the theme prints it as HTML; '
                "write the heading (or its data-toc-label) without them",
            )
    return sorted(found.values())


_ID = re.compile(r'\sid="([^"]*)"')
#: An id the theme may write itself (``__drawer``, ``__nav_1_2``): no markup, quote or space.
_PUBLISHED_ID = re.compile(r"[^\s\"'<>&]+")


def published_problems(page: str, source: str, shown: str) -> list[Problem]:
    """What the whole page an engine finally published of a hand-written page holds that the gate refuses:
    an element id given twice (a page's element shadowing one of the theme's, whichever way it got there)
    or one that is not a plain name. A second look, after the engine's own finishing steps, at what
    :func:`problems` checked before the build."""
    seen: dict[str, int] = {}
    for match in _ID.finditer(page):
        seen[match.group(1)] = seen.get(match.group(1), 0) + 1
    lines = _Lines(source, 0)
    found = []
    for ident, count in sorted(seen.items()):
        value = html.unescape(ident)
        if count > 1:
            why = f"the published page has the id {value[:60]!r} {count} times: one shadows the other"
            found.append(Problem(shown, lines.of(value), "", why))
        elif _PUBLISHED_ID.fullmatch(value) is None:
            found.append(Problem(shown, lines.of(value), "", f"the published page has the id {value[:60]!r}"))
    return found
