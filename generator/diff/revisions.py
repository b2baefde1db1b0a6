"""Read a guide's data folder as it was at a git revision.

The diff compares two states of the data: usually the merge base with ``main``
and the working tree. ``git archive`` streams the data folder of a commit into
a temporary directory, where the normal pipeline loads it; the working tree is
read in place. Every git failure becomes a :class:`RevisionError` whose message
says what to do, and data that does not validate at a revision is reported with
the revision in front of every problem (``a1b2c3d:data/options/x.yml:4: ...``).
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.derive.guide import Derived
from generator.errors import GuideError, RevisionError
from generator.pipeline import derive_guide
from generator.read.yaml_source import read_yaml

#: The ``--head`` value that means "the files on disk, committed or not".
WORKTREE = "worktree"
#: Optional file of decision rules; compared as plain data when present.
RULES_FILE = "decisions.yml"
#: Branches tried, in order, as the default base.
MAIN_REFS = ("refs/heads/main", "refs/remotes/origin/main")


@dataclass(frozen=True)
class Revision:
    """One side of a comparison: what the user asked for and the commit it names."""

    label: str
    commit: str | None = None
    """Full commit id; ``None`` for the working tree."""

    @property
    def short(self) -> str:
        return self.commit[:7] if self.commit else WORKTREE

    def __str__(self) -> str:
        if self.commit is None:
            return "the working tree"
        return self.short if self.label in (self.commit, self.short) else f"{self.label} ({self.short})"


@dataclass(frozen=True)
class Side:
    """A revision with its derived guide and its decision rules (raw data, if the file exists)."""

    revision: Revision
    derived: Derived
    rules: Any = None


def run_git(repo: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess[Any]:
    try:
        if binary:
            return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False, timeout=120)
        # Bytes that are not UTF-8 (a path or message in another encoding) are replaced, never fatal.
        return subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            check=False,
            timeout=120,
        )
    except FileNotFoundError:
        raise RevisionError("git is not installed; the diff reads the data at git revisions") from None


def repository(path: Path) -> tuple[Path, str]:
    """The top of the git work tree holding ``path``, and ``path`` relative to it (posix)."""
    path = path.resolve()
    probe = path if path.is_dir() else path.parent
    done = run_git(probe, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        raise RevisionError(f"{path} is not inside a git repository; the diff compares git revisions")
    top = Path(done.stdout.strip()).resolve()
    return top, path.relative_to(top).as_posix()


def resolve(repo: Path, rev: str) -> Revision:
    """The commit ``rev`` names (a branch, tag, sha, ``HEAD~2``...), or a clear error."""
    if not rev or rev.startswith("-"):
        raise RevisionError(f"unknown revision {rev!r}")
    done = run_git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if done.returncode != 0:
        raise RevisionError(f"unknown revision {rev!r}: no branch, tag or commit of that name in {repo}")
    return Revision(rev, done.stdout.strip())


def default_base(repo: Path, head: Revision) -> Revision:
    """The merge base of ``main`` (or ``origin/main``) with the head, as a pull request sees it."""
    main = next(
        (ref for ref in MAIN_REFS if run_git(repo, "rev-parse", "--verify", "--quiet", ref).returncode == 0), None
    )
    if main is None:
        raise RevisionError(f"{repo} has no branch named main (nor origin/main); name the base with --base REV")
    tip = head.commit or "HEAD"
    if head.commit is None and run_git(repo, "rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
        raise RevisionError(f"{repo} has no commit yet; name the base with --base REV")
    done = run_git(repo, "merge-base", main, tip)
    if done.returncode != 0:
        raise RevisionError(f"main and {head} share no history; name the base with --base REV")
    name = main.removeprefix("refs/heads/").removeprefix("refs/remotes/")
    return Revision(f"merge base with {name}", done.stdout.strip())


@contextmanager
def data_at(repo: Path, revision: Revision, data_path: str) -> Iterator[Path]:
    """A temporary copy of ``data_path`` as it was at ``revision`` (the folder itself for the working tree)."""
    if revision.commit is None:
        if not (repo / data_path).is_dir():
            raise RevisionError(f"the working tree has no {data_path}/ folder to compare")
        yield repo / data_path
        return
    done = run_git(repo, "archive", "--format=tar", revision.commit, "--", data_path, binary=True)
    if done.returncode != 0:
        raise RevisionError(f"{revision} has no {data_path}/ folder to compare")
    with tempfile.TemporaryDirectory(prefix="guide-diff-") as tmp:
        try:
            with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
                archive.extractall(tmp, filter="data")
        except tarfile.TarError as exc:  # e.g. a symlink that points outside the data folder
            raise RevisionError(f"{revision}: cannot read {data_path}/: {exc}") from None
        from generator.migrate import upgrade_copy  # only a revision's copy is ever migrated here

        upgrade_copy(Path(tmp) / data_path)
        yield Path(tmp) / data_path


def load_side(repo: Path, revision: Revision, data_path: str) -> Side:
    """Derive the guide at ``revision``; invalid data is reported with the revision in front."""
    with data_at(repo, revision, data_path) as folder:
        try:
            derived = derive_guide(folder)
        except GuideError as exc:
            raise RevisionError(labelled(exc, revision, data_path)) from None
        rules = None
        if (folder / RULES_FILE).is_file():
            doc, problems = read_yaml(folder / RULES_FILE, RULES_FILE)
            if problems:
                raise RevisionError(labelled(GuideError(problems), revision, data_path))
            rules = doc.data if doc is not None else None
    return Side(revision, derived, rules)


def labelled(error: GuideError, revision: Revision, data_path: str) -> str:
    """The problems of one revision, each naming the revision and the file as ``git show`` would."""
    where = f"{revision.short}:" if revision.commit else ""
    count = len(error.problems)
    lines = [f"the data at {revision} does not validate ({count} problem{'s' if count != 1 else ''}):"]
    lines += [f"  {where}{p.text(f'{data_path}/')}" for p in error.problems]
    return "\n".join(lines)


def load_pair(data_dir: Path, base: str | None, head: str | None) -> tuple[Side, Side]:
    """Both sides of a comparison of the data folder ``data_dir``.

    ``head`` is a revision or ``worktree`` (the default); ``base`` defaults to
    the merge base with ``main``. Both sides are loaded even when the first one
    fails, so that every problem is reported at once.
    """
    repo, data_path = repository(data_dir)
    head_rev = Revision("working tree") if head in (None, "", WORKTREE) else resolve(repo, head)
    base_rev = default_base(repo, head_rev) if not base else resolve(repo, base)
    sides: list[Side] = []
    errors: list[str] = []
    for rev in (base_rev, head_rev):
        try:
            sides.append(load_side(repo, rev, data_path))
        except RevisionError as exc:
            errors.append(str(exc))
    if errors:
        raise RevisionError("\n".join(errors))
    return sides[0], sides[1]
