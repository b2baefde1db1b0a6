"""The overview in a real browser: no console errors, no request outside the site."""

from __future__ import annotations


def test_overview_loads_cleanly(browser, served_site: str) -> None:
    page = browser.new_page()
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(served_site[:-1]) else None)
    page.goto(served_site)
    page.wait_for_load_state("networkidle")
    assert page.locator("table.dg-matrix tbody tr").count() == 7
    assert errors == [] and outside == []
    page.close()
