"""Problems found in a guide's data, reported all at once.

Every stage (load, validate, derive) appends :class:`Problem` objects to a list
instead of raising on the first one; the pipeline raises :class:`GuideError`
once, with every problem sorted by file and line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the data, located as precisely as we can."""

    file: str
    line: int
    field: str
    message: str

    def where(self, prefix: str = "") -> str:
        """``data/options/x.yml:3``: the file under the data folder ``prefix`` (``data/``), with its line.

        A problem of the data folder itself has no file and shows the folder; one found in the
        generator (``(generator)``) has no place under the folder and shows no prefix.
        """
        if not self.file:
            path = prefix.rstrip("/") or "(data folder)"
        elif self.file.startswith(("(", "/")):  # the generator's, or a file outside the data folder (a page)
            path = self.file
        else:
            path = prefix + self.file
        return f"{path}:{self.line}" if self.line else path

    def text(self, prefix: str = "") -> str:
        """``data/options/x.yml:3: field: message``, one line a terminal shows as it is (:func:`printable`)."""
        field = f" {printable(self.field)}:" if self.field else ""
        return f"{printable(self.where(prefix))}:{field} {printable(self.message, keep_newlines=True)}"

    def __str__(self) -> str:
        return self.text()


class GuideError(Exception):
    """Raised once per run with every problem found, sorted and deduplicated."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__(self.report())

    def report(self, prefix: str = "") -> str:
        """Every problem, one a line; ``prefix`` (``data/``) is put before each file name."""
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the guide data:"
        return "\n".join([head, *(f"  {p.text(prefix)}" for p in self.problems)])


def printable(text: str, keep_newlines: bool = False) -> str:
    r"""``text`` with every character a terminal would act on or hide written as an escape (``\x1b``, ``\u202e``).

    A file name or a quoted value may hold ESC (colours, cursor moves, a cleared line), a carriage
    return or a right-to-left override, and could fake or hide lines of a CI log. Only the problem's
    own line breaks (``keep_newlines``) are kept.

    >>> print(printable("a\x1b[2K\rb.yml"))
    a\x1b[2K\rb.yml
    """
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or (keep_newlines and c == "\n") else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest known name, or ``""`` when none is close.

    >>> did_you_mean("platfroms", ["platforms", "support"])
    " (did you mean 'platforms'?)"
    """
    import difflib  # only when a name is unknown: a clean build never needs it

    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class RevisionError(Exception):
    """A git revision cannot be compared: unknown, missing data, invalid data, no ``main``.

    Raised by :mod:`generator.diff.revisions`; declared here so that a build without a diff can catch
    it without importing the diff machinery.
    """


def data_prefix(data: Path) -> str:
    """What goes before a data file's name in a message, so that an editor or a CI annotation opens it:
    the data folder relative to the root of the git repository that holds it (``data/``), else relative
    to the current folder, else as given."""
    folder = data.resolve()
    for root in (folder, *folder.parents):
        if (root / ".git").exists():
            return _folder(folder.relative_to(root))
    try:
        return _folder(folder.relative_to(Path.cwd().resolve()))
    except ValueError:
        return _folder(data)


def _folder(path: Path) -> str:
    text = path.as_posix().rstrip("/")
    return "" if text in ("", ".") else text + "/"
