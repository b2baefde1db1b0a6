"""Every prose field renders through one function: the same Markdown on every page it appears on."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import FIXTURES
from tests.data_edits import edit
from tests.html import page


def test_inline_markdown_renders_the_same_in_matrix_option_page_and_decision_helper(
    tmp_path: Path,
    build_site,  # type: ignore[no-untyped-def]
) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    edit(data / "options" / "road.yml", "short: Light and quick.", "short: Light and `quick`.")
    edit(
        data / "options" / "road.yml",
        "pick_when: You ride alone and light.",
        "pick_when: You ride **alone** and light.",
    )
    site = build_site(data)
    home, road, decide = page(site, ""), page(site, "options/road/"), page(site, "decide/")
    # The matrix: short under the name, pick_when in the text column.
    assert [str(c) for c in home.select("table.dg-matrix .dg-short code")] == ["<code>quick</code>"]
    assert "<strong>alone</strong>" in str(home.select_one("table.dg-matrix"))
    # The option page: the same two fields, the same HTML.
    assert road.select_one(".dg-tagline code") is not None and "`" not in road.select_one(".dg-tagline").get_text()
    assert road.select_one(".dg-pick-line strong strong") is not None
    # The decision helper: pick_when of a recommended option.
    picks = [str(p) for p in decide.select(".dg-pick-when")]
    assert picks and all("**" not in p for p in picks)
    assert any("<strong>alone</strong>" in p for p in picks)
