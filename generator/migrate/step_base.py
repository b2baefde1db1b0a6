"""What every migration step shares: the files it takes (:data:`Files`), what it returns (:class:`Done`),
a :class:`Note` at a file, line and field, and the walks over records and columns the steps make.

Imports no step; the steps (:mod:`generator.migrate.steps_shape`, :mod:`generator.migrate.steps_sources`)
import it, and :mod:`generator.migrate.steps` lists them per format.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

#: Every data file of a guide: path under the data folder (``options/x.yml``) -> its round-trip YAML tree.
Files = dict[str, Any]


@dataclass(frozen=True, order=True)
class Note:
    """One thing a step changed or cannot decide, at a file, line and field."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


@dataclass
class Done:
    """What a step returns: the new files, what it changed, and what it left for the author to decide."""

    files: Files
    changed: list[Note] = field(default_factory=list)
    undecided: list[Note] = field(default_factory=list)


Step = Callable[[Files], Done]


def copy_files(files: Files) -> Done:
    return Done(copy.deepcopy(files))


def records(files: Files, folder: str) -> Iterator[tuple[str, CommentedMap]]:
    for path in sorted(files):
        if path.startswith(f"{folder}/") and isinstance(files[path], CommentedMap):
            yield path, files[path]


def maps_in(value: Any) -> Iterator[tuple[int, CommentedMap]]:
    if isinstance(value, CommentedSeq):
        for i, item in enumerate(value):
            if isinstance(item, CommentedMap):
                yield i, item


def columns_of(files: Files, kind: str) -> Iterator[tuple[int, CommentedMap]]:
    guide = files.get("guide.yml")
    if isinstance(guide, CommentedMap):
        for i, col in maps_in(guide.get("columns")):
            if col.get("kind") == kind:
                yield i, col
