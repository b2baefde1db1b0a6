"""The steps about what the source says: verdicts that cite it, the answer first, text a reader sees as it is,
typed values against their quotes (commits 1a80c96, fb01f4a and format 3).

Each is pure, data -> data (:mod:`generator.migrate.step_base`); :mod:`generator.migrate.steps` runs them in order.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Iterator
from typing import Any

from ruamel.yaml.comments import CommentedMap

from generator.migrate import format2
from generator.migrate.step_base import Done, Files, Note, columns_of, copy_files, records
from generator.migrate.tree import comment, insert_after, line_of, remove_key

# --- 1a80c96: a verdict no number decides cites the source ----------------------------------------------


def judgements_cite_the_source(files: Files) -> Done:
    """A judgement states the source it rests on and takes the ``judged`` level (1a80c96).

    A judgement without ``source`` cannot be shown as a verdict, and no step can quote a source: its
    reason becomes the cell's note (after a note already there), and a comment beside the note keeps
    the old word and level so that the author can cite the source and put it back. A judgement that
    cites a source and takes a band's level without the number that puts it there takes ``judged``.
    """
    done = copy_files(files)
    kept = False
    for path, doc in records(done.files, "options"):
        judgements = doc.get("judgements")
        if not isinstance(judgements, CommentedMap):
            continue
        for col in list(judgements):
            j = judgements[col]
            if not isinstance(j, CommentedMap):
                continue
            line = line_of(judgements, col)
            if "source" in j:
                kept = True
                if j.get("level", "judged") != "judged" and "value" not in j:
                    remove_key(j, "level")
                    done.changed.append(Note(path, line, f"judgements.{col}.level", "removed: a judgement is judged"))
                continue
            if not isinstance(j.get("reason"), str):
                done.undecided.append(Note(path, line, f"judgements.{col}", "has no reason to keep; cite the source"))
                continue
            notes = doc.get("cell_notes")
            if not isinstance(notes, CommentedMap):
                notes = CommentedMap()
                insert_after(doc, "judgements", "cell_notes", notes)
            reason = j["reason"].strip()
            notes[col] = f"{str(notes[col]).strip()} {reason}" if col in notes else reason
            word, level = j.get("word", ""), j.get("level", "")
            comment(notes, col, f"was judged {word!r} ({level}) without a source; cite it to show the verdict")
            del judgements[col]
            done.changed.append(
                Note(
                    path,
                    line,
                    f"judgements.{col}",
                    f"{word!r} cites no source: now the cell's note, the verdict not shown",
                )
            )
        if not judgements:
            remove_key(doc, "judgements")
    guide = done.files.get("guide.yml")
    levels = guide.get("levels") if isinstance(guide, CommentedMap) else None
    if kept and isinstance(levels, CommentedMap) and "judged" not in levels:
        done.undecided.append(
            Note(
                "guide.yml", line_of(guide, "levels"), "levels", "add a `judged` style (colour, symbol, meaning, word)"
            )
        )
    return done


#: The words of a question that a quote of the source answers (``migrate --cite-later`` can defer it).
CITES = "needs `source: {quote: ...}`"


def attribute_verdicts_cite_the_source(files: Files, cite_later: bool = False) -> Done:
    """A category value that decides a verdict cites the source (1a80c96); without one it reads "not stated".

    The value becomes the column's one category whose level is ``unknown`` (what the check offers:
    "use a value the source does not decide"); a comment keeps the old value so the author can cite
    the source and put it back. A column with no such category, or several, is left to the author;
    with ``cite_later`` (``migrate --cite-later``) its value stays and is marked ``uncited: true``,
    shown as "not yet cited" and listed by ``check`` as work to do.
    """
    done = copy_files(files)
    for i, col in columns_of(done.files, "category"):
        categories = col.get("categories")
        attribute = col.get("attribute")
        if not isinstance(categories, CommentedMap):
            continue
        unknown = [k for k, v in categories.items() if isinstance(v, dict) and v.get("level") == "unknown"]
        for path, doc in records(done.files, "options"):
            attrs = doc.get("attributes")
            entry = attrs.get(attribute) if isinstance(attrs, CommentedMap) else None
            if not isinstance(entry, CommentedMap) or "source" in entry or entry.get("uncited") is True:
                continue  # cited, or marked as not yet cited: the new shape
            outcome = categories.get(entry.get("value"))
            if not isinstance(outcome, dict) or outcome.get("level") in ("unknown", None):
                continue
            line = line_of(entry, "value")
            fld = f"attributes.{attribute}.value"
            if len(unknown) != 1 and cite_later:
                if entry.fa.flow_style():
                    entry.fa.set_block_style()
                insert_after(entry, "value", "uncited", True)
                comment(entry, "uncited", "cite the source with `source: {quote: ...}`, then remove this line")
                done.changed.append(Note(path, line, fld, f"{entry['value']!r} cites no source: kept, not yet cited"))
                continue
            if len(unknown) != 1:
                done.undecided.append(
                    Note(
                        path,
                        line,
                        fld,
                        f"{entry['value']!r} {CITES} (column {i} has no one unknown value)",
                    )
                )
                continue
            old = entry["value"]
            if entry.fa.flow_style():
                entry.fa.set_block_style()
            entry["value"] = unknown[0]
            comment(entry, "value", f"was {old} ({outcome.get('word')}) without a source; cite it to show it")
            done.changed.append(Note(path, line, fld, f"{old!r} cites no source: now {unknown[0]!r}"))
    return done


# --- 1a80c96: the answer first ---------------------------------------------------------------------------


def answer_first(files: Files) -> Done:
    """The bottom line states a ``headline`` shown first on the overview (1a80c96): the summary's words.

    ``recommended`` rows are optional: the first release marked none, so none is marked.
    """
    done = copy_files(files)
    rec = done.files.get("recommendation.yml")
    if isinstance(rec, CommentedMap) and "headline" not in rec and isinstance(rec.get("summary"), str):
        rec.insert(0, "headline", copy.deepcopy(rec["summary"]))
        done.changed.append(Note("recommendation.yml", line_of(rec, "summary"), "headline", "the summary's words"))
    return done


# --- fb01f4a: text a reader sees as it is ------------------------------------------------------------------

_HIDDEN = {"Cf", "Zl", "Zp", "Co", "Cs"}


def visible_text(files: Files) -> Done:
    """Text holds no invisible or bidirectional control characters (fb01f4a); the author removes them."""
    done = copy_files(files)
    for path in sorted(done.files):
        for container, key, where, text in _strings(done.files[path], ()):
            bad = [
                c
                for c in text
                if unicodedata.category(c) in _HIDDEN or (unicodedata.category(c) == "Cc" and c not in "\n\t")
            ]
            if bad:
                fld = ".".join(str(p) for p in where)
                message = f"holds U+{ord(bad[0]):04X}, a character a reader cannot see; remove it"
                done.undecided.append(Note(path, line_of(container, key), fld, message))
    return done


def _strings(node: Any, where: tuple[Any, ...]) -> Iterator[tuple[Any, Any, tuple[Any, ...], str]]:
    """Every text in ``node``: its container, key, path and the text."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        if isinstance(value, str):
            yield node, key, (*where, key), value
        else:
            yield from _strings(value, (*where, key))


def typed_values_against_their_quotes(files: Files) -> Done:
    """Format 3: a typed value is one of the numbers its own quote states, or its source says how it is
    ``derived`` from them; each that is neither is a question for the author (:mod:`generator.migrate.format2`)."""
    new, questions = format2.typed_values_against_their_quotes(files)
    return Done(new, undecided=[Note(*question) for question in questions])
