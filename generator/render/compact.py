"""The engine's stylesheets and scripts as a site ships them: comments and indentation left out.

About a quarter of their compressed size is the comments that explain them to a maintainer; a
reader's browser needs none of it, on every first visit. Scripts lose only whole-line comments and
indentation (a ``//`` or ``/*`` inside a line may belong to a string, an address or a regular
expression, so it stays); stylesheets lose every comment. The sources under ``render/assets/`` keep
their comments.
"""

from __future__ import annotations

import re

_JS_BLOCK = re.compile(r"^[ \t]*/\*(?:(?!\*/).)*\*/[ \t]*\n", re.MULTILINE | re.DOTALL)
_JS_LINE = re.compile(r"^[ \t]*//[^\n]*\n", re.MULTILINE)
_CSS_COMMENT = re.compile(r"/\*(?:(?!\*/).)*\*/", re.DOTALL)
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
_BLANK = re.compile(r"\n\s*\n+")


def compact(uri: str, text: str) -> str:
    """``text`` of the asset ``uri`` without comments and indentation (other files unchanged)."""
    if uri.endswith(".js"):
        text = _JS_LINE.sub("", _JS_BLOCK.sub("", text))
    elif uri.endswith(".css"):
        text = _CSS_COMMENT.sub("", text)
    else:
        return text
    return _BLANK.sub("\n", _INDENT.sub("", text)).lstrip("\n")
