"""What ``site_src/`` may publish besides Markdown pages: an allow-list of kinds, by extension.

Every file under the hand-written pages folder is published as it is, at its own path. A script
there is loaded by anything that names it (the policy allows the site's own scripts); an HTML, XML,
SVG or XHTML file is a document of its own, in whatever encoding it declares, with no policy; a file
at the path of a theme or engine asset replaces that asset on every page. So a file is published
only if its kind is in :data:`KINDS` and its path is not one the theme or the engine publishes, or
if the guide's configuration lists it (``publish_files:`` among the decision-guide plugin's options),
a listing the pull request's comment can show.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from generator.build import ENGINE_CSS, ENGINE_JS, ENGINE_ON_DEMAND, PLOTLY_DEST
from generator.errors import Problem

#: The plugin option that lists files published whatever their kind (paths relative to ``docs_dir``).
OPTION = "publish_files"

#: Markdown pages (rendered, cleaned and checked elsewhere), as MkDocs reads them.
MARKDOWN = frozenset({".md", ".markdown", ".mdown", ".mkdn", ".mkd"})
#: Kinds a hand-written folder may publish as they are: images (not SVG, a document that can hold
#: script), fonts, stylesheets (loaded only where the configuration names them) and data downloads.
KINDS: dict[str, frozenset[str]] = {
    "image": frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".bmp"}),
    "font": frozenset({".woff", ".woff2", ".ttf", ".otf"}),
    "stylesheet": frozenset({".css"}),
    "download": frozenset({".csv", ".tsv", ".json", ".txt", ".pdf", ".yml", ".yaml", ".zip", ".gz"}),
}
ALLOWED = frozenset(ext for kinds in KINDS.values() for ext in kinds)

#: Folders the theme (Material, Zensical) and the search publish their own files in.
THEME_FOLDERS = ("assets/javascripts/", "assets/stylesheets/", "search/")
#: The theme's, the engine's and MkDocs' own files outside those folders, published at these paths.
RESERVED = frozenset(
    {*ENGINE_CSS, *ENGINE_JS, *ENGINE_ON_DEMAND, PLOTLY_DEST}
    | {"assets/images/favicon.png", "sitemap.xml", "sitemap.xml.gz"}
)


def why_not(uri: str) -> str | None:
    """Why the hand-written file at ``uri`` (its path in the folder) may not be published, or ``None``."""
    lowered = uri.lower()
    if lowered.startswith(THEME_FOLDERS) or lowered in RESERVED:
        return "would replace a file of the theme or the engine"
    suffix = os.path.splitext(lowered)[1]
    if suffix in MARKDOWN or suffix in ALLOWED:
        return None
    if suffix in {".js", ".mjs", ".cjs", ".wasm"}:
        return "is a script"
    if suffix in {".html", ".htm", ".xhtml", ".xht", ".shtml", ".xml", ".svg", ".svgz", ".xsl", ".xslt"}:
        return "is a document a browser runs script in (HTML, XML or SVG)"
    return f"is not a kind of file a guide publishes ({', '.join(sorted(ALLOWED))})"


def refused(docs_dir: Path, listed: Iterable[str] = ()) -> dict[str, Problem]:
    """The files of ``docs_dir`` that may not be published (``uri -> problem``), less those ``listed``."""
    allowed = {str(path).strip("/") for path in listed}
    found: dict[str, Problem] = {}
    for folder, dirs, files in os.walk(docs_dir, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            uri = (Path(folder) / name).relative_to(docs_dir).as_posix()
            why = why_not(uri)
            if why is not None and uri not in allowed:
                message = f"{why}; not published (to publish it, list it under {OPTION} in the plugin's options)"
                found[uri] = Problem(f"{docs_dir.name}/{uri}", 0, "", message)
    return found
