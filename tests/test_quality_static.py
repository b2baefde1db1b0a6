"""Quality gates on the built files: valid HTML, no broken internal link or anchor, AA verdict colours.

Each gate also runs once on a small broken input, to show that it can fail.
"""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from generator.schema import LevelStyle
from quality import linkcheck, nu
from quality.contrast import contrast_ratio, custom_properties, hex_rgb
from quality.sitemap import built_page_paths, page_paths, site_url
from tests.conftest import ROOT

GUIDE_CSS = ROOT / "generator" / "render" / "assets" / "stylesheets" / "guide.css"
PALETTES = {"light": ":root", "dark": '[data-md-color-scheme="slate"]'}
AA_TEXT = 4.5  # WCAG 2 AA for normal-size text: the cells' text is small


# --- page discovery -----------------------------------------------------------


def test_sitemap_lists_every_built_page(guide_site: Path) -> None:
    """The browser gates visit the sitemap's pages: it must name every page that was built, and no other."""
    assert sorted(page_paths(guide_site)) == built_page_paths(guide_site)
    assert "" in page_paths(guide_site) and "results/" in page_paths(guide_site)


def test_site_url_is_the_home_page_address(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.org/guide/a/</loc></url><url><loc>https://example.org/guide/</loc></url></urlset>",
        encoding="utf-8",
    )
    assert site_url(tmp_path) == "https://example.org/guide/"
    assert page_paths(tmp_path) == ["a/", ""]


# --- links and anchors --------------------------------------------------------


def test_no_broken_internal_link_or_anchor(guide_site: Path) -> None:
    report = linkcheck.check_site(guide_site)
    assert report.broken == []
    assert report.checked > 50  # the check really walked the pages' links
    anchors = [href for href in _hrefs(guide_site / "index.html") if "results/#" in href]
    assert anchors, "the overview links to tables on the results page"


def _hrefs(path: Path) -> list[str]:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    return [str(a["href"]) for a in soup.select("a[href]")]


def test_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "index.html").write_text('<h2 id="table-a">A</h2>', encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<a href="results/#table-a">ok</a>\n<a href="results/#table-b">gone</a>\n<a href="missing/">nothing</a>\n'
        '<a href="https://example.org/">outside</a>\n<img src="assets/logo.png" alt="">',
        encoding="utf-8",
    )
    report = linkcheck.check_site(tmp_path, site_url="http://127.0.0.1:8000/")
    assert report.broken == [
        "index.html:2: href='results/#table-b': no element with id 'table-b' in results/index.html",
        "index.html:3: href='missing/': no such file missing/index.html",
        "index.html:5: src='assets/logo.png': no such file assets/logo.png",
    ]
    assert report.external == {"https://example.org/"}


# --- valid HTML ---------------------------------------------------------------


def test_every_page_is_valid_html(guide_site: Path, tmp_path: Path) -> None:
    """The Nu checker finds 0 errors in our pages; a broken page checked in the same run shows it is awake."""
    broken = tmp_path / "broken.html"
    broken.write_text(
        '<!doctype html><html lang="en"><head><title>t</title></head><body><p><div>x</div></p></body></html>',
        encoding="utf-8",
    )
    found = nu.errors([guide_site, broken])
    ours = [str(m) for m in found if not m.file.endswith("broken.html")]
    assert ours == []
    assert [m.text for m in found if m.file.endswith("broken.html")] == [
        "No \u201cp\u201d element in scope but a \u201cp\u201d end tag seen."
    ]


def test_only_materials_own_messages_are_tolerated() -> None:
    """The filter matches Material's exact message on Material's exact element, nothing broader."""
    drawer = nu.TOLERATED[0]
    assert nu.Message("a.html", 1, "error", drawer[0], "\n  " + drawer[1] + "\n").tolerated
    assert not nu.Message(
        "a.html", 1, "error", drawer[0], '<input type="checkbox" id="ours" autocomplete="off">'
    ).tolerated
    assert not nu.Message("a.html", 1, "error", drawer[0] + " ", drawer[1]).tolerated


# --- verdict colours ----------------------------------------------------------

VERDICT_COLOURS = typing.get_args(LevelStyle.model_fields["colour"].annotation)


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_verdict_colours_meet_aa_for_their_text(palette: str) -> None:
    props = custom_properties(GUIDE_CSS.read_text(encoding="utf-8"), PALETTES[palette])
    assert VERDICT_COLOURS, "the schema names the verdict colours"
    failing = {}
    for colour in VERDICT_COLOURS:
        fg, bg = props[f"--dg-{colour}-fg"], props[f"--dg-{colour}-bg"]
        ratio = contrast_ratio(fg, bg)
        if ratio < AA_TEXT:
            failing[colour] = f"{fg} on {bg}: {ratio:.2f}:1"
    assert failing == {}


def test_palettes_use_different_verdict_colours() -> None:
    """Dark mode has its own values (a light tint under light text would fail), read from the right rule."""
    css = GUIDE_CSS.read_text(encoding="utf-8")
    light, dark = (custom_properties(css, PALETTES[p]) for p in ("light", "dark"))
    for colour in VERDICT_COLOURS:
        assert light[f"--dg-{colour}-bg"] != dark[f"--dg-{colour}-bg"]


def test_contrast_ratio_matches_wcag_reference_values() -> None:
    assert contrast_ratio("#000", "#fff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio("#abcdef", "#abcdef") == pytest.approx(1.0)
    assert hex_rgb("#0f4") == (0, 255, 68)
    with pytest.raises(ValueError):
        hex_rgb("rgb(0,0,0)")


def test_custom_properties_skip_media_rules_and_honour_order() -> None:
    css = """:root { --a: #111; }
    @media (forced-colors: active) { :root { --a: #222; } }
    /* :root { --a: #333; } */
    :root, .x { --a: #444; --b: #555 }"""
    assert custom_properties(css, ":root") == {"--a": "#444", "--b": "#555"}


# --- the compressed server used by the benchmark and the screenshots ------------


def test_static_server_sends_text_gzipped_only_when_asked(tmp_path: Path) -> None:
    import gzip
    import http.client

    from quality.serve import StaticServer

    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text("<p>" + "hello " * 200 + "</p>", encoding="utf-8")
    with StaticServer(tmp_path, compress=True) as server:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/page/", headers={"Accept-Encoding": "gzip, br"})
        zipped = conn.getresponse()
        body = zipped.read()
        assert zipped.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body) == (tmp_path / "page" / "index.html").read_bytes()
        conn.request("GET", "/page/")  # same connection: kept open, as a real host does
        plain = conn.getresponse()
        assert plain.getheader("Content-Encoding") is None and plain.read().startswith(b"<p>hello")
        conn.request("GET", "/page")
        redirect = conn.getresponse()
        redirect.read()
        assert redirect.status == 301 and redirect.getheader("Location") == "/page/"
        conn.close()
