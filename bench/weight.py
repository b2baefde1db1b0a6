"""Page weight: the compressed bytes a first visit to each page downloads.

For every HTML page of a built site: the page itself plus each local stylesheet,
script and image it links, each gzip-compressed (level 6, what a web server
typically sends). ``permalinks.js`` fetches the engine's other scripts on the pages that
need them, and they are counted there: ``matrix.js`` on a page with the matrix's tools,
``charts.js`` on a chart page (one with a chart element), ``decide.js`` on the decision
helper's page. A chart page shows its charts as the SVG written into it at build time; plotly.js
is fetched only when the reader points at, focuses or taps a chart, so it is not part of a first
visit's weight (:func:`plotly_weight` gives it apart).
The search (Material's or Zensical's) also fetches its index and worker on the first page
view; they are counted once, apart, since every page shares them.
"""

from __future__ import annotations

import gzip
import posixpath
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

KIB = 1024


@dataclass(frozen=True)
class PageWeight:
    page: str
    kind: str
    """``text`` or ``chart``."""
    html: int
    assets: int
    """Compressed bytes of the stylesheets, scripts and images it links."""
    theme: int = 0
    """The part of ``assets`` that is the theme's own (under ``assets/``: Material's CSS and JS)."""

    @property
    def total(self) -> int:
        return self.html + self.assets


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refs: list[str] = []
        self.chart = False
        self.matrix_tools = False
        self.decide = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "link" and "stylesheet" in a.get("rel", "").split():
            self.refs.append(a.get("href", ""))
        elif tag in ("script", "img") and a.get("src"):
            self.refs.append(a["src"])
            if "plotly" in a["src"].lower():
                self.chart = True
        if a.get("id") == "matrix-tools":
            self.matrix_tools = True
        if a.get("id") == "dg-decide":
            self.decide = True
        classes = a.get("class", "").split()
        if any("chart" in c for c in classes) or "data-chart" in a:
            self.chart = True


@cache
def _gz_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def _local(site: Path, page: Path, ref: str) -> Path | None:
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    here = posixpath.dirname(page.relative_to(site).as_posix())
    target = site / posixpath.normpath(posixpath.join(here, parts.path)).lstrip("/")
    return target if target.is_file() else None


def page_weights(site: Path) -> list[PageWeight]:
    """Every HTML page of ``site`` (404 excluded), largest first."""
    matrix_js = sorted(site.rglob("javascripts/matrix.js"))
    charts_js = sorted(site.rglob("javascripts/charts.js"))
    decide_js = sorted(site.rglob("javascripts/decide.js"))
    out = []
    for page in sorted(site.rglob("*.html")):
        if page.name == "404.html":
            continue
        parser = _Refs()
        text = page.read_text(encoding="utf-8")
        parser.feed(text)
        assets = {p for ref in parser.refs if (p := _local(site, page, ref)) is not None}
        if parser.chart:
            assets.update(charts_js[:1])
        if parser.matrix_tools:
            assets.update(matrix_js[:1])
        if parser.decide:
            assets.update(decide_js[:1])
        out.append(
            PageWeight(
                page.relative_to(site).as_posix(),
                "chart" if parser.chart else "text",
                len(gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)),
                sum(_gz_size(p) for p in assets),
                sum(_gz_size(p) for p in assets if p.relative_to(site).parts[0] == "assets"),
            )
        )
    return sorted(out, key=lambda w: w.total, reverse=True)


def plotly_weight(site: Path) -> int:
    """Compressed bytes of plotly.js, which a chart page fetches on the reader's first touch of a chart."""
    return sum(_gz_size(f) for f in sorted(site.rglob("plotly*.js"))[:1])


def search_weight(site: Path) -> int:
    """Compressed bytes of the search index and worker, fetched once on the first page view (Material's
    ``search/search_index.json``, Zensical's ``search.json``)."""
    index = [site / "search" / "search_index.json", site / "search.json"]
    files = [*index, *site.glob("assets/javascripts/workers/search.*.min.js")]
    return sum(_gz_size(f) for f in files if f.is_file())
