"""What a pull request's hand-written files can publish: pages cleaned by an allow-list (nh3, which parses
as browsers do), front matter by an allow-list of keys, other files by an allow-list of kinds; on MkDocs
and on Zensical (with and without directory URLs)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import markdown
import pytest

from generator.adapters import front_matter, handwritten, sanitize, static_files
from tests.conftest import hand_written_project, mkdocs_build, trusting

EXTENSIONS = ["attr_list", "md_in_html", "admonition", "tables", "toc", "fenced_code"]

SCRIPT = "<script src=x.js></script>"
REFRESH = "<meta http-equiv=refresh content=0;url=https://example.org/>"
#: The constructs Python's html.parser reads differently from a browser: the old gate saw a comment or
#: text, the browser builds the element.
DIFFERENTIAL = {
    "comment-open-close": f"<!-->{SCRIPT}-->",
    "comment-open-dash-close": f"<!--->{SCRIPT}-->",
    "cdata": f"<![CDATA[ >{SCRIPT}]]>",
    "svg-style": f"<svg><style>{SCRIPT}</style></svg>",
    "math-style": f"<math><style>{REFRESH}</style></math>",
    "svg-style-breakout": f"<svg><style><img src=x>{SCRIPT}</style></svg>",
    "noscript-attribute": f'<noscript><p title="</noscript>{SCRIPT}"></noscript>',
    "title-attribute": f'<title><p title="</title>{SCRIPT}"></title>',
    "textarea-attribute": f'<textarea><p title="</textarea>{REFRESH}"></textarea>',
    "xmp-attribute": f'<xmp><p title="</xmp>{SCRIPT}"></xmp>',
    "noembed-attribute": f'<noembed><p title="</noembed>{SCRIPT}"></noembed>',
    "noframes-attribute": f'<noframes><p title="</noframes>{REFRESH}"></noframes>',
}


def _page(body: str) -> str:
    return f"# Page\n\nSome text.\n\n{body}\n\nMore text.\n"


def _check(source: str) -> tuple[str, list[str]]:
    html = markdown.markdown(front_matter.YAML_BLOCK.sub("", source, count=1), extensions=EXTENSIONS)
    cleaned, found = handwritten.check_page(html, source, "site_src/evil.md")
    return cleaned, [str(p) for p in found]


@pytest.mark.parametrize("name", list(DIFFERENTIAL))
def test_a_construct_the_old_parser_misread_is_cleaned_and_refused_on_its_line(name: str) -> None:
    cleaned, found = _check(_page(DIFFERENTIAL[name]))
    assert "<script" not in cleaned and "<meta" not in cleaned, cleaned
    assert found and found[0].startswith("site_src/evil.md:5: "), found
    assert any("<script>" in f or "<meta>" in f for f in found), found


def test_a_bogus_marked_section_neither_crashes_nor_publishes_markup() -> None:
    cleaned, found = _check(_page("<![x]><p>after</p>"))
    assert "<![" not in cleaned and "<p>after</p>" in cleaned and found == []


def test_a_harmless_page_is_published_whole() -> None:
    source = (
        "# Title\n\nText with a [link](https://example.org/), [mail](mailto:a@b.c), [anchor](#title) and `<b>`.\n\n"
        '!!! note "Heads up"\n    Body.\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n'
        "```html\n<script>alert(1)</script>\n```\n\n"
        '<div class="grid" markdown>\n*in a div*\n</div>\n\nA para.\n{: #here .wide title="t" }\n'
    )
    cleaned, found = _check(source)
    assert found == []
    assert 'class="admonition note"' in cleaned and 'style="text-align:left"' in cleaned
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in cleaned and 'id="here"' in cleaned


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ('<p onclick="x()">a</p>', "onclick"),
        ('A paragraph.\n{: onclick="alert(2)" }', "onclick"),
        ("[x](javascript:alert(3))", "javascript:"),
        ('<a href="jav&#x09;ascript:alert(1)">x</a>', "javascript:"),
        ('<img src="data:image/svg+xml,x">', "data:"),
        ('<iframe src="https://example.org/"></iframe>', "<iframe>"),
        ("<style>body{display:none}</style>", "<style>"),
        ('<form action="/x"><button>x</button></form>', "<form>"),
    ],
)
def test_an_attribute_element_or_address_off_the_allow_list_is_named(body: str, named: str) -> None:
    cleaned, found = _check(_page(body))
    assert found and named in found[0] and found[0].startswith(f"site_src/evil.md:{5 + body.count(chr(10))}: ")
    assert "alert" not in cleaned and "onclick" not in cleaned and "<iframe" not in cleaned


def test_cleaning_and_its_report_take_time_linear_in_the_page() -> None:
    """Ten 10 KB runs of ``</a `` against one 100 KB run: the same time if linear, ten times as long if
    quadratic (the old gate's scan)."""

    def timed(size: int, times: int) -> float:
        page = "<p>x</p>" + "</a " * (size // 4)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(times):
                sanitize.removed(page, sanitize.clean(page))
            best = min(best, time.perf_counter() - start)
        return best

    small, large = timed(10_000, 10), timed(100_000, 1)
    assert large / small < 5, (small, large)


FRONT_MATTER = {
    "redirect": ("---\ntemplate: redirect.html\nlocation: javascript:alert(1)\n---\n# R\n", 2, "template"),
    "base": ("---\ntitle: Fine\ntemplate: base.html\n---\n# B\n", 3, "template"),
    "binary": ("---\ntitle: !!binary PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\n---\n# Bin\n", 2, "YAML tag"),
    "set": ("---\ndescription: !!set {a, b}\n---\n# Set\n", 2, "YAML tag"),
    "bom": ("\ufeff---\ntemplate: base.html\n---\n# Bom\n", 2, "template"),
    "markup": ('---\ntitle: "</title><script>alert(1)</script>"\n---\n# M\n', 2, "title"),
    "multimarkdown": ("Template: redirect.html\nLocation: javascript:alert(1)\n\n# MMD\n", 1, "template"),
}


@pytest.mark.parametrize("name", list(FRONT_MATTER))
def test_front_matter_off_the_allow_list_is_refused_with_its_line(name: str) -> None:
    source, line, named = FRONT_MATTER[name]
    _, found = front_matter.check(source, "site_src/p.md")
    assert found and str(found[0]).startswith(f"site_src/p.md:{line}: front matter"), [str(p) for p in found]
    assert named in str(found[0])


def test_allowed_front_matter_passes() -> None:
    source = "---\ntitle: A page\ndescription: What it says\nhide:\n  - toc\nsearch:\n  exclude: true\n---\n# A\n"
    assert front_matter.check(source, "p.md") == (8, [])


STATIC = {
    "x.js": b"alert(1)",
    "doc.html": "<script>alert(1)</script>".encode("utf-16"),
    "feed.xml": b'<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
    "page.xht": b"<html xmlns='http://www.w3.org/1999/xhtml'><script>alert(1)</script></html>",
    "page.shtml": b"<script>alert(1)</script>",
    "pic.svgz": b"\x1f\x8b",
    "pic.svg": b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
    "assets/javascripts/bundle.abc.min.js": b"alert(1)",
    "assets/stylesheets/main.abc.min.css": b"body{}",
}
ALLOWED = {"pic.png": b"\x89PNG", "data.csv": b"a,b\n1,2\n", "style.css": b"p{}", "listed.js": b"ok()"}


def test_static_files_by_kind() -> None:
    for uri in STATIC:
        assert static_files.why_not(uri) is not None, uri
    for uri in ALLOWED:
        if uri != "listed.js":
            assert static_files.why_not(uri) is None, uri


def _hostile(root: Path, directory_urls: bool = True) -> Path:
    pages: dict[str, str | bytes] = {"home.md": "# Home\n\nA fine page.\n"}
    pages.update({f"diff-{n}.md": _page(DIFFERENTIAL[name]) for n, name in enumerate(DIFFERENTIAL)})
    pages.update({f"fm-{name}.md": source.encode("utf-8") for name, (source, _, _) in FRONT_MATTER.items()})
    pages.update({**STATIC, **ALLOWED})
    config = hand_written_project(
        root,
        pages,
        options="publish_files: [listed.js]",
        settings=f"use_directory_urls: {'true' if directory_urls else 'false'}",
        extensions="  - admonition\n  - tables\n  - toc:\n      permalink: true",
    )
    text = trusting(config.read_text(encoding="utf-8"), "plugins.decision-guide.publish_files")
    config.write_text(text, encoding="utf-8")
    return config


def _expected() -> list[str]:
    lines = [f"site_src/diff-{n}.md:5: " for n in range(len(DIFFERENTIAL))]
    lines += [f"site_src/fm-{name}.md:{line}: front matter" for name, (_, line, _) in FRONT_MATTER.items()]
    lines += [f"site_src/{uri}: " for uri in STATIC]
    return lines


def _assert_refused(output: str) -> None:
    assert "Traceback" not in output
    missing = [line for line in _expected() if line not in output]
    assert missing == [], output
    for fine in ("home.md", "pic.png", "data.csv", "style.css", "listed.js"):
        assert f"site_src/{fine}" not in output, output


@pytest.fixture(scope="module")
def mkdocs_refusal(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    root = tmp_path_factory.mktemp("hostile-mkdocs")
    config = _hostile(root)
    site = root / "site"
    site.mkdir()
    (site / "last-good.html").write_text("kept", encoding="utf-8")
    return mkdocs_build(config, site), site


def test_mkdocs_refuses_every_hostile_file_and_keeps_the_last_site(mkdocs_refusal) -> None:  # type: ignore[no-untyped-def]
    done, site = mkdocs_refusal
    assert done.returncode != 0
    _assert_refused(done.stderr)
    assert sorted(p.name for p in site.iterdir()) == ["last-good.html"]


def _zensical(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize("directory_urls", [True, False])
def test_zensical_refuses_every_hostile_file(tmp_path: Path, directory_urls: bool) -> None:
    config = _hostile(tmp_path, directory_urls)
    done = _zensical(config, tmp_path / "out")
    assert done.returncode == 1
    _assert_refused(done.stderr)
    assert not (tmp_path / "out" / "site").exists()


def _fine(root: Path, page: str, directory_urls: bool = True) -> Path:
    config = _hostile(root, directory_urls)
    docs = root / "site_src"
    for path in sorted(docs.rglob("*"), reverse=True):
        if path.is_file() and path.name not in ALLOWED and path.name != "home.md":
            path.unlink()
    (docs / "notes.md").write_text(page, encoding="utf-8")
    return config


FINE_PAGE = "---\ntitle: Notes\n---\n# Notes\n\n<!-- a comment --><b>bold</b> and [a link](https://example.org/).\n"


def test_mkdocs_publishes_the_cleaned_page_and_the_listed_file(tmp_path: Path) -> None:
    config = _fine(tmp_path, FINE_PAGE)
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "site" / "notes" / "index.html").read_text(encoding="utf-8")
    assert "<b>bold</b>" in html and "a comment" not in html and 'href="https://example.org/"' in html
    assert (tmp_path / "site" / "listed.js").read_bytes() == b"ok()"
    assert not (tmp_path / "site" / "assets" / "javascripts" / "bundle.abc.min.js").exists()


@pytest.mark.parametrize("directory_urls", [True, False])
def test_zensical_publishes_a_fine_page(tmp_path: Path, directory_urls: bool) -> None:
    config = _fine(tmp_path, FINE_PAGE, directory_urls)
    done = _zensical(config, tmp_path / "out")
    assert done.returncode == 0, done.stderr
    page = "notes/index.html" if directory_urls else "notes.html"
    html = (tmp_path / "out" / "site" / page).read_text(encoding="utf-8")
    assert "<b>bold</b>" in html and (tmp_path / "out" / "site" / "listed.js").is_file()


def test_allow_raw_html_is_refused_on_both_engines(tmp_path: Path) -> None:
    config = _fine(tmp_path, FINE_PAGE)
    config.write_text(config.read_text().replace("publish_files:", "allow_raw_html: true\n      publish_files:"))
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode != 0 and "allow_raw_html: hand-written pages are always cleaned" in done.stderr
    done = _zensical(config, tmp_path / "out")
    assert done.returncode == 1 and "allow_raw_html: hand-written pages are always cleaned" in done.stderr


def test_properdocs_refuses_every_hostile_file_through_the_same_plugin(tmp_path: Path) -> None:
    config = _hostile(tmp_path)
    command = [sys.executable, "-m", "properdocs", "build", "--strict", "-f", str(config), "-d", str(tmp_path / "s")]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300, cwd=tmp_path)
    assert done.returncode != 0
    _assert_refused(done.stderr)
    assert not (tmp_path / "s").exists() or not any((tmp_path / "s").iterdir())


#: Addresses the sanitizer's URL parser (the WHATWG URL standard's) cannot read, so every pass of it drops
#: them, the reference pass too: Markdown -> what the refusal names (``<tag attribute="address">``).
UNREADABLE = {
    "[x](http://[bad)": '<a href="http://[bad">',
    "![x](https://exa%20mple.com/x.png)": '<img src="https://exa%20mple.com/x.png">',
    '<img src="https://exa mple.com/x.png" alt="x">': '<img src="https://exa mple.com/x.png">',
    "[x](http://example.org:99999/)": '<a href="http://example.org:99999/">',
    "[x](http://1.2.3.256/)": '<a href="http://1.2.3.256/">',
    "[x](http://xn--/)": '<a href="http://xn--/">',
    "<a href=HTTP://[::1>x</a>": '<a href="HTTP://[::1">',
    '<a title="a>b" href="http://[bad">x</a>': '<a href="http://[bad">',
    "[x](https://)": '<a href="https://">',
}


@pytest.mark.parametrize("body", list(UNREADABLE))
def test_an_address_the_sanitizer_cannot_read_is_refused_with_its_line(body: str) -> None:
    cleaned, found = _check(_page(body))
    assert found and found[0].startswith(f"site_src/evil.md:5: {UNREADABLE[body]}: an address that is not a valid URL")
    assert len(found) == 1, found


def test_readable_addresses_and_text_that_looks_like_one_are_kept() -> None:
    body = (
        "[a](https://example.org/a b) [r](../rel/) [m](mailto:a@b.c) [h](#top) [u](https://exämple.org/)\n\n"
        '`<a href="http://[bad">` and href="http://[bad" in text.\n'
    )
    cleaned, found = _check(_page(body))
    assert found == [] and 'href="mailto:a@b.c"' in cleaned


def test_mkdocs_refuses_an_unreadable_address_without_a_traceback(tmp_path: Path) -> None:
    config = _fine(tmp_path, "# Notes\n\nA [link](http://[bad) and ![a picture](https://exa%20mple.com/x.png).\n")
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert 'site_src/notes.md:3: <a href="http://[bad">: an address that is not a valid URL' in done.stderr
    assert 'site_src/notes.md:3: <img src="https://exa%20mple.com/x.png">: an address' in done.stderr


def test_finding_unreadable_addresses_takes_time_linear_in_the_page() -> None:
    def timed(page: str) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            sanitize.unreadable_urls(page)
            best = min(best, time.perf_counter() - start)
        return best

    for unit in ('<a "', '<a href="', "<a href=http://[", "<a'"):
        small, large = timed(unit * (100_000 // len(unit))), timed(unit * (1_000_000 // len(unit)))
        assert large / small < 30, (unit, small, large)


@pytest.mark.parametrize(
    "unit",
    [
        '<b onclick="x">a</b> ',  # an attribute it removes, again and again (the report compared every pair)
        "<p>a</p><script>b</script>",  # kept and removed in turn
    ],
)
def test_the_removal_report_takes_time_linear_in_the_page(unit: str) -> None:
    """A page of many removable things: ten times as many take at most thirty times as long (the report once
    compared the two parses with a quadratic sequence match: 1,500 elements held a build for hours)."""
    from tests.test_reader_linear import assert_linear

    def read(content: bytes) -> object:
        return sanitize.problems(content.decode(), "text\n", "site_src/p.md")

    assert_linear(read, lambda size: (unit * max(1, size // len(unit))).encode())


@pytest.mark.parametrize("unit", ["a", "a1"])
def test_the_scheme_scan_takes_time_linear_in_a_word(unit: str) -> None:
    """One long word (no space, no colon): the scan for the schemes a page writes reads it once (a pattern tried
    at each of its positions read the rest of the word again from each: a 200 KB word took minutes)."""
    from tests.test_reader_linear import assert_linear

    def read(content: bytes) -> object:
        return sanitize.removed(content.decode())

    assert_linear(read, lambda size: ("<p>" + unit * max(1, size // len(unit)) + "</p>").encode())
