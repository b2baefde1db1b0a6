"""The data format a guide's ``guide.yml`` states: read by the check (before anything else) and by ``migrate``.

It sits with the record format so that migration, which runs before any check, needs nothing of the
checking stage.
"""

from __future__ import annotations

from typing import Any

from generator.schema import FIRST_FORMAT, FORMAT, shown_value


def stated_format(guide: Any) -> tuple[int | None, str]:
    """The format ``guide.yml``'s data states, or ``None`` and why it cannot be read as one.

    >>> stated_format({"title": "x"})
    (1, '')
    >>> stated_format({"format": 3})
    (3, '')
    """
    if not isinstance(guide, dict) or "format" not in guide:
        return FIRST_FORMAT, ""
    value = guide["format"]
    if isinstance(value, bool) or not isinstance(value, int) or value < FIRST_FORMAT:
        return None, f"expected the data format as a whole number (this engine's is {FORMAT}), got {shown_value(value)}"
    return value, ""
