"""Read a guide's data files as round-trip YAML trees, and write the migrated ones back, all or none.

The files are the ones the loader reads (:mod:`generator.read.load`): the single files and the
``*.yml`` records of the three folders. Links and anything that is not a plain file inside the data
folder are refused, as the loader refuses them.
"""

from __future__ import annotations

from pathlib import Path

from ruamel.yaml.error import MarkedYAMLError, YAMLError

from generator import safe_write
from generator.migrate.step_base import Files, Note
from generator.read.load import FOLDERS, SINGLE_FILES
from generator.read.yaml_aliases import TooManyAliases
from generator.read.yaml_edit import dump, load
from generator.read.yaml_source import MAX_FILE_BYTES


def data_paths(root: Path) -> list[Path]:
    """The data files of ``root`` a migration reads, single files first."""
    paths = [root / name for name in SINGLE_FILES.values() if (root / name).exists() or (root / name).is_symlink()]
    for folder in FOLDERS.values():
        if (root / folder).is_dir():
            paths += sorted(p for p in (root / folder).glob("*.yml") if not p.name.startswith("."))
    return paths


def read_folder(root: Path) -> tuple[Files, dict[str, str], list[Note]]:
    """Every data file's tree and text, by path under ``root``; and the files that cannot be read."""
    files: Files = {}
    texts: dict[str, str] = {}
    problems: list[Note] = []
    real_root = root.resolve()
    for path in data_paths(root):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink() or not path.is_file() or not path.resolve().is_relative_to(real_root):
            problems.append(Note(rel, 0, "", "data files must be plain files inside the data folder, not links"))
            continue
        try:
            raw = path.read_bytes()
            if len(raw) > MAX_FILE_BYTES:
                problems.append(Note(rel, 0, "", f"is larger than {MAX_FILE_BYTES // 1024} KiB"))
                continue
            text = raw.decode("utf-8")
            files[rel] = load(text)
        except UnicodeDecodeError:
            problems.append(Note(rel, 0, "", "is not UTF-8 text"))
            continue
        except TooManyAliases as exc:
            problems.append(Note(rel, exc.line, "", exc.message))
            continue
        except MarkedYAMLError as exc:
            mark = exc.problem_mark
            line = mark.line + 1 if mark is not None else 0
            problems.append(Note(rel, line, "", f"cannot be read as YAML: {exc.problem or exc.context}"))
            continue
        except (YAMLError, OSError) as exc:
            problems.append(Note(rel, 0, "", f"cannot be read: {exc}"))
            continue
        texts[rel] = text
    return files, texts, problems


def changed_texts(files: Files, before: dict[str, str]) -> dict[str, str]:
    """The new text of every file whose text the migration changes."""
    out = {}
    for rel, doc in files.items():
        text = dump(doc)
        if text != before.get(rel):
            out[rel] = text
    return out


#: Who the writer names in a refusal.
_WRITER = "migrate"


def unsafe_targets(root: Path, rels: list[str]) -> list[Note]:
    """Why any of ``rels`` cannot be written under ``root`` without following a link or leaving the folder."""
    notes = []
    for rel in rels:
        try:
            safe_write.check_target(root, rel, writer=_WRITER)
        except safe_write.UnsafePath as exc:
            notes.append(Note(rel, 0, "", _reason(rel, exc)))
    return notes


def _reason(rel: str, exc: safe_write.UnsafePath) -> str:
    """The refusal's words without the path in front (a :class:`Note` names the file)."""
    return str(exc).removeprefix(f"{rel}: ").removeprefix(f"{rel} ")


def write_folder(root: Path, texts: dict[str, str]) -> list[Note]:
    """Write every file of ``texts`` under ``root``, all or none, through the importer's no-link writer
    (:mod:`generator.safe_write`): each is written in a new file beside its place first (never
    through a link, never outside ``root``), then all are moved in. Returns why nothing was written, if so.
    """
    refused = unsafe_targets(root, sorted(texts))
    if refused:
        return refused
    staged: list[tuple[str, str]] = []
    try:
        for rel, text in sorted(texts.items()):
            staged.append((rel, safe_write.stage(root, rel, text.encode("utf-8"), writer=_WRITER)))
    except safe_write.UnsafePath as exc:
        for rel, tmp in staged:
            safe_write.discard(root, rel, tmp)
        return [Note(rel, 0, "", _reason(rel, exc))]
    except BaseException:
        for rel, tmp in staged:
            safe_write.discard(root, rel, tmp)
        raise
    for rel, tmp in staged:
        safe_write.move_in(root, rel, tmp, writer=_WRITER)
    return []
