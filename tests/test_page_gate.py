"""Hand-written pages that would run script are refused on both engines (the allow-lists themselves: test_sanitize),
and the CSP filler."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import markdown
import pytest

from generator.adapters import handwritten
from tests.conftest import hand_written_project, mkdocs_build

EXTENSIONS = ["attr_list", "md_in_html", "toc", "tables", "admonition", "fenced_code"]

#: Ways a page can carry script, each as Markdown (the probe's nine and more), with what the refusal names.
FORMS = {
    "script": ("<script>alert(1)</script>", "<script>"),
    "script-in-html-block": ('<div markdown="1">\n<script src="x.js"></script>\n</div>', "<script>"),
    "img-onerror": ("<img src=x onerror=alert(1)>", "onerror"),
    "attr-list-onclick": ('A paragraph.\n{: onclick="alert(1)" }', "onclick"),
    "attr-list-image": ('![x](x.png){: onerror="alert(1)" }', "onerror"),
    "markdown-link": ("[click](javascript:alert(1))", "javascript:"),
    "entity-tab-link": ('<a href="jav&#x09;ascript:alert(1)">x</a>', "javascript:"),
    "mixed-case-link": ('<a href="  JaVaScRiPt:alert(1)">x</a>', "javascript:"),
    "entity-link": ('<a href="&#106;avascript:alert(1)">x</a>', "javascript:"),
    "svg-onload": ("<svg onload=alert(1)></svg>", "<svg>"),
    "details-ontoggle": ("<details open ontoggle=alert(1)><summary>x</summary></details>", "ontoggle"),
    "iframe-data": ('<iframe src="data:text/html,<script>alert(1)</script>"></iframe>', "<iframe>"),
    "object-data": ('<object data="data:text/html;base64,PHNjcmlwdD4="></object>', "<object>"),
    "markdown-data-link": ("[x](data:text/html;base64,PHNjcmlwdD4=)", "data:"),
    "meta-refresh": ('<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', "<meta>"),
    "form-action": ('<form action="javascript:alert(1)"><button>x</button></form>', "<form>"),
    "button-formaction": ('<button formaction="javascript:alert(1)">x</button>', "<button>"),
    "math-xlink": ('<math><a xlink:href="javascript:alert(1)">x</a></math>', "<math>"),
    "svg-animate": ('<svg><a><animate attributeName="href" to="javascript:alert(1)"/></a></svg>', "<svg>"),
    "embed": ('<embed src="javascript:alert(1)">', "<embed>"),
    "base": ('<base href="javascript:/a/">', "<base>"),
    "vbscript": ('<a href="vbscript:msgbox(1)">x</a>', "vbscript:"),
    "iframe-srcdoc": ('<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', "<iframe>"),
}

HARMLESS = """# A page

Text with a [link](https://example.org/), an [anchor](#a-page), a [relative](../results/) link,
`<script>` in code, and:

```html
<script>alert(1)</script>
<img src=x onerror=alert(1)>
```

<!-- <script>alert(1)</script> -->

<div class="note" markdown="1">A *div* with `onclick=` in code and a title.</div>

| a | b |
|---|---|
| javascript: as text | data: as text |
"""


@pytest.mark.parametrize("form", list(FORMS))
def test_each_form_of_script_is_cleaned_and_refused_with_its_line(form: str) -> None:
    body, named = FORMS[form]
    source = f"# Page\n\nSome text.\n\n{body}\n\nMore text.\n"
    html = markdown.markdown(source, extensions=EXTENSIONS)
    cleaned, problems = handwritten.check_page(html, source, "site_src/evil.md")
    assert problems, f"{form}: nothing found in {html!r}"
    assert all(p.file == "site_src/evil.md" for p in problems)
    # The line of the body that names what was found (the second for the two-line forms).
    assert problems[0].line == (6 if "\n" in body else 5), [str(p) for p in problems]
    assert named in problems[0].message, [str(p) for p in problems]
    assert "alert" not in cleaned and "<script" not in cleaned, cleaned


def test_harmless_markup_passes() -> None:
    html = markdown.markdown(HARMLESS, extensions=EXTENSIONS)
    assert handwritten.check_page(html, HARMLESS, "site_src/ok.md")[1] == []


def _project(tmp_path: Path, page: str) -> Path:
    return hand_written_project(tmp_path, {"notes.md": page})


EVIL_PAGE = """# Notes

<script>alert(1)</script>

Click me.
{: onclick="alert(2)" }

[x](javascript:alert(3))
"""


def test_mkdocs_refuses_the_page_and_keeps_the_last_site(tmp_path: Path) -> None:
    config = _project(tmp_path, EVIL_PAGE)
    site = tmp_path / "site"
    site.mkdir()
    (site / "last-good.html").write_text("kept", encoding="utf-8")
    done = mkdocs_build(config, site)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    for line, what in ((3, "<script>"), (6, "onclick"), (8, "javascript:")):
        assert f"site_src/notes.md:{line}: " in done.stderr and what in done.stderr, done.stderr
    assert (site / "last-good.html").read_text(encoding="utf-8") == "kept"


def test_mkdocs_refuses_a_hand_written_html_file(tmp_path: Path) -> None:
    config = _project(tmp_path, "# Notes\n")
    (tmp_path / "site_src" / "raw.html").write_text("<p>x</p>\n<img src=x onerror=alert(1)>\n", encoding="utf-8")
    done = mkdocs_build(config, tmp_path / "site")
    assert done.returncode != 0 and "site_src/raw.html: is a document a browser runs script in" in done.stderr


def test_zensical_refuses_the_page_and_keeps_the_last_site(tmp_path: Path) -> None:
    config = _project(tmp_path, EVIL_PAGE)
    out = tmp_path / "zensical"
    command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    for line, what in ((3, "<script>"), (6, "onclick"), (8, "javascript:")):
        assert f"site_src/notes.md:{line}: " in done.stderr and what in done.stderr, done.stderr
    assert not (out / "site" / "notes").exists()


def test_a_rebuild_renders_again_only_the_pages_whose_bytes_changed(tmp_path: Path, monkeypatch) -> None:
    from generator.adapters import handwritten

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n", encoding="utf-8")
    (docs / "b.md").write_text("# B\n", encoding="utf-8")
    rendered: list[str] = []
    real = handwritten._render

    def counting(source, shown, *rest):  # type: ignore[no-untyped-def]
        rendered.append(shown)
        return real(source, shown, *rest)

    monkeypatch.setattr(handwritten, "_render", counting)
    handwritten.read_sources(docs, ["attr_list"])
    handwritten.read_sources(docs, ["attr_list"])
    assert rendered == ["docs/a.md", "docs/b.md"]
    (docs / "b.md").write_text('# B\n\n<p onclick="x()">b</p>\n', encoding="utf-8")
    again = handwritten.read_sources(docs, ["attr_list"])
    assert rendered == ["docs/a.md", "docs/b.md", "docs/b.md"]
    assert list(again.refused) == ["b.md"]
