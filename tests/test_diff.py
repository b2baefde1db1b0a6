"""The diff between two revisions of a guide's data, run as a reviewer would: the CLI in a git repository.

Each test builds a small git repository in a temp dir from the tiny fixture
guide, changes its data (a verdict flip, a number, an added path, broken data)
and reads the Markdown and JSON the command prints.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from generator.cli import main
from generator.diff.report import esc
from generator.diff.site import MAX_LISTED
from tests.gitrepo import TINY, commit, edit, git, make_repo


def diff(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m generator diff`` run in-process (fast); an uncaught exception fails the test."""
    argv = ["diff", "--data", str(repo / "data"), *args]
    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("GIT_CEILING_DIRECTORIES")
    os.environ["GIT_CEILING_DIRECTORIES"] = str(repo.parent)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        if saved is None:
            del os.environ["GIT_CEILING_DIRECTORIES"]
        else:
            os.environ["GIT_CEILING_DIRECTORIES"] = saved
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def ok(repo: Path, *args: str) -> str:
    done = diff(repo, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def report(repo: Path, *args: str) -> dict:
    return json.loads(ok(repo, "--format", "json", *args))


def failure(repo: Path, *args: str) -> str:
    done = diff(repo, *args)
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""
    return done.stderr


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path)


# --- what changed ---------------------------------------------------------------


def test_a_verdict_flip_is_reported_first_with_the_numbers_behind_it(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "faster-cargo")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 105")
    data = report(repo)
    flips = {(f["option"], f["column"]): f for f in data["flips"]}
    assert set(flips) == {("road", "climb"), ("cargo", "climb")}
    road = flips[("road", "climb")]
    assert (road["before"]["level"], road["before"]["word"]) == ("good", "quicker vs cargo")  # names its opponent
    assert (road["after"]["level"], road["after"]["word"]) == ("mid", "level vs cargo")
    assert road["value_before"] == pytest.approx(1.5) and road["value_after"] == pytest.approx(1.05)
    assert "Hill climb times: Hill A, cargo bike: 150 s → 105 s" in road["because"]
    cargo = flips[("cargo", "climb")]
    assert (cargo["before"]["colour"], cargo["after"]["colour"]) == ("red", "amber")
    assert data["values"] == [
        {
            "table": "hill-times",
            "table_title": "Hill climb times",
            "row": "hill-a",
            "row_label": "Hill A",
            "series": "cargo",
            "series_label": "cargo bike",
            "unit": "s",
            "before": 150.0,
            "after": 105.0,
            "runs_before": "",
            "runs_after": "",
            "text_before": "150",
            "text_after": "105",
        }
    ]
    assert data["summary"]["important"] is True and data["summary"]["flips"] == 2

    md = ok(repo)
    flip_at, numbers_at = md.index("### Verdict flips"), md.index("### Changed numbers")
    assert flip_at < numbers_at
    assert (
        "| Road bike | Hill speed | ▲ quicker vs cargo (green) | ■ level vs cargo (amber) | "
        "worst ratio 1.50× lower climb time → 1.05× lower climb time;" in md
    )
    assert "| Cargo bike | Hill speed | ▼ slower vs road (red) | ■ level vs road (amber) |" in md
    assert "| Hill A | cargo bike | 150 s | 105 s |" in md
    assert (
        "| Hill A | cargo / road | 1.50× higher climb time ▼ slower (red) | 1.05× higher climb time ■ level (amber) |"
        in md
    )
    assert "| `light-vs-cargo` | Hill climb times | 1.50× higher climb time | 1.05× higher climb time |" in md


def test_a_number_change_without_a_flip(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "slower-cargo")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 160")
    data = report(repo)
    assert data["flips"] == []
    assert [(v["before"], v["after"]) for v in data["values"]] == [(150.0, 160.0)]
    assert [(r["comparison"], r["before"], r["after"]) for r in data["ratios"]] == [
        ("cargo / road", "1.50× higher climb time", "1.60× higher climb time")
    ]
    assert [(c["id"], c["before"], c["after"]) for c in data["claims"]] == [
        ("light-vs-cargo", "1.50× higher climb time", "1.60× higher climb time")
    ]
    md = ok(repo)
    assert "Verdict flips" not in md
    assert md.splitlines()[2] == "3 changed numbers."


def test_an_added_path_shows_its_verdicts_and_links_to_the_preview(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "gravel")
    gravel = (repo / "data/options/road.yml").read_text(encoding="utf-8")
    gravel = gravel.replace("id: road", "id: gravel").replace("name: Road bike", "name: Gravel bike")
    gravel = gravel.replace("label: road", "label: gravel").replace("value: dear", "value: cheap")
    (repo / "data/options/gravel.yml").write_text(gravel, encoding="utf-8")
    edit(repo, "guide.yml", "order: [road, cargo, folding]", "order: [road, cargo, folding, gravel]")
    data = report(repo)
    assert [(c["kind"], c["id"], c["name"]) for c in data["added"]] == [("bicycle", "gravel", "Gravel bike")]
    assert data["added"][0]["details"] == [
        "Manages the commute: ▲ everywhere (green)",
        "Hill speed: · untested (grey)",
        "Price band: ▲ cheap (green)",
    ]
    assert data["removed"] == [] and data["flips"] == []
    assert [(e["id"], e["details"]) for e in data["edits"]] == [("guide.yml", ["order"])]
    md = ok(repo, "--site-url", "https://example.invalid/guide/pr-preview/pr-7/")
    assert (
        "- Added bicycle **[Gravel bike](https://example.invalid/guide/pr-preview/pr-7/options/gravel/)** (`gravel`): "
        "Manages the commute: ▲ everywhere (green); Hill speed: · untested (grey); Price band: ▲ cheap (green)"
    ) in md
    assert "- `guide.yml` (Picking a bicycle for a city commute): `order`" in md


def test_removed_table_claim_and_changed_bottom_line(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "no-claim")
    (repo / "data/claims.yml").write_text("claims: []\n", encoding="utf-8")
    edit(repo, "guide.yml", "has [[light-vs-cargo]] on", "is slower on")
    edit(repo, "recommendation.yml", "pick: [road]", "pick: [cargo]")
    edit(repo, "recommendation.yml", "The cargo bike has [[light-vs-cargo]] uphill.", "It carries more.")
    edit(repo, "decisions.yml", "The cargo bike has [[light-vs-cargo]] uphill", "The cargo bike is slower uphill")
    data = report(repo)
    assert [(c["kind"], c["id"]) for c in data["removed"]] == [("claim", "light-vs-cargo")]
    assert data["recommendation"] == [
        {
            "kind": "case",
            "id": "default",
            "name": "Commuting alone",
            "details": ["pick Road bike → Cargo bike", "why changed"],
        }
    ]
    md = ok(repo)
    assert "- Commuting alone (`default`): pick Road bike → Cargo bike; why changed" in md
    assert "- Removed claim **light-vs-cargo** (`light-vs-cargo`)" in md


def test_decision_rules_are_compared_when_the_file_exists(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "rules")
    edit(repo, "decisions.yml", "    recommend: cargo\n", "    recommend: folding\n")
    edit(
        repo,
        "decisions.yml",
        "  - id: default\n",
        "  - id: hills\n    when: {city: [hill-town]}\n    recommend: road\n    why: Hills.\n  - id: default\n",
    )
    data = report(repo, "--base", "main")
    rules = {(c["kind"], c["id"]): c["details"] for c in data["rules"]}
    assert set(rules) == {("changed", "rules/family"), ("added", "rules/hills")}
    assert rules[("changed", "rules/family")] == ['recommend: "cargo" → "folding"']
    assert rules[("added", "rules/hills")][0].startswith('{"id": "hills", "recommend": "road"')
    assert "### Decision rules" in ok(repo, "--base", "main")


def test_the_rules_and_bottom_line_sentences_whose_quoted_claim_flips_are_listed(repo: Path) -> None:
    """A claim that now reads the other way leaves its hand-written sentences saying the old thing."""
    edit(
        repo,
        "claims.yml",
        "rows: [hill-a]",
        'rows: [hill-a]\n    phrase: {more: "{ratio} quicker than", less: "{ratio} slower than", tie: "as quick as"}',
    )
    edit(
        repo,
        "decisions.yml",
        "The cargo bike has [[light-vs-cargo]] uphill than the road bike",
        "The road bike is [[light-vs-cargo]] the cargo bike uphill",
    )
    edit(
        repo,
        "recommendation.yml",
        "The cargo bike has [[light-vs-cargo]] uphill.",
        "It is [[light-vs-cargo]] a cargo bike uphill.",
    )
    commit(repo, "the claim reads as a comparison")
    git(repo, "switch", "-q", "-c", "lighter-cargo")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 80")
    data = report(repo, "--base", "main")
    assert [
        (q["record"], q["field"], q["claim"], q["reads_before"], q["reads_after"]) for q in data["quote_flips"]
    ] == [
        ("decision rule", "default", "light-vs-cargo", ["more"], ["less"]),
        ("bottom line", "cases[0].why", "light-vs-cargo", ["more"], ["less"]),
    ]
    assert data["quote_flips"][1]["before"] == "It is 1.50× quicker than a cargo bike uphill."
    assert data["quote_flips"][1]["after"] == "It is 1.25× slower than a cargo bike uphill."
    md = ok(repo, "--base", "main")
    assert "**2 sentences to reread**" in md.splitlines()[2]
    assert (
        "- bottom line `cases[0].why`, quoting `light-vs-cargo` (more → less): “It is 1.25× slower than a cargo bike"
        " uphill.” (was “It is 1.50× quicker than a cargo bike uphill.”)"
    ) in md
    git(repo, "checkout", "-q", "--", ".")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 140")
    assert report(repo, "--base", "main")["quote_flips"] == []  # 1.40× quicker: the words still hold


def test_text_only_edits_keep_the_report_short(repo: Path) -> None:
    git(repo, "switch", "-q", "-c", "wording")
    edit(repo, "options/road.yml", "what: A light bicycle with thin tyres.", "what: A light bicycle, thin tyres.")
    md = ok(repo)
    assert "text edits only" in md
    assert "###" in md and "Verdict flips" not in md and "Changed numbers" not in md
    assert "- `options/road.yml` (Road bike): `what`" in md
    assert len(md.splitlines()) < 12
    assert report(repo)["summary"]["important"] is False


def test_no_change_is_one_line(repo: Path) -> None:
    md = ok(repo)
    assert "No change to the guide's data" in md and "###" not in md
    assert report(repo)["summary"] == {
        "important": False,
        "text": "no change",
        **dict.fromkeys(
            [
                "flips",
                "columns",
                "values",
                "ratios",
                "claims",
                "quote_flips",
                "recommendation",
                "added",
                "removed",
                "rules",
                "reading",
                "edits",
                "site",
                "unbacked",
            ],
            0,
        ),
    }


def test_the_heading_says_what_was_compared(repo: Path) -> None:
    """Outside a pull request the report is headed by its two sides; a PR's report says so and names them."""
    base = git(repo, "rev-parse", "--short", "main").strip()
    md = ok(repo, "--base", "main")
    assert md.splitlines()[0] == f"## What changed from main ({base}) to the working tree"
    assert "in this PR" not in md
    pr = ok(repo, "--base", "main", "--title", "What changed in this PR").splitlines()
    assert pr[0] == "## What changed in this PR"
    assert pr[2] == f"Compared **the working tree** with **main ({base})**."


# --- which revisions ------------------------------------------------------------


def test_default_base_is_the_merge_base_with_main(repo: Path) -> None:
    """Work that landed on main after the branch started is not the branch's change."""
    git(repo, "switch", "-q", "-c", "feature")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 160")
    commit(repo, "feature: slower cargo")
    git(repo, "switch", "-q", "main")
    edit(repo, "options/road.yml", "pick_when: You ride alone and light.", "pick_when: You ride alone.")
    commit(repo, "main: wording")
    git(repo, "switch", "-q", "feature")
    data = report(repo)
    assert [(v["before"], v["after"]) for v in data["values"]] == [(150.0, 160.0)]
    assert data["edits"] == []
    assert data["base"].startswith("merge base with main (")
    assert data["head"] == "the working tree" and data["head_commit"] is None
    # The same comparison between two commits, and a base that is main's tip itself.
    assert report(repo, "--head", "feature")["values"] == data["values"]
    assert [e["id"] for e in report(repo, "--base", "main", "--head", "feature")["edits"]] == ["options/road.yml"]


def test_origin_main_is_the_base_when_there_is_no_local_main(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, branch="work")
    git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")
    edit(repo, "tables/hill-times.yml", "road: 100", "road: 90")
    data = report(repo)
    assert data["base"].startswith("merge base with origin/main (")
    assert len(data["values"]) == 1


# --- clean errors ---------------------------------------------------------------


def test_unknown_revision(repo: Path) -> None:
    err = failure(repo, "--base", "no-such-branch")
    assert err.startswith("diff: unknown revision 'no-such-branch'")
    assert failure(repo, "--head=--output=x").startswith("diff: unknown revision '--output=x'")


def test_the_command_fails_cleanly_in_a_real_process(repo: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "generator", "diff", "--data", str(repo / "data"), "--base", "nope"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("diff: unknown revision 'nope'") and "Traceback" not in done.stderr


def test_a_revision_whose_data_does_not_validate(repo: Path) -> None:
    edit(repo, "tables/hill-times.yml", "values: {road: 100, cargo: 150}", "values: {road: fast, cargo: 150}")
    edit(repo, "options/cargo.yml", "platforms: [tarmac]", "platforms: tarmac")
    broken = commit(repo, "broken data")
    git(repo, "switch", "-q", "-c", "fix")
    shutil.rmtree(repo / "data")
    shutil.copytree(TINY, repo / "data")
    lines = failure(repo, "--base", "HEAD").splitlines()
    assert lines[:2] == [
        f"diff: the data at HEAD ({broken[:7]}) does not validate (2 problems):",
        f"  {broken[:7]}:data/options/cargo.yml:5: platforms: expected a list, got the text 'tarmac'",
    ]
    assert lines[2].startswith(
        f"  {broken[:7]}:data/tables/hill-times.yml:21: rows[0].values.road: expected a positive number"
    )
    assert len(lines) == 3


def test_both_broken_sides_are_reported_at_once(repo: Path) -> None:
    edit(repo, "campaigns/spring.yml", "{label: Riders, value: one rider}", "{label: Riders}")
    commit(repo, "a fact without its value")
    edit(repo, "campaigns/spring.yml", "{label: Riders}", "{label: Riders, value: [one]}")
    err = failure(repo, "--base", "HEAD")
    assert "the data at HEAD (" in err and "the data at the working tree does not validate (1 problem):" in err
    assert "  data/campaigns/spring.yml:5: environment[1].value:" in err


def test_a_repository_without_main(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, branch="trunk")
    err = failure(repo)
    assert "has no branch named main (nor origin/main); name the base with --base REV" in err
    assert "No change" in ok(repo, "--base", "trunk")


def test_a_revision_without_the_data_folder(repo: Path) -> None:
    git(repo, "switch", "-q", "--orphan", "empty")
    (repo / "README").write_text("x\n", encoding="utf-8")
    git(repo, "add", "README")
    git(repo, "commit", "-q", "-m", "empty")
    assert "has no data/ folder to compare" in failure(repo, "--base", "empty", "--head", "main")


def test_outside_a_git_repository(tmp_path: Path) -> None:
    shutil.copytree(TINY, tmp_path / "data")
    err = failure(tmp_path, "--base", "main")
    assert "is not inside a git repository" in err


def test_the_cli_and_the_diff_agree_on_the_worktree_name() -> None:
    from generator import cli
    from generator.diff import revisions

    assert cli.WORKTREE == revisions.WORKTREE


# --- a committed .gitattributes ---------------------------------------------------------------------

#: What a pull request can commit in ``.gitattributes`` to change what ``git archive`` / ``git show`` give.
ATTRIBUTES = {
    "export-ignore": "data/** export-ignore\n",
    "export-subst and ident": "data/** export-subst ident\n",
    "eol": "*.yml text eol=crlf\n",
    "working-tree-encoding": "*.yml working-tree-encoding=UTF-16LE\n",
    "filter and textconv": "*.yml filter=hide diff=hide -text\n",
}


@pytest.mark.parametrize("kind", sorted(ATTRIBUTES))
def test_a_committed_gitattributes_does_not_change_what_the_diff_reads(repo: Path, kind: str) -> None:
    """The head commit adds ``.gitattributes`` and a real change; the diff between the two commits (and the
    history, which reads every commit the same way) sees the change, as git stores it."""
    base = git(repo, "rev-parse", "HEAD")
    git(repo, "switch", "-q", "-c", "attributes")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 160")
    edit(repo, "guide.yml", "option_noun: bicycle", "option_noun: bicycle  # $Format:%H$ $Id$")
    git(repo, "add", "data")  # staged as they are; the attributes then apply to every later read
    (repo / ".gitattributes").write_text(ATTRIBUTES[kind], encoding="utf-8")
    git(repo, "add", ".gitattributes")
    git(repo, "commit", "-q", "-m", "a real change, and attributes")
    head = git(repo, "rev-parse", "HEAD")
    data = report(repo, "--base", base, "--head", head)
    assert [(v["before"], v["after"]) for v in data["values"]] == [(150.0, 160.0)]
    md = ok(repo, "--base", base, "--head", head)
    assert "No change to the guide's data" not in md
    from generator.diff.history import history

    timeline = history(repo / "data")
    assert timeline is not None
    newest = timeline.steps[0]
    assert (newest.commit, newest.unread) == (head, False)
    assert [(v.before, v.after) for v in newest.values] == [("150 s", "160 s")]


# --- the site's other inputs ------------------------------------------------------------------------

SITE_CONFIG = """site_name: Guide
site_url: !ENV [SITE_URL, "http://127.0.0.1:8000/"]
docs_dir: site_src
theme:
  name: material
plugins:
  - search
  - decision-guide:
      data_dir: data
"""
#: A file name and a setting a pull request writes, with Markdown, HTML, a mention and a terminal escape.
HOSTILE_NAME = "<img src=x onerror=alert(1)>_*[x](javascript:1)*_@team\x1b[2J"


def _site_repo(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path)
    (repo / "mkdocs.yml").write_text(SITE_CONFIG, encoding="utf-8")
    (repo / "site_src").mkdir()
    (repo / "site_src" / "index.md").write_text("# Guide\n", encoding="utf-8")
    (repo / "site_src" / "same.md").write_text("# Unchanged\n", encoding="utf-8")
    (repo / "site_src" / "tool.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (repo / "site_src" / "tool.sh").chmod(0o755)
    (repo / "site_src" / "link.md").symlink_to("same.md")
    commit(repo, "the site")
    git(repo, "switch", "-q", "-c", "site")
    return repo


def test_a_change_to_the_site_alone_is_listed_and_each_lowered_protection_named(tmp_path: Path) -> None:
    """The data is untouched; the configuration switches protections off and adds files: the comment says so."""
    repo = _site_repo(tmp_path)
    config = (
        SITE_CONFIG.replace("  name: material\n", "  name: readthedocs\n  custom_dir: overrides\n")
        .replace("  - search\n", "")
        .replace(
            "      data_dir: data\n",
            "      data_dir: data\n      allow_raw_html: true\n      publish_files: [site_src/page.html]\n",
        )
        .replace("site_name: Guide\n", f"site_name: {json.dumps(HOSTILE_NAME)}\n")
        + "extra_javascript: [extra.js]\nhooks: [hooks.py]\n"
    )
    (repo / "mkdocs.yml").write_text(config, encoding="utf-8")
    (repo / "overrides").mkdir()
    (repo / "overrides" / "main.html").write_text("{% extends 'base.html' %}\n", encoding="utf-8")
    (repo / "hooks.py").write_text("print('build')\n", encoding="utf-8")
    (repo / "site_src" / f"{HOSTILE_NAME}.md").write_text("text\n", encoding="utf-8")
    for head in ("worktree", commit(repo, "switch the protections off")):
        md = ok(repo, "--head", head)
        assert "No change to the data compared here, but the site's configuration changed" in md, md
        assert "No change to the guide's data" not in md and "lowers a protection" in md, md
        section = md.split("### Lowers a protection")[1].split("###")[0]
        for name in (
            "theme.name",
            "theme.custom_dir",
            "extra_javascript",
            "hooks",
            "plugins.search",
            "plugins.decision-guide.allow_raw_html",
            "plugins.decision-guide.publish_files",
            "overrides/main.html",
            "hooks.py",
        ):
            assert f"**{esc(name)}**" in section, (name, section)
        assert "6 changes" not in md and md.count("**lowers a protection**") == 9
        rest = md.split("### The site's other inputs")[1]
        assert "added **site&#95;src/&lt;img src=x onerror=alert(1)&gt;" in rest
        assert "setting **site&#95;name**" in rest and "mkdocs.yml" in rest
        assert "<img" not in md and "\x1b" not in md and "@team" not in md and "](javascript" not in md
        data = report(repo, "--head", head)
        lowered = {c["name"] for c in data["site"] if c["lowers"]}
        assert {"theme.custom_dir", "extra_javascript", "hooks", "plugins.decision-guide.allow_raw_html"} <= lowered
        assert data["summary"]["important"] is True


def test_a_harmless_change_to_the_site_is_listed_without_a_warning(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    (repo / "site_src" / "index.md").write_text("# Guide, reworded\n", encoding="utf-8")
    (repo / "mkdocs.yml").write_text(SITE_CONFIG + "extra_css: [extra.css]\n", encoding="utf-8")
    md = ok(repo)
    assert "lowers a protection" not in md.lower()
    assert "changed **site&#95;src/index.md**" in md and "setting **extra&#95;css**" in md
    assert "No change to the data compared here, but the site's configuration changed" in md
    assert "same.md" not in md and "tool.sh" not in md and "link.md" not in md, "unchanged files are not listed"
    assert report(repo)["summary"]["important"] is False
    commit(repo, "reworded")
    assert "same.md" not in ok(repo, "--head", "HEAD")


# --- the report reads like the site ----------------------------------------------------------------


def test_a_value_is_printed_with_the_precision_the_site_prints_it_with(repo: Path) -> None:
    edit(repo, "tables/hill-times.yml", "better: lower\n", "better: lower\nvalue_digits: 0\n")
    commit(repo, "values to the second")
    edit(repo, "tables/hill-times.yml", "cargo: 150", "cargo: 207.36755835547942")
    md = ok(repo, "--base", "HEAD")
    assert "| Hill A | cargo bike | 150 s | 207 s |" in md
    assert "207.3675" not in md
    assert [(v["text_before"], v["text_after"]) for v in report(repo, "--base", "HEAD")["values"]] == [("150", "207")]


def test_a_cell_that_appears_not_measured_is_not_a_changed_number(repo: Path) -> None:
    row = "  - id: hill-a\n    label: Hill A\n    context: hill-town\n    values: {road: 100, cargo: 150}\n"
    added = "  - id: hill-b\n    label: Hill B\n    context: hill-town\n    values: {road: 120, cargo: not measured}\n"
    edit(repo, "tables/hill-times.yml", row, row + added)
    data = report(repo, "--base", "HEAD")
    assert [(v["row"], v["series"], v["before"], v["after"]) for v in data["values"]] == [
        ("hill-b", "road", None, 120.0)
    ]
    assert "1 changed number" in ok(repo, "--base", "HEAD").splitlines()[2]


def test_a_restructured_column_lists_each_options_verdict_before_and_after(repo: Path) -> None:
    edit(repo, "guide.yml", "  - id: climb\n    kind: comparison\n    label: Hill speed\n",
         "  - id: uphill\n    kind: comparison\n    label: Uphill speed\n")  # fmt: skip
    for table in ("hill-times", "hill-stated", "hill-repeats"):
        edit(repo, f"tables/{table}.yml", "verdict_column: climb}", "verdict_column: uphill}")
    edit(repo, "decisions.yml", "trades: [climb]", "trades: [uphill]")  # the rule's trade follows the column
    data = report(repo, "--base", "HEAD")
    columns = {c["option"]: c for c in data["columns"]}
    assert set(columns) >= {"road", "cargo"}
    for option in ("road", "cargo"):
        (before,) = columns[option]["before"]
        (after,) = columns[option]["after"]
        assert (before["column"], after["column"]) == ("climb", "uphill")
        assert before["verdict"] == after["verdict"] and before["verdict"] is not None
    md = ok(repo, "--base", "HEAD")
    assert "### Columns restructured" in md
    road = columns["road"]["before"][0]["verdict"]
    verdict = f"{road['symbol']} {road['word']} ({road['colour']})"
    assert f"| Hill speed: {esc(verdict)} | Uphill speed: {esc(verdict)} |" in md
    # The pull request's comment (the same report, linked to the preview) shows the same rows.
    comment = ok(repo, "--base", "HEAD", "--site-url", "https://example.org/pr-7/", "--title", "What changed")
    assert f"| Hill speed: {esc(verdict)} | Uphill speed: {esc(verdict)} |" in comment
    assert "(https://example.org/pr-7/options/road/)" in comment.split("### Columns restructured")[1]


def test_a_split_column_lists_each_options_verdict_in_the_old_column_and_both_new_ones(repo: Path) -> None:
    """The column ``climb`` split in two: the timed tables feed ``uphill``, the reported one ``uphill-stated``."""
    guide = repo / "data" / "guide.yml"
    text = guide.read_text(encoding="utf-8")
    start = text.index("  - id: climb\n")
    block = text[start : text.index("  - id: price\n")]
    timed = block.replace("id: climb", "id: uphill").replace("label: Hill speed", "label: Uphill, timed")
    stated = block.replace("id: climb", "id: uphill-stated").replace("label: Hill speed", "label: Uphill, as reported")
    split = timed + stated
    guide.write_text(text.replace(block, split), encoding="utf-8")
    for table, column in (("hill-times", "uphill"), ("hill-repeats", "uphill"), ("hill-stated", "uphill-stated")):
        edit(repo, f"tables/{table}.yml", "verdict_column: climb}", f"verdict_column: {column}}}")
    edit(repo, "decisions.yml", "trades: [climb]", "trades: [uphill, uphill-stated]")
    data = report(repo, "--base", "HEAD")
    road = next(c for c in data["columns"] if c["option"] == "road")
    assert [v["column"] for v in road["before"]] == ["climb"]
    assert [v["column"] for v in road["after"]] == ["uphill", "uphill-stated"]
    md = ok(repo, "--base", "HEAD")
    line = next(line for line in md.splitlines() if line.startswith(f"| {esc(road['option_name'])} |"))
    assert "Hill speed: " in line and "Uphill, timed: " in line and "Uphill, as reported: " in line


def test_a_change_that_runs_code_is_named_so(tmp_path: Path) -> None:
    """The trust list, a setting it trusts, the plugin's templates and plotly.js, a file of the templates folder
    it names and the engine's pin each run code once merged: the comment names each as running code."""
    repo = _site_repo(tmp_path)
    (repo / "tpl").mkdir()
    (repo / "tpl" / "page.md.j2").write_text("{{ page }}\n", encoding="utf-8")
    (repo / "requirements.txt").write_text("decision-guide-engine==1.0.0\n", encoding="utf-8")
    trusted = "      trusted_configuration: [plugins.decision-guide.templates, theme.favicon]\n"
    (repo / "mkdocs.yml").write_text(
        SITE_CONFIG.replace("  name: material\n", "  name: material\n  favicon: a.png\n")
        + f"{trusted}      templates: tpl\n",
        encoding="utf-8",
    )
    commit(repo, "trusted templates")
    (repo / "tpl" / "page.md.j2").write_text("{{ page }} <script>x()</script>\n", encoding="utf-8")
    (repo / "requirements.txt").write_text("decision-guide-engine @ https://example.org/other.whl\n", encoding="utf-8")
    (repo / "mkdocs.yml").write_text(
        SITE_CONFIG.replace("  name: material\n", "  name: material\n  favicon: b.png\n")
        + trusted.replace("]", ", plugins.decision-guide.plotly_js]")
        + "      templates: tpl\n      plotly_js: site_src/p.js\n",
        encoding="utf-8",
    )
    md = ok(repo)
    section = md.split("### Lowers a protection")[1].split("###")[0]
    for name in (
        "plugins.decision-guide.trusted_configuration",
        "plugins.decision-guide.plotly_js",
        "theme.favicon",
        "tpl/page.md.j2",
        "requirements.txt",
    ):
        line = next((line for line in section.splitlines() if f"**{esc(name)}**" in line), "")
        assert "runs code" in line, (name, section)


def test_a_changed_data_folder_is_a_change_of_the_guide(tmp_path: Path) -> None:
    """data_dir pointing at another folder: the comment never says the guide's data is unchanged."""
    repo = _site_repo(tmp_path)
    shutil.copytree(repo / "data", repo / "other")
    (repo / "mkdocs.yml").write_text(SITE_CONFIG.replace("data_dir: data", "data_dir: other"), encoding="utf-8")
    md = ok(repo)
    assert "No change to the guide's data" not in md, md
    section = md.split("### Lowers a protection")[1].split("###")[0]
    assert f"**{esc('plugins.decision-guide.data_dir')}**" in section and "another folder" in section


def test_a_value_cut_for_length_shows_where_the_sides_differ(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    long = "x" * 120
    (repo / "mkdocs.yml").write_text(SITE_CONFIG + f"site_description: {long}A\n", encoding="utf-8")
    commit(repo, "a long description")
    (repo / "mkdocs.yml").write_text(SITE_CONFIG + f"site_description: {long}B\n", encoding="utf-8")
    line = next(line for line in ok(repo, "--base", "HEAD").splitlines() if "site&#95;description" in line)
    assert "A" in line.split("→")[0] and "B" in line.split("→")[1], line


def test_no_cap_hides_a_changed_file(tmp_path: Path) -> None:
    """Every changed file is listed; a comment (with the preview's address) lists the first ones and links to
    the preview's page, which lists them all."""
    repo = _site_repo(tmp_path)
    pages = MAX_LISTED + 30
    for n in range(pages):
        (repo / "site_src" / f"page-{n:03}.md").write_text(f"# Page {n}\n", encoding="utf-8")
    md = ok(repo)
    assert all(f"page-{n:03}.md" in md for n in range(pages))
    comment = ok(repo, "--site-url", "https://previews.example/pr-preview/pr-7/")
    assert (
        f"and {pages - MAX_LISTED} more: every one is listed on [the preview's page](https://previews.example/pr-preview/pr-7/changes/)"
        in comment
    )


def test_a_yaml_tag_in_a_changed_file_is_flagged(tmp_path: Path) -> None:
    repo = _site_repo(tmp_path)
    (repo / "site_src" / "files.yml").write_text("a: !!python/name:os.system\n", encoding="utf-8")
    (repo / "site_src" / "tagged.md").write_text("---\ntitle: !!binary aGk=\n---\n# T\n", encoding="utf-8")
    (repo / "mkdocs.yml").write_text(SITE_CONFIG + "extra:\n  x: !!python/name:os.getcwd\n", encoding="utf-8")
    md = ok(repo)
    section = md.split("### Lowers a protection")[1].split("###")[0]
    for name in ("site_src/files.yml", "site_src/tagged.md", "mkdocs.yml"):
        line = next((line for line in section.splitlines() if f"**{esc(name)}**" in line), "")
        assert "a YAML tag" in line, (name, section)


def test_a_comparative_sentence_nothing_backs_is_named_with_its_line(repo: Path) -> None:
    """Issue 45: the review report names each sentence a change adds that states a comparison in words with no
    claim's number and no checked statement behind it, at its file and line."""
    git(repo, "switch", "-q", "-c", "boast")
    edit(repo, "options/road.yml", "what: A light bicycle with thin tyres.", "what: A light bicycle, faster uphill.")
    md = ok(repo)
    line = next(i for i, t in enumerate((repo / "data/options/road.yml").read_text().splitlines(), 1) if "what:" in t)
    assert "Comparisons nothing backs" in md
    assert f"- `options/road.yml:{line}`: “A light bicycle, faster uphill.”" in md, md
    assert "**1 comparative sentence nothing backs**" in md
    data = report(repo)
    assert data["summary"]["unbacked"] == 1 and data["summary"]["important"] is True
