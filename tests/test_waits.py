"""Browser tests wait in a way the site's Content-Security-Policy allows, whatever the machine's speed."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser

from quality.serve import StaticServer
from quality.wait import wait_until

ROOT = Path(__file__).resolve().parent.parent
CALL = re.compile(r"\.wait_for_function\(")


def test_no_browser_wait_compiles_its_condition_inside_the_page() -> None:
    """``wait_for_function`` evaluates its condition as a string in the page when the first check fails,
    which the policy (no 'unsafe-eval') refuses: only on a slow machine. None may come back."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("tests", "quality", "bench", "generator")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if CALL.search(line)
    ]
    assert found == []


def test_wait_until_polls_a_condition_that_comes_true_late_under_a_strict_policy(
    browser: Browser, tmp_path: Path
) -> None:
    """The condition is false at first and true 0.6 s later, set by the page's own script, on a page whose
    policy refuses eval: the wait sees it, and the page's console sees no refusal."""
    (tmp_path / "late.js").write_text("setTimeout(() => { document.body.dataset.ready = 'yes'; }, 600);\n")
    (tmp_path / "index.html").write_text(
        '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src \'self\'">'
        '<script src="late.js"></script></head><body><p>x</p></body></html>\n'
    )
    with StaticServer(tmp_path) as server:
        page = browser.new_page()
        refused: list[str] = []
        page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: refused.append(str(error)))
        page.goto(server.url)
        assert page.evaluate("document.body.dataset.ready") is None
        assert wait_until(page, "document.body.dataset.ready === 'yes' && document.body.dataset.ready") == "yes"
        assert wait_until(page, "v => document.body.dataset.ready === v", arg="yes") is True
        page.close()
    assert refused == []
