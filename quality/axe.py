"""The accessibility check every browser gate runs: axe-core's default rules plus touch-target size.

axe-core leaves ``target-size`` (WCAG 2.2, 2.5.8: a target at least 24 x 24 CSS px, or that much
space around it) off by default; Lighthouse turns it on, so the gates do too.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page

#: Only violations are gathered in full (axe skips collecting every node that passes, which is most of
#: its time on a large page); what it reports as a violation is the same.
OPTIONS = {"rules": {"target-size": {"enabled": True}}, "resultTypes": ["violations"]}

_AXE = Axe()  # axe-core bundled in the package: nothing is fetched


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    found: list[dict[str, Any]] = _AXE.run(page, options=OPTIONS).response["violations"]
    return found
