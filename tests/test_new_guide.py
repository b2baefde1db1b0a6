"""``python -m generator new DIR --topic ...`` writes a guide that builds strictly at once."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

from generator import cli
from generator.build import PLOTLY_DEST
from tests.conftest import ROOT, mkdocs_build
from tests.html import matrix_rows, page, text
from tests.topic_words import found_in


def test_a_new_guide_builds_strictly_at_once(tmp_path: Path) -> None:
    target = tmp_path / "my guide"
    result = subprocess.run(
        [sys.executable, "-m", "generator", "new", str(target), "--topic", "Python JSON libraries"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (target / "schema" / "guide.schema.json").is_file()
    assert cli.main(["check", "--data", str(target / "data")]) == 0
    built = mkdocs_build(target / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stderr
    home = page(tmp_path / "site", "")
    assert text(home.select_one("h1")).startswith("Python JSON libraries: a decision guide")
    rows = matrix_rows(home)
    assert list(rows) == ["Option A", "Option B"]
    assert rows["Option A"][1].startswith("◇ baseline")  # the baseline column, against option A
    assert rows["Option B"][1].startswith("✔ faster") and "1.50× vs A" in rows["Option B"][1]
    assert (tmp_path / "site" / PLOTLY_DEST).is_file()  # charts drawn
    assert (tmp_path / "site" / "decide" / "index.html").is_file()
    assert (tmp_path / "site" / "about" / "index.html").is_file()


def test_the_new_guide_names_no_topic_of_its_own(tmp_path: Path) -> None:
    assert cli.main(["new", str(tmp_path / "g"), "--topic", "garden hoses"]) == 0
    files = [p for p in (tmp_path / "g").rglob("*") if p.suffix in {".yml", ".md"}]
    assert len(files) >= 10
    assert found_in(files, tmp_path) == []


def test_new_refuses_a_folder_in_use_and_an_empty_topic(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "notes.txt").write_text("mine", encoding="utf-8")
    assert cli.main(["new", str(tmp_path / "used"), "--topic", "kettles"]) == 1
    assert "is not empty; pick a new folder" in capsys.readouterr().err
    assert (tmp_path / "used" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert cli.main(["new", str(tmp_path / "fresh"), "--topic", "  "]) == 1
    assert "--topic is empty" in capsys.readouterr().err
    assert not (tmp_path / "fresh").exists()


def test_a_topic_with_yaml_characters_stays_text(tmp_path: Path) -> None:
    topic = 'Queues: "fast" [or] #not'
    assert cli.main(["new", str(tmp_path / "g"), "--topic", topic]) == 0
    built = mkdocs_build(tmp_path / "g" / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stderr
    assert text(page(tmp_path / "site", "").select_one("h1")).startswith(f"{topic}: a decision guide")


def test_the_commented_judgement_builds_once_no_number_decides_the_cell(tmp_path: Path) -> None:
    """The scaffold declares the `judged` level its commented judgement needs: uncommenting is all it takes."""
    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles"]) == 0
    data = tmp_path / "g" / "data"
    table = data / "tables" / "first-table.yml"
    table.write_text(
        table.read_text(encoding="utf-8").replace("option-b: 150}", "option-b: not measured}"), encoding="utf-8"
    )
    option = data / "options" / "option-b.yml"
    lines = option.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("# judgements:\n")
    lines[start : start + 2] = [line[2:] for line in lines[start : start + 2]]
    option.write_text("".join(lines), encoding="utf-8")
    assert cli.main(["check", "--data", str(data)]) == 0
    built = mkdocs_build(tmp_path / "g" / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stderr
    assert matrix_rows(page(tmp_path / "site", ""))["Option B"][1].startswith("§ judgement: faster by design")


def test_a_new_guide_is_a_repository_whose_changes_diff_reports(tmp_path: Path) -> None:
    """One commit of every file; a changed number is then a verdict flip in `generator diff`."""
    from tests.gitrepo import git

    guide = tmp_path / "g"
    assert cli.main(["new", str(guide), "--topic", "kettles"]) == 0
    assert git(guide, "status", "--porcelain") == ""
    assert git(guide, "log", "--format=%s") == "A new decision guide"
    tracked = git(guide, "ls-files").splitlines()
    for name in (".github/workflows/site.yml", ".github/workflows/pr-preview.yml", "tools/deploy/publish.py"):
        assert name in tracked
    assert "requirements.txt" in tracked and ".gitignore" in tracked
    requirement = (guide / "requirements.txt").read_text(encoding="utf-8").splitlines()[-1]
    assert requirement.startswith("decision-guide-engine==")
    table = guide / "data" / "tables" / "first-table.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("option-b: 150}", "option-b: 80}"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "diff", "--base", "HEAD"],
        cwd=guide,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| Option B | Speed | ✔ faster vs A (green) | ✖ slower vs A (red) |" in done.stdout


def test_new_makes_no_repository_inside_one_or_with_no_git(tmp_path: Path) -> None:
    from tests.gitrepo import git

    assert cli.main(["new", str(tmp_path / "plain"), "--topic", "kettles", "--no-git"]) == 0
    assert not (tmp_path / "plain" / ".git").exists()
    (tmp_path / "mono").mkdir()
    git(tmp_path / "mono", "init", "-q")
    assert cli.main(["new", str(tmp_path / "mono" / "guides" / "g"), "--topic", "kettles"]) == 0
    assert not (tmp_path / "mono" / "guides" / "g" / ".git").exists()
    assert "guides/" in git(tmp_path / "mono", "status", "--porcelain")


def test_the_template_shows_a_multi_word_attribute_id(tmp_path: Path) -> None:
    """Attribute ids are kebab-case; the template shows one of several words, where an option states it and
    where a column and a filter read it, and the guide builds with it."""
    assert cli.main(["new", str(tmp_path / "guide"), "--topic", "Test things", "--no-git"]) == 0
    data = tmp_path / "guide" / "data"
    guide = yaml.safe_load((data / "guide.yml").read_text(encoding="utf-8"))
    attributes = [c["attribute"] for c in guide["columns"] if c["kind"] == "category"]
    assert attributes and all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", a) for a in attributes), attributes
    for option in ("option-a", "option-b"):
        record = yaml.safe_load((data / "options" / f"{option}.yml").read_text(encoding="utf-8"))
        assert set(attributes) <= set(record["attributes"])
    decisions = yaml.safe_load((data / "decisions.yml").read_text(encoding="utf-8"))
    assert {f["attribute"] for f in decisions["filters"] if f["kind"] == "attribute"} <= set(attributes)
    assert cli.main(["check", "--data", str(data)]) == 0


def test_the_templates_commented_sweep_table_works_when_uncommented(tmp_path: Path) -> None:
    """Issue 40: the new guide's table file shows a sweep, commented; uncommented in place of the rows, the guide
    builds and the cell names its load ranges (a crossover)."""
    from generator.derive.cells import line_word
    from generator.pipeline import derive_guide

    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles", "--no-git"]) == 0
    table = tmp_path / "g" / "data" / "tables" / "first-table.yml"
    text_ = table.read_text(encoding="utf-8")
    head, comment = text_.split("\n# A load sweep", 1)
    sweep = comment[comment.index("# sweep:") :]
    uncommented = "\n".join(line[2:] if line.startswith("# ") else line for line in sweep.splitlines())
    table.write_text(head[: head.index("\nrows:\n")] + "\n" + uncommented + "\n", encoding="utf-8")
    claims = tmp_path / "g" / "data" / "claims.yml"
    claims.write_text(claims.read_text(encoding="utf-8").replace("rows: [small]", "rows: [conc-8]"), encoding="utf-8")
    derived = derive_guide(tmp_path / "g" / "data")
    cell = next(c for c in derived.cells["option-b"] if c.column.id == "speed")
    context = derived.data.guide.contexts[0].name
    assert line_word(cell) == (f"on par vs A on {context} conc 64 · faster vs A on {context} conc 8"), line_word(cell)
