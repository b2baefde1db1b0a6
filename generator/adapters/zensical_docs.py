"""What a Zensical project's ``docs/`` and ``overrides/`` folders hold, and writing them.

``docs/`` gets the hand-written files, the generated pages (their HTML links made relative to the
Markdown file, as Zensical reads them) and the assets; ``overrides/`` the theme overrides that fit
Zensical. Only files that changed are written, so a watching Zensical rebuilds little.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from generator.adapters.search_cut import for_search
from generator.adapters.zensical_config import ZensicalFailed
from generator.build import Site

#: The engine's overrides of Material's templates (the MkDocs plugin adds the same folder to the theme).
THEME_OVERRIDES = Path(__file__).parent / "material"

#: Theme overrides (relative to ``custom_dir``) that only fit Material for MkDocs, and why Zensical goes without.
MATERIAL_ONLY: dict[str, str] = {
    "partials/search.html": (
        "Material 9's search dialog, reproduced to give it an accessible name; Zensical's header has its own "
        "search button and dialog, which already carry that name, and Material's markup breaks it"
    ),
}


def _tree(source: Path, skip: set[Path]) -> dict[str, Path]:
    """Files under ``source`` (``relative path -> file``), less those in or under ``skip``."""
    found: dict[str, Path] = {}
    for folder, dirs, files in os.walk(source):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if (here / d).resolve() not in skip)
        for name in sorted(files):
            path = here / name
            if path.resolve() not in skip:
                found[path.relative_to(source).as_posix()] = path
    return found


def with_banner(markdown: str, banner: str) -> str:
    """``markdown`` with the error ``banner`` (HTML) at the top of its body, after any front matter."""
    front = _FRONT_MATTER.match(markdown)
    start = front.end() if front else 0
    return markdown[:start] + banner + "\n" + markdown[start:]


_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


_URL_ATTR = re.compile(r'(\s(?:href|src)=")([^"]*)(")')


def page_url(uri: str) -> str:
    """Where MkDocs and Zensical (with directory URLs) publish the page ``uri``: ``a/b.md`` -> ``a/b/``."""
    stem = uri[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def for_zensical(uri: str, markdown: str) -> str:
    """The generated page ``uri`` with its HTML links relative to the Markdown file, as Zensical reads them.

    The generator writes links in its HTML relative to the published page (``options/uccl/``), which
    is how MkDocs leaves them. Zensical treats a relative URL in HTML as relative to the Markdown file
    (``options/``), as it does a Markdown link, and adds the ``../`` the published page needs; so
    ``../pplx/`` would become ``../../pplx/``. Each relative URL is therefore rewritten relative to the
    file's folder: the published site links where the MkDocs one does.
    """
    page = page_url(uri)
    folder = posixpath.dirname(uri)
    if page.rstrip("/") == folder:  # an index page: published in its own folder, nothing to change
        return markdown

    def rewrite(match: re.Match[str]) -> str:
        url = match.group(2)
        parts = urlsplit(url)
        if not url or url.startswith(("#", "/")) or parts.scheme or parts.netloc:
            return match.group(0)
        target = posixpath.normpath(posixpath.join(page, parts.path))
        relative = posixpath.relpath(target, folder or ".")
        if parts.path.endswith("/") or parts.path in ("", "."):
            relative = relative.rstrip("/") + "/"
        rebuilt = urlunsplit(("", "", relative, parts.query, parts.fragment))
        return match.group(1) + rebuilt + match.group(3)

    return _URL_ATTR.sub(rewrite, markdown)


def docs_contents(site: Site, docs_dir: Path, skip: set[Path], banner: str = "") -> dict[str, bytes]:
    """What Zensical's ``docs/`` holds: the hand-written files of ``docs_dir`` (less ``skip``), then the
    generated pages and the assets; every page starts with ``banner`` when one is given."""
    files: dict[str, bytes] = {uri: path.read_bytes() for uri, path in _tree(docs_dir, skip).items()}
    for uri, text in site.pages.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a generated page; rename or remove it")
        # With the search markers moved (search_cut): Zensical indexes what they leave in and publishes none.
        files[uri] = (for_zensical(uri, for_search(text)) if uri.endswith(".md") else text).encode("utf-8")
    for uri, source in site.assets.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a file the generator adds")
        files[uri] = source.read_bytes()
    for uri, text in site.files.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a file the generator adds")
        files[uri] = text.encode("utf-8")
    if banner:
        for uri, content in files.items():
            if uri.endswith(".md"):
                files[uri] = with_banner(content.decode("utf-8"), banner).encode("utf-8")
    return files


def sync(target: Path, files: dict[str, bytes], *, prune: bool = True) -> list[str]:
    """Make ``target`` hold exactly ``files``: write what changed, remove what is gone; return what changed.

    Only changed files are touched, so a watching server rebuilds only what an edit changed.
    """
    changed: list[str] = []
    for uri, content in files.items():
        dest = target / uri
        if dest.is_file() and dest.read_bytes() == content:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp")
        tmp.write_bytes(content)
        tmp.replace(dest)
        changed.append(uri)
    if prune and target.is_dir():
        for uri in sorted(set(_tree(target, set())) - set(files)):
            (target / uri).unlink()
            changed.append(uri)
    return changed


def _material_only(folder: Path) -> set[Path]:
    return {(folder / path).resolve() for path in MATERIAL_ONLY}


def write_overrides(custom_dir: Path, target: Path) -> None:
    """The theme overrides of ``custom_dir`` that fit Zensical (all but :data:`MATERIAL_ONLY`)."""
    skip = {(custom_dir / path).resolve() for path in MATERIAL_ONLY}
    sync(target, {uri: path.read_bytes() for uri, path in _tree(custom_dir, skip).items()})


def theme_overrides(custom_dir: Path | None) -> dict[str, bytes]:
    """The engine's theme overrides, then the guide's own (of ``custom_dir``) over them, all but
    :data:`MATERIAL_ONLY`: what ``overrides/`` holds (``relative path -> content``)."""
    overrides = {
        uri: path.read_bytes() for uri, path in _tree(THEME_OVERRIDES, _material_only(THEME_OVERRIDES)).items()
    }
    if custom_dir is not None:
        overrides.update({uri: p.read_bytes() for uri, p in _tree(custom_dir, _material_only(custom_dir)).items()})
    return overrides
