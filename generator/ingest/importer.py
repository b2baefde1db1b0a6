"""Import a benchmark tool's own output into the guide: keep the raw file, point the table at it.

``import_runs(data_dir, requests)`` for each request reads the tool's file with its format's
reader, finds the table, row and series it is filed under (in a sweep table a request may name no row:
each run goes to the row of the load its own file states, created when the table has none; see
:mod:`generator.ingest.by_load`), takes the metric the table declares
for that format, checks the unit against the table's and the run's set-up against the row's
(the comparability guard), then

* keeps the file verbatim, once: at ``runs/<table>/<sha256 prefix>-<name>`` under the data folder, or
  where the table already keeps a file of the same sha256 (every cell importing it points at that
  copy), and
* appends ``{path, sha256, format[, metric][, accepted]}`` to the cell's ``files`` list
  (``metric: "run 2: ..."`` names one run of a file that holds several; the number is the one the table's
  ``metrics:`` declares when the guide is built, :func:`generator.kept_metric.read_metric`)
  in ``tables/<table>.yml``, keeping the YAML's comments and layout.

The shown value is derived from the raw file at build time, so the file stays the source of truth.
Importing the same file again changes nothing. A cell that already holds a run takes another file or
record only as a repetition the command names (``--repetition``); the refusal names both runs. The runs
of one file filed together must state the same workload (a sweep's records are picked with ``--record``).

All or nothing, on every path: every problem of every request is collected first (nothing written); then
the edited guide is built in a staging copy, and only if it is valid do the raw files and the YAML land, the
YAML last, each by an atomic rename; a failure in between takes the new files back. A guide whose records do
not validate takes no import; what only the derived guide says (a checked statement over the very cells the
import fills) is judged on the staged guide, after the import. Every refusal is an :class:`ImportProblems`
that says "import refused, nothing written" with every reason.
"""

from __future__ import annotations

import hashlib
import shlex
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import safe_write
from generator.errors import GuideError, printable
from generator.ingest.by_load import Creating
from generator.ingest.planning import Request, every_series, plan_request
from generator.ingest.repetitions import refuse_unasked_repetitions, refuse_unlike_repetitions
from generator.pipeline import checked_guide, derive_guide
from generator.read import kept_store, yaml_edit


@dataclass
class Outcome:
    """What an import did, one line per run."""

    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    """The rows a sweep import added: ``row concurrency-64 (conc 64) of table throughput``."""
    stored: list[str] = field(default_factory=list)
    """Each new kept file also written into the store ``guide.yml`` declares: ``../kept/<sha256>``."""
    unstored: list[str] = field(default_factory=list)
    """Each new kept file the store could not take, with the command that copies it there."""


class ImportProblems(Exception):
    """Every reason the import was refused; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))

    def report(self) -> str:
        count = len(self.problems)
        head = f"import refused, nothing written ({count} problem{'s' if count != 1 else ''}):"
        return "\n".join([head, *(f"  {printable(p, keep_newlines=True)}" for p in self.problems)])


def import_runs(data_dir: Path, requests: list[Request]) -> Outcome:
    """File every request's runs in the guide at ``data_dir``, all or nothing (see the module docstring)."""
    data_dir = Path(data_dir)
    data, now = checked_guide(data_dir)
    if data is None or now:  # records that do not validate: the import cannot know what it would file in them
        raise ImportProblems(["the guide's data has problems; fix them, then import:", *(f"  {p}" for p in now)])
    # What only the derived guide says (a checked statement over a cell this import fills) is judged on the
    # guide as it would be after the import, in the staged copy (_validate_staged), never on the guide before it.
    problems: list[str] = []
    stored: dict[tuple[str, str], str] = {}
    creating: Creating = {}
    requests = every_series(data, requests, problems)
    plans = [plan for request in requests for plan in plan_request(data, data_dir, request, problems, stored, creating)]
    refuse_unasked_repetitions(plans, problems)
    store = data.guide.kept_files.store if data.guide is not None and data.guide.kept_files else None
    refuse_unlike_repetitions(plans, data_dir, problems, store)
    if problems:
        raise ImportProblems(problems)
    outcome = Outcome()
    texts: dict[Path, str] = {}
    docs: dict[Path, Any] = {}
    raw: dict[str, bytes] = {}
    for plan in plans:
        if plan.file not in docs:
            docs[plan.file] = yaml_edit.load(plan.file.read_text(encoding="utf-8"))
        if plan.create is not None and not yaml_edit.has_row(docs[plan.file], plan.create.id):
            yaml_edit.add_sweep_row(docs[plan.file], plan.create.fields(), plan.create.key)
            outcome.created.append(plan.create.describe())
        try:
            added = yaml_edit.add_file_runs(docs[plan.file], plan.row, plan.series, plan.entries)
        except yaml_edit.EditRefused as exc:
            problems.append(f"{plan.file.relative_to(data_dir)}: rows {plan.row} values {plan.series} {exc}")
            continue
        for entry, line in zip(plan.entries, plan.describe, strict=True):
            (outcome.added if entry in added else outcome.unchanged).append(line)
        if added:
            raw.update(plan.raw)
    if problems:
        raise ImportProblems(problems)
    for path, doc in docs.items():
        text = yaml_edit.dump(doc)
        if text != path.read_text(encoding="utf-8"):
            texts[path] = text
    try:
        for rel in raw:
            safe_write.check_target(data_dir, rel)
        raw = {rel: content for rel, content in raw.items() if not (data_dir / rel).exists()}
        if not texts and not raw:
            return outcome
        _validate_staged(data_dir, texts, raw)
        outcome.written = _commit(data_dir, texts, raw)
    except safe_write.UnsafePath as exc:
        raise ImportProblems([f"{exc}"]) from None
    if store:
        _keep_in_store(data_dir, store, raw, outcome)
    return outcome


def _keep_in_store(data_dir: Path, store: str, raw: dict[str, bytes], outcome: Outcome) -> None:
    """Each new kept file also into the store, named by its sha256, so the store holds every version a revision
    may name (``diff --base`` reads a kept file that changed since from there). The guide is whole without it
    (the file is in ``runs/``), so a store that cannot take it is said with the command that copies it, and the
    import stands."""
    root = data_dir / store
    for rel, content in raw.items():
        sha = hashlib.sha256(content).hexdigest()
        shown = f"{store}/{sha}"
        copy = f"cp {shlex.quote(str(data_dir / rel))} {shlex.quote(str(root / sha))}"
        if not root.is_dir() or root.is_symlink():
            outcome.unstored.append(f"{rel}: the store {store} is no folder here; keep it there: {copy}")
            continue
        try:
            safe_write.create_new(root, sha, content)
        except FileExistsError:
            continue  # that version is kept already
        except (OSError, safe_write.UnsafePath) as exc:
            outcome.unstored.append(f"{rel}: cannot write {shown} ({getattr(exc, 'strerror', None) or exc}): {copy}")
            continue
        outcome.stored.append(shown)


def _validate_staged(data_dir: Path, texts: dict[Path, str], raw: dict[str, bytes]) -> None:
    """Build the edited guide in a copy of the data folder; refuse the import if it does not validate. A kept
    file the copy lacks is looked for by its sha256 in ``data_dir`` and its store (:mod:`generator.read.kept_store`)."""
    with tempfile.TemporaryDirectory(prefix="guide-import-") as tmp:
        staged = Path(tmp) / data_dir.name
        shutil.copytree(data_dir, staged, symlinks=True)
        for path, text in texts.items():
            safe_write.replace(staged, path.relative_to(data_dir).as_posix(), text.encode("utf-8"))
        for rel, content in raw.items():
            safe_write.create_new(staged, rel, content)
        try:
            with kept_store.worktree(data_dir):  # a kept file outside git (the store ``guide.yml`` names, relative
                derive_guide(staged)  # to the data folder) is found where the guide's own build finds it
        except GuideError as exc:
            raise ImportProblems(
                ["the guide would not build after this import:", *(f"  {p}" for p in exc.problems)]
            ) from None


def _commit(data_dir: Path, texts: dict[Path, str], raw: dict[str, bytes]) -> list[Path]:
    """Raw files first (new paths only), then the YAML, each written aside and renamed into place.

    No write follows a link (:mod:`generator.safe_write`). If anything fails, the files
    written so far are taken back: the raw files removed, the YAML restored from the text it had.
    """
    created: list[str] = []
    replaced: list[tuple[Path, str]] = []
    try:
        for rel, content in raw.items():
            _write_atomic(data_dir, rel, content, exclusive=True)
            created.append(rel)
        for path, text in texts.items():
            before = path.read_text(encoding="utf-8")
            _write_atomic(data_dir, path.relative_to(data_dir).as_posix(), text.encode("utf-8"))
            replaced.append((path, before))
    except BaseException:
        for path, before in reversed(replaced):
            _write_atomic(data_dir, path.relative_to(data_dir).as_posix(), before.encode("utf-8"))
        for rel in created:
            safe_write.remove(data_dir, rel)
        raise
    return [data_dir / rel for rel in created] + [path for path, _ in replaced]


def _write_atomic(root: Path, rel: str, content: bytes, exclusive: bool = False) -> None:
    """``root/rel`` whole or not at all, never through a link: a new file (``exclusive``) or a replaced one."""
    if exclusive:
        safe_write.create_new(root, rel, content)
    else:
        safe_write.replace(root, rel, content)
