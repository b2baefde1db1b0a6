"""Helpers to read the built site as a reader would."""

from __future__ import annotations

from pathlib import Path

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
