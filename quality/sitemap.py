"""Every page of a built site, read from its ``sitemap.xml`` rather than from a hand-written list.

MkDocs writes each page's address as ``site_url + page.url``; the home page's address is ``site_url``
itself. To visit the pages on a local server on another host or port, the site_url part is replaced.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def sitemap_locs(site_dir: Path) -> list[str]:
    """The ``<loc>`` of every ``<url>`` in ``site_dir/sitemap.xml``, in file order."""
    path = site_dir / "sitemap.xml"
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no sitemap; is site_url set in mkdocs.yml?")
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    locs = [(node.text or "").strip() for node in root.iter(f"{_NS}loc")]
    if not locs:
        raise ValueError(f"{path}: the sitemap lists no page")
    return locs


def site_url(site_dir: Path) -> str:
    """The site_url the site was built with: the home page's address, a prefix of every other address."""
    locs = sitemap_locs(site_dir)
    home = min(locs, key=len)
    strays = [loc for loc in locs if not loc.startswith(home)]
    if strays:
        raise ValueError(f"{site_dir / 'sitemap.xml'}: no home page that prefixes every address (e.g. {strays[0]})")
    return home


def page_paths(site_dir: Path) -> list[str]:
    """Each page's address relative to site_url: ``""`` for the home page, ``"results/"``, ..."""
    home = site_url(site_dir)
    return [loc[len(home) :] for loc in sitemap_locs(site_dir)]


def page_urls(site_dir: Path, base_url: str) -> list[str]:
    """Each page's address on the server at ``base_url`` (which ends in ``/``)."""
    if not base_url.endswith("/"):
        raise ValueError(f"base_url must end with '/': {base_url!r}")
    return [base_url + path for path in page_paths(site_dir)]


def built_page_paths(site_dir: Path) -> list[str]:
    """The address of every ``index.html`` written into ``site_dir``, relative to its root, sorted."""
    found = []
    for index in site_dir.rglob("index.html"):
        rel = index.parent.relative_to(site_dir).as_posix()
        found.append("" if rel == "." else rel + "/")
    return sorted(found)
