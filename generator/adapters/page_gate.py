"""Hand-written pages may not publish script.

A page in ``site_src/`` comes from a pull request like the data does, and Markdown passes raw HTML
through: ``<script>``, ``<img onerror=...>``, ``{: onclick="..." }`` (attr_list) and
``[x](javascript:...)`` all reach the browser. :func:`check_page` reads the HTML Markdown made of a
hand-written page with a real HTML parser (entities decoded, tabs and newlines in URLs ignored,
as a browser does) and refuses script elements, the elements that run or frame other documents,
event-handler attributes (``on*=``) and ``javascript:``/``vbscript:``/``data:`` URLs; and front
matter that would put markup into the page's head (``<`` or ``"`` in a value). Each refusal names the
page, the source line and what was found. A guide that means to publish raw HTML says so in its
configuration (``allow_raw_html: true`` among the plugin's options).

Every page's Content-Security-Policy is :mod:`generator.adapters.csp`'s.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import markdown
import yaml

from generator.errors import Problem

#: The option of the decision-guide plugin (``mkdocs.yml``) that turns the gate off.
ALLOW_OPTION = "allow_raw_html"

#: Hand-written files published as they are (no Markdown), checked whole.
STATIC_PAGES = (".html", ".htm", ".xhtml", ".svg")

#: Elements that run script or load another document into the page.
_ELEMENTS = {
    "script": "a script element",
    "iframe": "an embedded frame",
    "frame": "a frame",
    "frameset": "a frameset",
    "object": "an embedded object",
    "embed": "an embedded object",
    "applet": "an applet",
    "base": "a base element (it redirects every link of the page)",
    "meta": "a meta element (it can refresh the page to another address)",
    "portal": "a portal",
}
#: Attributes that take a URL (and SVG animation attributes that can set one).
_URL_ATTRS = {
    "href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcset", "background",
    "cite", "longdesc", "usemap", "manifest", "ping", "lowsrc", "dynsrc", "codebase", "archive",
    "icon", "profile", "imagesrcset", "to", "from", "values", "by",
}  # fmt: skip
_SCHEME = re.compile(r"^(javascript|vbscript|data|livescript|mocha):", re.IGNORECASE)
_URL_NOISE = re.compile(r"[\x00-\x20\x7f]+")


@dataclass(frozen=True)
class Finding:
    """One thing in a page's HTML that would run script: what it is, and text to find it by in the source."""

    what: str
    needles: tuple[str, ...]


class _Scanner(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Finding] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _ELEMENTS:
            self.found.append(Finding(f"<{tag}>: {_ELEMENTS[tag]}", (f"<{tag}",)))
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(Finding(f"<{tag} {name}=...>: an event-handler attribute", (f"{name}=", name)))
            elif name == "srcdoc":
                self.found.append(Finding(f"<{tag} srcdoc=...>: a document inside an attribute", ("srcdoc",)))
            elif name in _URL_ATTRS and value:
                for part in value.split(",") if name in ("srcset", "imagesrcset") else [value]:
                    url = _URL_NOISE.sub("", part)
                    match = _SCHEME.match(url)
                    if match:
                        scheme = match.group(1).lower()
                        what = f'<{tag} {name}="{scheme}:...">: a {scheme}: URL'
                        self.found.append(Finding(what, (f"{scheme}:", scheme, f"{name}=")))
                        break

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def scan(html: str) -> list[Finding]:
    """Everything in ``html`` that would run script or load another document, in document order."""
    scanner = _Scanner()
    scanner.feed(html)
    scanner.close()
    return scanner.found


def _front_matter(source: str) -> tuple[int, int]:
    """The first and last line (1-based, inclusive) of a page's YAML front matter, or (0, 0)."""
    lines = source.splitlines()
    if not lines or lines[0].strip() != "---":
        return 0, 0
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() in ("---", "..."):
            return 1, number
    return 0, 0


def _strings(value: object, path: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, Mapping):
        return [item for key, sub in value.items() for item in _strings(sub, f"{path}.{key}" if path else str(key))]
    if isinstance(value, list | tuple):
        return [item for n, sub in enumerate(value) for item in _strings(sub, f"{path}[{n}]")]
    return []


def check_page(content_html: str, source: str, shown: str, meta: Mapping[str, object] | None = None) -> list[Problem]:
    """The refusals of one hand-written page: its rendered content ``content_html`` and its front matter
    ``meta``, located in its Markdown ``source``; ``shown`` is the page as an author names it."""
    lines = source.splitlines()
    lowered = [line.lower() for line in lines]
    first, last = _front_matter(source)
    body_start = last  # 0-based index of the first line after the front matter
    used: Counter[str] = Counter()
    problems = []
    hint = (
        f"hand-written pages may not run script (set {ALLOW_OPTION}: true in the decision-guide plugin's "
        "options to publish raw HTML)"
    )

    def line_of(needles: tuple[str, ...], start: int, stop: int) -> int:
        for needle in needles:
            hits = [n for n in range(start, stop) if needle.lower() in lowered[n]]
            if hits:
                k = used[needle]
                used[needle] += 1
                return hits[min(k, len(hits) - 1)] + 1
        return start + 1 if start < len(lines) else 1

    for key, value in _strings(dict(meta or {}), ""):
        if "<" in value or '"' in value:
            top = key.split(".")[0].split("[")[0]
            line = line_of((f"{top}:",), first - 1, last) if first else 1
            problems.append(
                Problem(
                    shown,
                    line,
                    f"front matter {key}",
                    'holds "<" or a double quote, which would be markup in the page\'s head; '
                    f"write it without them ({hint})",
                )
            )
    for finding in scan(content_html):
        line = line_of(finding.needles, body_start, len(lines))
        problems.append(Problem(shown, line, "", f"{finding.what}; {hint}"))
    return problems


def describe(problems: list[Problem]) -> str:
    """The refusals for the terminal, one a line (``site_src/x.md:3: <script>: ...``)."""
    count = len(problems)
    head = f"{count} thing{'s' if count != 1 else ''} in hand-written pages would run script; nothing was published:"
    return "\n".join([head, *(f"  {p}" for p in problems)])


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


_FRONT = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


def split_front_matter(source: str) -> tuple[str, dict[str, Any]]:
    """A page's Markdown body and its YAML front matter (``{}`` when it has none or it does not parse)."""
    match = _FRONT.match(source)
    if not match:
        return source, {}
    try:
        meta = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        meta = None
    return source[match.end() :], meta if isinstance(meta, dict) else {}


#: What MkDocs renders as Markdown (``mkdocs.utils.markdown_extensions``).
MARKDOWN_PAGES = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")


@dataclass
class Sources:
    """The hand-written pages of a folder as the engine will read them, by their path in the folder.

    ``refused``: the pages that would run script. ``broken``: the pages the engine cannot render
    (not UTF-8, or Markdown raised on them), each with the problem. ``texts``: the text of every
    Markdown page that rendered.
    """

    refused: dict[str, list[Problem]]
    broken: dict[str, Problem]
    texts: dict[str, str]


def _undecodable(shown: str, raw: bytes, exc: UnicodeDecodeError) -> Problem:
    line = raw[: exc.start].count(b"\n") + 1
    return Problem(shown, line, "", f"is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")


#: Each hand-written page's outcome, by its name, bytes, the Markdown set-up and the gate: ``mkdocs serve``
#: reads every page before each rebuild, and renders again only those whose bytes changed.
_RENDERED: dict[tuple[str, bytes, str, str, bool], tuple[Problem | None, list[Problem]]] = {}


def _render(
    source: str, shown: str, extensions: Sequence[Any], configs: Mapping[str, Any] | None, gate: bool
) -> tuple[Problem | None, list[Problem]]:
    """A Markdown page rendered as the engine will render it: why it cannot be, or what the gate refuses."""
    body, meta = split_front_matter(source)
    md = markdown.Markdown(extensions=list(extensions), extension_configs=dict(configs or {}))
    try:
        html = md.convert(body)
    except RecursionError:
        return Problem(
            shown, 0, "", "Markdown cannot render it: it is nested too deeply (RecursionError); flatten it"
        ), []
    except Exception as exc:  # noqa: BLE001 - any extension may raise on any text
        why = f"Markdown cannot render it ({type(exc).__name__}: {exc}); fix or remove what it names"
        return Problem(shown, 0, "", why), []
    return None, check_page(html, source, shown, meta) if gate else []


def read_sources(
    docs_dir: Path, extensions: Sequence[Any], configs: Mapping[str, Any] | None = None, *, gate: bool = True
) -> Sources:
    """Every hand-written page of ``docs_dir`` rendered as the engine will render it, and what is wrong.

    Markdown pages are read as MkDocs reads them (UTF-8, strictly) and rendered with the guide's
    Markdown extensions; HTML and SVG files are read as they are published. With ``gate``, the
    pages that would run script are refused. Run before the engine builds anything, so a refused
    or broken page keeps the last site (a rebuild that raises leaves ``mkdocs serve`` hanging).
    """
    sources = Sources({}, {}, {})
    for folder, dirs, files in os.walk(docs_dir, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_symlink() or not path.is_file():
                continue  # refused elsewhere (generator.build.unsafe_sources)
            uri = path.relative_to(docs_dir).as_posix()
            shown = f"{docs_dir.name}/{uri}"
            suffix = path.suffix.lower()
            if suffix in MARKDOWN_PAGES:
                try:
                    raw = path.read_bytes()
                    source = raw.decode("utf-8-sig")
                except OSError as exc:
                    sources.broken[uri] = Problem(shown, 0, "", f"cannot be read: {exc.strerror or exc}")
                    continue
                except UnicodeDecodeError as exc:
                    sources.broken[uri] = _undecodable(shown, raw, exc)
                    continue
                key = (shown, hashlib.sha256(raw).digest(), repr(list(extensions)), repr(dict(configs or {})), gate)
                if key not in _RENDERED:  # a serve rebuild renders only the pages that changed
                    if len(_RENDERED) > 4096:
                        _RENDERED.clear()
                    _RENDERED[key] = _render(source, shown, extensions, configs, gate)
                broken, found = _RENDERED[key]
                problems = list(found)
                if broken is not None:
                    sources.broken[uri] = broken
                    continue
                sources.texts[uri] = source
            elif suffix in STATIC_PAGES and gate:
                source = path.read_text(encoding="utf-8", errors="replace")
                problems = check_page(source, source, shown)
            else:
                continue
            if problems:
                sources.refused[uri] = problems
    return sources


def check_sources(
    docs_dir: Path, extensions: Sequence[Any], configs: Mapping[str, Any] | None = None
) -> dict[str, list[Problem]]:
    """Every hand-written page of ``docs_dir`` that would run script, by its path in the folder."""
    return read_sources(docs_dir, extensions, configs).refused
