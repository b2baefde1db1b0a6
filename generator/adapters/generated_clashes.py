"""Hand-written files of a guide's ``docs_dir`` at the place of a file the generator makes."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

from generator.errors import Problem


def generated_clashes(
    config: MkDocsConfig, pages: Mapping[str, str], assets: Iterable[str], files: Iterable[str]
) -> dict[str, Problem]:
    """Hand-written files at the place of a generated one (its source path or its address in the site)."""
    docs_dir = Path(config.docs_dir)
    made: dict[str, tuple[str, str]] = {}  # source path or address -> (generated source, what it is)
    for uri in [*pages, *assets, *files]:
        what = "a page the generator makes from the data" if uri in pages else "a file the generator adds"
        dest = File(uri, None, config.site_dir, config.use_directory_urls).dest_uri
        made.setdefault(uri, (uri, what))
        made.setdefault(dest, (uri, what))
    found: dict[str, Problem] = {}
    for folder, dirs, names in os.walk(docs_dir, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            uri = (Path(folder) / name).relative_to(docs_dir).as_posix()
            dest = File(uri, str(docs_dir), config.site_dir, config.use_directory_urls).dest_uri
            hit = made.get(uri) or made.get(dest)
            if hit is not None:
                generated, what = hit
                same = "" if generated == uri else f" (both would be {dest})"
                message = f"clashes with {generated}, {what}{same}; rename or remove the hand-written one"
                found[uri] = Problem(f"{docs_dir.name}/{uri}", 0, "", message)
    return found
