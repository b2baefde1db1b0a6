"""WCAG 2 contrast ratios, and the colour custom properties a stylesheet sets for each palette.

The verdict colours live in ``generator/render/assets/stylesheets/guide.css`` as ``--dg-<colour>-bg`` /
``--dg-<colour>-fg`` pairs, once under ``:root`` (light) and once under ``[data-md-color-scheme="slate"]``
(dark). Reading them from the CSS keeps the test honest: the numbers checked are the ones the browser gets.
"""

from __future__ import annotations

import re

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_PROPERTY = re.compile(r"(--[\w-]+)\s*:\s*([^;]+?)\s*(?:;|$)")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def custom_properties(css: str, selector: str) -> dict[str, str]:
    """``--name: value`` pairs set by rules whose selector list contains exactly ``selector``.

    Only top-level rules count (rules inside ``@media`` blocks are skipped); later rules win, as in CSS.
    """
    css = _COMMENT.sub("", css)
    found: dict[str, str] = {}
    depth = 0
    position = 0
    # Walk the text keeping track of braces, so that rules nested in at-rules are recognised and skipped.
    for match in re.finditer(r"[{}]", css):
        if match.group() == "{":
            if depth == 0:
                head = css[position : match.start()]
                end = _matching_brace(css, match.start())
                if not head.strip().startswith("@"):
                    selectors = [s.strip() for s in head.split(",")]
                    if selector in selectors:
                        found.update(dict(_PROPERTY.findall(css[match.start() + 1 : end])))
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                position = match.end()
    return found


def _matching_brace(css: str, start: int) -> int:
    depth = 0
    for index in range(start, len(css)):
        if css[index] == "{":
            depth += 1
        elif css[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    raise ValueError("unbalanced braces in stylesheet")


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """``#rgb`` or ``#rrggbb`` as three integers 0-255."""
    if not _HEX.fullmatch(colour.strip()):
        raise ValueError(f"not a hex colour: {colour!r}")
    digits = colour.strip()[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in hex_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio, from 1 (same colour) to 21 (black on white)."""
    a, b = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)
