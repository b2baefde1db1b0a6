"""Sentences that state a comparison, found in the guide's prose and pages, and what backs each.

A sentence states a comparison when it holds a comparative word (:mod:`generator.comparatives`: faster,
smaller, fewer, best, ahead, a tie, "at every load", ``2×`` ...). Such a sentence is **backed** when the data
produces its number (it quotes a claim or a fact, ``[[claim-id]]``) or when checked statements (``claims.yml``:
``statements``, :class:`generator.schema.Statement`) attached to it cover every comparison it states.

A statement is attached to **one** sentence: the one that holds its words (its ``says``, verbatim), within
its ``at`` file when it names one. It backs the comparisons inside its words there and nothing else: a sentence
that borrows a statement's words and adds a comparison of its own ("10× faster than every other option and ties
dense") states one nothing backs, and a statement whose words two sentences hold backs neither (both are
listed, the statement with them) until ``says`` or ``at`` tells them apart.

The build evaluates each statement (:mod:`generator.derive.statements`), the check lists the sentences nothing
backs (:mod:`generator.check.sentences`) and the diff those a change adds (:mod:`generator.diff.sentences`): all
three read the sentences found here, one floor below them.

What a sentence only mentions is not stated: words in code spans, the verdict words, levels, colour rules and
column meanings of ``guide.yml`` (definitions of a scale), a campaign's set-up (``environment``: "2× machines"
counts them), source quotes (checked against the source on their own) and HTML comments on a page. Text in
double quotes is stated: a quoted comparison still compares.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.comparatives import Comparison, blank, comparisons, may_compare, split
from generator.errors import Problem
from generator.model import REFERENCE, Data, facts

#: Keys whose values are not the guide's sentences: ids, verdict words and styles, quotes from the source.
_SKIPPED_KEYS = frozenset(
    {"id", "source", "sources", "quote", "word", "symbol", "colour", "unit", "url", "levels", "meaning", "better"}
    | {"straddle", "environment", "against", "scope"}
)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_FENCE = re.compile(r"^(```|~~~)")


@dataclass(frozen=True)
class Sentence:
    """A sentence that states a comparison: where it is, its text, and what backs it (empty: nothing)."""

    file: str
    line: int
    text: str
    backed_by: str = ""
    """``claim a-vs-b``, ``statement 2`` (its index in ``claims.yml``), or empty."""
    statements: tuple[int, ...] = ()
    """The checked statements attached to it (their indices in ``claims.yml``)."""
    uncovered: tuple[str, ...] = ()
    """The comparative words no attached statement's words hold (with no claim quoted)."""
    shared: tuple[int, ...] = ()
    """Statements whose words it holds that another sentence holds too (attached to neither)."""

    def problem(self, message: str) -> Problem:
        return Problem(self.file, self.line, "", message)


def stated(text: str) -> list[Comparison]:
    """The comparisons ``text`` states, claims' references left out (their numbers come from the data)."""
    return comparisons(blank(REFERENCE, text))


def comparative(text: str) -> bool:
    """Whether ``text`` states a comparison, once what it only mentions is left out."""
    return bool(stated(" ".join(text.split())))


__all__ = ["Sentence", "comparative", "page_texts", "sentences", "split", "stated"]


def _strings(value: Any, loc: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIPPED_KEYS:
                yield from _strings(v, (*loc, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, (*loc, i))


def _data_texts(data: Data) -> Iterator[tuple[str, int, str]]:
    """Every prose string of the guide's records (never ``claims.yml``: its statements quote the sentences) with
    its file and the line its text starts on."""
    records: list[Any] = [data.guide, data.recommendation, *data.options, *data.campaigns, *data.tables]
    if data.decisions is not None:
        records.append(data.decisions)
    for record in records:
        doc = data.origin.get(id(record))
        if doc is None:  # a record made in memory (a reader's own values), from no file
            continue
        for loc, text in _strings(doc.data, ()):
            if not may_compare(text):
                continue
            # a block scalar (``|``, ``>``: its text holds line breaks) starts on the line after its key
            block = "\n" in text
            yield doc.file, doc.line_of(loc) + (1 if block else 0), text


def page_texts(docs_dir: Path | None) -> dict[str, str]:
    """The hand-written Markdown pages under ``docs_dir``, by absolute path (a problem names it as it is, outside
    the data folder)."""
    if docs_dir is None or not Path(docs_dir).is_dir():
        return {}
    out = {}
    for path in sorted(Path(docs_dir).resolve().rglob("*.md")):
        try:
            out[str(path)] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the page gate refuses it with its own message
    return out


def _page_prose(text: str) -> str:
    """The prose of a Markdown page, line for line: front matter, fenced code and HTML comments blanked (a
    comment is nothing a reader sees)."""
    text = _HTML_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        end = next((k for k in range(1, len(lines)) if lines[k].strip() in ("---", "...")), 0)
        lines[: end + 1] = [""] * (end + 1)
    fenced = False
    for k, line in enumerate(lines):
        if _FENCE.match(line.lstrip()):
            fenced, lines[k] = not fenced, ""
        elif fenced:
            lines[k] = ""
    return "\n".join(lines)


def _found(data: Data, pages: Mapping[str, str] | None) -> list[tuple[str, int, str, list[Comparison]]]:
    """Every sentence of the guide's data and ``pages`` that states a comparison: file, line, flat text, words."""
    sources: list[tuple[str, int, str]] = list(_data_texts(data))
    sources += [(path, 1, _page_prose(text)) for path, text in (pages or {}).items()]
    out = []
    for file, line, text in sources:
        for before, sentence in split(text):
            flat = " ".join(sentence.split())
            if words := stated(flat):
                out.append((file, line + before, flat, words))
    return out


def _in_file(file: str, at: str | None) -> bool:
    return at is None or file == at or file.endswith("/" + at.lstrip("/"))


def _spans(text: str, words: str) -> Iterator[tuple[int, int]]:
    start = text.find(words)
    while words and start >= 0:
        yield start, start + len(words)
        start = text.find(words, start + 1)


def sentences(data: Data, pages: Mapping[str, str] | None = None) -> list[Sentence]:
    """Every comparative sentence of the guide's data and ``pages`` (path -> text), with what backs it."""
    claims = {c.id for c in data.claims.claims} | {f.id for _, _, f in facts(data)}
    found = _found(data, pages)
    attached: dict[int, list[int]] = {}
    shared: dict[int, list[int]] = {}
    for i, statement in enumerate(data.claims.statements):
        says = " ".join(statement.says.split())
        places = [k for k, (file, _, flat, _) in enumerate(found) if says in flat and _in_file(file, statement.at)]
        for k in places:
            (attached if len(places) == 1 else shared).setdefault(k, []).append(i)
    out = []
    for k, (file, line, flat, words) in enumerate(found):
        refs = [m.group(1).strip() for m in REFERENCE.finditer(flat)]
        claim = next((r for r in refs if r in claims), None)
        mine = tuple(attached.get(k, ()))
        spans = [span for i in mine for span in _spans(flat, " ".join(data.claims.statements[i].says.split()))]
        uncovered = tuple(w.word for w in words if not any(a <= w.start and w.end <= b for a, b in spans))
        if claim:
            backed, uncovered = f"claim {claim}", ()
        else:
            backed = f"statement {mine[0]}" if mine and not uncovered else ""
        out.append(Sentence(file, line, flat, backed, mine, uncovered, tuple(shared.get(k, ()))))
    return out
