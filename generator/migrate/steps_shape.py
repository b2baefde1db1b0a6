"""The steps that reshape format-1 records: a campaign's environment, platforms, one precision per table,
a cell over several regimes, the negative support states (commits 439510e, 1a80c96, fb01f4a).

Each is pure, data -> data (:mod:`generator.migrate.step_base`); :mod:`generator.migrate.steps` runs them in order.
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.migrate import format1
from generator.migrate.step_base import Done, Files, Note, columns_of, copy_files, maps_in, records
from generator.migrate.tree import flow_map, insert_after, line_of, remove_key, rename_key

# --- 439510e: a campaign's environment as labelled facts ------------------------------------------


def campaign_environment(files: Files) -> Done:
    """A campaign's fixed set-up fields of format 1 become ``environment`` facts (439510e).

    The facts carry the labels and the wording the first release's methodology page printed for
    those fields (:func:`generator.migrate.format1.hardware_facts`), so the page reads as it did.
    """
    done = copy_files(files)
    text_fields = [key for key, _ in format1.CAMPAIGN_TEXT_FIELDS]
    for path, doc in records(done.files, "campaigns"):
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
    done = copy_files(files)
    old_key = format1.OPTION_WHERE
    for path, doc in records(done.files, "options"):
        if old_key in doc:
            line = line_of(doc, old_key)
            if "platforms" in doc:
                done.undecided.append(Note(path, line, old_key, f"states both `{old_key}` and `platforms`; keep one"))
                continue
            rename_key(doc, old_key, "platforms")
            done.changed.append(Note(path, line, old_key, "is now `platforms`"))
    decisions = done.files.get("decisions.yml")
    if isinstance(decisions, CommentedMap):
        for i, flt in maps_in(decisions.get("filters")):
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
    done = copy_files(files)
    tables = {doc.get("id"): (path, doc) for path, doc in records(done.files, "tables")}
    used: dict[str, list[tuple[str, int, str, int]]] = {}  # table id -> (file, line, field, digits)
    for path, doc in records(done.files, "tables"):
        for i, comp in maps_in(doc.get("comparisons")):
            if "digits" in comp:
                used.setdefault(doc.get("id"), []).append(
                    (path, line_of(comp, "digits"), f"comparisons[{i}].digits", comp["digits"])
                )
                remove_key(comp, "digits")
    claims = done.files.get("claims.yml")
    if isinstance(claims, CommentedMap):
        for i, claim in maps_in(claims.get("claims")):
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
    done = copy_files(files)
    for i, col in columns_of(done.files, "comparison"):
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
    done = copy_files(files)
    for i, col in columns_of(done.files, "support"):
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
    done = copy_files(files)
    for path, doc in records(done.files, "options"):
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
