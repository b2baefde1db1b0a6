"""Inputs that ended in a crash or a traceback are located errors: a quote stating a number of more digits than a
value holds (``check`` said "check crashed", the migration ended in a traceback), and a page line holding an XML
marked section (``<![x]>``, even in a code span: MkDocs hands the page's text to ``html.parser``, which raises on
Python 3.11)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from generator.migrate.format2 import typed_values_against_their_quotes
from generator.read.yaml_edit import load
from tests.conftest import FIXTURES, hand_written_project, mkdocs_build

LONG = "12345678901234567890123456789"  # 29 digits: a float holds 17


def _long_quote(root: Path) -> Path:
    data = root / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    table = data / "tables" / "hill-times.yml"
    text = table.read_text(encoding="utf-8")
    row = "    values: {road: 100, cargo: 150}\n"
    assert row in text
    table.write_text(text.replace(row, row + f'    source: {{quote: "Road 100 s, cargo {LONG} s"}}\n', 1))
    return data


def test_a_quote_stating_a_number_longer_than_a_value_is_refused_at_its_line(tmp_path: Path) -> None:
    data = _long_quote(tmp_path)
    command = [sys.executable, "-m", "generator", "check", "--data", str(data)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1 and "crashed" not in done.stderr + done.stdout, done.stderr
    line = next(
        n for n, text in enumerate((data / "tables" / "hill-times.yml").read_text().splitlines(), 1) if LONG in text
    )
    said = f"tables/hill-times.yml:{line - 1}: rows[0].values.cargo: its quote states {LONG}, a number of more than 17"
    assert said in done.stderr, done.stderr
    # The migration asks the same question of each typed value, and says the same, without a traceback.
    files = {"tables/hill-times.yml": load((data / "tables" / "hill-times.yml").read_text(encoding="utf-8"))}
    questions = typed_values_against_their_quotes(files)[1]
    assert [q[2] for q in questions] == ["rows[0].values.road", "rows[0].values.cargo"], questions
    assert all(q[1] == line - 1 and LONG in str(q[3]) for q in questions), questions


def test_an_xml_marked_section_in_a_page_is_a_located_error(tmp_path: Path) -> None:
    page = "# Notes\n\nText.\n\nA line with `<![x]>` in a code span.\n"
    config = hand_written_project(tmp_path, {"notes.md": page})
    done = mkdocs_build(config, tmp_path / "site")
    reader = HTMLParser()
    try:
        reader.feed(page)
        raises = False
    except AssertionError:
        raises = True  # Python 3.11's html.parser; later versions read the section as a bogus comment
    if raises:
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
        assert "site_src/notes.md:5: MkDocs cannot read this line as HTML" in done.stderr, done.stderr[-3000:]
        assert not (tmp_path / "site" / "index.html").exists()
    else:
        assert done.returncode == 0, done.stderr[-3000:]


def test_a_table_of_facts_is_held_to_the_row_cap(tmp_path: Path) -> None:
    """Facts multiply into pages as rows do: a facts table over the cap is refused at its line, as a measured one."""
    from generator.check.rules.tables_within_size import MAX_ROWS

    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "bad" / "_base", data, ignore=shutil.ignore_patterns("README.md"))
    table = data / "tables" / "bike-facts.yml"
    head, _, fact = table.read_text(encoding="utf-8").partition("facts:\n")
    many = "".join(fact.replace("cargo-weight", f"fact-{i}") for i in range(MAX_ROWS + 1))
    table.write_text(f"{head}facts:\n{many}", encoding="utf-8")
    command = [sys.executable, "-m", "generator", "check", "--data", str(data)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    line = next(n for n, text in enumerate(table.read_text().splitlines(), 1) if text == "facts:")
    said = f"tables/bike-facts.yml:{line}: facts: {MAX_ROWS + 1} facts, more than the {MAX_ROWS:,} a table may have"
    assert done.returncode == 1 and said in done.stderr, done.stderr[-2000:]
