"""Stage 1: find the data files of a guide and read them safely.

A guide's data folder has a fixed shape::

    guide.yml            what the guide is about; matrix columns and their colour rules
    recommendation.yml   the bottom line
    claims.yml           numbers used inside prose (optional)
    decisions.yml        questions and rules of the decision helper (optional)
    campaigns/*.yml      one measurement campaign per file
    options/*.yml        one record per option (a row of the matrix, a survey page)
    tables/*.yml         measured tables, raw numbers only
    runs/<table id>/...  raw result files that values of a table point at (optional)
    maps/*.yml           declared maps: how to read a harness's result files (optional, generator.read.maps)

Files whose name starts with a dot (editor lock and swap files) are ignored.
Links and anything that is not a regular file are refused, so a data file can
never make the generator read outside the data folder.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import Problem
from generator.read.yaml_fast import read_yaml_fast
from generator.read.yaml_source import Document

SINGLE_FILES = {
    "guide": "guide.yml",
    "recommendation": "recommendation.yml",
    "claims": "claims.yml",
    "decisions": "decisions.yml",
}
OPTIONAL_FILES = {"claims", "decisions"}
FOLDERS = {"campaign": "campaigns", "option": "options", "table": "tables"}
MAX_FILES = 2_000
#: Raw result files behind measured values (``runs/<table id>/...``), read when their values are needed.
RUNS_FOLDER = "runs"
#: Declared maps (:mod:`generator.read.maps`): read when a run file's format names one.
MAPS_FOLDER = "maps"
#: The source document the data's quotes are checked against (optional).
SOURCE_FILE = "source.txt"


def is_data_file(rel: str) -> bool:
    """Whether ``rel`` (a path inside the data folder, ``/``-separated) is a file the guide reads: a record, a
    map, a kept file under ``runs/``, the source document. Anything else in the data folder is no data: a tool
    or a configuration could run it, so ``check`` refuses it (:func:`unknown_files`) and the review comment
    names it as running code."""
    parts = rel.split("/")
    if len(parts) == 1:
        return rel in SINGLE_FILES.values() or rel == SOURCE_FILE
    if parts[0] == RUNS_FOLDER:
        return True
    return len(parts) == 2 and parts[0] in (*FOLDERS.values(), MAPS_FOLDER) and parts[1].endswith(".yml")


def _editor_file(name: str) -> bool:
    """An editor's lock, swap or backup file, which the loader skips."""
    return (
        name.endswith("~")
        or (name.startswith(".") and name.endswith((".swp", ".swo", ".swx")))
        or name.startswith(".#")
    )


@dataclass
class RawGuide:
    """Every readable document of a data folder, grouped by kind."""

    root: Path
    documents: dict[str, list[Document]] = field(default_factory=dict)


def data_files(root: Path) -> list[Path]:
    """Every file the guide reads, for watching and for fingerprinting."""
    files = [root / name for name in SINGLE_FILES.values() if (root / name).is_file()]
    for folder in FOLDERS.values():
        files += sorted((root / folder).glob("*.yml"))
    files += sorted(p for p in (root / RUNS_FOLDER).rglob("*") if p.is_file())
    files += sorted((root / MAPS_FOLDER).glob("*.yml"))  # a map decides the values of the files read through it
    return files


def load(root: Path) -> tuple[RawGuide, list[Problem]]:
    """Read every data file under ``root``; unreadable files become problems."""
    raw = RawGuide(root)
    problems: list[Problem] = []
    if not root.is_dir():
        return raw, [Problem("", 0, "", "data folder does not exist")]
    real_root = root.resolve()  # once: resolving walks every folder of the path
    for kind, name in SINGLE_FILES.items():
        path = root / name
        if not path.exists() and not path.is_symlink():
            if kind not in OPTIONAL_FILES:
                problems.append(Problem(name, 0, "", f"required file is missing ({kind})"))
            continue
        _read(raw, kind, root, path, problems, real_root)
    for kind, folder in FOLDERS.items():
        paths, unreadable = _listing(root / folder)
        if unreadable:
            problems.append(Problem(f"{folder}/", 0, "", unreadable))
        elif not paths:
            problems.append(Problem(f"{folder}/", 0, "", f"no {kind} records found; expected {folder}/*.yml"))
        for path in paths[:MAX_FILES]:
            if path.suffix != ".yml":
                problems.append(Problem(path.relative_to(root).as_posix(), 0, "", "data files must end in .yml"))
            else:
                _read(raw, kind, root, path, problems, real_root)
        if len(paths) > MAX_FILES:
            problems.append(Problem(f"{folder}/", 0, "", f"more than {MAX_FILES} files"))
    problems += links_under_runs(root)
    return raw, problems


def unknown_files(root: Path) -> list[Problem]:
    """One problem per file or folder in the data folder that the guide does not read (:func:`is_data_file`),
    ``runs/`` aside (every file there is a kept file); links are not followed."""
    found: list[str] = []
    walked = (*FOLDERS.values(), MAPS_FOLDER)
    for here in ("", *walked):
        try:
            with os.scandir(root / here if here else root) as entries:
                listed = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in entries)
        except OSError:
            continue  # a missing or unreadable folder is reported as it is read
        for name, is_dir in listed:
            rel = f"{here}/{name}" if here else name
            if is_dir:
                if here or name not in (*walked, RUNS_FOLDER):
                    found.append(rel + "/")
            elif _editor_file(name) or (not here and name == ".gitignore"):
                continue
            elif here in FOLDERS.values() and fnmatch.fnmatchcase(name, "*.y*ml"):
                continue  # read, or refused by its name, with the records
            elif not is_data_file(rel):
                found.append(rel)
    return [
        Problem(
            rel,
            0,
            "",
            "not a file the guide reads (records, maps, runs/, source.txt): a tool or a configuration could run"
            " it, so it may not sit in the data folder; move it out",
        )
        for rel in found
    ]


def links_under_runs(root: Path) -> list[Problem]:
    """One problem per link anywhere under ``runs/`` (the folder itself included), dangling or not.

    The build never reads through one, but ``generator import`` writes into ``runs/``: a link a pull
    request commits there would point the next import at any place on the maintainer's disk.
    """
    top = root / RUNS_FOLDER
    found = [top] if top.is_symlink() else []
    if not found:
        for folder, dirs, files in os.walk(top):
            found += [Path(folder, name) for name in sorted(dirs + files) if os.path.islink(os.path.join(folder, name))]
    return [
        Problem(
            path.relative_to(root).as_posix(),
            0,
            "",
            "is a link; links are refused under runs/ (an import would write where it points):"
            " put the file or folder itself there",
        )
        for path in found
    ]


def _listing(folder: Path) -> tuple[list[Path], str | None]:
    """The data files of a folder (``*.yml``, and ``*.yaml`` to refuse them by name), or why it cannot be read."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries)
    except FileNotFoundError:
        return [], None
    except NotADirectoryError:
        return [], "is not a folder"
    except OSError as exc:
        return [], f"cannot read the folder ({exc.strerror or exc})"
    return [folder / n for n in names if fnmatch.fnmatchcase(n, "*.y*ml") and not n.startswith(".")], None


def _inside(real_root: Path, path: Path) -> bool:
    """A regular file, not a link, that really lies inside the data folder (``real_root``, resolved)."""
    return not path.is_symlink() and path.is_file() and path.resolve().is_relative_to(real_root)


def _read(raw: RawGuide, kind: str, root: Path, path: Path, problems: list[Problem], real_root: Path) -> None:
    display = path.relative_to(root).as_posix()
    if not _inside(real_root, path):
        problems.append(
            Problem(display, 0, "", "data files must be plain files inside the data folder, not links or special files")
        )
        return
    doc, found = read_yaml_fast(path, display)
    problems += found
    if doc is not None:
        raw.documents.setdefault(kind, []).append(doc)
