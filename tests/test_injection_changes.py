"""The preview's "What changed in this PR" page and the PR comment, with the payloads of tests/injection.py.

A pull request poisons every text field of the shipped guide and changes a number in every table,
so the diff report quotes poisoned labels in table cells, headings and lists. The changes page is
checked like every other page (no script, no handler, no dangerous tag, no script address), and
the Markdown for the comment must link no ``@mention``, ``:emoji:`` or bare address and strike
nothing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from bs4 import BeautifulSoup

from quality.build import build_site
from tests.conftest import DATA, copy_project
from tests.data_edits import trade_every_column
from tests.gitrepo import git
from tests.injection import PAYLOADS, poison

SITE_URL = "https://previews.example.org/guide/pr-preview/pr-7/"


def _change_numbers(data: Path) -> int:
    """Every measured table's first number, times 1.5: the report then quotes each table's poisoned rows."""
    changed = 0
    for path in sorted((data / "tables").glob("*.yml")):
        table: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
        for row in table.get("rows", []):
            numbers = [k for k, v in row.get("values", {}).items() if isinstance(v, (int, float))]
            if numbers:
                row["values"][numbers[0]] = row["values"][numbers[0]] * 1.5
                changed += 1
        path.write_text(yaml.safe_dump(table, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return changed


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> tuple[BeautifulSoup, str]:
    project = copy_project(tmp_path_factory.mktemp("changes") / "project")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "base")
    base = git(project, "rev-parse", "HEAD")
    shutil.rmtree(project / "data")
    poison(DATA, project / "data")
    assert _change_numbers(project / "data") >= 5
    trade_every_column(project / "data")
    site = build_site(project / "site", config=project / "mkdocs.yml", env={"GUIDE_DIFF_BASE": base})
    page = BeautifulSoup((site / "changes" / "index.html").read_text(encoding="utf-8"), "html.parser")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "diff", "--data", str(project / "data"), "--base", base,
         "--site-url", SITE_URL],
        capture_output=True, text=True, cwd=project, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return page, done.stdout


def test_the_changes_page_quotes_the_poisoned_labels(preview: tuple[BeautifulSoup, str]) -> None:
    page, _ = preview
    article = page.find("article")
    assert article is not None
    assert len(article.find_all("table")) >= 3, "the report must quote poisoned rows in its tables"
    text = article.get_text(" ")
    for n in (1, 6, 9, 17, 18):
        assert f"xss-{n}" in text, f"payload xss-{n} is not on the changes page"
    assert "{ autofocus onfocus=alert(17) }" in text


def test_no_payload_is_live_on_the_changes_page(preview: tuple[BeautifulSoup, str]) -> None:
    page, _ = preview
    article = page.find("article")
    assert article is not None
    for el in article.find_all(True):
        assert not [a for a in el.attrs if a.lower().startswith("on") or a.lower() in ("autofocus", "tabindex")], el
        for attr in ("href", "src", "action", "formaction"):
            if attr in el.attrs:
                assert not re.match(r"(?i)\s*(javascript|data|vbscript):", str(el[attr])), el
    for tag in ["script", "style", "iframe", "object", "embed", "img", "svg", "form", "input", "meta", "link", "base"]:
        assert article.find_all(tag) == [], tag


def test_the_comment_mentions_nobody_links_nothing_and_strikes_nothing(preview: tuple[BeautifulSoup, str]) -> None:
    _, comment = preview
    assert "xss-18" in comment and "octocat" in comment
    # Our own links into the preview are the only addresses, always as [text](url).
    bare = re.sub(r"\]\(" + re.escape(SITE_URL) + r"[^)]*\)", "](…)", comment)
    assert re.search(r"@\w", bare) is None, "an @mention"
    assert re.search(r"(?i)(https?|javascript|data):/*\w|www\.\w", bare) is None, "a bare address"
    assert re.search(r":[\w+-]+:", bare) is None, "an :emoji:"
    assert "~~" not in bare and "{ autofocus" not in bare and "<script" not in bare
    assert PAYLOADS[17][:7] == "xss-18 "
