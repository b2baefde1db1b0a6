"""Broken internal links and anchors in a built site, found without a server or a network.

Every ``href`` and ``src`` in every HTML file is resolved the way a browser would resolve it. A link that
stays inside the site must reach a file that was built, and a ``#fragment`` must name an element ``id``
(or an ``<a name>``) in the page it points to: our pages link to ``results/#table-id`` and a renamed
table would otherwise break silently. Links to other hosts are listed, not fetched (the site works offline).

Run it by hand: ``python -m quality.linkcheck build/site``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from quality.sitemap import site_url as sitemap_site_url

_SKIPPED_SCHEMES = {"mailto", "tel", "javascript", "data", "blob"}


@dataclass
class _Page:
    ids: set[str] = field(default_factory=set)
    links: list[tuple[int, str, str]] = field(default_factory=list)  # (line, attribute, value)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = _Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.page.ids.add(value)
            elif name in ("href", "src") and tag not in ("base",):
                self.page.links.append((line, name, value))

    handle_startendtag = handle_starttag


def _parse(path: Path) -> _Page:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    collector.close()
    return collector.page


@dataclass
class Report:
    """What the check found: broken links (``file:line: message``) and the outside addresses linked to."""

    broken: list[str]
    external: set[str]
    checked: int


def check_site(site_dir: Path, site_url: str | None = None) -> Report:
    """Check every internal link and anchor in the HTML files under ``site_dir``.

    ``site_url`` is the address the site was built for (read from its sitemap when not given): absolute
    links that start with it are internal too, and root-relative links (as in ``404.html``) are resolved
    against its path.
    """
    site_dir = site_dir.resolve()
    base = site_url or sitemap_site_url(site_dir)
    base_parts = urlsplit(base)
    prefix = base_parts.path if base_parts.path.endswith("/") else base_parts.path + "/"
    pages: dict[Path, _Page] = {}

    def load(path: Path) -> _Page:
        if path not in pages:
            pages[path] = _parse(path)
        return pages[path]

    broken: list[str] = []
    external: set[str] = set()
    checked = 0
    for html in sorted(site_dir.rglob("*.html")):
        rel = html.relative_to(site_dir).as_posix()
        page_url = base + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        for line, attr, value in load(html).links:
            target = urljoin(page_url, value.strip())
            parts = urlsplit(target)
            if parts.scheme in _SKIPPED_SCHEMES:
                continue
            if (parts.scheme, parts.netloc) != (base_parts.scheme, base_parts.netloc) or not parts.path.startswith(
                prefix
            ):
                external.add(target)
                continue
            checked += 1
            where = f"{rel}:{line}: {attr}={value!r}"
            local = site_dir / unquote(parts.path[len(prefix) :])
            if parts.path.endswith("/") or local.is_dir():
                local = local / "index.html"
            if not local.resolve().is_relative_to(site_dir):
                broken.append(f"{where}: points outside the site")
                continue
            if not local.is_file():
                broken.append(f"{where}: no such file {local.relative_to(site_dir).as_posix()}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and local.suffix == ".html" and fragment not in load(local).ids:
                broken.append(f"{where}: no element with id {fragment!r} in {local.relative_to(site_dir).as_posix()}")
    return Report(broken=broken, external=external, checked=checked)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m quality.linkcheck SITE_DIR", file=sys.stderr)
        return 2
    try:
        report = check_site(Path(args[0]))
    except (OSError, ValueError) as exc:  # no sitemap (site_url unset) or one that lists no page
        print(f"linkcheck: {exc}", file=sys.stderr)
        return 1
    for line in report.broken:
        print(line)
    print(f"{report.checked} internal links checked, {len(report.broken)} broken, {len(report.external)} external")
    return 1 if report.broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
