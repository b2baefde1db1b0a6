"""Screenshots of the overview matrix for reviewers: light and dark palette, desktop and phone width.

    make screenshots                                   # writes build/screenshots/*.png
    python -m quality.screenshots /tmp/shots

For each palette and width: ``screen-<palette>-<width>.png`` (what a reader sees first, one viewport),
``glance-<palette>-<width>.png`` (one viewport scrolled to the matrix) and ``matrix-<palette>-<width>.png``
(the whole matrix); ``tools-``, ``side-by-side-`` (the matrix tools comparing the first two rows), ``compare-``
(the first pair's static compare page) and ``history-`` (the history page, when the build has one); then
``path-<page>-<palette>-<width>.png`` (every path page, whole). Not committed; look at them.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from quality.build import build_site
from quality.chromium import CHROMIUM_ARGS, find_chromium
from quality.serve import StaticServer
from quality.wait import wait_until

if TYPE_CHECKING:
    from playwright.sync_api import Page

WIDTHS = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}
PALETTES = {"light": "light", "dark": "dark"}  # prefers-color-scheme; Material picks the matching palette


def take(out: Path) -> list[Path]:
    """Build the site, serve it, and write the screenshots into ``out``; return their paths."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="screenshots-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        with StaticServer(site) as server, sync_playwright() as p:
            build_site(site, server.url)
            browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for palette, scheme in PALETTES.items():
                for width, options in WIDTHS.items():
                    context = browser.new_context(color_scheme=scheme, **options)  # type: ignore[arg-type]
                    page = context.new_page()
                    page.goto(server.url, wait_until="networkidle")
                    expected = "slate" if palette == "dark" else "default"
                    wait_until(page, f"document.body.dataset.mdColorScheme === '{expected}'")
                    screen = out / f"screen-{palette}-{width}.png"
                    page.screenshot(path=screen)
                    # The viewport a reader sees when the matrix reaches the top, below the sticky header.
                    page.evaluate(
                        "window.scrollTo(0, document.querySelector('.dg-matrix-wrap').getBoundingClientRect().top"
                        " + window.scrollY - document.querySelector('.md-header').offsetHeight)"
                    )
                    page.wait_for_timeout(600)  # let the header finish swapping its title
                    glance = out / f"glance-{palette}-{width}.png"
                    page.screenshot(path=glance)
                    # The whole matrix; the sticky header is unpinned so it does not cover the table's top.
                    page.add_style_tag(content=".md-header { position: static; }")
                    matrix = out / f"matrix-{palette}-{width}.png"
                    page.locator(".dg-matrix-wrap").first.screenshot(path=matrix)
                    written += [screen, glance, matrix]
                    written += _reader_views(page, server.url, out, f"{palette}-{width}")
                    # Every path page, one viewport: what a reader sees first on it.
                    for href in page.eval_on_selector_all(
                        ".dg-matrix tbody th[scope=row] > a", "links => links.map((a) => a.href)"
                    ):
                        page.goto(href, wait_until="networkidle")
                        name = href.rstrip("/").rsplit("/", 1)[-1]
                        path_shot = out / f"path-{name}-{palette}-{width}.png"
                        page.screenshot(path=path_shot, full_page=True)
                        written.append(path_shot)
                    context.close()
            browser.close()
    return written


def _reader_views(page: Page, base: str, out: Path, suffix: str) -> list[Path]:
    """The matrix tools in use (two rows compared), the first pair's compare page and the history page."""
    written = []
    ids = page.eval_on_selector_all("table.dg-matrix tbody tr[data-option]", "rows => rows.map(r => r.dataset.option)")
    if len(ids) >= 2 and page.locator("#matrix-tools").count():
        page.goto(f"{base}?compare={ids[0]},{ids[1]}", wait_until="networkidle")
        wait_until(page, "document.getElementById('matrix-status')?.textContent !== ''")
        page.locator("#compare table").first.wait_for()
        page.add_style_tag(content=".md-header { position: static; }")
        tools = out / f"tools-{suffix}.png"
        page.locator("#matrix-tools-box").screenshot(path=tools)
        view = out / f"side-by-side-{suffix}.png"
        page.locator("#compare").screenshot(path=view)
        written += [tools, view]
    for name, url in (("compare", f"compare/{ids[0]}/{ids[1]}/" if len(ids) >= 2 else ""), ("history", "history/")):
        if not url or page.goto(base + url, wait_until="networkidle").status != 200:  # type: ignore[union-attr]
            continue
        shot = out / f"{name}-{suffix}.png"
        page.screenshot(path=shot, full_page=True)
        written.append(shot)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("build/screenshots")
    for path in take(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
