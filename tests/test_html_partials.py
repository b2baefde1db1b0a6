"""The parts of a page written in Python (``generator/render/*_html.py``) escape what they print as the templates did.

Matrix cells, verdict badges, measured rows, evidence blocks and the support grid are written by
Python functions rather than Jinja macros, outside the templates' ``finalize``. A label from data with
markup, an ampersand and Markdown syntax must reach each of them as text.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from generator import escaping
from generator.pipeline import build_guide
from tests.conftest import FIXTURES

ROW = "R&D <script>x</script> [a](b)"
ROW_SHOWN = "R&amp;D &lt;script&gt;x&lt;/script&gt; &#91;a&#93;(b)"
SERIES = "cargo & <b>bike</b>"
SERIES_SHOWN = "cargo &amp; &lt;b&gt;bike&lt;/b&gt;"
CONTEXT = "Hill & Town <b>"
CONTEXT_SHOWN = "Hill &amp; Town &lt;b&gt;"
COLUMN = "Hill <i>speed</i> & *more*"
COLUMN_SHOWN = "Hill &lt;i&gt;speed&lt;/i&gt; &amp; &#42;more&#42;"


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    data = tmp_path_factory.mktemp("partials") / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    _replace(data / "tables/hill-repeats.yml", "label: Hill B, dry", f"label: '{ROW}'")
    _replace(data / "tables/hill-repeats.yml", "label: cargo bike", f"label: '{SERIES}'")
    _replace(data / "guide.yml", "name: Hill Town", f"name: '{CONTEXT}'")
    _replace(data / "guide.yml", "label: Hill speed", f"label: '{COLUMN}'")
    return build_guide(data)


def test_a_measured_row_label_is_text_in_its_row_and_its_evidence(pages: dict[str, str]) -> None:
    for uri in ("results.md", "options/cargo.md"):
        page = pages[uri]
        assert f'<tr id="hill-repeats-row-dry"><th scope="row">{ROW_SHOWN}<a class="dg-ev-link"' in page, uri
        assert f"<summary>Evidence: {ROW_SHOWN}</summary>" in page, uri
        assert f'<p class="dg-ev-head">{SERIES_SHOWN}</p>' in page, uri


def test_labels_are_text_in_matrix_cells_and_the_support_grid(pages: dict[str, str]) -> None:
    assert f'data-label="{COLUMN_SHOWN}">' in pages["index.md"]
    assert f'data-label="{COLUMN_SHOWN}">' in pages["options/road.md"]  # the option page's strip
    assert f'data-label="{CONTEXT_SHOWN}">' in pages["support.md"]
    assert f"</a> on {CONTEXT_SHOWN}</strong>" in pages["support.md"]  # a numbered note


def test_a_context_s_name_with_markup_labels_a_number_measured_there(pages: dict[str, str]) -> None:
    # Flat Town's answer quotes a number measured on the other context: labelled with its name, escaped once.
    assert f"(measured on {CONTEXT_SHOWN})" in pages["decide.md"]
    assert "&amp;amp;" not in pages["decide.md"]


def test_no_page_carries_the_markup_of_a_label(pages: dict[str, str]) -> None:
    for uri, page in pages.items():
        for raw in ("<script>x", "<b>bike", "<i>speed", "Town <b>"):
            assert raw not in page, (uri, raw)


@given(st.one_of(st.text(), st.text(alphabet="&<>\"'[]{}*_`ab "), st.integers(), st.floats(allow_nan=False)))
def test_text_prints_what_inert_prints(value: object) -> None:
    assert escaping.text(value) == str(escaping.inert(value))


def test_text_lets_markup_made_by_us_through() -> None:
    assert escaping.text(Markup("<b>x</b>")) == "<b>x</b>"
