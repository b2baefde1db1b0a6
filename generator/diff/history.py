"""The history of every verdict: walk the git history of the data folder, compare each commit with the one before.

Each commit that touched the data folder is compared with its predecessor by the diff engine
(:func:`generator.diff.verdicts.flips`, :func:`generator.diff.measured.value_changes`), giving the
verdict flips and moved values of that commit. The walk is bounded: at most ``revisions`` commits,
none older than ``since``. Results are cached per pair of commits (and per version of the generator,
since the derivation decides the verdicts) in the repository's git folder, so a rebuild derives only
the commits it has not seen. A shallow clone walks what it has and says so; a data folder outside git
has no history. Data in a format this version of the generator no longer reads (the format grows
with the guide) cannot be derived: such a commit is still listed, with its date, and its measured
values are compared as the files state them (:func:`_raw_values`), without verdicts, and says so.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from generator import numbers
from generator.derive import anchors
from generator.derive.guide import Derived
from generator.diff.measured import value_changes
from generator.diff.model import shown
from generator.diff.revisions import Revision, data_at, load_side, run_git
from generator.diff.verdicts import flips
from generator.errors import RevisionError
from generator.read.load import load
from generator.render.history_view import HISTORY_URI, History, Mark, Step, ValueMove, VerdictFlip

__all__ = ["HISTORY_URI", "history"]

_GENERATOR = Path(__file__).resolve().parent.parent
_COMMIT = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def clean_subject(subject: str) -> str:
    """A commit subject fit for a page: control, format and bidirectional characters dropped, spaces collapsed.

    Line and page breaks (CR, FF, VT, NEL, U+2028/9) become spaces; ESC, BEL and the other controls,
    and the format characters that reorder or hide text (U+202E, U+200B, U+2066...), are dropped.
    """
    out = []
    for ch in subject:
        if ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            out.append(ch)
    return " ".join("".join(out).split())


def _fingerprint() -> str:
    """The generator's code, hashed: a cached comparison holds only for the code that made it."""
    h = hashlib.sha256()
    for path in sorted(_GENERATOR.rglob("*.py")):
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _step(commit: str, date: str, subject: str, before: Derived, after: Derived) -> Step:
    values = value_changes(before, after)
    cell_flips = [
        VerdictFlip(
            f.option,
            f.option_name,
            f.column,
            f.column_label,
            f"{f.before.symbol} {f.before.word}",
            f"{f.after.symbol} {f.after.word}",
        )
        for f in flips(before, after, values)
    ]
    facts = {(ft.id, fact.id) for ft in after.data.tables if ft.kind == "facts" for fact in ft.facts}
    moves = []
    for v in values:
        anchor = ""
        if v.after is not None:
            is_fact = (v.table, v.row) in facts
            anchor = anchors.fact(v.table, v.row) if is_fact else anchors.value(v.table, v.row, v.series)
        what = v.row_label if v.series == "value" else f"{v.row_label}, {v.series_label}"
        moves.append(ValueMove(v.table, v.table_title, what, shown(v.before, v.unit), shown(v.after, v.unit), anchor))
    return Step(commit, date, subject, cell_flips, moves, other=not cell_flips and not moves)


#: A measured value as a data file states it, whatever the format: (table title, what, text, anchor).
RawValue = tuple[str, str, str, str]


def _raw_text(value: object, unit: str) -> str | None:
    """A value as the file states it: a number with its unit, a word, or the listed runs."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return f"{numbers.raw(float(value))} {unit}".strip()
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("runs"), list):
        runs = [numbers.raw(float(r)) for r in value["runs"] if isinstance(r, int | float) and not isinstance(r, bool)]
        return f"runs {', '.join(runs)} {unit}".strip()
    return None


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _ident(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _raw_values(folder: Path) -> dict[tuple[str, str, str], RawValue]:
    """Every measured value and fact of a data folder as its files state it, read without the schema.

    For commits whose data this generator cannot derive: what is not where the current format puts
    it is left out, never guessed.
    """
    raw, _ = load(folder)
    out: dict[tuple[str, str, str], RawValue] = {}
    for doc in raw.documents.get("table", []):
        t = doc.data if isinstance(doc.data, dict) else {}
        tid = _ident(t.get("id"))
        if tid is None:
            continue
        title, unit = str(t.get("title", tid)), str(t.get("unit", ""))
        series = _list(t.get("series"))
        labels = {s["id"]: str(s.get("label", s["id"])) for s in series if isinstance(s, dict) and _ident(s.get("id"))}
        for row in _list(t.get("rows")):
            rid = _ident(row.get("id")) if isinstance(row, dict) else None
            values = row.get("values") if isinstance(row, dict) else None
            if rid is None or not isinstance(values, dict):
                continue
            for sid, value in values.items():
                text = _raw_text(value, unit)
                if text is not None and isinstance(sid, str):
                    what = f"{row.get('label', rid)}, {labels.get(sid, sid)}"
                    out[(tid, rid, sid)] = (title, what, text, anchors.value(tid, rid, sid))
        for fact in _list(t.get("facts")):
            fid = _ident(fact.get("id")) if isinstance(fact, dict) else None
            text = _raw_text(fact.get("value"), str(fact.get("unit", ""))) if isinstance(fact, dict) else None
            if fid is not None and text is not None:
                out[(tid, fid, "value")] = (title, str(fact.get("label", fid)), text, anchors.fact(tid, fid))
    return out


def _raw_step(repo: Path, data_path: str, commit: str, date: str, subject: str, base: str) -> Step:
    """A commit compared with the one before as the files state their values, without verdicts."""
    sides = []
    for rev in (base, commit):
        try:
            with data_at(repo, Revision(rev, rev), data_path) as folder:
                sides.append(_raw_values(folder))
        except Exception:  # noqa: BLE001 - a commit whose files cannot be read at all compares as empty
            sides.append({})
    before, after = sides
    moves = []
    for key in [*after, *(k for k in before if k not in after)]:
        old, new = before.get(key), after.get(key)
        if old is not None and new is not None and old[2] == new[2]:
            continue
        title, what, _, anchor = new or old  # type: ignore[misc]
        moves.append(
            ValueMove(key[0], title, what, old[2] if old else "—", new[2] if new else "—", anchor if new else "")
        )
    return Step(commit, date, subject, [], moves, other=not moves, unread=True)


def _linkable(steps: list[Step], data_dir: Path) -> list[Step]:
    """The steps with links only to values the site still shows (a value since removed is named, not linked)."""
    current = {v[3] for v in _raw_values(data_dir).values()}
    out = []
    for step in steps:
        moves = [m if m.anchor in current else replace(m, anchor="") for m in step.values]
        out.append(replace(step, values=moves))
    return out


def _from_cache(raw: dict[str, Any]) -> Step:
    return Step(
        raw["commit"],
        raw["date"],
        raw["subject"],
        [VerdictFlip(**f) for f in raw["flips"]],
        [ValueMove(**v) for v in raw["values"]],
        raw["other"],
        raw.get("created", False),
        raw.get("unread", False),
        raw.get("why", ""),
    )


class _Cache:
    """Comparisons of commit pairs, one JSON file each, in ``<git dir>/decision-guide-history/``."""

    def __init__(self, repo: Path) -> None:
        done = run_git(repo, "rev-parse", "--git-common-dir")
        self.folder: Path | None = None
        if done.returncode == 0:
            self.folder = (repo / done.stdout.strip()).resolve() / "decision-guide-history" / _fingerprint()
        self.hits = 0

    def _path(self, before: str, after: str, data_path: str) -> Path | None:
        if self.folder is None:
            return None
        key = hashlib.sha256(f"{before}:{after}:{data_path}".encode()).hexdigest()[:24]
        return self.folder / f"{key}.json"

    def get(self, before: str, after: str, data_path: str) -> Step | None:
        path = self._path(before, after, data_path)
        if path is None or not path.is_file():
            return None
        try:
            step = _from_cache(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        self.hits += 1
        return step

    def put(self, before: str, after: str, data_path: str, step: Step) -> None:
        path = self._path(before, after, data_path)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(step), ensure_ascii=False, allow_nan=False), encoding="utf-8")
            tmp.replace(path)
        except OSError:
            pass  # a read-only checkout builds all the same, without the cache


def _commits(repo: Path, data_path: str, revisions: int, since: str) -> list[tuple[str, str, str]]:
    """(commit, ISO date, subject) of the commits that touched the data, newest first, one more than asked.

    The extra, oldest commit is the base the first compared commit is compared with.
    """
    # One NUL-terminated record per commit (-z): a subject holding CR, FF, U+2028 or any other line
    # break stays within its record. A record that does not start with a commit id and a date is skipped.
    args = ["log", "-z", "--format=%H %cs %s", f"--max-count={revisions + 1}"]
    if since:
        args.append(f"--since={since}")
    done = run_git(repo, *args, "--", data_path)
    if done.returncode != 0:
        return []
    out = []
    for record in done.stdout.split("\0"):
        parts = record.lstrip("\n").split(" ", 2)
        if len(parts) < 2 or not _COMMIT.fullmatch(parts[0]) or not _DATE.fullmatch(parts[1]):
            continue
        out.append((parts[0], parts[1], clean_subject(parts[2] if len(parts) > 2 else "")))
    return out


def history(data_dir: Path, revisions: int = 30, since: str = "") -> History | None:
    """The timeline of the data folder's commits (newest first) and each cell's last flip; ``None`` outside git."""
    try:
        from generator.diff.revisions import repository

        repo, data_path = repository(data_dir)
    except RevisionError:
        return None
    notes: list[str] = []
    commits = _commits(repo, data_path, revisions, since)
    shallow = run_git(repo, "rev-parse", "--is-shallow-repository").stdout.strip() == "true"
    if not commits:
        return History([], ["No commit has touched the data folder yet."])
    bounded = len(commits) > revisions
    cache = _Cache(repo)
    steps: list[Step] = []
    derived: dict[str, Derived | None] = {}
    why: dict[str, str] = {}

    def derive(commit: str) -> Derived | None:
        if commit not in derived:
            try:
                derived[commit] = load_side(repo, Revision(commit, commit), data_path).derived
            except RevisionError as exc:
                derived[commit] = None
                lines = str(exc).splitlines()
                why[commit] = (lines[1] if len(lines) > 1 else lines[0] if lines else "").strip()
            except Exception:  # noqa: BLE001 - old data this generator trips on is shown unread, never fails the build
                derived[commit] = None
        return derived[commit]

    pairs = list(zip(commits, commits[1:], strict=False))
    for (commit, date, subject), (base, _, _) in pairs:
        step = cache.get(base, commit, data_path)
        if step is None:
            after, before = derive(commit), derive(base)
            if after is None or before is None:
                step = _raw_step(repo, data_path, commit, date, subject, base)
                step = replace(step, why=why.get(commit) or why.get(base, ""))
            else:
                step = _step(commit, date, subject, before, after)
            cache.put(base, commit, data_path, step)
        steps.append(step)
    oldest = commits[-1]
    if bounded:
        what = f"the last {revisions} commits" + (f" since {since}" if since else "")
        notes.append(f"The timeline covers {what} that changed the data; older changes are not walked.")
    elif shallow:
        notes.append(
            f"This build ran on a shallow clone: the history it could see starts at {oldest[0][:7]} ({oldest[1]}). "
            "Fetch the full history (git fetch --unshallow) to see every change."
        )
    elif since:
        notes.append(f"The timeline covers the changes since {since}.")
    else:
        notes.append(f"The timeline starts with the first commit of the data, {oldest[0][:7]} ({oldest[1]}).")
        steps.append(Step(oldest[0], oldest[1], oldest[2], other=True, created=True))
    unread = sum(step.unread for step in steps)
    if unread:
        notes.append(
            f"{unread} commit{'s' if unread != 1 else ''} compare data in a format this version of the generator no "
            "longer reads (the format grew since): for those, the measured values are compared as the files state "
            "them, and verdicts are not compared."
        )
    for step in steps:
        if step.why:
            notes.append(f"Commit {step.short}: its data or the data before it cannot be read: {step.why}")
    steps = _linkable(steps, data_dir)
    marks: dict[tuple[str, str], Mark] = {}
    for step in steps:  # newest first: the first flip of a cell is its last change
        for f in step.flips:
            marks.setdefault((f.option, f.column), Mark(step.date, f.before, step.anchor()))
    return History(steps, notes, marks)
