"""The whole pipeline in one call: load -> validate -> derive -> render."""

from __future__ import annotations

from pathlib import Path

from generator.checks import CHECKS, run_checks
from generator.decision_checks import DECISION_CHECKS
from generator.derive import Derived, derive
from generator.errors import GuideError
from generator.load import load
from generator.render import Renderer
from generator.validate import check_schema


def derive_guide(data_dir: Path) -> Derived:
    """Load, validate and derive a guide; raise :class:`GuideError` with every problem."""
    raw, problems = load(Path(data_dir))
    data, schema_problems = check_schema(raw)
    problems += schema_problems
    if data is None or problems:
        raise GuideError(problems)
    problems += run_checks(data, [*CHECKS, *DECISION_CHECKS])
    if problems:
        raise GuideError(problems)
    derived, derive_problems = derive(data)
    if derive_problems:
        raise GuideError(derive_problems)
    return derived


def build_guide(data_dir: Path, directory_urls: bool = True) -> dict[str, str]:
    """Every generated page of the guide in ``data_dir``: ``{src_uri: markdown}``.

    >>> pages = build_guide(Path("data"))  # doctest: +SKIP
    >>> sorted(pages)[:2]  # doctest: +SKIP
    ['bottom-line.md', 'index.md']
    """
    return Renderer(derive_guide(data_dir), directory_urls).render()
