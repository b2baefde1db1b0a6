"""Helpers to read the built site as a reader would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup


def page(site: Path, url: str) -> BeautifulSoup:
    """Parse the built page at ``url`` (``""`` for the home page, ``"results/"``)."""
    path = site / url / "index.html" if not url.endswith(".html") else site / url
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def text(node: object) -> str:
    return " ".join(node.get_text(" ").split())  # type: ignore[attr-defined]


def matrix_rows(soup: BeautifulSoup) -> dict[str, list[str]]:
    """Row header text -> the text of each cell in the comparison matrix."""
    table = soup.select_one("table.dg-matrix")
    assert table is not None, "no comparison matrix on the page"
    rows = {}
    for tr in table.select("tbody tr"):
        name = text(tr.select_one("th a"))
        rows[name] = [text(td) for td in tr.select("td")]
    return rows


def glance(part: dict[str, Any]) -> str:
    """What a cell's line shows of a part (``Part.glance``): its word, with its loads where it is a sweep's."""
    regimes = part["regimes"]
    if regimes and all(r.get("swept") for r in regimes):
        return f"{part['word']} on {', '.join(r['name'] for r in regimes)}"
    return str(part["word"])


def verdict_agrees(td: object, cell: dict[str, object]) -> bool:
    """Whether a verdict cell of a page says what its ``guide.json`` cell says: the verdict's symbol and
    word, or, for a cell split by regime, one line per part (``✖ slow on a, b``), worst first (in the compact
    matrix the worst part's verdict is the cell's line and every part is in its fold)."""
    shown = td.select_one(".dg-verdict")  # type: ignore[attr-defined]
    verdict: dict[str, str] = cell["verdict"]  # type: ignore[assignment]
    if shown is None:
        return False
    said = text(shown)
    parts: list[dict[str, Any]] = cell["parts"]  # type: ignore[assignment]
    if not parts:
        return said.startswith(verdict["symbol"] + " ") and said.endswith(" " + verdict["word"])
    if td.select_one("details.dg-more > summary .dg-verdict"):  # type: ignore[attr-defined]
        # the compact matrix: the worst part on the cell's line, every part (with its regimes) in the fold
        first = parts[0]
        if not (said.startswith(first["verdict"]["symbol"] + " ") and said.endswith(" " + glance(first))):
            return False
        lines = [text(b) for b in td.select(".dg-more-body .dg-part")]  # type: ignore[attr-defined]
    else:
        lines = [said, *(text(b) for b in td.select(".dg-part"))]  # type: ignore[attr-defined]
    lines = [line.replace(" ,", ",") for line in lines]
    wanted = [
        f"{p['verdict']['symbol']} {'judgement: ' if p['verdict']['judged'] else ''}{p['word']}"
        + (f" on {', '.join(r['name'] for r in p['regimes'])}" if p["regimes"] else "")
        for p in parts
    ]
    return lines == wanted and parts[0]["verdict"]["level"] == verdict["level"]


# --- the theme's content area of a rendered page, as it stands in the file (for byte comparisons) ---

import re  # noqa: E402
from html.parser import HTMLParser  # noqa: E402


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
