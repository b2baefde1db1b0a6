"""Upgrade a guide's data to the engine's format: ``python -m generator migrate [--data DIR]``.

``guide.yml`` states the data format it is written in (``format: 3``); a guide that states none is
in the first release's format, 1. The steps of :mod:`generator.migrate.steps` take it, one format
at a time, to :data:`generator.schema.FORMAT`, and the files are rewritten in place with their
comments, order and quoting kept. When a step cannot decide something without the author, nothing
is written and every such question is listed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from generator.migrate.folder import changed_texts, read_folder, write_folder
from generator.migrate.step_base import Files, Note
from generator.migrate.steps import CITE_LATER, STEPS
from generator.schema import FORMAT
from generator.schema.stated import stated_format

FORMAT_COMMENT = "the data format; python -m generator migrate upgrades an older guide"


@dataclass
class Migration:
    """What migrating a guide's files did: the format it started from, the new files, and the notes."""

    source: int
    files: Files
    changed: list[Note] = field(default_factory=list)
    undecided: list[Note] = field(default_factory=list)


def migrate(files: Files, source: int, cite_later: bool = False) -> Migration:
    """The files taken from format ``source`` to :data:`FORMAT` by every step between; ``files`` is not changed.

    With ``cite_later``, a value the new format wants cited and no step can decide is kept, marked
    ``uncited: true`` (shown as "not yet cited", listed by ``check``), instead of a question.
    """
    out = Migration(source, files)
    for number in range(source, FORMAT):
        for step in STEPS[number]:
            done = (CITE_LATER.get(step, step) if cite_later else step)(out.files)
            out.files, out.changed, out.undecided = (
                done.files,
                out.changed + done.changed,
                out.undecided + done.undecided,
            )
        out.files = state_format(out.files, number + 1)
    return out


def state_format(files: Files, number: int) -> Files:
    """``guide.yml`` states ``format: number``: the first key, under the comments that open the file."""
    guide = files.get("guide.yml")
    if not isinstance(guide, CommentedMap):
        return files
    out = dict(files)
    guide = out["guide.yml"] = copy.deepcopy(guide)
    if "format" in guide:
        guide["format"] = number
    else:
        guide.insert(0, "format", number, comment=FORMAT_COMMENT)
    return out


@dataclass
class Report:
    """The outcome of ``migrate`` on a data folder."""

    source: int | None
    changed: list[Note] = field(default_factory=list)
    undecided: list[Note] = field(default_factory=list)
    problems: list[Note] = field(default_factory=list)
    """Why the folder cannot be migrated at all (an unreadable file, a newer format)."""
    rewritten: list[str] = field(default_factory=list)


def migrate_folder(root: Path, write: bool = True, cite_later: bool = False) -> Report:
    """Migrate the data folder ``root`` in place (with ``write``); nothing is written unless every step could decide."""
    files, texts, problems = read_folder(root)
    guide = files.get("guide.yml")
    if "guide.yml" not in files and not any(p.file == "guide.yml" for p in problems):
        problems.append(Note("guide.yml", 0, "", "required file is missing: is this a guide's data folder?"))
    if problems:
        return Report(None, problems=problems)
    source, why = stated_format(guide)
    line = guide.lc.key("format")[0] + 1 if isinstance(guide, CommentedMap) and "format" in guide else 1
    if source is None:
        return Report(None, problems=[Note("guide.yml", line, "format", why)])
    if source > FORMAT:
        message = f"format {source} is newer than this engine's format {FORMAT}: upgrade the engine to read it"
        return Report(source, problems=[Note("guide.yml", line, "format", message)])
    result = migrate(files, source, cite_later)
    report = Report(source, result.changed, result.undecided)
    if result.undecided:
        return report
    texts_out = changed_texts(result.files, texts)
    report.rewritten = sorted(texts_out)
    if write:
        report.problems = write_folder(root, texts_out)
        if report.problems:
            report.rewritten = []
    return report


def upgrade_copy(root: Path) -> None:
    """Bring a throw-away copy of an older revision's data (``generator diff``, the history page) to the
    engine's format, so that old commits are compared as they read then; a copy that cannot be migrated
    is left as it is, and deriving it reports why."""
    guide = root / "guide.yml"
    try:
        text = guide.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return
    if any(
        line.startswith("format:") and line.split(":", 1)[1].split("#")[0].strip() == str(FORMAT)
        for line in text.splitlines()
    ):
        return  # already in the engine's format: nothing to read twice
    migrate_folder(root, write=True)
