"""The preview build's "What changed in this PR" page, and the overview's link to it.

The MkDocs plugin calls this when its ``diff_base`` option is set (mkdocs.yml
takes it from ``GUIDE_DIFF_BASE``): the data being built is compared with the
data at that revision, and the report becomes one more generated page.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from generator.diff import diff_guides
from generator.diff.report import TITLE, PageLinks, to_markdown
from generator.diff.revisions import load_pair
from generator.diff.site import site_changes
from generator.render.pages import BANNER

CHANGES_URI = "changes.md"


def changes_page(data_dir: Path, base: str) -> str:
    """The Markdown page comparing ``data_dir`` (as on disk) with its state at ``base``.

    Raises :class:`~generator.diff.revisions.RevisionError` when ``base`` is unknown
    or its data does not validate.
    """
    old, new = load_pair(data_dir, base, None)
    d = new.derived
    links = PageLinks({t.id for t in d.data.tables}, {o.id for o in d.data.options})
    diff = dataclasses.replace(diff_guides(old, new), site=site_changes(data_dir, old, new))
    body = to_markdown(diff, links, level=1, title=TITLE)
    return f"---\ntitle: {json.dumps(TITLE, allow_nan=False)}\n---\n{BANNER}\n\n{body}"


def link_from_overview(overview: str) -> str:
    """The overview page with a note under its title that links to the changes page."""
    note = (
        '<div class="admonition info dg-preview" markdown>\n'
        '<p class="admonition-title">Preview of a pull request</p>\n\n'
        f"This site is built from a pull request. [{TITLE}]({CHANGES_URI}): "
        "verdict flips, changed numbers and every other edit, against the base branch.\n\n"
        "</div>\n"
    )
    lines = overview.splitlines(keepends=True)
    title = next((i for i, line in enumerate(lines) if line.startswith("# ")), None)
    if title is None:
        return note + "\n" + overview
    return "".join([*lines[: title + 1], "\n", note, *lines[title + 1 :]])
