"""Check the guide's declared maps (``maps/*.yml``): each one read and checked, whether a run file uses it yet.

A map is a format of the guide named by its file (:mod:`generator.read.maps`), so its name must be one a
``format:`` can hold and not a built-in format's (which would win, and the map would never be read). Every
problem of a map is reported on its own line, ``maps/<name>.yml:line: field: message``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.errors import Problem
from generator.read.load import MAPS_FOLDER

_ID_HELP = "lower-case letters, digits and '-', starting with a letter or digit"


def check_maps(root: Path, keys: tuple[str, ...] | None = None) -> list[Problem]:
    """Every problem of every map under ``root/maps/``; nothing when the guide keeps none. ``keys``: the set-up
    keys the guide declares, the only ones a map's ``workload:`` may read."""
    folder = root / MAPS_FOLDER
    if not folder.is_dir():
        return []
    from generator.read.maps import MapError, guide_map  # loaded only by a guide that keeps maps
    from generator.read.runs import load_formats

    problems: list[Problem] = []
    built_in = load_formats()
    for path in sorted(folder.iterdir()):
        shown = f"{MAPS_FOLDER}/{path.name}"
        if path.name.startswith("."):
            continue
        if path.suffix != ".yml":
            problems.append(Problem(shown, 0, "", "a map is a .yml file (maps/<name>.yml)"))
            continue
        name = path.stem
        if name in built_in:
            problems.append(Problem(shown, 0, "", f"{name!r} is a built-in format: give the map another name"))
            continue
        try:
            spec = guide_map(root, name, keys)
        except MapError as exc:
            problems += exc.located
            continue
        if spec is None:
            problems.append(Problem(shown, 0, "", f"a map's name is its format's: {_ID_HELP} (at most 64)"))
    return problems


def map_digests(root: Path) -> dict[str, str]:
    """Each map the guide keeps, by name, with the sha256 of its file (an edit to a map is a change of the guide)."""
    folder = root / MAPS_FOLDER
    if not folder.is_dir():
        return {}
    return {
        path.stem: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.glob("*.yml"))
        if path.is_file() and not path.is_symlink()
    }
