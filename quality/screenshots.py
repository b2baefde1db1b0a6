"""Screenshots of the overview matrix for reviewers: light and dark palette, desktop and phone width.

    make screenshots                                   # writes build/screenshots/*.png
    python -m quality.screenshots /tmp/shots

For each palette and width: ``screen-<palette>-<width>.png`` (what a reader sees first, one viewport),
``glance-<palette>-<width>.png`` (one viewport scrolled to the matrix) and ``matrix-<palette>-<width>.png``
(the whole matrix); then ``path-<page>-<palette>-<width>.png`` (every path page, whole). Not committed; look at them.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from quality.build import build_site
from quality.chromium import CHROMIUM_ARGS, find_chromium
from quality.serve import StaticServer

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
                    page.wait_for_function(f"document.body.dataset.mdColorScheme === '{expected}'")
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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("build/screenshots")
    for path in take(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
