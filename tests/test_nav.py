"""The sidebar stays small as a guide grows: option pages are grouped past 30, and pages carry one group."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from bench.synth import option_id, write_guide
from generator.derive.guide import Derived
from generator.pipeline import derive_guide
from generator.render.nav import GROUP_SIZE, groups, guide_nav
from generator.render.pages import Renderer
from tests.conftest import DATA, mkdocs_build, write_site
from tests.html import page, text


def test_groups_are_even_ordered_and_no_larger_than_asked() -> None:
    assert groups(list(range(30)), 30) == [list(range(30))]
    cut = groups(list(range(1000)), 30)
    assert [x for g in cut for x in g] == list(range(1000))
    assert len(cut) == 34 and {len(g) for g in cut} == {29, 30}
    assert [len(g) for g in groups(list(range(31)), 30)] == [16, 15]


def _nav(derived: Derived, hand_written: list[str]) -> list[Any]:
    return guide_nav(derived, Renderer(derived).pages(), hand_written)


def _section(nav: list[Any], name: str) -> list[Any]:
    return next(entry[name] for entry in nav if isinstance(entry, dict) and name in entry)


def test_the_shipped_guide_keeps_a_flat_list_of_paths() -> None:
    derived = derive_guide(DATA)
    nav = _nav(derived, ["authoring.md"])
    paths = _section(nav, "Paths")
    assert [next(iter(e.values())) for e in paths] == [f"options/{p}.md" for p in derived.data.guide.order]
    assert nav[-1] == "authoring.md"


def test_many_paths_are_grouped_in_order_under_their_first_and_last_label(tmp_path: Path) -> None:
    derived = derive_guide(write_guide(tmp_path / "data", 70))
    sections = _section(_nav(derived, []), "Paths")
    assert list(sections[0]) == [f"{option_id(0)} – {option_id(23)}"]
    assert [len(next(iter(s.values()))) for s in sections] == [24, 23, 23]
    listed = [next(iter(e.values())) for s in sections for e in next(iter(s.values()))]
    assert listed == [f"options/{option_id(i)}.md" for i in range(70)]
    assert max(len(next(iter(s.values()))) for s in sections) <= GROUP_SIZE


def test_a_page_of_a_large_guide_lists_only_its_own_group(tmp_path: Path) -> None:
    data = write_guide(tmp_path / "data", 2 * GROUP_SIZE + 2)
    (tmp_path / "project").mkdir()
    docs = tmp_path / "docs-src"
    shutil.copytree(Path(__file__).resolve().parent.parent / "site_src", docs)
    config = write_site(tmp_path / "project", data, docs)
    text_config = config.read_text(encoding="utf-8").replace(
        "  font: false\n", "  font: false\n  features: [navigation.sections, navigation.prune]\n"
    )
    config.write_text(text_config, encoding="utf-8")
    site = tmp_path / "site"
    result = mkdocs_build(config, site)
    assert result.returncode == 0, result.stderr
    html = page(site, f"options/{option_id(1)}/")
    links = {a["href"] for a in html.select("nav.md-nav--primary a[href]")}
    assert f"../{option_id(20)}/" in links  # its own group: every page listed
    # Another group is one link to its first page, named after its range; its other pages are pruned.
    assert f"../{option_id(42)}/" in links
    assert not any(option_id(43) in href or option_id(61) in href for href in links)
    nav = text(html.select_one("nav.md-nav--primary"))
    assert f"{option_id(0)} – {option_id(20)}" in nav and f"{option_id(42)} – {option_id(61)}" in nav


def test_the_plugin_names_the_changes_page_as_the_preview_does() -> None:
    from generator.adapters.mkdocs_plugin import CHANGES_PAGE
    from generator.diff.preview import CHANGES_URI

    assert CHANGES_PAGE == CHANGES_URI
