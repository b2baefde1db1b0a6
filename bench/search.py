"""Search on a large guide, as a reader meets it: open the overview, type a path's name, wait for its page.

Each engine's site is served on 127.0.0.1 and opened in a fresh browser context of Debian's Chromium
(:mod:`quality.chromium`); the name of the guide's last path is typed into the search box as soon as the
page has loaded (:func:`quality.search.search`), and the time to the result that links to that path's
page is taken from the first key, and from the start of the page load (the index is fetched and built
in the meantime). The search index itself is measured too: entries, bytes as written, bytes gzipped.
A search that does not find the page within the wait fails the benchmark.
"""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path
from typing import Any

from bench.measure import summary
from quality.search import Engine, search

#: Where each engine writes its search index, and the key of its entries.
INDEX = {"mkdocs": ("search/search_index.json", "docs"), "zensical": ("search.json", "items")}


class SearchMissed(RuntimeError):
    pass


def index_figure(site: Path, engine: Engine) -> dict[str, Any]:
    """The search index: entries, bytes, gzipped bytes and the longest entry's text."""
    path, key = INDEX[engine]
    raw = (site / path).read_bytes()
    items = json.loads(raw)[key]
    longest = max(items, key=lambda i: len(i.get("text", "")))
    return {
        "entries": len(items),
        "kib": len(raw) / 1024,
        "gzip_kib": len(gzip.compress(raw, compresslevel=6, mtime=0)) / 1024,
        "longest_text_chars": len(longest.get("text", "")),
        "longest_at": longest["location"],
    }


def measure(sites: dict[Engine, Path], name: str, path: str, runs: int, timeout_s: float = 120) -> dict[str, Any]:
    """Per engine: ``runs`` searches for ``name`` on ``sites[engine]``, each in a fresh context, waiting for a
    result that links to ``path`` (relative to the site); the index's figures beside them."""
    from playwright.sync_api import sync_playwright

    from quality.chromium import CHROMIUM_ARGS, find_chromium
    from quality.serve import StaticServer

    out: dict[str, Any] = {"query": name, "page": path}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        try:
            for engine, site in sites.items():
                server = StaticServer(site, compress=True)
                typed, opened = [], []
                try:
                    for _ in range(runs):
                        context = browser.new_context()
                        page = context.new_page()
                        started = time.perf_counter()
                        page.goto(server.url, wait_until="load")
                        found = search(page, engine, name, server.url + path, timeout_s)
                        elapsed = time.perf_counter() - started
                        context.close()
                        if not found.found:
                            raise SearchMissed(
                                f"{engine}: searching {name!r} on {site} listed no link to {path} within "
                                f"{timeout_s:.0f} s; results: {found.hrefs[:10]}"
                            )
                        typed.append(found.seconds)
                        opened.append(elapsed)
                finally:
                    server.close()
                out[engine] = {
                    "from_first_key_s": summary(typed),
                    "from_page_load_s": summary(opened),
                    "index": index_figure(site, engine),
                }
        finally:
            browser.close()
    if "mkdocs" in out and "zensical" in out:
        load = "from_page_load_s"
        out["ratio"] = out["zensical"][load]["median"] / out["mkdocs"][load]["median"]
    return out
