"""Zensical's own rendering of each hand-written page, checked after its build by the same allow-list.

The Zensical adapter checks every hand-written page before Zensical runs, rendered with Python-Markdown
as MkDocs renders it. Zensical renders the page itself, and not always the same way: it reads front
matter in Rust and keeps MultiMarkdown ``Title: ...`` lines as text, so ``Title: [x](javascript:...)``,
which MkDocs reads as front matter, is a link on Zensical's page; a plugin listed in ``mkdocs.yml`` can
switch on a Markdown extension only Zensical loads. So what Zensical *published* is checked too, before
the site is swapped in:

* the project's ``partials/content.html`` (the guide's own override, or Zensical's) writes a marker made
  of a fresh random word before and after ``{{ page.content }}``: a page cannot know it, so it cannot
  close the region early;
* each hand-written page's published file must hold the region exactly once, and the HTML in it must
  come through :func:`~generator.adapters.sanitize.clean` whole; anything the allow-list would remove
  refuses the build with ``file:line: what was removed``, and nothing is published. What is published
  is the cleaned HTML, as on MkDocs;
* every HTML file Zensical wrote must carry the filled page policy (:mod:`~generator.adapters.csp`),
  but those the guide's configuration lists under ``publish_files``
  (:func:`generator.adapters.zensical_finish.finish`).

A difference between the two renderers can then make a build fail, never publish what the allow-list
does not keep.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.adapters import page_gate, sanitize
from generator.errors import Problem

#: The template that shows a page's content, in Material and in Zensical.
CONTENT_TEMPLATE = "partials/content.html"
_PAGE_CONTENT = re.compile(r"\{\{-?\s*page\.content\s*-?\}\}")


class Unmarkable(Exception):
    """The theme's templates do not show a page's content where the check can find it."""


@dataclass(frozen=True)
class Marker:
    """The comments around each page's content in one build."""

    word: str

    @classmethod
    def fresh(cls) -> Marker:
        return cls(secrets.token_hex(16))

    @property
    def start(self) -> str:
        return f"<!--guide-page-content {self.word}-->"

    @property
    def end(self) -> str:
        return f"<!--/guide-page-content {self.word}-->"


def marked_template(template: str, marker: Marker, name: str = CONTENT_TEMPLATE) -> str:
    """``template`` (the text of ``partials/content.html``) with ``marker`` around ``{{ page.content }}``."""
    found = list(_PAGE_CONTENT.finditer(template))
    if len(found) != 1:
        raise Unmarkable(
            f"{name} shows page.content {len(found)} times, not once: the check of what Zensical published "
            "cannot find a page's content; show it once, as {{ page.content }}"
        )
    at = found[0]
    return template[: at.start()] + marker.start + at.group(0) + marker.end + template[at.end() :]


def published_path(uri: str, directory_urls: bool) -> str:
    """Where MkDocs and Zensical write the page ``uri`` (``a/b.md`` -> ``a/b/index.html`` or ``a/b.html``)."""
    path = PurePosixPath(uri)
    stem = path.with_suffix("")
    if stem.name in ("index", "README"):
        return (stem.parent / "index.html").as_posix()
    if directory_urls:
        return (stem / "index.html").as_posix()
    return stem.with_suffix(".html").as_posix()


def content_span(page: str, marker: Marker) -> tuple[int, int] | None:
    """Where the page content between the markers of ``page`` starts and ends, or ``None`` unless the
    markers are there exactly once each, in order."""
    if page.count(marker.start) != 1 or page.count(marker.end) != 1:
        return None
    start = page.index(marker.start) + len(marker.start)
    end = page.index(marker.end)
    return (start, end) if start <= end else None


@dataclass(frozen=True)
class Handwritten:
    """A hand-written page as the check knows it: its name in messages and its Markdown."""

    shown: str
    source: str


def check_site(
    site: Path,
    pages: Mapping[str, Handwritten],
    marker: Marker,
    *,
    directory_urls: bool,
) -> list[Problem]:
    """What Zensical published into ``site`` of the hand-written ``pages`` (by their path in the docs folder)
    that the allow-list refuses, located in each page's Markdown. Each page's content is replaced with its
    cleaned HTML, as the MkDocs plugin publishes it (what neither pass keeps, a comment, is not published)."""
    found: list[Problem] = []
    for uri, page in sorted(pages.items()):
        target = site / published_path(uri, directory_urls)
        try:
            text = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            why = f"Zensical did not publish it at {published_path(uri, directory_urls)}: it cannot be checked"
            found.append(Problem(page.shown, 0, "", why))
            continue
        span = content_span(text, marker)
        if span is None:
            why = "its content cannot be found in the page Zensical published, so it cannot be checked"
            found.append(Problem(page.shown, 0, "", why))
            continue
        cleaned, removed = sanitize.problems(text[span[0] : span[1]], page.source, page.shown)
        removed += page_gate.problems(text[span[0] : span[1]], page.source, page.shown)
        removed += page_gate.published_problems(text, page.source, page.shown)
        target.write_text(text[: span[0]] + cleaned + text[span[1] :], encoding="utf-8")
        for problem in removed:
            message = problem.message.replace("; removed by", " (as Zensical rendered the page); removed by", 1)
            found.append(Problem(problem.file, problem.line, problem.field, message))
    return found


def finished(page: str, marker: Marker | None) -> str:
    """A published page with the markers taken out."""
    if marker is None:
        return page
    return page.replace(marker.start, "").replace(marker.end, "")


def describe(found: list[Problem]) -> str:
    """The refusals for the terminal: what Zensical published that may not be published."""
    count = len(found)
    head = (
        f"{count} thing{'s' if count != 1 else ''} in the pages Zensical built cannot be published "
        "(checked after its build by the allow-lists); nothing was published:"
    )
    return "\n".join([head, *(f"  {p}" for p in sorted(found))])
