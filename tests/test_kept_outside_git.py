"""A guide may keep its runs' kept files out of git (git-ignored, for their licence or size): ``check``, ``diff``
at any revision and ``restore`` read them by their sha256 from the runs folder, the working tree's, or the store
``guide.yml`` declares, and name exactly the file that is missing. ``diff --base HEAD~1`` used to stop at the
base's copy of the data ("no file ... (links are refused)", though no link was involved)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.pipeline import derive_guide
from tests.conftest import FIXTURES, ROOT
from tests.gitrepo import TINY, commit, edit, git

KEPT = "runs/hill-repeats/road-d-2.txt"


def _cli(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args, "--data", str(repo / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _repo(tmp_path: Path, store: bool = False) -> Path:
    """The tiny guide in git with its kept files (``data/runs/``) and the store (``kept/``) ignored."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    shutil.copytree(TINY, repo / "data")
    (repo / ".gitignore").write_text("/data/runs/\n/kept/\n", encoding="utf-8")
    if store:
        guide = repo / "data" / "guide.yml"
        guide.write_text(guide.read_text(encoding="utf-8") + "kept_files:\n  store: ../kept\n", encoding="utf-8")
    commit(repo, "the tiny guide, its kept files ignored")
    assert "runs/" not in git(repo, "ls-files")
    return repo


def _rewrite_kept(repo: Path, text: str) -> tuple[str, str]:
    """The kept file given new bytes and the table its new sha256: (old sha256, new sha256)."""
    path = repo / "data" / KEPT
    old = hashlib.sha256(path.read_bytes()).hexdigest()
    path.write_text(text, encoding="utf-8")
    new = hashlib.sha256(path.read_bytes()).hexdigest()
    edit(repo, "tables/hill-repeats.yml", old, new)
    return old, new


def test_diff_across_two_commits_reads_git_ignored_kept_files_present_in_the_working_tree(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    edit(repo, "tables/hill-repeats.yml", "cargo: {runs: [130, 131, 133]}", "cargo: {runs: [150, 151, 153]}")
    commit(repo, "cargo slower on Hill D")
    for head in ("HEAD", "worktree"):
        done = _cli(repo, "diff", "--base", "HEAD~1", "--head", head, "--format", "json")
        assert done.returncode == 0, done.stderr
        assert "151" in done.stdout and "links are refused" not in done.stdout + done.stderr
    assert _cli(repo, "check").returncode == 0


def test_a_kept_file_that_changed_is_read_at_the_base_from_the_declared_store(tmp_path: Path) -> None:
    repo = _repo(tmp_path, store=True)
    before = (repo / "data" / KEPT).read_bytes()
    old, new = _rewrite_kept(repo, "150\n")
    commit(repo, "Hill D's second run again")
    (repo / "kept").mkdir()
    (repo / "kept" / old).write_bytes(before)  # the store holds every version, named by its sha256
    done = _cli(repo, "diff", "--base", "HEAD~1", "--format", "json")
    assert done.returncode == 0, done.stderr
    (repo / "kept" / old).unlink()
    done = _cli(repo, "diff", "--base", "HEAD~1")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"the kept file {KEPT} (sha256 {old}) is missing" in done.stderr, done.stderr
    assert f"../kept/{old}" in done.stderr


def test_check_names_the_kept_file_that_is_missing_and_restore_brings_it_back(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    backup = tmp_path / "backup"
    shutil.copytree(repo / "data" / "runs", backup)
    (repo / "data" / KEPT).unlink()
    done = _cli(repo, "check")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"the kept file {KEPT} (sha256 " in done.stderr and "is missing" in done.stderr, done.stderr
    guide = repo / "data" / "guide.yml"
    restore = f"cp -r {backup}/. data/runs/"
    guide.write_text(guide.read_text(encoding="utf-8") + f"kept_files:\n  restore: {restore}\n", encoding="utf-8")
    done = _cli(repo, "restore")
    assert done.returncode == 0 and f"restoring the kept files: {restore}" in done.stdout, done.stderr
    assert _cli(repo, "check").returncode == 0


def test_a_preview_restores_by_its_bases_command_and_the_comment_names_a_new_one_as_running_code(
    tmp_path: Path,
) -> None:
    repo = _repo(tmp_path)
    guide = repo / "data" / "guide.yml"
    text = guide.read_text(encoding="utf-8")
    guide.write_text(text + "kept_files:\n  restore: touch base-ran\n", encoding="utf-8")
    commit(repo, "restore the kept files")
    guide.write_text(text + "kept_files:\n  restore: touch head-ran\n", encoding="utf-8")
    commit(repo, "another way to restore them")
    assert _cli(repo, "restore", "--base", "HEAD~1").returncode == 0
    assert (repo / "base-ran").exists() and not (repo / "head-ran").exists()
    done = _cli(repo, "diff", "--base", "HEAD~1")
    assert done.returncode == 0, done.stderr
    section = done.stdout.split("### Lowers a protection")[1].split("###")[0]
    line = next(line for line in section.splitlines() if "kept&#95;files.restore" in line)
    assert "runs code: CI runs this command to restore the kept files" in line, section


def test_restore_refuses_a_base_that_git_would_take_as_an_option(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    done = _cli(repo, "restore", "--base=--output=x")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == "error: --base --output=x: unknown revision '--output=x'", done.stderr
    assert not (ROOT / "x").exists() and not (repo / "x").exists()
    done = _cli(repo, "restore", "--base", "no-such-branch")
    assert done.returncode == 1 and "unknown revision 'no-such-branch'" in done.stderr, done.stderr


IMPORTS = FIXTURES / "imports"
VLLM = IMPORTS / "vllm" / "vllm-infqps-concurrency32-Qwen3-30B-A3B-FP8-20260717-101544.json"


def _store_guide(tmp_path: Path) -> tuple[Path, Path]:
    """The bicycle guide with the import tests' serving table, its kept files only in its store ``../kept``."""
    data = tmp_path / "guide"
    shutil.copytree(TINY, data)
    shutil.copy(IMPORTS / "guide" / "campaigns" / "lab.yml", data / "campaigns" / "lab.yml")
    shutil.copy(IMPORTS / "guide" / "tables" / "serving.yml", data / "tables" / "serving.yml")
    store = tmp_path / "kept"
    store.mkdir()
    for kept in sorted((data / "runs" / "hill-repeats").iterdir()):  # the store holds them; the data folder not
        kept.rename(store / hashlib.sha256(kept.read_bytes()).hexdigest())
    (data / "runs" / "hill-repeats").rmdir()
    guide = data / "guide.yml"
    guide.write_text(guide.read_text(encoding="utf-8") + "kept_files:\n  store: ../kept\n", encoding="utf-8")
    return data, store


def _import(data: Path, fmt: str, file: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    args = ["--table", "serving", "--row", "conc32", "--series", "road", "--data", str(data), *extra]
    return subprocess.run(
        [sys.executable, "-m", "generator", "import", fmt, str(file), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_import_into_a_guide_whose_kept_files_live_only_in_its_store(tmp_path: Path) -> None:
    """The staged build an import validates on is a copy of the data folder elsewhere: it used to lose the store
    (``../kept`` of the copy) and refused every import ("the guide would not build after this import")."""
    data, store = _store_guide(tmp_path)
    stored = sorted(p.name for p in store.iterdir())
    done = _import(data, "vllm-bench", VLLM)
    assert done.returncode == 0, done.stderr
    assert "added      serving / conc32 / road: 297.63 tok/s" in done.stdout, done.stdout
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()
    assert (data / "runs" / "serving" / f"{sha[:12]}-{VLLM.name}").read_bytes() == VLLM.read_bytes()
    assert f"sha256: {sha}" in (data / "tables" / "serving.yml").read_text(encoding="utf-8")
    # the new version is kept in the store too (named by its sha256), beside the ones it held
    assert not (data / "runs" / "hill-repeats").exists() and sorted(p.name for p in store.iterdir()) == sorted(
        [*stored, sha]
    )
    assert (store / sha).read_bytes() == VLLM.read_bytes() and f"stored     ../kept/{sha}" in done.stdout
    sample = derive_guide(data).sample("serving", "conc32", "road")
    assert sample.value == 297.63 and derive_guide(data).sample("hill-repeats", "hill-d", "road").runs


def test_an_import_whose_store_cannot_take_the_file_stands_and_says_how_to_keep_it(tmp_path: Path) -> None:
    """The store is a copy of every version; the guide is whole without it. A declared store that is no folder
    is said, with the copy to make, and the import stands: the file is in ``runs/`` and the table names it."""
    data = tmp_path / "guide"
    shutil.copytree(TINY, data)  # its kept files in runs/, and no ../kept folder
    shutil.copy(IMPORTS / "guide" / "campaigns" / "lab.yml", data / "campaigns" / "lab.yml")
    shutil.copy(IMPORTS / "guide" / "tables" / "serving.yml", data / "tables" / "serving.yml")
    guide = data / "guide.yml"
    guide.write_text(guide.read_text(encoding="utf-8") + "kept_files:\n  store: ../kept\n", encoding="utf-8")
    done = _import(data, "vllm-bench", VLLM)
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()
    assert done.returncode == 0 and "added      serving / conc32 / road: 297.63 tok/s" in done.stdout, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("not stored"))
    assert line.startswith("not stored runs/serving/") and "the store ../kept is no folder here" in line, line
    assert f"kept/{sha}" in line and not (tmp_path / "kept").exists(), line
    assert (data / "runs" / "serving" / f"{sha[:12]}-{VLLM.name}").read_bytes() == VLLM.read_bytes()


def test_a_repetition_is_compared_with_the_cells_kept_file_in_the_store(tmp_path: Path) -> None:
    """The repetition guard read a cell's kept files from the data folder only: one kept in the store stated
    nothing, so another framework's run was filed as its repetition."""
    data, store = _store_guide(tmp_path)
    assert _import(data, "vllm-bench", VLLM).returncode == 0
    sha = hashlib.sha256(VLLM.read_bytes()).hexdigest()
    kept = data / "runs" / "serving" / f"{sha[:12]}-{VLLM.name}"
    kept.rename(store / sha)  # the cell's file now lives only in the store
    table = (data / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert derive_guide(data).sample("serving", "conc32", "road").value == 297.63
    sglang = IMPORTS / "sglang" / "sglang_0717_sweep.jsonl"
    done = _import(data, "sglang-bench", sglang, "--record", "1", "--repetition")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "import refused, nothing written" in done.stderr
    assert "this run is no repetition of the run(s) the cell holds" in done.stderr, done.stderr
    assert f"runs/serving/{sha[:12]}-{VLLM.name} states vllm ($.framework)" in done.stderr, done.stderr
    assert (data / "tables" / "serving.yml").read_text(encoding="utf-8") == table
    # The difference, accepted on purpose, is kept with the run (the guard saw it, so the build takes the run).
    done = _import(data, "sglang-bench", sglang, "--record", "1", "--repetition", "--accept-difference", "on purpose")
    assert done.returncode == 0, done.stderr
    table = (data / "tables" / "serving.yml").read_text(encoding="utf-8")
    assert "on purpose" in table and "framework: the file states sglang" in table, table
    assert len(derive_guide(data).sample("serving", "conc32", "road").runs or ()) == 2


def test_diff_takes_the_restore_command_from_the_guide_each_side_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``diff`` parsed each side's guide.yml a second time for ``kept_files.restore``; it takes the command from
    the guide it has read (the comment still names the change as running code)."""
    import generator.read.kept_store as kept_store
    from generator.diff.preview import changes_page

    repo = _repo(tmp_path)
    guide = repo / "data" / "guide.yml"
    text = guide.read_text(encoding="utf-8")
    guide.write_text(text + "kept_files:\n  restore: touch base-ran\n", encoding="utf-8")
    commit(repo, "restore the kept files")
    guide.write_text(text + "kept_files:\n  restore: touch head-ran\n", encoding="utf-8")
    parsed: list[bytes] = []
    read = kept_store.restore_command
    monkeypatch.setattr(kept_store, "restore_command", lambda content, *a: parsed.append(content) or read(content, *a))
    page = changes_page(repo / "data", "HEAD")
    line = next(line for line in page.splitlines() if "kept&#95;files.restore" in line)
    assert "runs code: CI runs this command to restore the kept files" in line, line
    assert "touch base-ran" in line and "touch head-ran" in line, line
    assert parsed == []
