"""The migration steps: one small pure function per change of the data format, data -> data.

A step takes every data file of a guide (:data:`Files`: path under the data folder -> the file's
round-trip YAML tree) and returns a new set of files (the input is never changed), what it changed,
and what it cannot decide without the author. It changes only what is written in the old shape, so
running it on data already in the new shape changes nothing. :data:`STEPS` lists, per format, the
steps that take a guide from it to the next one; ``python -m generator migrate`` runs them in order.

Format 1 is the first release's (commit 8761413) and every guide that states no ``format:``; the
changes that broke it came in before the format had a number, so all of them lead to format 2. Each
step's docstring names the commit that changed the format. A step never invents data: where the new
format asks for something the old data does not say (a quote of the source, a note saying what
failed), it gives the nearest reading the new format allows without it and says so, or it lists
the question for the author.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.migrate import format1, format2
from generator.migrate.tree import comment, flow_map, insert_after, line_of, remove_key, rename_key

#: Every data file of a guide: path under the data folder (``options/x.yml``) -> its round-trip YAML tree.
Files = dict[str, Any]


@dataclass(frozen=True, order=True)
class Note:
    """One thing a step changed or cannot decide, at a file, line and field."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


@dataclass
class Done:
    """What a step returns: the new files, what it changed, and what it left for the author to decide."""

    files: Files
    changed: list[Note] = field(default_factory=list)
    undecided: list[Note] = field(default_factory=list)


Step = Callable[[Files], Done]


def _copy(files: Files) -> Done:
    return Done(copy.deepcopy(files))


def _records(files: Files, folder: str) -> Iterator[tuple[str, CommentedMap]]:
    for path in sorted(files):
        if path.startswith(f"{folder}/") and isinstance(files[path], CommentedMap):
            yield path, files[path]


def _maps(value: Any) -> Iterator[tuple[int, CommentedMap]]:
    if isinstance(value, CommentedSeq):
        for i, item in enumerate(value):
            if isinstance(item, CommentedMap):
                yield i, item


def _columns(files: Files, kind: str) -> Iterator[tuple[int, CommentedMap]]:
    guide = files.get("guide.yml")
    if isinstance(guide, CommentedMap):
        for i, col in _maps(guide.get("columns")):
            if col.get("kind") == kind:
                yield i, col


# --- 439510e: a campaign's environment as labelled facts ------------------------------------------


def campaign_environment(files: Files) -> Done:
    """A campaign's fixed set-up fields of format 1 become ``environment`` facts (439510e).

    The facts carry the labels and the wording the first release's methodology page printed for
    those fields (:func:`generator.migrate.format1.hardware_facts`), so the page reads as it did.
    """
    done = _copy(files)
    text_fields = [key for key, _ in format1.CAMPAIGN_TEXT_FIELDS]
    for path, doc in _records(done.files, "campaigns"):
        old = [k for k in (format1.CAMPAIGN_HARDWARE, *text_fields) if k in doc]
        if not old:
            continue
        line = line_of(doc, old[0])
        hw = doc.get(format1.CAMPAIGN_HARDWARE)
        if "environment" in doc:
            done.undecided.append(
                Note(path, line, old[0], "states both the old set-up fields and `environment`; keep one of them")
            )
            continue
        if format1.CAMPAIGN_HARDWARE in doc and not (
            isinstance(hw, dict) and all(k in hw for k in format1.HARDWARE_FIELDS)
        ):
            need = ", ".join(format1.HARDWARE_FIELDS)
            message = f"expected a mapping with {need}; complete it first"
            done.undecided.append(Note(path, line, format1.CAMPAIGN_HARDWARE, message))
            continue
        facts = CommentedSeq()
        rows = format1.hardware_facts(hw) if isinstance(hw, dict) else []
        rows += [(label, str(doc[key])) for key, label in format1.CAMPAIGN_TEXT_FIELDS if key in doc]
        for label, value in rows:
            facts.append(flow_map(label=label, value=value))
        insert_after(doc, old[-1], "environment", facts)
        for key in old:
            remove_key(doc, key)
        done.changed.append(Note(path, line, "environment", f"{', '.join(old)} became {len(facts)} labelled facts"))
    return done


# --- 439510e: platforms --------------------------------------------------------------------------------


def option_platforms(files: Files) -> Done:
    """An option's format 1 list of where it runs is ``platforms``; so is the filter that read it (439510e)."""
    done = _copy(files)
    old_key = format1.OPTION_WHERE
    for path, doc in _records(done.files, "options"):
        if old_key in doc:
            line = line_of(doc, old_key)
            if "platforms" in doc:
                done.undecided.append(Note(path, line, old_key, f"states both `{old_key}` and `platforms`; keep one"))
                continue
            rename_key(doc, old_key, "platforms")
            done.changed.append(Note(path, line, old_key, "is now `platforms`"))
    decisions = done.files.get("decisions.yml")
    if isinstance(decisions, CommentedMap):
        for i, flt in _maps(decisions.get("filters")):
            if flt.get("kind") == format1.FILTER_KIND:
                flt["kind"] = "platform"
                where = line_of(flt, "kind")
                done.changed.append(
                    Note("decisions.yml", where, f"filters[{i}].kind", f"{format1.FILTER_KIND} -> platform")
                )
    return done


# --- 1a80c96: one precision per table ------------------------------------------------------------------

#: The precision a claim or a comparison had in format 1 when it stated none.
OLD_DEFAULT_DIGITS = 2


def one_precision_per_table(files: Files) -> Done:
    """``digits`` moves from claims and comparisons to their table; a claim's ``approx`` goes (1a80c96).

    Every ratio of a table is now printed with the table's one ``digits``. It takes the most
    decimals any claim or comparison of the table printed (2 where one stated none), so no number
    loses precision; each ratio that now prints with more decimals than before is listed. The
    engine prints a computed ratio as computed, so a claim's ``~`` (``approx: true``) is dropped.
    """
    done = _copy(files)
    tables = {doc.get("id"): (path, doc) for path, doc in _records(done.files, "tables")}
    used: dict[str, list[tuple[str, int, str, int]]] = {}  # table id -> (file, line, field, digits)
    for path, doc in _records(done.files, "tables"):
        for i, comp in _maps(doc.get("comparisons")):
            if "digits" in comp:
                used.setdefault(doc.get("id"), []).append(
                    (path, line_of(comp, "digits"), f"comparisons[{i}].digits", comp["digits"])
                )
                remove_key(comp, "digits")
    claims = done.files.get("claims.yml")
    if isinstance(claims, CommentedMap):
        for i, claim in _maps(claims.get("claims")):
            if claim.get("approx") is True:
                done.changed.append(
                    Note(
                        "claims.yml",
                        line_of(claim, "approx"),
                        f"claims[{i}].approx",
                        "dropped: ratios print as computed, without ~",
                    )
                )
            if "approx" in claim:
                remove_key(claim, "approx")
            if "digits" in claim:
                used.setdefault(claim.get("table"), []).append(
                    ("claims.yml", line_of(claim, "digits"), f"claims[{i}].digits", claim["digits"])
                )
                remove_key(claim, "digits")
    for table_id, stated in used.items():
        if table_id not in tables or not all(isinstance(d, int) and not isinstance(d, bool) for *_, d in stated):
            continue  # an unknown table or a digits that is no number: the check names it
        path, doc = tables[table_id]
        digits = doc.get("digits", max(d for *_, d in stated))
        if "digits" not in doc:
            insert_after(doc, "better" if "better" in doc else None, "digits", digits)
            done.changed.append(
                Note(path, line_of(doc, "better"), "digits", f"{digits}, from its claims and comparisons")
            )
        for file, line, fld, d in stated:
            if d != digits:
                done.changed.append(Note(file, line, fld, f"was {d}: this ratio now prints with the table's {digits}"))
    return done


# --- 1a80c96: a cell over several regimes never shows the best alone ------------------------------------


def regimes_split_or_worst(files: Files) -> Done:
    """A comparison column's ``aggregate: max`` is ``split``, ``min`` is ``worst`` (1a80c96).

    ``max`` showed the best regime's verdict alone; ``split`` shows each regime's verdict where they
    differ (the best among them), and is the same cell where they agree. ``min`` was the worst.
    """
    done = _copy(files)
    for i, col in _columns(done.files, "comparison"):
        old = col.get("aggregate")
        if old in _AGGREGATES:
            col["aggregate"] = _AGGREGATES[old]
            done.changed.append(
                Note("guide.yml", line_of(col, "aggregate"), f"columns[{i}].aggregate", f"{old} -> {_AGGREGATES[old]}")
            )
    return done


_AGGREGATES = {"max": "split", "min": "worst"}


# --- 1a80c96, fb01f4a: three negative support states, each with an outcome ------------------------------


def every_support_status(files: Files) -> Done:
    """A support column gives an outcome to ``not tried`` and ``cannot run`` too (1a80c96, fb01f4a).

    No format 1 record states them. Each takes the status's own name as its word and the level of
    the outcome closest to it: ``not tried`` that of ``not measured``, ``cannot run`` that of ``no``.
    """
    done = _copy(files)
    for i, col in _columns(done.files, "support"):
        statuses = col.get("statuses")
        if not isinstance(statuses, CommentedMap):
            continue
        after = "no"
        for status, like in (("not tried", "not measured"), ("cannot run", "no")):
            if status in statuses:
                after = status
                continue
            outcome = statuses.get(like)
            if not isinstance(outcome, dict) or "level" not in outcome:
                done.undecided.append(
                    Note(
                        "guide.yml",
                        line_of(statuses),
                        f"columns[{i}].statuses",
                        f"give {status!r} an outcome (level, word)",
                    )
                )
                continue
            insert_after(
                statuses, after if after in statuses else None, status, flow_map(level=outcome["level"], word=status)
            )
            after = status
            done.changed.append(
                Note(
                    "guide.yml",
                    line_of(statuses),
                    f"columns[{i}].statuses",
                    f"added {status!r} at the level of {like!r}",
                )
            )
    return done


def negative_support_says_why(files: Files) -> Done:
    """A support status ``no`` says what failed in its note (bbe5b90); the old data cannot say it for the author."""
    done = _copy(files)
    for path, doc in _records(done.files, "options"):
        support = doc.get("support")
        if not isinstance(support, CommentedMap):
            continue
        for ctx, entry in support.items():
            if isinstance(entry, CommentedMap) and entry.get("status") == "no" and not entry.get("note"):
                done.undecided.append(
                    Note(
                        path,
                        line_of(entry, "status"),
                        f"support.{ctx}.status",
                        "'no' needs a note saying what failed; add `note:`",
                    )
                )
    return done


# --- 1a80c96: a verdict no number decides cites the source ----------------------------------------------


def judgements_cite_the_source(files: Files) -> Done:
    """A judgement states the source it rests on and takes the ``judged`` level (1a80c96).

    A judgement without ``source`` cannot be shown as a verdict, and no step can quote a source: its
    reason becomes the cell's note (after a note already there), and a comment beside the note keeps
    the old word and level so that the author can cite the source and put it back. A judgement that
    cites a source and takes a band's level without the number that puts it there takes ``judged``.
    """
    done = _copy(files)
    kept = False
    for path, doc in _records(done.files, "options"):
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
    done = _copy(files)
    for i, col in _columns(done.files, "category"):
        categories = col.get("categories")
        attribute = col.get("attribute")
        if not isinstance(categories, CommentedMap):
            continue
        unknown = [k for k, v in categories.items() if isinstance(v, dict) and v.get("level") == "unknown"]
        for path, doc in _records(done.files, "options"):
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
    done = _copy(files)
    rec = done.files.get("recommendation.yml")
    if isinstance(rec, CommentedMap) and "headline" not in rec and isinstance(rec.get("summary"), str):
        rec.insert(0, "headline", copy.deepcopy(rec["summary"]))
        done.changed.append(Note("recommendation.yml", line_of(rec, "summary"), "headline", "the summary's words"))
    return done


# --- fb01f4a: text a reader sees as it is ------------------------------------------------------------------

_HIDDEN = {"Cf", "Zl", "Zp", "Co", "Cs"}


def visible_text(files: Files) -> Done:
    """Text holds no invisible or bidirectional control characters (fb01f4a); the author removes them."""
    done = _copy(files)
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


#: The steps ``migrate --cite-later`` runs instead: a value that cites no source is kept and marked uncited.
CITE_LATER: dict[Step, Step] = {
    attribute_verdicts_cite_the_source: lambda files: attribute_verdicts_cite_the_source(files, cite_later=True),
}

#: Per format, the steps that take a guide from it to the next format, in order.
STEPS: dict[int, list[Step]] = {
    1: [
        campaign_environment,
        option_platforms,
        one_precision_per_table,
        regimes_split_or_worst,
        every_support_status,
        negative_support_says_why,
        judgements_cite_the_source,
        attribute_verdicts_cite_the_source,
        answer_first,
        visible_text,
    ],
    2: [typed_values_against_their_quotes],
}
