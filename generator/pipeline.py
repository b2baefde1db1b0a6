"""The whole pipeline in one call: load -> validate -> derive -> render."""

from __future__ import annotations

from pathlib import Path

from generator.checks import CHECKS, run_checks
from generator.decision_checks import DECISION_CHECKS
from generator.derive import Derived, derive
from generator.errors import GuideError
from generator.load import load
from generator.partial import drop_consequences, left_out
from generator.render import Renderer
from generator.validate import Data, check_schema


def derive_guide(data_dir: Path) -> Derived:
    """Load, validate and derive a guide; raise :class:`GuideError` with every problem.

    Cross-record checks run even when some records are broken, on the records
    that are valid, so one run reports as much as it can; see :func:`validate_guide`.
    """
    data = validate_guide(data_dir)
    derived, derive_problems = derive(data)
    if derive_problems:
        raise GuideError(derive_problems)
    return derived


def validate_guide(data_dir: Path) -> Data:
    """Load and check a guide; raise :class:`GuideError` with every problem found."""
    raw, problems = load(Path(data_dir))
    data, schema_problems = check_schema(raw, partial=True)
    problems += schema_problems
    if data is not None:
        found = run_checks(data, [*CHECKS, *DECISION_CHECKS])
        if problems:
            found = drop_consequences(found, left_out(raw, problems))
        problems += found
    if data is None or problems:
        raise GuideError(problems)
    return data


def build_guide(data_dir: Path, directory_urls: bool = True) -> dict[str, str]:
    """Every generated page of the guide in ``data_dir``: ``{src_uri: markdown}``.

    >>> pages = build_guide(Path("data"))  # doctest: +SKIP
    >>> sorted(pages)[:2]  # doctest: +SKIP
    ['bottom-line.md', 'index.md']
    """
    return Renderer(derive_guide(data_dir), directory_urls).render()
