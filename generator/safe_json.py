"""JSON for embedding in an HTML page: ``<script type="application/json">`` that data cannot close.

Inside a ``<script>`` element the HTML parser ends the element at the first ``</script``
whatever the JSON means, and ``<!--`` switches it into a mode where ``<script`` nests.
Writing ``<``, ``>`` and ``&`` as ``\\u003c``, ``\\u003e``, ``\\u0026`` keeps the JSON value
identical (JSON.parse reads them back) while no markup can appear in the text. ``'`` is
escaped too, so the text can also sit as it is in a single-quoted ``data-`` attribute: the
form to use in page content, since Material's instant navigation re-runs every inline
``<script>`` of a new page as JavaScript. U+2028 and
U+2029 are escaped too, so the same text is also a valid JavaScript literal. NaN and
infinities are refused: JSON has no such numbers and a chart must not plot them.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

_ESCAPES = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    ord("'"): "\\u0027",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
}
_REPLACE = [(chr(code), escaped) for code, escaped in _ESCAPES.items()]


def dumps(value: Any) -> str:
    """``value`` as compact JSON text that is safe inside ``<script type="application/json">``.

    >>> dumps({"label": "</script><script>alert(1)</script>"})
    '{"label":"\\\\u003c/script\\\\u003e\\\\u003cscript\\\\u003ealert(1)\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), sort_keys=True)
    # ``text.translate(_ESCAPES)``, one character at a time: ``translate`` is slow on text beyond
    # ASCII (a chart's labels hold dashes and ``×``), ``replace`` is not, and no escape holds a
    # character that a later step replaces.
    for char, escaped in _REPLACE:
        if char in text:
            text = text.replace(char, escaped)
    return text


def script_tag(value: Any, element_id: str) -> Markup:
    """A whole ``<script type="application/json" id=...>`` element holding ``value``.

    Read it in the page with ``JSON.parse(document.getElementById(id).textContent)``.
    """
    return (
        Markup('<script type="application/json" id="{}">').format(element_id)
        + Markup(dumps(value))
        + Markup("</script>")
    )
