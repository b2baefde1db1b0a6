"""The step from format 2 to format 3: a value typed by hand is one of the numbers its quote states.

Format 3 refuses a typed table value (or fact) that none of the numbers of its own quote (its row's
``source.quote`` or its own, ``sources: {<series>: {quote: ...}}``) agrees with, unless the source's new
``derived`` field says how it is computed from them (:mod:`generator.schema.quoted`). Old data that
disagrees cannot be mended by a program (the value or the quote may be the typo, or the value a sum):
the step lists each such value as a question for its author and changes nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.migrate.tree import line_of
from generator.schema.quoted import disagreement

#: One thing a step cannot decide: (file, line, field, message); the steps module makes it a ``Note``.
Question = tuple[str, int, str, str]


def _text(source: Any, key: str) -> str | None:
    value = source.get(key) if isinstance(source, CommentedMap) else None
    return value if isinstance(value, str) else None


def _typed(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if isinstance(value, float) else int(value)


def _ask(path: str, node: CommentedMap, key: str, where: str, value: Any, unit: Any, *sources: Any) -> list[Question]:
    quote = derived = None
    for source in sources:
        quote = _text(source, "quote") or quote
        derived = _text(source, "derived") or derived
    typed = _typed(value)
    unit = unit if isinstance(unit, str) else None  # a quote stating its unit answers the unit question
    why = disagreement(typed, quote, unit) if typed is not None and quote is not None and derived is None else None
    return [(path, line_of(node, key), where, why)] if why is not None else []


def typed_values_against_their_quotes(files: dict[str, Any]) -> tuple[dict[str, Any], list[Question]]:
    """The files unchanged, and a question per typed value its own quote does not state."""
    questions: list[Question] = []
    for path in sorted(files):
        doc = files[path]
        if not path.startswith("tables/") or not isinstance(doc, CommentedMap):
            continue
        rows = doc.get("rows") if isinstance(doc.get("rows"), CommentedSeq) else []
        for r_i, row in enumerate(rows):
            if not isinstance(row, CommentedMap) or not isinstance(row.get("values"), CommentedMap):
                continue
            per_value = row.get("sources") if isinstance(row.get("sources"), CommentedMap) else {}
            for sid, value in row["values"].items():
                where = f"rows[{r_i}].values.{sid}"
                sources = (row.get("source"), per_value.get(sid))
                questions += _ask(path, row["values"], sid, where, value, doc.get("unit"), *sources)
        facts = doc.get("facts") if isinstance(doc.get("facts"), CommentedSeq) else []
        for f_i, fact in enumerate(facts):
            if isinstance(fact, CommentedMap):
                where = f"facts[{f_i}].value"
                questions += _ask(path, fact, "value", where, fact.get("value"), fact.get("unit"), fact.get("source"))
    return copy.deepcopy(files), questions
