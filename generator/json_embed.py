"""JSON that is safe to place inside an HTML ``<script type="application/json">`` element.

``json.dumps`` leaves ``<``, ``>`` and ``&`` as they are, so a string holding
``</script>`` or ``<!--`` would end or confuse the element. They are written as
``\\u003c``, ``\\u003e`` and ``\\u0026`` instead, which ``JSON.parse`` reads back
unchanged; U+2028 and U+2029 are escaped too, for older JavaScript parsers.
"""

from __future__ import annotations

import json

from markupsafe import Markup

_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def script_json(value: object) -> Markup:
    """Compact JSON for ``value``, escaped for embedding in a script element.

    >>> str(script_json({"a": "</script>"}))
    '{"a":"\\\\u003c/script\\\\u003e"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _ESCAPES.items():
        text = text.replace(raw, escaped)
    return Markup(text)
