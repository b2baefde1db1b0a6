"""The history of every verdict, on a temporary git repository with three commits of the data."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.diff import history as history_module
from generator.diff.history import history
from tests.conftest import DATA, PLOTLY_JS, mkdocs_build
from tests.gitrepo import GIT_ENV, TINY, git
from tests.html import page, text

DATES = ["2026-01-05T10:00:00+00:00", "2026-02-10T10:00:00+00:00", "2026-03-15T10:00:00+00:00"]


def _commit(repo: Path, message: str, date: str) -> str:
    env = {**os.environ, **GIT_ENV, "GIT_COMMITTER_DATE": date, "GIT_AUTHOR_DATE": date}
    for args in (["add", "-A"], ["commit", "-q", "-m", message]):
        done = subprocess.run(["git", "-C", str(repo), *args], env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    return git(repo, "rev-parse", "HEAD")


def _edit(path: Path, old: str, new: str) -> None:
    content = path.read_text(encoding="utf-8")
    assert old in content, old
    path.write_text(content.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, list[str]]:
    """Three commits: the data; UCCL's SGLang run measured faster (a flip); a text edit (no flip)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copytree(DATA, repo / "data")
    first = _commit(repo, "Add the guide", DATES[0])
    _edit(repo / "data" / "tables" / "deepep-vs-uccl.yml", "uccl: 254.2}", "uccl: 300.5}")
    _edit(repo / "data" / "tables" / "deepep-vs-uccl.yml", "uccl: 2105.4}", "uccl: 2500}")
    second = _commit(repo, "Re-measure UCCL on SGLang", DATES[1])
    _edit(repo / "data" / "options" / "uccl.yml", "short: ", "short: Reworded. ")
    third = _commit(repo, "Reword UCCL", DATES[2])
    return repo, [first, second, third]


def _site(tmp_path: Path, data: Path, revisions: int = 10) -> Path:
    config = tmp_path / "mkdocs.yml"
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    config.write_text(
        f"""site_name: History test
site_url: http://127.0.0.1:8000/
docs_dir: {docs}
theme:
  name: material
  font: false
plugins:
  - decision-guide:
      data_dir: {data}
      plotly_js: {PLOTLY_JS}
      trusted_configuration: [plugins.decision-guide.plotly_js]
      history_revisions: {revisions}
markdown_extensions:
  - attr_list
  - md_in_html
  - toc
""",
        encoding="utf-8",
    )
    out = tmp_path / "site"
    result = mkdocs_build(config, out)
    assert result.returncode == 0, result.stderr
    return out


def test_timeline_and_changed_marks(tmp_path: Path, repo: tuple[Path, list[str]]) -> None:
    root, (first, second, third) = repo
    site = _site(tmp_path, root / "data")
    timeline = page(site, "history/")
    steps = timeline.select("section.dg-history-step")
    assert [s["id"] for s in steps] == [f"c-{third[:7]}", f"c-{second[:7]}", f"c-{first[:7]}"]
    assert [s.select_one("time")["datetime"] for s in steps] == ["2026-03-15", "2026-02-10", "2026-01-05"]
    assert "Reword UCCL" in text(steps[0]) and "No verdict and no measured value changed" in text(steps[0])
    assert "was created" in text(steps[2])
    flips = {li["id"]: " ".join(li.get_text().split()) for li in steps[1].select(".dg-history-flips li")}
    flip_id = f"c-{second[:7]}-uccl-serving"
    assert flips[flip_id] == (  # a flip names each part of the cell, with its opponent and where it holds
        "UCCL (raw-ibverbs wrapper) · Serving speed: ◐ tie vs DeepEP-V2 on SGLang · not measured on TRT-LLM, vLLM"
        " → ✔ faster vs DeepEP-V2 on SGLang · not measured on TRT-LLM, vLLM"
    )
    values = [" ".join(li.get_text().split()) for li in steps[1].select(".dg-history-values li")]
    assert any("SGLang · conc 32, UCCL: 254.2 tok/s → 300.5 tok/s" in v for v in values), values
    assert "first commit of the data" in text(timeline.select_one(".dg-history-note"))

    matrix = page(site, "")
    mark = matrix.select_one("#cell_uccl_serving a.dg-changed")
    was = "changed 2026-02-10, was ◐ tie vs DeepEP-V2 on SGLang · not measured on TRT-LLM, vLLM"
    assert mark is not None and text(mark) == was
    assert mark["href"] == f"history/#{flip_id}"
    # Only cells that flipped carry a mark. DeepEP-V2 stays red (it is slower than dense on TRT-LLM), but its
    # SGLang regime went from a tie with UCCL to slower than UCCL: a changed regime verdict is a flip (issue 38).
    marked = {a.find_parent("td")["id"] for a in matrix.select("a.dg-changed")}
    assert marked == {"cell_uccl_serving", "cell_deepep-v2_serving"}


def test_the_walk_is_bounded_and_cached(tmp_path: Path, repo: tuple[Path, list[str]], monkeypatch) -> None:
    root, (first, second, third) = repo
    bounded = history(root / "data", revisions=1)
    assert bounded is not None
    assert [s.commit for s in bounded.steps] == [third]
    assert bounded.notes == [
        "The timeline covers the last 1 commits that changed the data; older changes are not walked."
    ]
    assert bounded.marks == {}
    full = history(root / "data", revisions=10)
    assert full is not None and [s.commit for s in full.steps] == [third, second, first]

    # A second walk reads every comparison from the cache: deriving a revision would fail now.
    def no_derive(*args: object, **kwargs: object) -> object:
        raise AssertionError("derived a revision the cache holds")

    monkeypatch.setattr(history_module, "load_side", no_derive)
    again = history(root / "data", revisions=10)
    assert again is not None and again.steps == full.steps and again.marks == full.marks


def test_a_shallow_clone_builds_with_a_note(tmp_path: Path, repo: tuple[Path, list[str]]) -> None:
    root, (_, _, third) = repo
    clone = tmp_path / "clone"
    done = subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{root}", str(clone)],
        env={**os.environ, **GIT_ENV},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    site = _site(tmp_path, clone / "data")
    note = text(page(site, "history/").select_one(".dg-history-note"))
    assert "shallow clone" in note and third[:7] in note
    assert page(site, "").select("a.dg-changed") == []


def test_outside_git_there_is_no_history_page(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    site = _site(tmp_path, data)
    assert not (site / "history").exists()
    assert history(data) is None


def test_data_in_an_older_format_is_listed_with_its_values_and_no_verdicts(tmp_path: Path) -> None:
    """A commit whose data this generator no longer reads (here: a field the format does not have) is still
    on the timeline, with its date and its moved values as the files state them; verdicts are not compared."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copytree(DATA, repo / "data")
    table = repo / "data" / "tables" / "deepep-vs-uccl.yml"
    _edit(table, "uccl: 254.2}", "uccl: 240}")
    _edit(table, "\nrows:", "\nformat_of_long_ago: 1\nrows:")
    old = _commit(repo, "Old format", DATES[0])
    _edit(table, "\nformat_of_long_ago: 1\nrows:", "\nrows:")
    _edit(table, "uccl: 240}", "uccl: 254.2}")
    new = _commit(repo, "Today's format, UCCL re-measured", DATES[1])
    timeline = history(repo / "data", revisions=10)
    assert timeline is not None
    assert [(s.commit, s.date, s.unread) for s in timeline.steps] == [
        (new, "2026-02-10", True),
        (old, "2026-01-05", False),
    ]
    step = timeline.steps[0]
    assert step.flips == []
    assert [(v.what, v.before, v.after, v.anchor) for v in step.values] == [
        ("SGLang · conc 32, UCCL", "240 tok/s", "254.2 tok/s", "v_deepep-vs-uccl_conc32_uccl")
    ]
    assert any("no longer reads" in note for note in timeline.notes)
    site = _site(tmp_path, repo / "data")
    shown = page(site, "history/").select_one(f"#c-{new[:7]}")
    assert "Verdicts not compared (older data format)" in text(shown)
    link = shown.select_one(".dg-history-values a")
    assert link is not None and link["href"].endswith("results/#v_deepep-vs-uccl_conc32_uccl")


#: Commit subjects a pull request can carry, and how the history shows them: every line break Python's
#: splitlines() knows, bytes that are not UTF-8, and terminal and bidirectional controls.
HOSTILE_SUBJECTS = {
    "line breaks": [
        (b"carriage\rreturn", "carriage return"),
        (b"form\x0cfeed and vertical\x0btab", "form feed and vertical tab"),
        (
            "next\u0085line and line\u2028separator and paragraph\u2029separator".encode(),
            "next line and line separator and paragraph separator",
        ),
    ],
    "not utf-8": [(b"latin-1 caf\xe9 \xff\xfe bytes", "latin-1 caf\ufffd \ufffd\ufffd bytes")],
    "controls": [
        (b"escape \x1b[31mred\x1b[0m and bell \x07 done", "escape [31mred[0m and bell done"),
        (
            "bidi \u202eevil\u202c and isolate \u2066x\u2069 and zero\u200bwidth".encode(),
            "bidi evil and isolate x and zerowidth",
        ),
    ],
}


def _raw_commit(repo: Path, message: bytes) -> str:
    """Commit the work tree with ``message`` stored byte for byte (``git commit`` would re-encode
    a message that is not UTF-8), and move the branch to it."""
    git(repo, "add", "-A")
    tree, parent = git(repo, "write-tree"), git(repo, "rev-parse", "HEAD")
    who = b"Test <test@example.invalid> 1767607200 +0000"
    body = b"tree %s\nparent %s\nauthor %s\ncommitter %s\n\n%s\n" % (tree.encode(), parent.encode(), who, who, message)
    done = subprocess.run(
        ["git", "-C", str(repo), "hash-object", "-t", "commit", "-w", "--stdin", "--literally"],
        input=body,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    sha = done.stdout.decode().strip()
    git(repo, "update-ref", "HEAD", sha)
    return sha


@pytest.mark.parametrize("kind", list(HOSTILE_SUBJECTS))
def test_commit_subjects_cannot_break_the_history(tmp_path: Path, kind: str) -> None:
    """Subjects with line breaks, non-UTF-8 bytes or control characters: every commit is listed once,
    with its subject on one line, controls and bidirectional marks dropped, and the site builds."""
    from tests.gitrepo import make_repo

    repo = make_repo(tmp_path)
    first = git(repo, "rev-parse", "HEAD")
    commits = []
    for n, (subject, _) in enumerate(HOSTILE_SUBJECTS[kind]):
        with (repo / "data" / "claims.yml").open("a", encoding="utf-8") as claims:
            claims.write(f"# edit {n}\n")
        commits.append(_raw_commit(repo, subject))
    timeline = history(repo / "data", revisions=20)
    assert timeline is not None
    steps = {s.commit: s.subject for s in timeline.steps}
    assert list(steps) == [*reversed(commits), first]
    assert [steps[c] for c in commits] == [shown for _, shown in HOSTILE_SUBJECTS[kind]]

    site = _site(tmp_path, repo / "data")
    html = (site / "history" / "index.html").read_text(encoding="utf-8")
    assert not any(ch in html for ch in "\r\x0b\x0c\x1b\x07\x85\u2028\u2029\u202e\u202c\u2066\u2069\u200b\ufffe")
    shown = page(site, "history/")
    for commit, (_, subject) in zip(commits, HOSTILE_SUBJECTS[kind], strict=True):
        assert subject in text(shown.select_one(f"#c-{commit[:7]}"))


# --- a YAML alias bomb in a past commit -------------------------------------------------------------

#: Nine lines that stand for a billion values ("billion laughs"), appended to an old-format guide.yml.
ALIAS_BOMB = 'laughs0: &l0 ["ha", "ha", "ha", "ha", "ha", "ha", "ha", "ha", "ha", "ha"]\n' + "".join(
    f"laughs{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]\n" for i in range(1, 9)
)


def _walk_seconds(data: Path, limit: float) -> tuple[float, str]:
    """The history walk of ``data`` in a fresh interpreter: its wall time, and its notes (killed after ``limit``)."""
    code = (
        "import sys, time; from pathlib import Path; from generator.diff.history import history; "
        "t = time.perf_counter(); h = history(Path(sys.argv[1])); "
        "print(time.perf_counter() - t); print('\\n'.join(h.notes))"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(data)], capture_output=True, text=True, timeout=limit, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the history walk of {data} did not finish within {limit:.0f} s")
    assert done.returncode == 0, done.stderr
    seconds, _, notes = done.stdout.partition("\n")
    return float(seconds), notes


def test_an_alias_bomb_in_a_past_commit_is_refused_fast_and_named(tmp_path: Path) -> None:
    """A past commit's old-format guide.yml full of YAML aliases: the walk (which migrates that commit's copy
    and reads it) finishes in about the time of a walk without the bomb, and names the file, line and cause."""
    repos = {}
    for name in ("normal", "bomb"):
        repo = tmp_path / name
        repo.mkdir()
        git(repo, "init", "-q", "-b", "main")
        shutil.copytree(TINY, repo / "data")
        _commit(repo, "the guide", DATES[0])
        guide = repo / "data" / "guide.yml"
        original = guide.read_text(encoding="utf-8")
        if name == "bomb":
            guide.write_text(original.replace("format: 3\n", "") + ALIAS_BOMB, encoding="utf-8")
        else:
            guide.write_text(original.replace("option_noun: bicycle", "option_noun: bike"), encoding="utf-8")
        _commit(repo, "an edit", DATES[1])
        guide.write_text(original, encoding="utf-8")
        _commit(repo, "back again", DATES[2])
        repos[name] = repo / "data"
    normal, _ = _walk_seconds(repos["normal"], limit=120)
    bomb, notes = _walk_seconds(repos["bomb"], limit=max(30.0, 20 * normal))
    print(f"history walk: {normal:.2f} s without the bomb, {bomb:.2f} s with it")
    assert bomb < 3 * normal + 1.0, f"the walk with an alias bomb took {bomb:.2f} s; without it {normal:.2f} s"
    assert "guide.yml:" in notes and "too many aliases" in notes, notes
    assert "Traceback" not in notes
