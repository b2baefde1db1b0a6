"""What the search index reads of a generated page: its titles, headings and prose, and each table as its
caption and row names, never its every cell (issue 54: a 1,000-path guide's index was 8.5 MB, its longest
entry a whole chart of 1,000 bars).

:func:`for_search` only adds and moves ``data-search-exclude`` markers, the attribute both engines document
for leaving a block out of the index and take out of the page they publish. So the page a reader gets is the
same: Zensical reads the Markdown the adapter writes with the markers moved and publishes it without them;
under MkDocs the plugin hands Material's search plugin the page with the markers moved
(:class:`MaterialFeed`) and publishes the page as it was rendered. What it leaves out:

* a table's cells: every ``<td>`` but a row's name (its ``<th>``, or its first cell when it has none), its
  column heads and the "evidence" link beside each row name. The caption and the row names stay (a measured
  table's values are navigation, not text to search);
* a chart (``<figure class="dg-chart">``): its drawing, title and takeaway name every bar, so a chart over a
  guide's paths grew with the guide; its numbers are its tables', which search finds;
* a measured row's evidence (``<details class="dg-ev">``: the runs, set-up, source and command behind each
  value); the row is found by its name in the table;
* the list of every table's CSV download (``<p class="dg-downloads">``).

The blocks already marked stay out (the matrix and its tools, the support grid and its notes, the compare
index: ``generator/render``). Then no entry is longer than :data:`LONGEST` characters: a section's text past
it (a long hand-written list, a guide's campaigns under the matrix) is cut at a word (:func:`capped`), in
both engines' indexes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

MARK = " data-search-exclude"
#: The longest text a search index entry keeps, in characters.
LONGEST = 5000

_TABLE = re.compile(r"(<table\b[^>]*>)(.*?</table>)", re.S)
_ROW = re.compile(r"<tr\b.*?</tr>", re.S)
_CELL = re.compile(r"<td\b")
_BLOCKS = re.compile(r'<(?:figure class="dg-chart"|details class="dg-ev" id=|p class="dg-downloads")')


def for_search(html: str) -> str:
    """``html`` (a generated page, as HTML or as the Markdown of HTML blocks the generator writes) with the
    markers that leave out what a reader does not search for; the rest unchanged."""
    html = _BLOCKS.sub(_mark, html)
    return _TABLE.sub(_table, html)


def _mark(m: re.Match[str]) -> str:
    """The opening tag's name followed by the marker (``<figure`` -> ``<figure data-search-exclude``)."""
    found = m.group(0)
    name = found.split(" ", 1)[0]
    return name + MARK + found[len(name) :]


def _table(m: re.Match[str]) -> str:
    start, rest = m.group(1), m.group(2)
    if MARK in start:
        return m.group(0)  # a block left out whole (the matrix, the grid, the compare index)
    rest = rest.replace("<thead", "<thead" + MARK).replace('<a class="dg-ev-link"', "<a" + MARK + ' class="dg-ev-link"')
    return start + _ROW.sub(_row, rest)


def _row(m: re.Match[str]) -> str:
    row = m.group(0)
    if "<th" in row:
        return _CELL.sub("<td" + MARK, row)
    first = _CELL.search(row)
    if first is None:
        return row
    return row[: first.end()] + _CELL.sub("<td" + MARK, row[first.end() :])


def capped(text: str) -> str:
    """``text`` cut to at most :data:`LONGEST` characters, at a word and never inside a tag ("…" after it)."""
    if len(text) <= LONGEST:
        return text
    cut = text[: LONGEST - 2]
    opened, closed = cut.rfind("<"), cut.rfind(">")
    if opened > closed:
        cut = cut[:opened]
    elif (space := cut.rfind(" ")) > LONGEST // 2:
        cut = cut[:space]
    return cut.rstrip() + " …"


class MaterialFeed:
    """Material's search index (``SearchIndex``), fed each generated page with the markers of
    :func:`for_search`: Material reads the page's content to index it and then publishes it, so the content
    is swapped for the reading only. Every entry's text is :func:`capped`."""

    def __init__(self, index: Any, generated: set[str]) -> None:
        self._index = index
        self._generated = generated

    def add_entry_from_context(self, page: Any) -> None:
        shown = page.content
        if page.file.src_uri in self._generated:
            page.content = for_search(shown)
        before = len(self._index.entries)
        try:
            self._index.add_entry_from_context(page)
        finally:
            page.content = shown
        for entry in self._index.entries[before:]:
            entry["text"] = capped(entry["text"])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._index, name)


def feed_material(plugins: Any, generated: set[str]) -> None:
    """Put :class:`MaterialFeed` in front of the index of Material's search plugin, if the site has it."""
    for plugin in plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is not None and hasattr(index, "add_entry_from_context") and not isinstance(index, MaterialFeed):
            plugin.search_index = MaterialFeed(index, generated)


def cap_zensical(site: Path) -> None:
    """Zensical's ``search.json`` in ``site`` with every entry's text :func:`capped` (written again only when
    one was longer)."""
    path = site / "search.json"
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    items = index.get("items") if isinstance(index, dict) else None
    if not isinstance(items, list) or all(len(str(i.get("text", ""))) <= LONGEST for i in items):
        return
    for item in items:
        if isinstance(item.get("text"), str):
            item["text"] = capped(item["text"])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
