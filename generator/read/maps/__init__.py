"""Declared maps: a result file no built-in reader knows, read by a map its author writes once per harness.

A map kept in the guide, ``<data>/maps/<name>.yml``, is a format of that guide named ``<name>``: an import
names it as it names a built-in format (``python -m generator import <name> FILE ...``, ``format: <name>`` in
a mapping file), the table declares the metric it takes (``metrics: {<name>: output_throughput}``), and the
build reads the kept file through the same map. ``inspect FILE --map MAP.yml`` reads a file through any map.
The map's format (:mod:`.spec`) and how a file is read through it (:mod:`.apply`).
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.errors import Problem
from generator.read.formats.tool_output import ToolOutputError, ToolRun
from generator.read.load import MAPS_FOLDER
from generator.read.maps.apply import read_with_map
from generator.read.maps.spec import DeclaredMap, MapError, load_map

__all__ = [
    "MAPS_FOLDER",
    "DeclaredMap",
    "MapError",
    "guide_map",
    "load_map",
    "read_guide_runs",
    "read_in_guide",
    "read_with_map",
]

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def guide_map(data_dir: Path, name: str, keys: tuple[str, ...] | None = None) -> DeclaredMap | None:
    """The guide's map ``name`` (``<data>/maps/<name>.yml``), or ``None`` when it keeps none of that name.

    A map that is a link, or is not a plain file, is refused (:class:`MapError`), as data files are."""
    if not _NAME.match(name):
        return None
    path = data_dir / MAPS_FOLDER / f"{name}.yml"
    shown = f"{MAPS_FOLDER}/{name}.yml"
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise MapError([Problem(shown, 0, "", "a map is a plain file in the data folder (links are refused)")])
    if not path.exists():
        return None
    return load_map(path, shown, keys)


def read_guide_runs(data_dir: Path, name: str, content: bytes) -> list[ToolRun] | None:
    """The runs of ``content`` read through the guide's map ``name``; ``None`` when the guide has no such map.

    A broken map is a :class:`ToolOutputError` listing its problems."""
    try:
        spec = guide_map(data_dir, name)
    except MapError as exc:
        raise ToolOutputError("", "the map is not valid: " + "; ".join(exc.problems)) from None
    if spec is None:
        return None
    return read_with_map(spec, content)


def read_in_guide(data_dir: Path, format_name: str, content: bytes) -> list[ToolRun]:
    """The runs of a file in a built-in format, or through the guide's declared map of that name (import)."""
    from generator.read.formats.catalog import PARSERS, read_runs

    if format_name in PARSERS:
        return read_runs(format_name, content)
    runs = read_guide_runs(data_dir, format_name, content)
    if runs is None:
        raise ToolOutputError(
            "",
            f"unknown format {format_name!r}: not a built-in format ({', '.join(PARSERS)})"
            f" and the guide keeps no map {MAPS_FOLDER}/{format_name}.yml",
        )
    return runs
