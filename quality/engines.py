"""Compare the same guide built by two engines (MkDocs + Material, Zensical): what a reader gets must match.

For every page of either site: that it exists in both, its title, the navigation (each link's text and the
address it leads to, in order: the engines spell relative links differently), the table of contents, and
in the page body its headings, every table cell, every matrix cell, every number and the whole text.
A difference fails unless :data:`DECLARED` lists it, with the reason. What the engines draw around the
page (header, footer, search, scripts) is theirs and not compared; :data:`NOT_COMPARED` says so.

``python -m quality.engines MKDOCS_SITE ZENSICAL_SITE`` prints the differences (exit 1 if any is undeclared).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from urllib.parse import urljoin

from bs4 import BeautifulSoup, Tag

#: Parts of a page each engine draws its own way, not compared, and why.
NOT_COMPARED: dict[str, str] = {
    "header and footer": "the engine's own chrome (its name in the footer, its palette toggle and search button)",
    "search": "each engine has its own search index and dialog (search/search_index.json against search.json)",
    "<head>, scripts and styles": "each theme bundles its own assets; the guide's CSS and scripts are in both",
}

#: Differences between the engines that the comparison finds and accepts: (page glob, aspect, reason).
#: Everything else it finds fails. Keep this list short and each reason specific.
DECLARED: list[tuple[str, str, str]] = []

NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")


@dataclass(frozen=True)
class Difference:
    page: str
    aspect: str
    detail: str

    def __str__(self) -> str:
        return f"{self.page}: {self.aspect}: {self.detail}"


def declared_reason(diff: Difference) -> str | None:
    for pattern, aspect, reason in DECLARED:
        if fnmatch(diff.page, pattern) and diff.aspect == aspect:
            return reason
    return None


def _text(node: Tag) -> str:
    return " ".join(node.get_text(" ").split())


def _links(page_url: str, nav: Tag | None) -> list[tuple[str, str]]:
    if nav is None:
        return []
    return [
        (_text(a), urljoin(page_url, str(a.get("href") or "")))
        for a in nav.select("a.md-nav__link")
        if isinstance(a, Tag)
    ]


@dataclass
class PageView:
    """What a reader gets from one page, in a form both engines produce alike."""

    title: str
    nav: list[tuple[str, str]]
    toc: list[tuple[str, str]]
    headings: list[str]
    tables: list[list[list[str]]]
    matrix: list[str]
    numbers: list[str]
    text: str


def read_page(site: Path, rel: str) -> PageView:
    soup = BeautifulSoup((site / rel).read_text(encoding="utf-8"), "html.parser")
    url = "http://site/" + rel.removesuffix("index.html")
    article = soup.select_one("article") or soup.new_tag("article")
    for anchor in article.select("a.headerlink"):
        anchor.decompose()
    title = soup.title.get_text().strip() if soup.title else ""
    tables = [
        [[_text(cell) for cell in row.find_all(["th", "td"])] for row in table.find_all("tr")]
        for table in article.find_all("table")
    ]
    text = _text(article)
    return PageView(
        title=title,
        nav=_links(url, soup.select_one("nav.md-nav--primary")),
        toc=_links(url, soup.select_one("nav.md-nav--secondary")),
        headings=[_text(h) for h in article.find_all(re.compile(r"^h[1-6]$"))],
        tables=tables,
        matrix=[_text(cell) for cell in article.select(".dg-matrix td, .dg-matrix th")],
        numbers=NUMBER.findall(text),
        text=text,
    )


def pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}


def _first_change(a: list[object] | str, b: list[object] | str) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"at {i}: {x!r} against {y!r}"
    return f"lengths {len(a)} against {len(b)}"


def compare(first: Path, second: Path) -> list[Difference]:
    """Every difference a reader could see between the two sites' pages (declared ones included)."""
    found: list[Difference] = []
    one, two = pages(first), pages(second)
    found += [Difference(rel, "page", f"only in {first.name}") for rel in sorted(one - two)]
    found += [Difference(rel, "page", f"only in {second.name}") for rel in sorted(two - one)]
    for rel in sorted(one & two):
        a, b = read_page(first, rel), read_page(second, rel)
        for aspect in ("title", "nav", "toc", "headings", "tables", "matrix", "numbers", "text"):
            x, y = getattr(a, aspect), getattr(b, aspect)
            if x != y:
                found.append(Difference(rel, aspect, _first_change(x, y)))
    return found


def undeclared(first: Path, second: Path) -> list[Difference]:
    return [d for d in compare(first, second) if declared_reason(d) is None]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m quality.engines MKDOCS_SITE OTHER_SITE", file=sys.stderr)
        return 2
    first, second = Path(args[0]), Path(args[1])
    bad = 0
    for diff in compare(first, second):
        reason = declared_reason(diff)
        print(f"{diff}  [declared: {reason}]" if reason else f"{diff}  [NOT DECLARED]")
        bad += reason is None
    print(f"{len(pages(first) & pages(second))} pages compared; {bad} undeclared difference(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
