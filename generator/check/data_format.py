"""The data format a guide is written in, checked before anything else.

``guide.yml`` states ``format: N``; a guide that states none is in the first release's format. A guide
in another format than the engine's is not checked field by field (an old guide would get a problem
for every field that changed since): it gets one line saying which format it is in and what to do,
``python -m generator migrate`` for an older one, a newer engine for a newer one.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import GuideError, Problem
from generator.read.load import RawGuide
from generator.schema import FORMAT
from generator.schema.stated import stated_format

GUIDE_FILE = "guide.yml"


class FormatError(GuideError):
    """The guide is in another data format than the engine's: one problem, reported on one line."""

    def __init__(self, problem: Problem, data_dir: Path) -> None:
        self.data_dir = data_dir
        super().__init__([problem])

    def report(self, prefix: str = "") -> str:
        p = self.problems[0]
        return f"{p.where(prefix or _folder(self.data_dir))}: {p.field}: {p.message}"


def _folder(data_dir: Path) -> str:
    return f"{data_dir.as_posix().rstrip('/')}/"


def format_message(stated: int, data_dir: Path) -> str:
    """What a guide in format ``stated`` (not the engine's) is told: its format and the way forward."""
    if stated < FORMAT:
        return (
            f"this guide is written in data format {stated}; the engine reads format {FORMAT}: "
            f"run python -m generator migrate --data {data_dir.as_posix()}"
        )
    return (
        f"this guide is written in data format {stated}, newer than this engine's format {FORMAT}: "
        "upgrade the engine to one that reads it"
    )


def check_format(raw: RawGuide, data_dir: Path) -> None:
    """Raise :class:`FormatError` when ``guide.yml`` is readable and not in the engine's format."""
    docs = raw.documents.get("guide") or []
    if not docs:
        return  # missing or unreadable: the loader has said so
    doc = docs[0]
    if not isinstance(doc.data, dict):
        return  # not a mapping: the schema check says so
    stated, why = stated_format(doc.data)
    line = doc.line_of(("format",)) if "format" in doc.data else 1
    if stated is None:
        raise FormatError(Problem(doc.file, line, "format", why), data_dir)
    if stated != FORMAT:
        raise FormatError(Problem(doc.file, line, "format", format_message(stated, data_dir)), data_dir)
