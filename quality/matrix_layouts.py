"""Three layouts of the overview's matrix side by side, for the record of which reads fastest by colour.

    python -m quality.matrix_layouts /tmp/layouts      # screenshots and a table of heights

A throw-away experiment, not a layout the site ships: the shipped page is layout A, and B and C are made
from it in the browser (a rewrite of the page's own matrix, with the page's CSP bypassed for the added
style), so nothing of them lives in the generator.

- **A, a disclosure per cell** (shipped): each cell is its verdict line, the rest folded under it.
- **B, a disclosure per row**: each row is a line of coloured chips; one "details" per row opens every cell's
  details at once.
- **C, a grid of colour blocks** (caniuse-like): fixed-width blocks of colour, symbol and word; the text
  column ("pick it when") moves into the row's "about" fold; on a phone each path's name is a line and its
  blocks one row under it, below one header row (instead of a labelled card two by two).

For each layout, palette (light, dark) and screen (1280 x 800, 390 x 844) it writes ``<layout>-<palette>-
<width>-screen.png`` (the first screen) and ``-matrix.png`` (the whole matrix), and prints the matrix's top,
height and whether all of it is in the first screen.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from quality.build import build_site
from quality.chromium import CHROMIUM_ARGS, find_chromium
from quality.screenshots import WIDTHS
from quality.serve import StaticServer
from quality.wait import wait_until

#: The issue's screens: a 1280×800 desktop, and the phone the screenshots use.
SCREENS = {"desktop": {"viewport": {"width": 1280, "height": 800}}, "phone": WIDTHS["phone"]}

#: B: every cell's fold becomes a chip (its verdict line); the row's folds are gathered under one per row.
ROW_DISCLOSURE_JS = """() => {
  for (const tr of document.querySelectorAll('table.dg-matrix tbody tr')) {
    const bodies = [];
    for (const td of tr.querySelectorAll('td.dg-cell')) {
      const more = td.querySelector(':scope > details.dg-more');
      if (!more) continue;
      const chip = document.createElement('span');
      chip.className = 'dg-chip';
      chip.append(...more.querySelector('summary').childNodes);
      const body = more.querySelector('.dg-more-body');
      if (body) { const b = document.createElement('div'); b.className = 'dg-row-part';
        b.append(td.dataset.label + ': ', ...body.childNodes); bodies.push(b); }
      more.replaceWith(chip);
    }
    if (!bodies.length) continue;
    const row = document.createElement('details'); row.className = 'dg-row-more';
    const s = document.createElement('summary'); s.textContent = 'details'; row.append(s, ...bodies);
    tr.querySelector('th').append(row);
  }
}"""
ROW_DISCLOSURE_CSS = """
.md-typeset .dg-chip { font-weight: 700; }
.md-typeset details.dg-row-more { margin: 0; border: 0; box-shadow: none; font-size: 0.9em; }
.md-typeset details.dg-row-more > summary { padding: 0; font-weight: 400; text-decoration: underline; }
.md-typeset details.dg-row-more > summary::before { display: none; }
@media screen and (max-width: 44.9375em) {
  .md-typeset .dg-matrix tbody tr { display: flex !important; flex-wrap: wrap; gap: 3px; }
  .md-typeset .dg-matrix tbody th, .md-typeset .dg-matrix td.dg-text { flex: 1 0 100%; }
  .md-typeset .dg-matrix td.dg-cell { display: inline-block !important; flex: 0 1 auto; min-width: 0; }
  .md-typeset .dg-matrix td.dg-cell::before { display: inline !important; font-size: 0.85em; margin-right: 0.3em; }
}
"""

#: C: the text column goes into the row's "about" fold; cells become equal blocks; the phone keeps the grid.
GRID_JS = """() => {
  const table = document.querySelector('table.dg-matrix');
  const heads = [...table.querySelectorAll('thead th')];
  const text = heads.findIndex((th, i) => i > 0 && table.querySelector(`tbody tr td:nth-child(${i + 1}).dg-text`));
  if (text < 0) return;
  heads[text].remove();
  for (const tr of table.querySelectorAll('tbody tr')) {
    const td = tr.children[text];
    const about = tr.querySelector('th details.dg-about .dg-short');
    if (about) { const p = document.createElement('span'); p.className = 'dg-short';
      p.append(td.dataset.label + ': ', ...td.childNodes); about.after(p); }
    td.remove();
  }
}"""
GRID_CSS = """
.md-typeset .dg-matrix td.dg-cell { width: 8.5em; text-align: center; vertical-align: middle; }
.md-typeset details.dg-more > summary { padding: 0 0 0 0; }
.md-typeset details.dg-more > summary::after { content: none; }
.md-typeset .dg-matrix td.dg-cell .dg-mark { display: inline-block; margin-top: 2px; }
@media screen and (max-width: 44.9375em) {
  /* each path: its name on a line, then its blocks in one row under a header row that stays in view */
  .md-typeset .dg-matrix thead { position: sticky !important; top: 0; width: auto !important; height: auto !important;
    overflow: visible !important; clip: auto !important; display: block !important; z-index: 1;
    background: var(--md-default-bg-color); }
  .md-typeset .dg-matrix thead tr { display: grid !important; grid-template-columns: repeat(4, minmax(0, 1fr));
    width: auto !important; height: auto !important; overflow: visible !important; gap: 3px; }
  .md-typeset .dg-matrix thead th { display: block !important; width: auto !important; height: auto !important;
    overflow: visible !important; white-space: normal !important; padding: 0.2em !important; font-size: 0.85em; }
  .md-typeset .dg-matrix thead th:first-child { display: none !important; }
  .md-typeset .dg-matrix tbody tr { grid-template-columns: repeat(4, minmax(0, 1fr)) !important;
    margin-bottom: 0.4em !important; }
  .md-typeset .dg-matrix td.dg-cell { width: auto; font-size: 0.85em; padding: 0.3em 0.2em !important; }
  .md-typeset .dg-matrix td::before { content: none !important; }
}
"""

LAYOUTS = {"A": ("", ""), "B": (ROW_DISCLOSURE_JS, ROW_DISCLOSURE_CSS), "C": (GRID_JS, GRID_CSS)}

MEASURE = """() => { const m = document.querySelector('.dg-matrix-wrap').getBoundingClientRect();
  const rows = [...document.querySelectorAll('table.dg-matrix tbody tr')];
  return {top: Math.round(m.top + scrollY), height: Math.round(m.height), inner: innerHeight,
          wide: document.documentElement.scrollWidth,
          rows: rows.filter((r) => r.getBoundingClientRect().bottom + scrollY <= innerHeight).length,
          of: rows.length}; }"""


def take(out: Path) -> list[dict[str, object]]:
    """Build and serve the site, write the screenshots into ``out``, and return one measurement a shot."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="layouts-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        with StaticServer(site) as server, sync_playwright() as p:
            build_site(site, server.url)
            browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for layout, (script, style) in LAYOUTS.items():
                for palette in ("light", "dark"):
                    for width, options in SCREENS.items():
                        context = browser.new_context(color_scheme=palette, bypass_csp=True, **options)  # type: ignore[arg-type]
                        page = context.new_page()
                        page.goto(server.url, wait_until="networkidle")
                        scheme = "slate" if palette == "dark" else "default"
                        wait_until(page, f"document.body.dataset.mdColorScheme === '{scheme}'")
                        wait_until(page, "document.getElementById('matrix-status')?.textContent !== ''")
                        if script:
                            page.evaluate(script)
                        if style:
                            page.add_style_tag(content=style)
                        name = f"{layout}-{palette}-{width}"
                        page.screenshot(path=out / f"{name}-screen.png")
                        box = page.evaluate(MEASURE)
                        page.add_style_tag(content=".md-header { position: static; }")
                        page.locator(".dg-matrix-wrap").first.screenshot(path=out / f"{name}-matrix.png")
                        whole = box["top"] + box["height"] <= box["inner"]
                        rows.append({"layout": layout, "palette": palette, "screen": width, **box, "whole": whole})
                        context.close()
            browser.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("build/layouts")
    print("layout palette screen top height whole-in-first-screen rows-in-first-screen page-width")
    for r in take(out):
        print(
            r["layout"],
            r["palette"],
            r["screen"],
            r["top"],
            r["height"],
            r["whole"],
            f"{r['rows']}/{r['of']}",
            r["wide"],
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
