"""The preview build: with ``diff_base`` the site gains a "What changed in this PR" page, linked from the overview."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import mkdocs_build, write_site
from tests.gitrepo import edit, git, make_repo
from tests.html import page, text


def build(tmp_path: Path, data: Path, diff_base: str | None) -> tuple[Path, object]:
    config = write_site(tmp_path / "project", data) if (tmp_path / "project").mkdir() is None else None
    assert config is not None
    if diff_base is not None:
        yml = config.read_text(encoding="utf-8")
        config.write_text(yml.replace(f"data_dir: {data}", f"data_dir: {data}\n      diff_base: {diff_base}"))
    site = tmp_path / "site"
    return site, mkdocs_build(config, site)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path)
    git(repo, "switch", "-q", "-c", "faster-cargo")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 105")
    return repo


def test_the_changes_page_shows_the_flip_and_the_overview_links_to_it(tmp_path: Path, repo: Path) -> None:
    site, done = build(tmp_path, repo / "data", "main")
    assert done.returncode == 0, done.stderr
    changes = page(site, "changes/")
    assert text(changes.select_one("article h1")).rstrip("¶ ") == "What changed in this PR"
    rows = [[text(td) for td in tr.select("td")] for tr in changes.select("article table tbody tr")]
    assert rows[0][:4] == ["Road bike", "Hill speed", "▲ quicker vs cargo (green)", "■ level vs cargo (amber)"]
    assert rows[0][4].startswith(
        "worst ratio 1.50× lower climb time → 1.05× lower climb time; "
        "Hill climb times: Hill A, cargo bike: 150 s → 105 s"
    )
    # Paths and tables link to their pages in the same site.
    assert changes.select_one("article table tbody tr td a")["href"] == "../options/road/"
    assert changes.find("a", string="Hill climb times")["href"] == "../results/#hill-times"
    overview = page(site, "")
    note = overview.select_one(".dg-preview")
    assert note is not None and note.find("a", string="What changed in this PR")["href"] == "changes/"
    nav = [text(a) for a in overview.select("nav.md-nav--primary a.md-nav__link")]
    assert nav.index("Overview") < nav.index("What changed in this PR") < nav.index("Bottom line")


def test_without_diff_base_the_site_is_unchanged(tmp_path: Path, repo: Path) -> None:
    site, done = build(tmp_path, repo / "data", None)
    assert done.returncode == 0, done.stderr
    assert not (site / "changes").exists()
    overview = page(site, "")
    assert overview.select_one(".dg-preview") is None
    assert "What changed in this PR" not in text(overview)


def test_an_unknown_diff_base_stops_the_build_cleanly(tmp_path: Path, repo: Path) -> None:
    site, done = build(tmp_path, repo / "data", "no-such-branch")
    assert done.returncode != 0
    assert "diff_base: unknown revision 'no-such-branch'" in done.stderr
    assert "Traceback" not in done.stderr
    assert not site.exists()
