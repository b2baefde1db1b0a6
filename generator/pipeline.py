"""The stages up to rendering in one call: read -> check -> derive (-> render, the pages alone).

The whole site, with its navigation and assets, comes from :func:`generator.build.build_site`.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path

from generator import setup_keys
from generator.check.data_format import check_format
from generator.check.maps import check_maps, map_digests
from generator.check.partial import drop_consequences, left_out, new_references
from generator.check.registry import CHECKS, DECISION_CHECKS, run_checks
from generator.check.run_files import resolve_run_files
from generator.check.schema_check import check_schema_salvaging
from generator.derive.fill import derive
from generator.derive.guide import Derived
from generator.errors import GuideError, Problem
from generator.model import Data
from generator.read.load import load
from generator.render.pages import Renderer
from generator.sentences import page_texts


@contextlib.contextmanager
def no_full_collections() -> Iterator[None]:
    """Python's cycle collector runs no full collection in the block; its young generations run as usual.

    A build holds a large heap of records, validated models and derived values that live until it
    ends, and reading alone makes some hundred thousand nodes. Each time that heap has grown by a
    quarter, Python walks all of it in a full collection: four times in a 1,000-path build, a
    quarter of the build's CPU time. The build's short-lived cycles (a template context per page)
    die young and are still collected by the young generations; the thresholds are put back after.
    """
    young, middle, full = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)


#: A third threshold no build reaches: a full collection after this many collections of the middle generation.
_NEVER = 1_000_000


def derive_guide(data_dir: Path, docs_dir: Path | None = None) -> Derived:
    """Load, validate and derive a guide; raise :class:`GuideError` with every problem.

    ``docs_dir``: the hand-written pages, searched for the sentences the guide's checked statements back.

    Cross-record checks run even when some records are broken, on the records
    that are valid, and so does the derivation (a judgement that a measurement
    contradicts is found there), so one run reports as much as it can.
    """
    data, problems = _checked(data_dir)
    if data is None:
        raise GuideError(problems)
    pages = page_texts(docs_dir) if docs_dir is not None else None
    if not problems:
        try:
            derived, derive_problems = derive(data, pages)
        except Exception as exc:  # noqa: BLE001 - a bug shows as one problem (a banner under serve), never a traceback
            raise GuideError(
                [Problem("(generator)", 0, "derive", f"crashed on this data: {exc!r}; please report it with the edit")]
            ) from exc
        if derive_problems:
            raise GuideError(derive_problems)
        return derived
    # Best effort on partly broken data: its problems join the others in the same report. Broken
    # references can trip the derivation; they are reported already.
    with contextlib.suppress(Exception):
        problems += derive(data, pages)[1]
    raise GuideError(problems)


def validate_guide(data_dir: Path) -> Data:
    """Load and check a guide; raise :class:`GuideError` with every problem found."""
    data, problems = _checked(data_dir)
    if data is None or problems:
        raise GuideError(problems)
    return data


def checked_data(data_dir: Path) -> Data | None:
    """The guide's valid records, whatever problems the others have (``None``: nothing could be read)."""
    return _checked(data_dir)[0]


def checked_guide(data_dir: Path) -> tuple[Data | None, list[Problem]]:
    """The guide read and checked, before anything is derived: its valid records and every problem found."""
    return _checked(data_dir)


def _checked(data_dir: Path) -> tuple[Data | None, list[Problem]]:
    """The valid records, and every problem: the schema's, then the rules' on valid and salvaged records."""
    raw, problems = load(Path(data_dir))
    check_format(raw, Path(data_dir))  # a guide in another format gets one line, not a problem per changed field
    checked = check_schema_salvaging(raw)
    data, rules = checked.data, [*CHECKS, *DECISION_CHECKS]
    problems += checked.problems
    declared = None if data is None else tuple(setup_keys.declared(data.guide))
    problems += check_maps(raw.root, declared)
    if data is not None:
        data.maps = map_digests(raw.root)
    first = [] if data is None else resolve_run_files(raw.root, data) + run_checks(data, rules)
    found = drop_consequences(first, left_out(raw, problems)) if problems and first else first
    if checked.salvaged is not None:  # a bad value must not hide an unknown reference in the same file
        second = new_references(first, run_checks(checked.salvaged, rules))
        found += drop_consequences(second, left_out(raw, problems, checked.removed))
    return data, problems + found


def build_guide(data_dir: Path, directory_urls: bool = True) -> dict[str, str]:
    """Every generated page of the guide in ``data_dir``: ``{src_uri: markdown}``.

    >>> pages = build_guide(Path("data"))  # doctest: +SKIP
    >>> sorted(pages)[:2]  # doctest: +SKIP
    ['bottom-line.md', 'index.md']
    """
    with no_full_collections():
        return Renderer(derive_guide(data_dir), directory_urls).render()
