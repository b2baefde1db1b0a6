"""Sentences that state a comparison, found in the guide's prose and pages, and what backs each.

A sentence states a comparison when it says one thing is faster, slower, fastest, lower, higher, ahead, better,
worse, a tie, "at every load", or gives a factor (``2×``). Such a sentence is **backed** when the data produces
its number (it quotes a claim or a fact, ``[[claim-id]]``) or a checked statement (``claims.yml``:
``statements``, :class:`generator.schema.Statement`) says the same words (its ``says``, verbatim in the
sentence); the build evaluates each statement (:mod:`generator.derive.statements`), the check lists the
sentences nothing backs (:mod:`generator.check.sentences`) and the diff those a change adds
(:mod:`generator.diff.sentences`): all three read the sentences found here, one floor below them.

What a sentence only mentions is not stated: words in code spans or in double quotes (``"1.14× lower latency"``
in a page about how ratios are spelled), the verdict words, levels, colour rules and column meanings of
``guide.yml`` (definitions of a scale), a campaign's set-up (``environment``: "2× machines" counts them), source
quotes (checked against the source on their own) and HTML comments on a page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import Problem
from generator.model import REFERENCE, Data, facts

#: Words and figures that state a comparison.
COMPARATIVE = re.compile(
    r"\b(?:faster|slower|fastest|slowest|quicker|lower|higher|ahead|better|worse|beats?|outperforms?|ties?|tied"
    r"|at every load|at all loads)\b|\d(?:\.\d+)?\s?×|\b\d+(?:\.\d+)?x\b",
    re.IGNORECASE,
)
#: Phrases with a comparative word that compare nothing: which way an axis is better.
_NOT_COMPARING = re.compile(r"\b(?:higher|lower) is better\b|\bthe (?:higher|lower) the better\b", re.IGNORECASE)
#: What a sentence mentions rather than states: code spans and double-quoted text.
_MENTIONED = re.compile(r"`[^`\n]*`|\"[^\"\n]*\"|“[^”\n]*”")
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
#: Where a sentence ends: after . ! or ? and a space, at a blank line, or before a list item or heading.
_BOUNDARY = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*(?:[-*+] |\d+\. |#|\|))")
#: Keys whose values are not the guide's sentences: ids, verdict words and styles, quotes from the source.
_SKIPPED_KEYS = frozenset(
    {"id", "source", "sources", "quote", "word", "symbol", "colour", "unit", "url", "levels", "meaning", "better"}
    | {"straddle", "environment"}
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
    """Every checked statement whose words it says (their indices in ``claims.yml``)."""

    def problem(self, message: str) -> Problem:
        return Problem(self.file, self.line, "", message)


def comparative(text: str) -> bool:
    """Whether ``text`` states a comparison, once what it only mentions is left out."""
    stated = _NOT_COMPARING.sub(" ", _LINK_TARGET.sub("]", _MENTIONED.sub(" ", REFERENCE.sub(" ", text))))
    return bool(COMPARATIVE.search(stated))


def split(text: str) -> Iterator[tuple[int, str]]:
    """Each sentence of ``text`` with the number of line breaks before it."""
    start = 0
    for m in _BOUNDARY.finditer(text):
        yield text.count("\n", 0, start), text[start : m.start()]
        start = m.end()
    yield text.count("\n", 0, start), text[start:]


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
            if not COMPARATIVE.search(text):
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


def sentences(data: Data, pages: Mapping[str, str] | None = None) -> list[Sentence]:
    """Every comparative sentence of the guide's data and ``pages`` (path -> text), with what backs it."""
    claims = {c.id for c in data.claims.claims} | {f.id for _, _, f in facts(data)}
    says = [(" ".join(s.says.split()), i) for i, s in enumerate(data.claims.statements)]
    sources: list[tuple[str, int, str]] = list(_data_texts(data))
    sources += [(path, 1, _page_prose(text)) for path, text in (pages or {}).items()]
    out = []
    for file, line, text in sources:
        for before, sentence in split(text):
            if not comparative(sentence):
                continue
            flat = " ".join(sentence.split())
            refs = [m.group(1).strip() for m in REFERENCE.finditer(flat)]
            claim = next((r for r in refs if r in claims), None)
            statements = tuple(i for s, i in says if s and s in flat)
            backed = f"claim {claim}" if claim else f"statement {statements[0]}" if statements else ""
            out.append(Sentence(file, line + before, flat, backed, statements))
    return out
