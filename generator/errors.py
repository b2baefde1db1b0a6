"""Problems found in a guide's data, reported all at once.

Every stage (load, validate, derive) appends :class:`Problem` objects to a list
instead of raising on the first one; the pipeline raises :class:`GuideError`
once, with every problem sorted by file and line.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the data, located as precisely as we can."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


class GuideError(Exception):
    """Raised once per run with every problem found, sorted and deduplicated."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__(self.report())

    def report(self, prefix: str = "") -> str:
        """Every problem, one a line; ``prefix`` (``data/``) is put before each file name."""
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the guide data:"
        return "\n".join([head, *(f"  {prefix}{p}" for p in self.problems)])


class RevisionError(Exception):
    """A git revision cannot be compared: unknown, missing data, invalid data, no ``main``.

    Raised by :mod:`generator.diff.revisions`; declared here so that a build without a diff can catch
    it without importing the diff machinery.
    """
