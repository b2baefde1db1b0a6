"""Raw result files behind measured values, and the readers that turn one file into one run value.

A value in a measured table may list ``files:`` instead of run values; each
names a ``format``, the reader registered under that name. A reader gets
the file's bytes and the ``metric`` the data names (or ``None``) and returns one
number, or a :class:`FileRun` (the number with its unit and what the file states
about how it was produced), or raises :class:`RunFileError` saying what it could
not find. The build checks each file's sha256 before reading it.

Readers register in :mod:`generator.read.run_registry` (how to add a format is there). Readers of
tool formats live in their own modules in :mod:`generator.read.formats` and register on import (every
module there is imported before the first file is read); :data:`READERS` is the one place the build
looks names up.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.number_range import out_of_range, shown
from generator.read.run_registry import MAX_RUN_FILE_BYTES, READERS, FileRun, Reader, RunFileError

if TYPE_CHECKING:
    from generator.read.maps.budget import PatternBudget

__all__ = ["FileRun", "MapReaders", "RunFileError", "load_formats", "read_run_file"]

#: What a kept file gave, by its sha256, format, metric and the map it was read through (its sha256): a file
#: is read again at every build, and one already read is taken from here after its sha256 is checked.
_READ: dict[tuple[str, str, str | None, str], FileRun] = {}
#: How many reads are kept before the oldest are dropped.
_MAX_READ = 4096


@functools.cache
def load_formats() -> dict[str, Reader]:
    """Import every reader module of :mod:`generator.read.formats` once; the registry afterwards."""
    from generator.read import formats

    for module in pkgutil.iter_modules(formats.__path__):
        importlib.import_module(f"{formats.__name__}.{module.name}")
    return READERS


#: The runs a kept file gave through a map, by the file's sha256 and the map's: a file is read once per map,
#: every metric of every cell filled from that one pass (:mod:`generator.read.maps.budget`).
_MAPPED: dict[tuple[str, str], object] = {}


def _guide_map_reader(root: Path, fmt: str) -> tuple[Reader, str, Any] | None:
    """The reader of the guide's declared map ``maps/<fmt>.yml`` (:mod:`generator.read.maps`), if it has one,
    the sha256 of the map's bytes (a read through an edited map is not taken from :data:`_READ`) and the map."""
    from generator.read.formats.dispatch import file_run
    from generator.read.formats.tool_output import ToolOutputError
    from generator.read.maps import MapError, guide_map, read_with_map

    try:
        spec = guide_map(root, fmt)
    except MapError:
        raise RunFileError(f"the map maps/{fmt}.yml is not valid (its problems are listed on their own)") from None
    if spec is None:
        return None
    fingerprint = hashlib.sha256((root / spec.file).read_bytes()).hexdigest()

    def read(content: bytes, metric: str | None) -> FileRun:
        key = (hashlib.sha256(content).hexdigest(), fingerprint)
        if key not in _MAPPED:
            try:
                _MAPPED[key] = read_with_map(spec, content)
            except ToolOutputError as exc:
                _MAPPED[key] = RunFileError(str(exc))
            if len(_MAPPED) > _MAX_READ:
                _MAPPED.pop(next(iter(_MAPPED)))
        runs = _MAPPED[key]
        if isinstance(runs, RunFileError):
            raise runs
        try:
            return file_run(runs, metric)  # type: ignore[arg-type]
        except ToolOutputError as exc:
            raise RunFileError(str(exc)) from None

    return read, fingerprint, spec


#: The guide's map readers one read of the guide has built (:func:`read_run_file`'s ``maps``), by data folder and
#: map name (the map ``maps/<name>.yml``): each map is parsed and hashed once per read of the guide, not once per
#: kept file; a guide without the map, or a broken map's error, is kept too.
MapReaders = dict[tuple[Path, str], "tuple[Reader, str, Any] | RunFileError | None"]


def _map_reader_once(root: Path, fmt: str, maps: MapReaders | None) -> tuple[Reader, str, Any] | None:
    """:func:`_guide_map_reader`, built once per ``maps`` (one read of the guide) for each map."""
    if maps is None:
        return _guide_map_reader(root, fmt)
    key = (root, fmt)
    if key not in maps:
        try:
            maps[key] = _guide_map_reader(root, fmt)
        except RunFileError as exc:
            maps[key] = exc
    found = maps[key]
    if isinstance(found, RunFileError):
        raise RunFileError(str(found))
    return found


def read_run_file(
    root: Path,
    path: str,
    sha256: str,
    fmt: str,
    metric: str | None,
    budget: PatternBudget | None = None,
    store: str | None = None,
    maps: MapReaders | None = None,
) -> FileRun:
    """The run value of one file under the data folder ``root``, checked against its sha256, with what the
    file states about it (read once per sha256, format, metric and map: :data:`_READ`).

    Raises :class:`RunFileError` for a missing or linked file, a different
    sha256, an unknown format, or a value that is not a positive finite number; and for a file read through a
    text map, a read that would cost more than is left of the guide's ``budget`` (:mod:`generator.read.maps.budget`).
    A file the data folder does not hold is looked for by its sha256 (:mod:`generator.read.kept_store`: the
    working tree's data folder, the guide's ``store``). ``maps``: the map readers this read of the guide has built
    so far (:data:`MapReaders`; one dict per read of the guide), filled as maps are first used.
    """
    built_in = load_formats().get(fmt)
    mapped = None if built_in is not None else _map_reader_once(root, fmt, maps)
    if built_in is None and mapped is None:
        raise RunFileError(
            f"unknown format {fmt!r}; expected one of: {', '.join(sorted(READERS)) or 'none'},"
            f" or a map of the guide's own (maps/{fmt}.yml)"
        )
    reader, fingerprint, spec = (built_in, "", None) if built_in is not None else mapped  # type: ignore[misc]
    file = root / path
    if not file.exists() and not file.is_symlink():  # kept outside git: found by its sha256, or named
        from generator.read.kept_store import find_kept

        kept, looked = find_kept(root, path, sha256, store, MAX_RUN_FILE_BYTES)
        if kept is None:
            places = "; nor in " + ", ".join(looked) if looked else ""
            raise RunFileError(
                f"the kept file {path} (sha256 {sha256}) is missing: not in the data folder{places}. Restore the"
                " kept files (python -m generator restore runs guide.yml's kept_files.restore) or put it back"
            )
        content = kept
    else:
        if file.is_symlink() or not file.is_file() or not file.resolve().is_relative_to(root.resolve()):
            raise RunFileError(f"no file {path!r} in the data folder (links are refused)")
        if file.stat().st_size > MAX_RUN_FILE_BYTES:
            raise RunFileError(f"file is larger than {MAX_RUN_FILE_BYTES // (1024 * 1024)} MiB")
        content = file.read_bytes()
    if len(content) > MAX_RUN_FILE_BYTES:
        raise RunFileError(f"file is larger than {MAX_RUN_FILE_BYTES // (1024 * 1024)} MiB")
    digest = hashlib.sha256(content).hexdigest()
    if digest != sha256:
        raise RunFileError(f"sha256 is {digest}, the data says {sha256}: the file changed since it was recorded")
    if spec is not None and budget is not None and (refused := budget.charge(root, spec, path, digest, len(content))):
        raise RunFileError(refused)
    key = (digest, fmt, metric, fingerprint)
    if (known := _READ.get(key)) is not None:
        return known
    found = reader(content, metric)
    run = found if isinstance(found, FileRun) else FileRun(found)
    if why := out_of_range(run.value):
        raise RunFileError(f"the run value read from the file is {shown(run.value)}; {why}")
    if len(_READ) >= _MAX_READ:
        _READ.pop(next(iter(_READ)))
    _READ[key] = run
    return run
