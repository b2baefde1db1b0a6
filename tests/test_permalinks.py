"""Every matrix cell, table value and fact has an anchor built from ids: links survive added and reordered rows."""

from __future__ import annotations

from pathlib import Path

import yaml
from bs4 import BeautifulSoup

from tests.conftest import mkdocs_build, write_site
from tests.data_edits import edit
from tests.html import page, text

PAGES = ["", "results/", "options/uccl/", "options/deepep-v2/"]


def _build(tmp: Path, data: Path) -> Path:
    tmp.mkdir()
    config = write_site(tmp, data)
    out = tmp / "site"
    result = mkdocs_build(config, out)
    assert result.returncode == 0, result.stderr
    return out


def _anchored(soup: BeautifulSoup) -> dict[str, tuple[int, str]]:
    """Anchor -> (position among the anchored cells of the page, what the cell says)."""
    out = {}
    for i, td in enumerate(soup.select("td[id]")):
        # A matrix cell says its verdict level (its detail and the regimes it lists may grow with a new row).
        out[td["id"]] = (i, td["data-level"] if td.has_attr("data-level") else text(td))
    return out


def test_anchors_are_made_of_ids(shipped_site: Path) -> None:
    soup = page(shipped_site, "")
    table = soup.select_one("table.dg-matrix")
    columns = table["data-columns"].split()
    rows = table.select("tbody tr")
    assert rows and columns
    for tr in rows:
        option = tr["data-option"]
        assert tr["id"] == f"opt_{option}"
        assert [td["id"] for td in tr.select("td")] == [f"cell_{option}_{c}" for c in columns]
    results = page(shipped_site, "results/")
    ids = [td["id"] for td in results.select("table.dg-data td.dg-num-cell, table.dg-data td.dg-nm")]
    assert "v_dense-vs-deepep_vllm-conc32-decode_dense" in ids
    assert "r_deepep-vs-uccl_conc256_deepep-v2_uccl" in ids
    assert "v_proxy-limits_proxy-tax" in ids
    assert len(ids) == len(set(ids)), "an anchor is used twice on one page"


def test_links_survive_added_and_reordered_rows(tmp_path: Path, data_copy: Path) -> None:
    before = _build(tmp_path / "before", data_copy)
    # Reorder the paths, reorder a table's rows and add a row in front of them.
    guide = data_copy / "guide.yml"
    doc = yaml.safe_load(guide.read_text(encoding="utf-8"))
    order = doc["order"]
    edit(
        guide,
        "order:\n" + "".join(f"  - {o}\n" for o in order),
        "order:\n" + "".join(f"  - {o}\n" for o in reversed(order)),
    )
    table = data_copy / "tables" / "dense-vs-deepep.yml"
    rows_at = table.read_text(encoding="utf-8").index("rows:\n") + len("rows:\n")
    original = table.read_text(encoding="utf-8")
    added = "  - id: added-first\n    label: added row\n    context: vllm\n    values: {deepep: 100, dense: 99}\n"
    table.write_text(original[:rows_at] + added + original[rows_at:], encoding="utf-8")
    after = _build(tmp_path / "after", data_copy)

    moved = 0
    for url in PAGES:
        old, new = _anchored(page(before, url)), _anchored(page(after, url))
        assert old, url
        for anchor, (position, said) in old.items():
            assert anchor in new, f"{url}#{anchor} no longer exists"
            # The same thing is said there: a value, a ratio, or a matrix verdict (the added row changes none).
            new_position, new_said = new[anchor]
            assert new_said == said, f"{url}#{anchor}: {said!r} became {new_said!r}"
            moved += new_position != position
    assert "v_dense-vs-deepep_added-first_dense" in _anchored(page(after, "results/"))
    assert moved > 20, "the edit should have moved many cells; the test would prove nothing otherwise"
