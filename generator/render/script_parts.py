"""The engine's two long browser scripts, kept in source as parts and shipped as one file each.

``yours.js`` ("Your numbers" and the rules the matrix's "Judge for" borrows) and ``matrix.js`` (the
matrix's tools) are each one function, ``(function () { ... })();``, whose steps share its closure.
Written as one file each they were far over the project's ~400-line module limit; shipped as several
files, a page paid more requests and more bytes (the "Your numbers" page went past its 18 KiB test
limit). So each is split in source along its concerns into fragments under
``assets/javascripts/<name>/`` (the first opens the function, the last closes it), and
:func:`script_source` joins them, in the order of their numbers (``10-numbers.js``, ...), into the text the build
compacts and ships at the one address, ``javascripts/<name>.js``. A part is not a script of its own:
only the joined text parses.
"""

from __future__ import annotations

from pathlib import Path

#: The engine's own browser files (the build's ``ASSETS``).
ASSETS = Path(__file__).parent / "assets"

#: The joined scripts, by the folder of ``assets/javascripts/`` their parts are in; each ships as
#: ``javascripts/<folder>.js``.
FOLDERS = ("yours", "matrix")


def _parts(folder: str) -> tuple[str, ...]:
    """A folder's parts, relative to :data:`ASSETS`, in the order their numbers say (``10-numbers.js``, ...)."""
    return tuple(sorted(f"javascripts/{folder}/{f.name}" for f in (ASSETS / "javascripts" / folder).glob("*.js")))


#: Each joined script's address in the site -> its parts, in order: the files of its folder, never a list
#: typed beside them.
JOINED: dict[str, tuple[str, ...]] = {f"javascripts/{folder}.js": _parts(folder) for folder in FOLDERS}


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
