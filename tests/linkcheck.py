"""An in-process link checker for a site served over HTTP.

Starts from every page in ``sitemap.xml``, follows every internal ``href`` and
``src`` (links, stylesheets, scripts, images), and checks that each one answers
200, stays under the site's base URL (a sub-path), and that every ``#anchor``
exists on its target page. Links to other hosts are counted, not followed.
"""

from __future__ import annotations

import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

from bs4 import BeautifulSoup

ATTRIBUTES = (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("source", "src"), ("iframe", "src"))
SKIP_SCHEMES = ("mailto:", "javascript:", "data:", "tel:")


@dataclass
class Report:
    pages: int = 0
    links: int = 0
    external: int = 0
    problems: list[str] = field(default_factory=list)


def _get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 (http on 127.0.0.1 only)
            return response.status, response.read(), response.headers.get_content_type()
    except urllib.error.HTTPError as exc:
        return exc.code, b"", ""


def sitemap(base: str) -> list[str]:
    status, body, _ = _get(urljoin(base, "sitemap.xml"))
    assert status == 200, f"no sitemap.xml under {base}"
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    return [loc.text.strip() for loc in ET.fromstring(body).findall("s:url/s:loc", ns) if loc.text]


def check(base: str) -> Report:
    """Every problem found on the site under ``base`` (an URL ending in ``/``)."""
    report = Report()
    host = urlsplit(base).netloc
    cache: dict[str, tuple[int, set[str] | None]] = {}

    def visit(url: str) -> tuple[int, set[str] | None]:
        if url not in cache:
            status, body, kind = _get(url)
            ids = None
            if status == 200 and kind == "text/html":
                soup = BeautifulSoup(body, "html.parser")
                ids = {str(el.get("id")) for el in soup.find_all(id=True)}
                ids |= {str(el.get("name")) for el in soup.find_all("a", attrs={"name": True})}
                queue.append((url, soup))
            cache[url] = (status, ids)
        return cache[url]

    queue: list[tuple[str, BeautifulSoup]] = []
    for url in sitemap(base):
        if not url.startswith(base):
            report.problems.append(f"sitemap.xml: {url} is outside {base}")
            continue
        status, _ = visit(url)
        if status != 200:
            report.problems.append(f"sitemap.xml: {url} answers {status}")
    while queue:
        page, soup = queue.pop()
        report.pages += 1
        for tag, attr in ATTRIBUTES:
            for el in soup.find_all(tag, attrs={attr: True}):
                raw = str(el[attr]).strip()
                if not raw or raw.startswith(SKIP_SCHEMES):
                    continue
                target, anchor = urldefrag(urljoin(page, raw))
                if urlsplit(target).netloc != host:
                    report.external += 1
                    continue
                report.links += 1
                where = f"{page}: <{tag} {attr}={raw!r}>"
                if not target.startswith(base):
                    report.problems.append(f"{where} leaves the sub-path {base}")
                    continue
                status, ids = visit(target)
                if status != 200:
                    report.problems.append(f"{where} answers {status}")
                elif anchor and ids is not None and unquote(anchor) not in ids:
                    report.problems.append(f"{where}: no element with id {anchor!r} on {target}")
    return report
