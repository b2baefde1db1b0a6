"""Edit a table's YAML in place, keeping everything the author wrote: comments, order, quoting, layout.

ruamel.yaml's round-trip mode keeps comments (including the ``# yaml-language-server`` line that
points editors at the schema), key order and quotes; the indentation is the guide's own (two
spaces, list dashes indented under their key). Only the edited cell changes; where that cell sat
in a one-line ``{a: 1, b: 2}`` mapping, that mapping is written out one key a line so the run
list nested in it stays readable. A row a sweep import creates (:func:`add_sweep_row`) is inserted in
load order among the rows of its context, every other row and comment left where it was.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.read.yaml_aliases import check_ruamel


class EditRefused(Exception):
    """The cell cannot take an imported run as it stands (a typed value, typed runs)."""


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long line the author wrote on one
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load(text: str) -> Any:
    """The document as ruamel's commented tree; :class:`~generator.read.yaml_aliases.TooManyAliases` for a
    document whose aliases would expand it past the bound every YAML reader of the engine keeps."""
    yaml = _yaml()
    check_ruamel(text, yaml)
    return yaml.load(text)


def dump(doc: Any) -> str:
    out = io.StringIO()
    _yaml().dump(doc, out)
    return out.getvalue()


def _row(doc: Any, row_id: str) -> CommentedMap:
    for row in doc.get("rows") or []:
        if isinstance(row, CommentedMap) and row.get("id") == row_id:
            return row
    raise KeyError(row_id)


def has_row(doc: Any, row_id: str) -> bool:
    """Whether the table document has a row of this id."""
    try:
        _row(doc, row_id)
    except KeyError:
        return False
    return True


def _load(row: Any, key: str) -> float | None:
    workload = row.get("workload") if isinstance(row, Mapping) else None
    value = workload.get(key) if isinstance(workload, Mapping) else None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def add_sweep_row(doc: Any, row: Mapping[str, Any], key: str) -> None:
    """Insert ``row`` (``{id, label, context?, workload: {key: load}, values}``) into ``rows``: before the first
    row of its context that states a higher load under ``key``, else after the last row of its context, else
    at the end. Its ``workload`` and ``values`` are written on one line each (``{concurrency: 32}``) until an
    imported run turns a cell into a list of files."""
    rows = doc["rows"]
    context, load = row.get("context"), float(row["workload"][key])
    same = [i for i, other in enumerate(rows) if isinstance(other, Mapping) and other.get("context") == context]
    at = same[-1] + 1 if same else len(rows)
    for i in same:
        theirs = _load(rows[i], key)
        if theirs is not None and theirs > load:
            at = i
            break
    new = _commented(row)
    for name in ("workload", "values"):
        if isinstance(new.get(name), CommentedMap):
            new[name].fa.set_flow_style()
    rows.insert(at, new)


_RUN_NAMED = re.compile(r"^(.*\brun \d+)(?::.*)?$")


def _run_only(metric: Any) -> Any:
    """``run 2: x`` as ``run 2`` (an entry written before the table's metric was the truth names it)."""
    if not isinstance(metric, str):
        return metric
    found = _RUN_NAMED.match(metric.strip())
    return found[1] if found else metric


def _same_run(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same file's same run: an entry without a metric (it follows its table's) is the same as one that
    names the metric, as an import before the table's ``metrics:`` was the truth wrote it."""
    ours, theirs = _run_only(a.get("metric")), _run_only(b.get("metric"))
    same_metric = ours == theirs or not ours or not theirs
    return same_metric and all(a.get(key) == b.get(key) for key in ("path", "sha256", "record"))


def add_file_runs(doc: Any, row_id: str, series_id: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Append run-file ``entries`` to ``rows[row_id].values[series_id].files``; return the ones that were new.

    An entry already there (same file, record and metric) is left alone, so importing a file twice
    changes nothing. A cell holding a typed value or typed runs is refused: an imported run never
    silently replaces what an author wrote.
    """
    row = _row(doc, row_id)
    values = row.get("values")
    if not isinstance(values, CommentedMap):
        values = CommentedMap()
        row["values"] = values
    current = values.get(series_id)
    if isinstance(current, CommentedMap) and "runs" in current:
        raise EditRefused("holds typed runs (runs: [...]); a cell takes typed runs or run files, not both")
    if current is not None and not isinstance(current, CommentedMap) and current != "not measured":
        raise EditRefused(f"holds the typed value {current}; remove it first if the imported run should replace it")
    if not isinstance(current, CommentedMap):
        if values.fa.flow_style():
            values.fa.set_block_style()
        current = CommentedMap()
        current["files"] = CommentedSeq()
        values[series_id] = current
    files = current.get("files")
    if not isinstance(files, CommentedSeq):
        files = CommentedSeq()
        current["files"] = files
    added = []
    for entry in entries:
        if any(isinstance(old, Mapping) and _same_run(old, entry) for old in files):
            continue
        files.append(_commented(entry))
        added.append(entry)
    return added


def _commented(value: Any) -> Any:
    if isinstance(value, Mapping):
        out = CommentedMap()
        for key, item in value.items():
            out[key] = _commented(item)
        return out
    if isinstance(value, list):
        return CommentedSeq(_commented(item) for item in value)
    return value
