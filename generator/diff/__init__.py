"""Compare two derived guides: what a reviewer of a data change needs to see.

Pure functions over two :class:`~generator.derive.guide.Derived` guides, the base and
the head of a change. The result says, most important first:

* which matrix verdicts flip (amber -> green), with the numbers behind the flip, and how each option
  reads in columns a change removed and added (a split or renamed column);
* which measured values move, and what that does to the computed ratios;
* which numbers quoted in prose change, which hand-written sentences quote a claim that now reads the
  other way (``quotes``), and how the bottom line changes;
* which paths, tables, claims, columns and decision rules are added or removed;
* which maps and ``metrics:`` changed how the values of kept files are found (``reading``);
* which records have other edits (text), by field;
* which sentences the change adds that state a comparison nothing backs (``sentences``).

One module per kind of change (``measured``, ``verdicts``, ``records``,
``rules``) over the dataclasses of ``model``. Nothing here reads files or runs git
(:mod:`generator.diff.revisions` does) or formats text for a reader (:mod:`generator.diff.report` does).
"""

from __future__ import annotations

from generator.diff.measured import claim_changes, ratio_changes, value_changes
from generator.diff.model import (
    Change,
    ClaimChange,
    Flip,
    GuideDiff,
    Judged,
    RatioChange,
    ValueChange,
    judged,
    shown,
)
from generator.diff.quotes import QuoteFlip, quote_flips
from generator.diff.reading import reading_changes
from generator.diff.records import added_and_removed, edits, recommendation_changes
from generator.diff.revisions import Side
from generator.diff.rules import rule_changes
from generator.diff.sentences import new_unbacked
from generator.diff.verdicts import column_verdicts, flips

__all__ = [
    "Change",
    "ClaimChange",
    "Flip",
    "GuideDiff",
    "Judged",
    "QuoteFlip",
    "RatioChange",
    "ValueChange",
    "diff_guides",
    "judged",
    "shown",
]


def diff_guides(base: Side, head: Side) -> GuideDiff:
    """Everything that changed from ``base`` to ``head``, most important first."""
    a, b = base.derived, head.derived
    values = value_changes(a, b)
    added, removed = added_and_removed(a, b)
    return GuideDiff(
        base=str(base.revision),
        head=str(head.revision),
        base_commit=base.revision.commit,
        head_commit=head.revision.commit,
        noun=b.data.guide.option_noun,
        flips=flips(a, b, values),
        columns=column_verdicts(a, b),
        values=values,
        ratios=ratio_changes(a, b),
        claims=claim_changes(a, b),
        quote_flips=quote_flips(a, b),
        recommendation=recommendation_changes(a, b),
        added=added,
        removed=removed,
        rules=rule_changes(base.rules, head.rules),
        reading=reading_changes(a, b),
        edits=edits(a, b),
        unbacked=new_unbacked(a, b),
    )
