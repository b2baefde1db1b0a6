"""The guide's navigation: which pages the sidebar lists, in what order, and how it groups them.

Material writes the navigation into every page, so a flat list of option pages
makes every page grow with the number of options and the build grow with its
square (about 42 ms a page at 1,000 pages, against 11 ms with the navigation in
sections and ``navigation.prune``). Up to :data:`GROUP_SIZE` options the list
stays flat; past that, the option pages are split, in the guide's order, into
sub-sections of at most :data:`GROUP_SIZE` named by their first and last label,
like the guide words of a dictionary. With ``navigation.prune`` each page then
carries the group headings plus the links of its own group only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from generator import escaping
from generator.derive.compare import Comparison
from generator.derive.guide import Derived
from generator.render.history_view import HISTORY_URI
from generator.render.pages import COMPARE_URI, DECIDE_URI, STALE_URI, SUPPORT_URI, YOURS_URI, Page
from generator.render.uris import option_uri

#: Most option pages in one navigation section (about the square root of 1,000).
GROUP_SIZE = 30

T = TypeVar("T")


def groups(items: Sequence[T], size: int = GROUP_SIZE) -> list[list[T]]:
    """``items`` in order, cut into the fewest groups of at most ``size``, as even as possible.

    >>> [len(g) for g in groups(range(70), 30)]
    [24, 23, 23]
    """
    if len(items) <= size:
        return [list(items)]
    count = math.ceil(len(items) / size)
    base, extra = divmod(len(items), count)
    out: list[list[T]] = []
    start = 0
    for i in range(count):
        end = start + base + (1 if i < extra else 0)
        out.append(list(items[start:end]))
        start = end
    return out


def guide_nav(
    derived: Derived,
    pages: Iterable[Page],
    hand_written: Sequence[str],
    changes: str | None = None,
    size: int = GROUP_SIZE,
) -> list[Any]:
    """The MkDocs ``nav`` of a guide: generated pages first (``pages``, from the renderer), then hand-written ones.

    ``changes`` is the "What changed in this PR" page, when the build has one.
    """
    pages = list(pages)
    titles = {page.src_uri: escaping.title(page.title) for page in pages}
    entries = [{escaping.title(o.label): option_uri(o.id)} for o in derived.ordered_options()]
    parts = groups(entries, size)
    options: list[Any] = parts[0] if len(parts) == 1 else [{f"{_label(p[0])} – {_label(p[-1])}": p} for p in parts]
    judged = [
        {escaping.title(page.context["judge"].name): page.src_uri}  # type: ignore[attr-defined]
        for page in pages
        if page.template == "judged.md.j2"
    ]
    noun = derived.data.guide.context_noun
    return [
        {"Overview": "index.md"},
        *([{"What changed in this PR": changes}] if changes else []),
        *([{titles[DECIDE_URI]: DECIDE_URI}] if DECIDE_URI in titles else []),
        {"Bottom line": "bottom-line.md"},
        *([{titles[SUPPORT_URI]: SUPPORT_URI}] if SUPPORT_URI in titles else []),
        {escaping.title(derived.data.guide.option_noun_plural.capitalize()): options},
        {"Measured results": "results.md"},
        *([{titles[YOURS_URI]: YOURS_URI}] if YOURS_URI in titles else []),
        *([{titles[STALE_URI]: STALE_URI}] if STALE_URI in titles else []),
        {"Methodology": "methodology.md"},
        *([{titles[COMPARE_URI]: _compare_nav(pages)}] if COMPARE_URI in titles else []),
        *([{escaping.title(f"The matrix judged for one {noun}"): judged}] if judged else []),
        *([{titles[HISTORY_URI]: HISTORY_URI}] if HISTORY_URI in titles else []),
        *hand_written,
    ]


def _compare_nav(pages: list[Page]) -> list[Any]:
    """The list of pairs, then the pair pages grouped by their first path (collapsed unless open)."""
    groups: dict[str, list[Any]] = {}
    for page in pages:
        cmp = page.context.get("cmp")
        if isinstance(cmp, Comparison):
            first = escaping.title(f"{cmp.options[0].label} vs …")
            groups.setdefault(first, []).append({escaping.title(page.title): page.src_uri})
    return [{"Every pair": COMPARE_URI}, *({first: entries} for first, entries in groups.items())]


def _label(entry: dict[str, str]) -> str:
    return next(iter(entry))


def hand_written_pages(docs_dir: Path) -> list[str]:
    """The Markdown pages of ``docs_dir`` outside the theme overrides, sorted."""
    return sorted(
        p.relative_to(docs_dir).as_posix()
        for p in docs_dir.rglob("*.md")
        if "overrides" not in p.relative_to(docs_dir).parts
    )
