"""The engine's two long browser scripts, kept in source as parts and shipped as one file each.

``yours.js`` ("Your numbers" and the rules the matrix's "Judge for" borrows) and ``matrix.js`` (the
matrix's tools) are each one function, ``(function () { ... })();``, whose steps share its closure.
Written as one file each they were far over the project's ~400-line module limit; shipped as several
files, a page paid more requests and more bytes (the "Your numbers" page went past its 18 KiB test
limit). So each is split in source along its concerns into fragments under
``assets/javascripts/<name>/`` (the first opens the function, the last closes it), and
:func:`script_source` joins them, in the order :data:`JOINED` declares, into the text the build
compacts and ships at the one address, ``javascripts/<name>.js``. A part is not a script of its own:
only the joined text parses.
"""

from __future__ import annotations

from pathlib import Path

#: The engine's own browser files (the build's ``ASSETS``).
ASSETS = Path(__file__).parent / "assets"

#: Each joined script's address in the site -> its parts, in order, relative to :data:`ASSETS`.
JOINED: dict[str, tuple[str, ...]] = {
    "javascripts/yours.js": (
        "javascripts/yours/10-numbers.js",
        "javascripts/yours/20-judging.js",
        "javascripts/yours/30-regimes.js",
        "javascripts/yours/40-cells.js",
        "javascripts/yours/50-derive.js",
        "javascripts/yours/60-input.js",
        "javascripts/yours/70-page.js",
        "javascripts/yours/80-forms.js",
    ),
    "javascripts/matrix.js": (
        "javascripts/matrix/10-state.js",
        "javascripts/matrix/20-render.js",
        "javascripts/matrix/30-judged-cell.js",
        "javascripts/matrix/40-judge.js",
        "javascripts/matrix/50-compare.js",
        "javascripts/matrix/60-wiring.js",
    ),
}


def script_source(uri: str) -> str:
    """The source text of the asset ``uri`` (relative to :data:`ASSETS`): a joined script's parts one after
    the other, any other asset its file."""
    parts = JOINED.get(uri)
    if parts is None:
        return (ASSETS / uri).read_text(encoding="utf-8")
    return "".join(_ended((ASSETS / part).read_text(encoding="utf-8")) for part in parts)


def _ended(text: str) -> str:
    """``text`` with a final newline, so a part's last line never runs into the next part's first."""
    return text if text.endswith("\n") else text + "\n"
