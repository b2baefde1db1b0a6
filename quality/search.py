"""Type a query into a built site's search box, as a reader does, and read the results' links.

Each engine has its own search: Material for MkDocs a form in the header (``input.md-search__input``,
results ``a.md-search-result__link``), Zensical a button in the header that opens a dialog of its own
(in a shadow root, which Playwright's CSS locators enter): a combobox, and results as options of a
listbox. :func:`search` drives either and returns the links of the results, best first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Literal

from playwright.sync_api import Page

Engine = Literal["mkdocs", "zensical"]

#: The search box, and the result links, of each engine.
INPUT = {
    "mkdocs": "input.md-search__input",
    "zensical": 'dialog[aria-label="Search"] input[role="combobox"]',
}
RESULTS = {
    "mkdocs": ".md-search-result a.md-search-result__link",
    "zensical": 'dialog[aria-label="Search"] ol[role="listbox"] a[role="option"]',
}


@dataclass(frozen=True)
class Found:
    found: bool
    """Whether a result linked to the page asked for."""
    hrefs: list[str]
    """The result links, best first, when it did (or when the wait ended)."""
    seconds: float
    """From the first key typed to the result (or to the end of the wait)."""


def open_search(page: Page, engine: Engine) -> None:
    """Put the focus in the search box (Zensical's opens from its header button)."""
    if engine == "zensical":
        page.locator("button.md-search__button").first.click()
    box = page.locator(INPUT[engine])
    box.click()
    box.fill("")


def search(page: Page, engine: Engine, query: str, wanted: str, timeout_s: float = 30.0) -> Found:
    """Type ``query`` into the open page's search box and wait until a result links to ``wanted``.

    ``wanted`` is a page address (absolute), matched with or without a ``#section``. Returns the result
    links (best first) when it shows, or the last ones seen after ``timeout_s`` (``found`` is then False),
    and the seconds from the first key to either (a large guide's index takes a while to load).
    """
    open_search(page, engine)
    started = time.perf_counter()
    page.locator(INPUT[engine]).press_sequentially(query, delay=20)
    results = page.locator(RESULTS[engine])
    hrefs: list[str] = []
    while time.perf_counter() - started < timeout_s:
        hrefs = results.evaluate_all("links => links.map(a => a.href)")
        if any(h.split("#")[0] == wanted.split("#")[0] and (h == wanted or "#" not in wanted) for h in hrefs):
            return Found(True, hrefs, time.perf_counter() - started)
        page.wait_for_timeout(100)
    return Found(False, hrefs, time.perf_counter() - started)


def close_search(page: Page, engine: Engine) -> None:
    """Close the search (Zensical's dialog) and empty the box."""
    page.keyboard.press("Escape")
    if engine == "mkdocs":
        page.locator(INPUT[engine]).fill("")
