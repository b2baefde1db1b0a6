"""Read a guide's data folder as it was at a git revision.

The diff compares two states of the data: usually the merge base with ``main``
and the working tree. The data folder of a commit is written into a temporary
directory from its tree and blobs as git stores them (``git ls-tree`` and
``git cat-file --batch``), where the normal pipeline loads it; the working tree
is read in place. Nothing a commit brings can change what is read: ``git archive``
and ``git show`` apply the tree's own ``.gitattributes`` (``export-ignore``,
``export-subst``, ``eol``, ``working-tree-encoding``, ``filter``, ``textconv``),
the object database does not, and every git command here runs with the
system and user attribute files switched off besides. Every git failure becomes a :class:`RevisionError` whose message
says what to do, and data that does not validate at a revision is reported with
the revision in front of every problem (``a1b2c3d:data/options/x.yml:4: ...``).
"""

from __future__ import annotations

import os
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.derive.guide import Derived
from generator.errors import GuideError, RevisionError, printable
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


#: Options of every git command: no attribute file outside the repository (the system's is off by
#: :data:`_GIT_ENV`), no text conversion, paths as they are; the tree's own ``.gitattributes`` is
#: never consulted because blobs are read from the object database (:func:`read_tree`).
_GIT_OPTIONS = ("-c", f"core.attributesFile={os.devnull}", "-c", "core.quotePath=false", "--literal-pathspecs")
_GIT_ENV = {"GIT_ATTR_NOSYSTEM": "1"}


def run_git(
    repo: Path, *args: str, binary: bool = False, stdin: bytes | None = None
) -> subprocess.CompletedProcess[Any]:
    """``git -C repo args...``, the one way the diff and the history run git (see :data:`_GIT_OPTIONS`)."""
    command = ["git", "-C", str(repo), *_GIT_OPTIONS, *args]
    env = {**os.environ, **_GIT_ENV}
    try:
        if binary:
            return subprocess.run(command, capture_output=True, check=False, timeout=120, input=stdin, env=env)
        # Bytes that are not UTF-8 (a path or message in another encoding) are replaced, never fatal.
        return subprocess.run(
            command,
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            check=False,
            timeout=120,
            env=env,
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
    with tempfile.TemporaryDirectory(prefix="guide-diff-") as tmp:
        if not write_tree(repo, revision.commit, data_path, Path(tmp)):
            raise RevisionError(f"{revision} has no {data_path}/ folder to compare")
        from generator.migrate import upgrade_copy  # only a revision's copy is ever migrated here

        upgrade_copy(Path(tmp) / data_path)
        from generator.read.kept_store import worktree

        with worktree(repo / data_path):  # its git-ignored kept files are found there, by their sha256
            yield Path(tmp) / data_path


@dataclass(frozen=True)
class Entry:
    """One file of a commit's tree: its path from the top of the repository, git mode and blob id."""

    path: str
    mode: str
    blob: str

    @property
    def is_link(self) -> bool:
        return self.mode == "120000"


def tree_entries(repo: Path, commit: str, path: str) -> list[Entry]:
    """Every file under ``path`` (a folder, or a single file) in ``commit``, as its tree records it.

    Submodules (mode 160000) are left out: they hold no file of the guide's."""
    done = run_git(repo, "ls-tree", "-r", "-z", "--full-tree", commit, "--", path, binary=True)
    if done.returncode != 0:
        return []
    out = []
    for record in done.stdout.split(b"\0"):
        head, tab, name = record.partition(b"\t")
        fields = head.split()
        if not tab or len(fields) != 3 or fields[1] != b"blob":
            continue
        rel = name.decode("utf-8", errors="surrogateescape")
        if rel == path or rel.startswith(f"{path.rstrip('/')}/"):
            out.append(Entry(rel, fields[0].decode(), fields[2].decode()))
    return out


def read_blobs(repo: Path, blobs: list[str]) -> dict[str, bytes]:
    """The bytes of each blob as git stores them (``git cat-file --batch``: no filter, no text conversion)."""
    wanted = list(dict.fromkeys(blobs))
    if not wanted:
        return {}
    done = run_git(repo, "cat-file", "--batch", binary=True, stdin="".join(f"{b}\n" for b in wanted).encode())
    if done.returncode != 0:
        raise RevisionError(f"git cannot read the files of the data: {done.stderr.decode(errors='replace').strip()}")
    out: dict[str, bytes] = {}
    raw, at = done.stdout, 0
    for blob in wanted:
        end = raw.index(b"\n", at)
        header = raw[at:end].split()
        if len(header) != 3 or header[1] != b"blob":
            raise RevisionError(f"git cannot read the blob {blob}")
        size = int(header[2])
        out[blob] = raw[end + 1 : end + 1 + size]
        at = end + 1 + size + 1
    return out


def write_tree(repo: Path, commit: str, path: str, dest: Path) -> bool:
    """Write the files under ``path`` at ``commit`` into ``dest/path``, byte for byte as git stores them.

    A link is written as a link when its target stays inside ``path`` (the loader then refuses it by
    name, as it refuses a link in the working tree); one that leads out of it is refused here.
    False when the commit has no file under ``path``."""
    entries = tree_entries(repo, commit, path)
    if not entries:
        return False
    contents = read_blobs(repo, [e.blob for e in entries])
    top = (dest / path).resolve() if (dest / path).exists() else dest.resolve() / path
    for entry in entries:
        if any(part in ("", ".", "..", ".git") for part in entry.path.split("/")):
            raise RevisionError(f"{commit[:7]}: {printable(entry.path)} is not a plain path inside {path}/")
        target = dest / entry.path
        target.parent.mkdir(parents=True, exist_ok=True)
        if entry.is_link:
            link = os.fsdecode(contents[entry.blob])
            if os.path.isabs(link) or not os.path.normpath(target.parent.resolve() / link).startswith(f"{top}/"):
                raise RevisionError(f"{commit[:7]}: {printable(entry.path)} is a link that leads out of {path}/")
            os.symlink(link, target)
            continue
        target.write_bytes(contents[entry.blob])
        if entry.mode == "100755":
            target.chmod(target.stat().st_mode | stat.S_IXUSR)
    return True


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
