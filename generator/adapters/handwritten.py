"""The hand-written pages folder, read as an engine will publish it, before anything is built.

The pipeline, the same on every engine:

1. :mod:`~generator.adapters.static_files`: every file that is not a Markdown page must be of a kind
   on the allow-list, at a path that is not the theme's or the engine's, or listed in the configuration;
2. :mod:`~generator.adapters.front_matter`: each page's front matter sets only allowed keys, plainly;
3. each page is rendered with the guide's Markdown extensions, and :mod:`~generator.adapters.sanitize`
   cleans the HTML by an allow-list; anything it removes is refused with the page's line.

A refusal names the file, the line and what was refused. The MkDocs plugin runs this in ``on_config``
(before MkDocs cleans ``site_dir``) and cleans the HTML MkDocs renders again in ``on_page_content``,
which is what it publishes; the Zensical adapter runs it before Zensical builds.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import markdown
from mkdocs.utils import meta as mkdocs_meta

from generator.adapters import front_matter, page_gate, sanitize, static_files
from generator.errors import Problem

#: The plugin option that once let raw HTML through; hand-written pages are now always cleaned.
RAW_HTML_OPTION = "allow_raw_html"
RAW_HTML_REFUSED = (
    f"{RAW_HTML_OPTION}: hand-written pages are always cleaned by the allow-list (docs/previews.md); "
    "remove the option, and list files to publish as they are under publish_files"
)


@dataclass
class Sources:
    """What the folder holds, by path in it. ``refused``: pages whose front matter or HTML the allow-lists
    refuse. ``files``: other files that may not be published. ``broken``: pages the engine cannot render
    (not UTF-8, or Markdown raised on them). ``texts``: the text of every Markdown page that rendered."""

    refused: dict[str, list[Problem]] = field(default_factory=dict)
    files: dict[str, Problem] = field(default_factory=dict)
    broken: dict[str, Problem] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)

    def problems(self) -> list[Problem]:
        return sorted([*(p for found in self.refused.values() for p in found), *self.files.values()])


def check_page(
    content_html: str,
    source: str,
    shown: str,
    multimarkdown_meta: bool = True,
    toc: Iterable[Mapping[str, Any]] = (),
) -> tuple[str, list[Problem]]:
    """A page's HTML as it is published (cleaned), and its refusals: front matter, then what cleaning removed
    (found from the first line the engine renders: see :func:`body_of`), then what the page brings that the
    theme prints besides its content (ids, its table of contents ``toc``: :mod:`~generator.adapters.page_gate`)."""
    body_start, found = front_matter.check(source, shown)
    if not multimarkdown_meta:
        text = source.removeprefix("\ufeff")
        body_start = text[: front_matter.yaml_end(text)].count("\n")
    cleaned, removed = sanitize.problems(content_html, source, shown, body_start)
    gated = page_gate.problems(content_html, source, shown, body_start, toc)
    return cleaned, found + removed + gated


def _undecodable(shown: str, raw: bytes, exc: UnicodeDecodeError) -> Problem:
    line = raw[: exc.start].count(b"\n") + 1
    return Problem(shown, line, "", f"is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")


#: Each page's outcome by its name, bytes and Markdown set-up: ``mkdocs serve`` reads every page before
#: each rebuild, and renders again only those whose bytes changed.
_RENDERED: dict[tuple[str, bytes, str], tuple[Problem | None, list[Problem]]] = {}


def body_of(source: str, multimarkdown_meta: bool = True) -> str:
    """What an engine renders of a page: its text without the front matter it reads. MkDocs reads a YAML
    block or, without one, MultiMarkdown ``Key: value`` lines; Zensical reads only the YAML block, and renders
    such lines as Markdown (``multimarkdown_meta=False``)."""
    text = source.removeprefix("\ufeff")
    if multimarkdown_meta:
        return mkdocs_meta.get_data(text)[0]
    end = front_matter.yaml_end(text)
    return text[end:].lstrip("\n") if end else text


def _html_reader_problem(body: str, shown: str, offset: int) -> Problem | None:
    """MkDocs hands each page's whole text, code spans included, to Python's ``html.parser`` (to find anchors),
    which raises on some declarations (Python 3.11: an XML marked section, ``<![x]>``): the page's line, never
    MkDocs' traceback."""
    reader = HTMLParser(convert_charrefs=True)
    try:
        reader.feed(body)
        reader.close()
    except Exception as exc:  # noqa: BLE001 - the standard library's parser raises AssertionError here
        line = reader.getpos()[0] + offset
        why = f"MkDocs cannot read this line as HTML ({type(exc).__name__}: {str(exc)[:120]})"
        return Problem(shown, line, "", f"{why}: reword what starts there (MkDocs reads code spans as HTML here too)")
    return None


def _render(
    source: str, shown: str, extensions: Sequence[Any], configs: Mapping[str, Any] | None, multimarkdown_meta: bool
) -> tuple[Problem | None, list[Problem]]:
    """A Markdown page rendered as the engine renders it: why it cannot be, or what the allow-lists refuse."""
    body = body_of(source, multimarkdown_meta)
    unreadable = _html_reader_problem(body, shown, len(source.splitlines()) - len(body.splitlines()))
    if unreadable is not None:
        return unreadable, []
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
    return None, check_page(html, source, shown, multimarkdown_meta, getattr(md, "toc_tokens", []))[1]


def read_sources(
    docs_dir: Path,
    extensions: Sequence[Any],
    configs: Mapping[str, Any] | None = None,
    publish_files: Iterable[str] = (),
    multimarkdown_meta: bool = True,
) -> Sources:
    """Every file of ``docs_dir`` checked as the engine will publish it (``publish_files``: the files the
    configuration lists to publish as they are). Markdown pages are read as MkDocs reads them (UTF-8,
    one byte-order mark dropped) and rendered with the guide's Markdown extensions; with
    ``multimarkdown_meta=False`` as Zensical reads them, which renders ``Key: value`` lines as Markdown."""
    sources = Sources(files=static_files.refused(docs_dir, publish_files))
    for folder, dirs, names in os.walk(docs_dir, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            path = Path(folder) / name
            uri = path.relative_to(docs_dir).as_posix()
            odd_name = page_gate.name_problem(uri)
            if odd_name is not None:
                sources.files[uri] = Problem(f"{docs_dir.name}/{uri}", 1, "", odd_name)
                continue
            if path.is_symlink() or not path.is_file() or path.suffix.lower() not in static_files.MARKDOWN:
                continue  # links are refused elsewhere (generator.build.unsafe_sources)
            shown = f"{docs_dir.name}/{uri}"
            try:
                raw = path.read_bytes()
                source = raw.decode("utf-8-sig")
            except OSError as exc:
                sources.broken[uri] = Problem(shown, 0, "", f"cannot be read: {exc.strerror or exc}")
                continue
            except UnicodeDecodeError as exc:
                sources.broken[uri] = _undecodable(shown, raw, exc)
                continue
            setup = repr((list(extensions), dict(configs or {}), multimarkdown_meta))
            key = (shown, hashlib.sha256(raw).digest(), setup)
            if key not in _RENDERED:  # a serve rebuild renders only the pages that changed
                if len(_RENDERED) > 4096:
                    _RENDERED.clear()
                _RENDERED[key] = _render(source, shown, extensions, configs, multimarkdown_meta)
            broken, found = _RENDERED[key]
            if broken is not None:
                sources.broken[uri] = broken
                continue
            sources.texts[uri] = source
            if found:
                sources.refused[uri] = found
    return sources
