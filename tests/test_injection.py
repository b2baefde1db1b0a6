"""Nothing injected: a guide whose every text field carries an attack builds to HTML where none is live.

The real ``mkdocs.yml`` (theme, overrides, search) builds twice: from the shipped data and from a
copy with a payload in every free-text field (``tests/injection.py``). Each page of the poisoned
site must run exactly the scripts of its clean twin, carry no event-handler attribute and no
``javascript:``/``data:`` link, and show every attempt as plain text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup, Comment, Tag

from quality.build import build_site
from tests.conftest import DATA, copy_project
from tests.injection import _SHORT, PAYLOADS, poison

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcset", "background"}
DANGEROUS_TAGS = ["script", "style", "iframe", "object", "embed", "img", "svg", "form", "input", "meta", "link", "base"]
EXECUTABLE = {"", "text/javascript", "module", "application/javascript"}


def _build(project: Path, data: Path) -> Path:
    copy_project(project, data)
    site = project / "site"
    return build_site(site, config=project / "mkdocs.yml")


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, int]]:
    tmp = tmp_path_factory.mktemp("injection")
    counts = poison(DATA, tmp / "poisoned-data")
    clean = _build(tmp / "clean", DATA)
    dirty = _build(tmp / "dirty", tmp / "poisoned-data")
    return clean, dirty, counts


def _pages(site: Path) -> dict[str, BeautifulSoup]:
    return {
        p.relative_to(site).as_posix(): BeautifulSoup(p.read_text(encoding="utf-8"), "html.parser")
        for p in sorted(site.rglob("*.html"))
    }


def _scripts(soup: BeautifulSoup) -> list[tuple[str, str]]:
    return [
        (str(s.get("src", "")), s.get_text())
        for s in soup.find_all("script")
        if str(s.get("type", "")).lower() in EXECUTABLE
    ]


def _handlers(soup: BeautifulSoup) -> set[tuple[str, str]]:
    return {(el.name, a) for el in soup.find_all(True) for a in el.attrs if a.lower().startswith("on")}


def _scheme(url: str) -> str:
    cleaned = re.sub(r"[\x00-\x20]", "", url).lower()
    return cleaned.split(":", 1)[0] if ":" in cleaned else ""


def test_payloads_reach_many_fields(sites: tuple[Path, Path, dict[str, int]]) -> None:
    """The test is only as good as its reach: payloads sit in every kind of record."""
    _, _, counts = sites
    assert sum(counts.values()) >= 150, counts
    for folder in ("options/", "tables/", "campaigns/", "guide.yml", "recommendation.yml"):
        assert sum(n for f, n in counts.items() if f.startswith(folder)) > 0, folder


def test_no_payload_is_live(sites: tuple[Path, Path, dict[str, int]]) -> None:
    clean_site, dirty_site, _ = sites
    clean, dirty = _pages(clean_site), _pages(dirty_site)
    assert sorted(clean) == sorted(dirty)
    for name, soup in dirty.items():
        twin = clean[name]
        assert _scripts(soup) == _scripts(twin), f"{name}: a script the theme did not put there"
        assert _handlers(soup) <= _handlers(twin), f"{name}: an event-handler attribute from data"
        for tag in DANGEROUS_TAGS:
            assert len(soup.find_all(tag)) == len(twin.find_all(tag)), f"{name}: an extra <{tag}>"
        for el in soup.find_all(True):
            for attr in URL_ATTRIBUTES & set(el.attrs):
                assert _scheme(str(el[attr])) not in {"javascript", "data", "vbscript"}, f"{name}: {el}"
        comments = soup.find_all(string=lambda s: isinstance(s, Comment) and "xss" in s)
        assert not comments, f"{name}: raw HTML comment from data"
        for script in soup.find_all("script", type="application/json"):
            assert "</" not in script.get_text(), f"{name}: embedded JSON can close its <script>"
            json.loads(script.get_text())


def test_every_attempt_is_shown_as_text(sites: tuple[Path, Path, dict[str, int]]) -> None:
    """Escaped, not dropped: a reader sees each attempt verbatim (so the checks above saw it too)."""
    _, dirty_site, _ = sites
    text = " ".join(soup.get_text(" ") for soup in _pages(dirty_site).values())
    for n in range(1, len(PAYLOADS) + 1):
        assert f"xss-{n}" in text, f"payload xss-{n} never reached a page"
    assert '<script>alert("xss-1")</script>' in text
    assert "[xss-6](javascript:alert(" in text
    assert "{{ 7*7 }}" in text and "&lt;script&gt;alert(13)" in text


def test_attributes_hold_the_whole_value(sites: tuple[Path, Path, dict[str, int]]) -> None:
    """Autoescape covers attributes: a quote in a table title does not end its title= attribute."""
    _, dirty_site, _ = sites
    titles = {
        str(el["title"])
        for soup in _pages(dirty_site).values()
        for el in soup.find_all(title=True)
        if isinstance(el, Tag)
    }
    labels = {
        str(el["aria-label"])
        for soup in _pages(dirty_site).values()
        for el in soup.find_all(attrs={"aria-label": True})
    }
    # Which payload lands in which field depends on the data; what must hold is that every attribute
    # carrying a payload carries one whole (a quote inside it did not end the attribute early).
    whole = [p[:_SHORT] for p in PAYLOADS] + PAYLOADS
    carrying = [v for v in titles | labels if "xss-" in v]
    assert len(carrying) >= 5, carrying
    for value in carrying:
        assert any(p in value for p in whole if "xss-" in p), value
    assert any('"' in v and "xss-" in v for v in carrying), "no payload with a quote reached an attribute"


def test_titles_and_navigation_show_the_text_once_escaped(sites: tuple[Path, Path, dict[str, int]]) -> None:
    """Page titles and navigation entries come from data too; MkDocs prints them unescaped, so we escape them."""
    _, dirty_site, _ = sites
    pages = _pages(dirty_site)
    data = dirty_site.parent.parent / "poisoned-data"
    for path in sorted((data / "options").glob("*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        soup = pages[f"options/{record['id']}/index.html"]
        h1, title = soup.find("h1"), soup.find("title")
        assert h1 is not None and title is not None
        assert h1.get_text().rstrip("¶") == record["name"]
        assert title.get_text().startswith(record["name"] + " - ")
        nav = [a.get_text(" ", strip=True) for a in soup.select("nav a")]
        assert record["label"] in nav


def test_search_index_holds_no_live_markup(sites: tuple[Path, Path, dict[str, int]]) -> None:
    _, dirty_site, _ = sites
    index = json.loads((dirty_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        for key in ("title", "text"):
            fragment = BeautifulSoup(doc[key], "html.parser")
            assert not fragment.find_all(DANGEROUS_TAGS), (doc["location"], key)
            assert not any(a.lower().startswith("on") for el in fragment.find_all(True) for a in el.attrs)
