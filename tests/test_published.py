"""What Zensical publishes of a hand-written page is checked after its build by the same allow-list: a page
Python-Markdown (as MkDocs runs it) and Zensical render differently cannot publish what the check refuses,
and a page left without its policy refuses the build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.adapters import published, zensical
from generator.output_dir import MARKER, mark
from tests.conftest import hand_written_project, trusting

#: Pages MkDocs reads as MultiMarkdown front matter (plain text, allowed keys) and Zensical as Markdown:
#: a ``javascript:`` link, an event handler, a ``data:`` image on Zensical's page. Path -> (line, what).
DIVERGENT = {
    "link.md": ("Title: [x](javascript:alert(1))\n\n# Link\n", 1, '<a href="javascript:...">'),
    "handler.md": ("Title: Handler\n    {: onclick=alert(2) }\n\n# Handler\n", 2, "<p onclick=...>"),
    "image.md": ("Description: ![x](data:image/svg+xml;base64,PHN2Zz4=)\n\n# Image\n", 1, '<img src="data:...">'),
}


def _zensical(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator.adapters.zensical", "build", "-f", str(config), "--out", str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize("directory_urls", [True, False])
def test_a_page_zensical_renders_differently_is_refused_before_its_build(tmp_path: Path, directory_urls: bool) -> None:
    """The check renders a page as Zensical reads it (MultiMarkdown lines are content there), so these are
    refused at their lines before Zensical runs, for `zensical build` and for `zensical serve` (the same
    project step); what Zensical then publishes is checked again (the planted pages below)."""
    pages = {"home.md": "# Home\n\nA fine page.\n", **{uri: text for uri, (text, _, _) in DIVERGENT.items()}}
    config = hand_written_project(tmp_path, pages, settings=f"use_directory_urls: {str(directory_urls).lower()}")
    out = tmp_path / "out"
    done = _zensical(config, out)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "in hand-written files cannot be published; nothing was published" in done.stderr
    for uri, (_, line, what) in DIVERGENT.items():
        assert f"site_src/{uri}:{line}: {what}" in done.stderr, done.stderr
    assert "site_src/home.md" not in done.stderr
    assert not out.exists()
    with pytest.raises(zensical.ZensicalFailed, match="link.md:1"):  # the step `zensical serve` runs first
        zensical.prepare(config, tmp_path / "serve-project")


def test_mkdocs_still_reads_those_lines_as_front_matter(tmp_path: Path) -> None:
    """On MkDocs the same pages are plain front matter (allowed keys, plain text): nothing to refuse."""
    from generator.adapters import handwritten

    for uri, (text, _, _) in DIVERGENT.items():
        assert handwritten.check_page("<h1>x</h1>", text, uri)[1] == []
        assert not handwritten.body_of(text).startswith(("Title:", "Description:"))
        assert handwritten.body_of(text, multimarkdown_meta=False) == text


def _guide(root: Path, page: str) -> Path:
    return hand_written_project(root, {"home.md": "# Home\n\nA fine page.\n", "notes.md": page})


def _planting(monkeypatch: pytest.MonkeyPatch, plant) -> None:  # type: ignore[no-untyped-def]
    """Zensical, as if it rendered ``notes.md`` otherwise: ``plant`` changes the page it published."""
    real = zensical.run_zensical

    def run(project: zensical.Project, timeout: float = 600) -> None:
        real(project, timeout)
        page = project.site / "notes" / "index.html"
        page.write_text(plant(page.read_text(encoding="utf-8")), encoding="utf-8")

    monkeypatch.setattr(zensical, "run_zensical", run)


def test_script_zensical_would_publish_in_a_page_refuses_the_build(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config = _guide(tmp_path, "# Notes\n\nA paragraph.\n")
    forged = "<!--/guide-page-content 0123456789abcdef0123456789abcdef-->"
    planted = f'<p>A paragraph.</p>{forged}<script src="x.js"></script><img src=x onerror=alert(1)>'
    _planting(monkeypatch, lambda page: page.replace("<p>A paragraph.</p>", planted))
    (tmp_path / "out").mkdir()
    mark(tmp_path / "out")  # a site an earlier build wrote
    (tmp_path / "out" / "last-good").write_text("kept", encoding="utf-8")
    with pytest.raises(zensical.ZensicalFailed) as refused:
        zensical.build(config, tmp_path / "out")
    message = str(refused.value)
    assert "site_src/notes.md:1: <script>: an element a hand-written page may not use" in message, message
    assert "<img onerror=...>" in message  # not in the Markdown: named on its first line
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [MARKER, "last-good"]


def test_a_page_whose_content_zensical_moved_cannot_be_checked_and_refuses_the_build(
    tmp_path: Path,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    config = _guide(tmp_path, "# Notes\n\nA paragraph.\n")
    _planting(monkeypatch, lambda page: page.replace("guide-page-content", "moved"))
    with pytest.raises(zensical.ZensicalFailed, match=r"site_src/notes.md: its content cannot be found"):
        zensical.build(config, tmp_path / "out")


def test_a_page_zensical_wrote_without_the_policy_refuses_the_build(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config = _guide(tmp_path, "# Notes\n\nA paragraph.\n")
    _planting(monkeypatch, lambda page: page.replace('http-equiv="Content-Security-Policy"', 'name="x"'))
    with pytest.raises(zensical.ZensicalFailed, match=r"notes/index.html: Zensical wrote it without the page's Con"):
        zensical.build(config, tmp_path / "out")


def test_zensical_publishes_the_cleaned_content_without_markers(tmp_path: Path) -> None:
    page = "# Notes\n\n<!-- a comment --><b>bold</b> and [a link](https://example.org/).\n"
    site = zensical.build(_guide(tmp_path, page), tmp_path / "out")
    html = (site / "notes" / "index.html").read_text(encoding="utf-8")
    assert "<b>bold</b>" in html and 'href="https://example.org/"' in html and "a comment" not in html
    assert not [p for p in site.rglob("*.html") if "guide-page-content" in p.read_text(encoding="utf-8")]


def test_a_content_template_that_shows_no_content_once_is_refused(tmp_path: Path) -> None:
    config = _guide(tmp_path, "# Notes\n")
    partials = tmp_path / "overrides" / "partials"
    partials.mkdir(parents=True)
    (partials / "content.html").write_text("{{ page.content }}{{ page.content }}", encoding="utf-8")
    config.write_text(
        trusting(config.read_text(), "theme.custom_dir").replace(
            "  font: false", "  font: false\n  custom_dir: overrides"
        )
    )
    done = _zensical(config, tmp_path / "out")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "partials/content.html shows page.content 2 times, not once" in done.stderr


def test_the_markers_and_where_a_page_is_published() -> None:
    marker = published.Marker.fresh()
    assert marker != published.Marker.fresh() and len(marker.word) == 32
    marked = published.marked_template("<x>{{- page.content }}</x>", marker)
    assert marked == f"<x>{marker.start}{{{{- page.content }}}}{marker.end}</x>"
    assert published.content_span(f"a{marker.start}b{marker.end}c", marker) == (
        1 + len(marker.start),
        2 + len(marker.start),
    )
    assert published.content_span(f"{marker.start}b{marker.end}{marker.end}", marker) is None
    assert published.content_span(f"{marker.end}b{marker.start}", marker) is None
    assert published.published_path("a/b.md", True) == "a/b/index.html"
    assert published.published_path("a/b.md", False) == "a/b.html"
    assert published.published_path("a/index.md", False) == "a/index.html"
    assert published.published_path("index.md", True) == "index.html"
