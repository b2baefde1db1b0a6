"""What the allow-list keeps of a hostile page runs nothing in a browser, with no policy to help it: each
construct a pull request might write is rendered, cleaned, and loaded in Chromium on its own page."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from playwright.sync_api import Browser

from generator.adapters import sanitize
from quality.serve import StaticServer
from tests.test_sanitize import DIFFERENTIAL, EXTENSIONS

PAYLOAD = "window.__pwned = (window.__pwned || 0) + 1"
HOSTILE = {
    **{f"differential-{name}": body for name, body in DIFFERENTIAL.items()},
    "script": "<script>window.__pwned = 1</script>",
    "img-onerror": "<img src=nope onerror='window.__pwned = 1'>",
    "attr-list": 'A paragraph.\n{: onclick="window.__pwned = 1" onmouseover="window.__pwned = 1" }',
    "javascript-link": "[x](javascript:window.__pwned=1)",
    "entity-link": '<a id="go" href="&#106;avascript:window.__pwned=1">x</a>',
    "svg-onload": "<svg onload='window.__pwned = 1'></svg>",
    "details-ontoggle": "<details open ontoggle='window.__pwned = 1'><summary>x</summary></details>",
    "iframe-srcdoc": "<iframe srcdoc='<script>parent.__pwned = 1</script>'></iframe>",
    "object-data": "<object data='data:text/html,<script>parent.__pwned=1</script>'></object>",
    "base-href": "<base href='https://example.org/'>",
    "form-action": "<form action='javascript:window.__pwned=1'><button id=go>x</button></form>",
    "math-href": "<math><mtext><a href='javascript:window.__pwned=1' id=go>x</a></mtext></math>",
    "template": "<template><script>window.__pwned = 1</script></template>",
    "style-import": "<style>@import 'x.css';</style>",
}


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One page per construct, holding only what the allow-list keeps of it (no policy, no theme)."""
    root = tmp_path_factory.mktemp("cleaned")
    (root / "x.js").write_text(PAYLOAD + ";\n", encoding="utf-8")
    (root / "x.css").write_text("body { background: red }\n", encoding="utf-8")
    for name, body in HOSTILE.items():
        html = markdown.markdown(f"# Page\n\n{body}\n\nAfter.\n", extensions=EXTENSIONS)
        (root / f"{name}.html").write_text(
            f"<!doctype html><html><head><title>{name}</title></head><body>{sanitize.clean(html)}</body></html>\n",
            encoding="utf-8",
        )
    return root


def test_no_cleaned_construct_runs_script_loads_a_file_or_leaves_the_page(browser: Browser, hostile_site: Path) -> None:
    ran = []
    with StaticServer(hostile_site) as server:
        page = browser.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        for name in HOSTILE:
            requested.clear()
            url = f"{server.url}{name}.html"
            page.goto(url, wait_until="load")
            if page.locator("#go").count():
                page.locator("#go").first.click(no_wait_after=True)
            page.mouse.move(10, 10)
            page.wait_for_timeout(200)  # a refresh or a late handler would have acted by now
            loaded = sorted({u.rsplit("/", 1)[-1] for u in requested} & {"x.js", "x.css"})
            pwned = page.evaluate("window.__pwned") if page.url == url else "navigated"
            if pwned is not None or loaded or page.url != url:
                ran.append((name, pwned, loaded, page.url))
        page.close()
    assert ran == []
