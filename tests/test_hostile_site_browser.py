"""The shipped guide, built with a hand-written page of the hostile constructs the gates let through as text,
downloads of every kind holding script, and (written into the built page afterwards, as a markup injection
that got past everything would) script elements naming those downloads, an inline script, a handler and a
``javascript:`` link, served by a host that sends no ``nosniff``: in Chromium nothing of it runs, no script
loads but the theme's and the engine's, and the page navigates nowhere. On MkDocs and on Zensical.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from quality.serve import StaticServer
from tests.conftest import copy_project, mkdocs_build

HOSTILE = "window.__ran = (window.__ran || []).concat([location.pathname]);"
DOWNLOADS = ["evil.txt", "evil.json", "evil.yml", "evil.tsv", "evil.css", "evil.woff2", "evil.pdf", "evil.csv"]
#: What the gates let through, as text: a heading written with entities, script in code, a quoted title.
PAGE = """# &lt;/title&gt;&lt;script&gt;window.__ran=1&lt;/script&gt;

Downloads: [text](files/evil.txt), [data](files/evil.json).

## A "quoted" heading's { #plain-id data-toc-label="A plain label" }

See [this](https://example.org/ "a title with 'quotes' & an ampersand").

```html
<script src="files/evil.txt"></script>
```
"""
#: Written into the built page after the build: what an injection that got past the gates would add.
INJECTED = (
    "".join(f'<script src="../files/{name}"></script>' for name in DOWNLOADS)
    + '<script>window.__ran = ["inline"]</script>'
    + '<img src="data:," onerror="window.__ran = [\'handler\']">'
    + '<a id="bad-link" href="javascript:window.__ran=[\'link\']">x</a>'
)


@pytest.fixture(scope="module")
def hostile_guide(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hostile-guide")
    project = copy_project(root / "project")
    (project / "site_src" / "odd.md").write_text(PAGE, encoding="utf-8")
    (project / "site_src" / "files").mkdir()
    for name in DOWNLOADS:
        (project / "site_src" / "files" / name).write_text(HOSTILE, encoding="utf-8")
    config = project / "mkdocs.yml"
    done = mkdocs_build(config, root / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    command = [
        sys.executable,
        "-m",
        "generator.adapters.zensical",
        "build",
        "-f",
        str(config),
        "--out",
        str(root / "z"),
    ]
    zensical = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600, cwd=project)
    assert zensical.returncode == 0, zensical.stderr[-3000:]
    return {"mkdocs": root / "site", "zensical": root / "z" / "site"}


def _served(site: Path) -> Iterator[str]:
    with StaticServer(site, nosniff=False) as server:
        page = site / "odd" / "index.html"
        html = page.read_text(encoding="utf-8")
        if '<script src="../files/' not in html:
            page.write_text(html.replace("</article>", INJECTED + "</article>", 1), encoding="utf-8")
        yield server.url


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_nothing_hostile_runs_loads_or_navigates(browser: Browser, hostile_guide: dict[str, Path], engine: str) -> None:
    for url in _served(hostile_guide[engine]):
        _visit(browser, url)


def _visit(browser: Browser, url: str) -> None:
    context = browser.new_context()
    context.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation', "
        "(e) => window.__csp.push(e.effectiveDirective + ' ' + (e.blockedURI || 'inline')));"
    )
    page = context.new_page()
    scripts: list[str] = []
    navigations: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.on("framenavigated", lambda f: navigations.append(f.url) if f == page.main_frame else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    for path in ("odd/", "", "results/"):
        navigations.clear()
        page.goto(url + path, wait_until="networkidle")
        assert page.evaluate("document.documentElement.classList.contains('js') && !!window.document$")
        if path == "odd/":
            page.locator("#bad-link").click()
            page.wait_for_load_state("networkidle")
            blocked = page.evaluate("window.__csp")
            # Each injected download was refused before it was fetched, and the inline ones too.
            for name in DOWNLOADS:
                assert f"script-src-elem {url}files/{name}" in blocked, blocked
            assert "script-src-elem inline" in blocked and "script-src-attr inline" in blocked, blocked
        assert page.evaluate("window.__ran") is None, (path, page.evaluate("window.__ran"))
        assert set(navigations) == {url + path}, navigations  # Material may replace the state, in place
        policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
        listed = set(re.findall(r"https?://\S+\.js", policy))
        ran = {s.split("?")[0] for s in scripts} - {url + f"files/{name}" for name in DOWNLOADS}
        assert ran <= listed, sorted(ran - listed)
    assert errors == []
    context.close()
