"""Quality gates in a real browser (Debian's Chromium), on every page the sitemap lists.

Every gate runs on the site of each engine: MkDocs + Material (the plugin) and Zensical (docs/engines.md).

One browser and one server for the whole session; each page is loaded once and checked for console
errors, failed requests, requests to other hosts, its Content-Security-Policy and axe-core violations
in both palettes together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Response, Route

from quality import axe
from quality.clipping import CLIPPED_JS
from quality.contrast import contrast_ratio
from quality.serve import StaticServer
from quality.sitemap import page_paths, page_urls
from quality.wait import wait_until

AA_TEXT = 4.5
MakeContext = Callable[..., BrowserContext]
PHONE = {"width": 390, "height": 844}
#: The sites the gates check: the shipped guide and the example guide on another topic, as each engine builds them.
ENGINES = {
    "mkdocs": "shipped_site",
    "zensical": "zensical_site",
    "example": "example_site",
    "example-zensical": "example_zensical_site",
}


@pytest.fixture(scope="module", params=list(ENGINES))
def gate_site(request: pytest.FixtureRequest) -> Path:
    """Each site in turn (each built once per session): the gates hold for any engine and any guide."""
    site: Path = request.getfixturevalue(ENGINES[request.param])
    return site


@pytest.fixture(scope="module")
def gate_url(gate_site: Path) -> Iterator[str]:
    """Base URL (ending in /) of ``gate_site`` served on 127.0.0.1."""
    server = StaticServer(gate_site)
    yield server.url
    server.close()


@pytest.fixture(scope="module")
def gate_pages(gate_site: Path, gate_url: str) -> list[str]:
    """Every page of ``gate_site``, from its sitemap.xml, as addresses on the local server."""
    return page_urls(gate_site, gate_url)


class Recorder:
    """Collects what went wrong while pages load: console errors, page errors, failed or outside requests.

    Requests to any other host are recorded and aborted, so a gate never reaches the network.
    """

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
        self.problems: list[str] = []
        self.where = ""
        context.route(lambda url: not self._local(url), self._outside)
        context.on("requestfailed", self._failed)
        context.on("response", self._response)
        context.on("console", self._console)
        context.on("weberror", lambda e: self.problems.append(f"{self.where}: page error: {e.error}"))

    def _local(self, url: str) -> bool:
        return (
            url.split(":", 1)[0] in ("data", "blob", "about") or url == self.origin or url.startswith(self.origin + "/")
        )

    def _outside(self, route: Route) -> None:
        self.problems.append(f"{self.where}: request outside the site: {route.request.url}")
        route.abort()

    def _failed(self, request: Request) -> None:
        if self._local(request.url):
            self.problems.append(f"{self.where}: request failed: {request.url} ({request.failure})")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.problems.append(f"{self.where}: HTTP {response.status}: {response.url}")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"{self.where}: console error: {message.text}")


@pytest.fixture
def context(browser: Browser) -> Iterator[MakeContext]:
    """Make browser contexts (each with its own options and storage); all are closed after the test."""
    contexts: list[BrowserContext] = []

    def make(**options: object) -> BrowserContext:
        ctx = browser.new_context(**options)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


def _axe_problems(page: Page, where: str) -> list[str]:
    return [
        f"{where}: axe {v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:5])}"
        for v in axe.violations(page)
    ]


#: Collects every violation of the page's Content-Security-Policy, from the first script on.
_LISTEN_CSP = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.violatedDirective} ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));"""
#: The palette the page shows, once no colour transition is still running (axe reads colours at rest).
_SCHEME_AT_REST = """() => document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')
  ? '' : document.body.dataset.mdColorScheme"""
_OTHER = {"default": "slate", "slate": "default"}


def _policy_problems(page: Page, where: str) -> list[str]:
    """The page carries the policy, raised no violation, and the theme's scripts ran under it."""
    problems = [f"{where}: CSP violation {v}" for v in page.evaluate("window.__csp")]
    policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content")
    script_src = policy.split(";")[1].split() if policy and policy.count(";") > 1 else []
    # Script files by name (never 'self'), the theme's inline scripts by hash, nothing inline otherwise.
    by_name = any(s.endswith(".js") for s in script_src) and "'self'" not in script_src
    by_hash = any(s.startswith("'sha256-") for s in script_src) and "'unsafe-inline'" not in script_src
    if script_src[:1] != ["script-src"] or not by_name or not by_hash:
        problems.append(f"{where}: policy {policy!r}")
    if not page.evaluate("document.documentElement.classList.contains('js') && !!window.document$"):
        problems.append(f"{where}: the theme's scripts did not run")
    return problems


def test_every_page_loads_cleanly_and_passes_axe_in_both_palettes(
    context: MakeContext, gate_pages: list[str], gate_url: str
) -> None:
    """No console error, failed or outside request or policy violation, the policy in place and the theme's
    scripts running under it, and 0 axe violations in the light and in the dark palette.

    Each page is opened once, in the palette the reader chose last (Material stores the choice, so a page
    opens in it), checked, switched with the palette toggle as a reader does, and checked again; the next
    page then opens in that palette. Every page is checked in both palettes, and opening in the stored one
    is checked on every page, in both directions.
    """
    ctx = context(color_scheme="light")
    ctx.add_init_script(_LISTEN_CSP)
    recorder = Recorder(ctx, gate_url)
    page = ctx.new_page()
    problems: list[str] = []
    palette = "default"
    for url in gate_pages:
        recorder.where = url
        page.goto(url, wait_until="networkidle")
        scheme = page.evaluate("document.body.dataset.mdColorScheme")
        assert scheme == palette, f"{url}: opened in palette {scheme}, the reader chose {palette}"
        problems += _policy_problems(page, url)
        problems += _axe_problems(page, f"{url} ({palette})")
        page.locator("form[data-md-component=palette] label:visible").first.click()
        palette = _OTHER[palette]
        wait_until(page, f"({_SCHEME_AT_REST})() === '{palette}'")
        problems += _axe_problems(page, f"{url} ({palette})")
    assert len(gate_pages) >= 2
    assert recorder.problems + problems == []


def test_the_gates_see_a_violation_and_an_outside_request(
    context: MakeContext, gate_pages: list[str], gate_url: str
) -> None:
    """The same recorder and axe run, on a page we break on purpose, report both faults."""
    ctx = context()
    recorder = Recorder(ctx, gate_url)
    page = ctx.new_page()
    recorder.where = gate_pages[0]
    page.goto(gate_pages[0], wait_until="load")
    page.evaluate("""document.body.insertAdjacentHTML('beforeend', '<button class="dg-broken"></button>'
        + '<p style="font-size:8px"><a class="dg-tiny" href="#a">a</a><a href="#b">b</a></p>');
        fetch('http://example.invalid/tracker.js').catch(() => {});""")
    page.wait_for_timeout(200)
    violations = _axe_problems(page, "broken")
    assert any("axe button-name" in v and "dg-broken" in v for v in violations), violations
    assert any("axe target-size" in v and "dg-tiny" in v for v in violations), violations
    # The site's Content-Security-Policy refuses the request before it leaves (connect-src 'self'); the
    # recorder sees that refusal in the console, or the request itself where a page has no policy.
    seen = [p for p in recorder.problems if "example.invalid/tracker.js" in p]
    assert seen, recorder.problems
    assert all("request outside the site" in p or "Content Security Policy" in p for p in seen), seen


# --- the matrix for readers who override colours or read on a phone ----------

_CELLS_JS = """() => {
  const opaque = (el) => {
    for (; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg !== 'transparent' && !bg.endsWith(', 0)')) return bg;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const visible = (el) => {
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility === 'visible' && style.opacity !== '0';
  };
  // Cells the page shows; the decision page keeps the answers not chosen in hidden cards.
  const shown = [...document.querySelectorAll('td.dg-cell, .dg-badge')].filter((cell) => cell.checkVisibility());
  return shown.map((cell) => {
    const verdict = cell.querySelector('.dg-verdict') || cell;
    const symbol = cell.querySelector('.dg-symbol');
    const style = getComputedStyle(cell);
    return {
      kind: cell.tagName, label: cell.dataset.label || '', text: verdict.innerText.trim(),
      symbol: symbol ? symbol.innerText.trim() : '', symbolVisible: !!symbol && visible(symbol),
      verdictVisible: visible(verdict), colour: getComputedStyle(verdict).color, background: opaque(cell),
      border: style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0,
      before: getComputedStyle(cell, '::before').content,
    };
  });
}"""


def _rgb_hex(css: str) -> str:
    channels = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return "#" + "".join(f"{round(float(c)):02x}" for c in channels[:3])


@pytest.fixture(scope="module")
def verdict_pages(gate_site: Path, gate_url: str) -> list[str]:
    """The pages (from the sitemap) that show verdict cells or badges."""
    found = []
    for path in page_paths(gate_site):
        html = (gate_site / path / "index.html").read_text(encoding="utf-8")
        if "dg-cell" in html or "dg-badge" in html:
            found.append(gate_url + path)
    assert gate_url in found, "the overview shows the matrix"
    return found


def test_verdicts_stay_readable_in_forced_colors(context: MakeContext, verdict_pages: list[str]) -> None:
    """High-contrast mode drops the tints: every verdict keeps a visible symbol, a word and a border."""
    page = context(forced_colors="active").new_page()
    problems = []
    for url in verdict_pages:
        page.goto(url, wait_until="load")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        cells = page.evaluate(_CELLS_JS)
        # The decision page shows verdicts only once a question is answered; the overview always does.
        assert cells or url != min(verdict_pages, key=len), url
        for cell in cells:
            where = f"{url} {cell['kind']} {cell['label']} {cell['text']!r}"
            symbol, _, word = cell["text"].partition(" ")
            if not (cell["verdictVisible"] and cell["symbolVisible"] and symbol == cell["symbol"] and word.strip()):
                problems.append(f"{where}: symbol or word not visible")
            if not cell["border"]:
                problems.append(f"{where}: no border")
            ratio = contrast_ratio(_rgb_hex(cell["colour"]), _rgb_hex(cell["background"]))
            if ratio < AA_TEXT:
                problems.append(f"{where}: text {cell['colour']} on {cell['background']} is {ratio:.2f}:1")
    assert problems == []


#: Every piece of text drawn in a font under 12 CSS px, as ``tag.class size: characters`` (charts' SVG and
#: scripts aside): Lighthouse's legible-font audit counts such text, hidden or not, against the page.
_SMALL_TEXT_JS = """() => {
  const out = {};
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const el = walk.currentNode.parentElement, text = walk.currentNode.textContent.trim();
    if (!text || el.closest('script, style, noscript, template, svg')) continue;
    const style = getComputedStyle(el);
    if (style.clip !== 'auto' || style.clipPath !== 'none') continue;  // visually hidden, for screen readers
    const size = parseFloat(style.fontSize);
    if (size < 12) {
      const key = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${size.toFixed(1)}px`;
      out[key] = (out[key] || 0) + text.length;
    }
  }
  return Object.entries(out).map(([key, n]) => `${key}: ${n} characters`);
}"""


def test_no_text_under_12px_on_a_phone(context: MakeContext, gate_pages: list[str]) -> None:
    page = context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    small = []
    for url in gate_pages:
        page.goto(url, wait_until="load")
        small += [f"{url}: {what}" for what in page.evaluate(_SMALL_TEXT_JS)]
    assert small == []


def test_the_small_text_check_sees_small_text(context: MakeContext, gate_pages: list[str]) -> None:
    page = context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    page.goto(gate_pages[0], wait_until="load")
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p class=dg-tiny style=font-size:9px>tiny</p>')")
    assert page.evaluate(_SMALL_TEXT_JS) == ["p.dg-tiny 9.0px: 4 characters"]


def test_a_compare_page_shows_both_paths_on_a_phone(context: MakeContext, gate_pages: list[str]) -> None:
    """The verdicts of two paths side by side fit a 390 px screen: no table of a pair page scrolls sideways."""
    pairs = [url for url in gate_pages if urlsplit(url).path.rstrip("/").count("/") == 3 and "/compare/" in url]
    assert pairs
    page = context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    page.goto(pairs[0], wait_until="load")
    scrolls = page.evaluate("[...document.querySelectorAll('.dg-table-wrap')].map(w => w.scrollWidth - w.clientWidth)")
    assert scrolls and max(scrolls) <= 0, scrolls


def test_matrix_reads_as_cards_on_a_phone(context: MakeContext, gate_url: str) -> None:
    """At phone width nothing scrolls sideways, every cell says which column it answers, verdicts sit two
    by two, and each path's card fits on one screen below the header."""
    page = context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    page.goto(gate_url, wait_until="load")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    wrap = page.evaluate("(w => w.scrollWidth - w.clientWidth)(document.querySelector('.dg-matrix-wrap'))")
    assert overflow <= 0 and wrap <= 0
    cells = [c for c in page.evaluate(_CELLS_JS) if c["kind"] == "TD"]
    assert cells
    unlabelled = [c for c in cells if c["before"] != f'"{c["label"]}"' or not c["label"]]
    assert unlabelled == []
    assert all(c["verdictVisible"] and c["symbolVisible"] for c in cells)
    cards = page.evaluate("""[...document.querySelectorAll('.dg-matrix tbody tr')].map(row => ({
        height: row.getBoundingClientRect().height,
        cells: row.querySelectorAll('td.dg-cell').length,
        rows: new Set([...row.querySelectorAll('td.dg-cell')]
            .map(td => Math.round(td.getBoundingClientRect().top))).size,
    }))""")
    screen = PHONE["height"] - page.evaluate("document.querySelector('.md-header').offsetHeight")
    assert [c for c in cards if c["height"] > screen or c["rows"] != (c["cells"] + 1) // 2] == []


#: The widths the compare pages are checked at: a laptop and a phone.
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": PHONE}


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_text_on_a_compare_page_is_cut_off(context: MakeContext, gate_pages: list[str], width: str) -> None:
    """Every compare page, at 1280 and 390 px: no verdict, judgement or path name runs past its table's
    box or the screen (a long judgement, a long name such as EP_NUM_COMMS)."""
    compare = [url for url in gate_pages if "/compare/" in urlsplit(url).path]
    assert len(compare) >= 2
    phone = width == "phone"
    page = context(viewport=WIDTHS[width], device_scale_factor=2 if phone else 1, is_mobile=phone).new_page()
    cut = []
    for url in compare:
        page.goto(url, wait_until="load")
        cut += [f"{url}: {what}" for what in page.evaluate(CLIPPED_JS)]
    assert cut == []


def test_the_cut_off_check_sees_text_cut_off(context: MakeContext, gate_pages: list[str]) -> None:
    """A cell that will not wrap in a scroll box, and a line past the screen's edge, are both reported."""
    page = context(viewport=PHONE).new_page()
    page.goto(gate_pages[0], wait_until="load")
    page.evaluate("""document.querySelector('.md-content').insertAdjacentHTML('beforeend',
        '<div style="overflow:auto;width:100px"><table><tr><td style="white-space:nowrap" class="dg-wide">'
        + 'a judgement far too long for its box</td></tr></table></div>'
        + '<p class="dg-past" style="white-space:nowrap;position:relative;left:300px">past the edge of it all</p>')""")
    found = page.evaluate(CLIPPED_JS)
    assert any("td.dg-wide" in f and "cut off by div" in f for f in found), found
    assert any("p.dg-past" in f and "past the right edge" in f for f in found), found
