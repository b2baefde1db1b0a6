"""Waiting for a condition in a page that carries the site's Content-Security-Policy.

Playwright's ``wait_for_function`` compiles its predicate inside the page when it has to poll, which a
policy without 'unsafe-eval' refuses (an ``EvalError``, only when the condition is not true at once, so
the failure depends on how fast the machine is). ``page.evaluate`` runs the expression through the
browser's debugging protocol, from outside the page, which no page policy blocks: :func:`wait_until`
polls with it, from Python. A navigation that replaces the document while it polls is waited out, not
reported.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error, Page

#: What Playwright says when the document it evaluated in went away (a navigation, a reload).
_NAVIGATED = ("Execution context was destroyed", "Cannot find context with specified id", "navigat")


def wait_until(page: Page, expression: str, arg: Any = None, timeout: float = 60000) -> Any:
    """Wait until ``expression`` (a JavaScript expression, or a function of ``arg``) is truthy in ``page``
    and return its value; ``timeout`` in milliseconds, as Playwright's."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            value = page.evaluate(expression) if arg is None else page.evaluate(expression, arg)
        except Error as exc:
            if not any(word in str(exc) for word in _NAVIGATED):
                raise
            value = None
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"still false after {timeout / 1000:g} s: {expression}")
        time.sleep(0.05)
