"""What the pages show of the history of the data: the timeline and a mark on each recently changed cell.

:mod:`generator.diff.history` walks the git history and fills these; the renderer only reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HISTORY_URI = "history.md"


@dataclass(frozen=True)
class VerdictFlip:
    option: str
    option_name: str
    column: str
    column_label: str
    before: str
    """The verdict before, as the page printed it: symbol and word."""
    after: str


@dataclass(frozen=True)
class ValueMove:
    table: str
    table_title: str
    what: str
    """Row and series (or the fact), as a reader names them."""
    before: str
    after: str
    anchor: str
    """The anchor of the cell on the results page ('' when the value is gone)."""


@dataclass(frozen=True)
class Step:
    """One commit that changed the data, against the commit before it."""

    commit: str
    date: str
    """ISO date (YYYY-MM-DD) of the commit."""
    subject: str
    flips: list[VerdictFlip] = field(default_factory=list)
    values: list[ValueMove] = field(default_factory=list)
    other: bool = False
    """The commit changed the data without moving a verdict or a measured value (text, new records...)."""
    created: bool = False
    """The commit that created the data folder (nothing before it to compare with)."""
    unread: bool = False
    """One side's data is in a format this generator no longer reads: values compared from the files, no verdicts."""
    why: str = ""
    """For an unread step: the first problem of the data that could not be derived (``a1b2c3d:data/x.yml:4: ...``)."""

    @property
    def short(self) -> str:
        return self.commit[:7]

    def anchor(self) -> str:
        return f"c-{self.short}"


@dataclass(frozen=True)
class Mark:
    """A matrix cell's last change: when, from what, and where the history page tells it."""

    date: str
    before: str
    anchor: str


@dataclass
class History:
    steps: list[Step]
    """Newest first."""
    notes: list[str]
    """Why the timeline starts where it does (bound, shallow clone, data that no longer validates)."""
    marks: dict[tuple[str, str], Mark] = field(default_factory=dict)
    """(option, column) -> the cell's last flip within the walked history."""
