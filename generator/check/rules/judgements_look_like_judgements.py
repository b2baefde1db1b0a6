"""Rule: a judgement's level is a polarity of the colour key or the band of the number it states; it names
known contexts and a known option to compare with."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at

#: The levels a judgement may state without a number: the polarity the guide's colour key gives its word.
POLARITIES = ("good", "mid", "bad")


def judgement_paths(option: schema.Option, col_id: str) -> list[tuple[tuple[str | int, ...], schema.Judgement]]:
    """Each judgement of ``col_id`` with its path in the record (``judgements.speed`` or ``judgements.speed.1``)."""
    given = option.judgements.get(col_id)
    if given is None:
        return []
    if isinstance(given, list):
        return [(("judgements", col_id, i), j) for i, j in enumerate(given)]
    return [(("judgements", col_id), given)]


def judgements_look_like_judgements(data: Data) -> list[Problem]:
    columns = {c.id: c for c in data.guide.columns}
    contexts = {c.id for c in data.guide.contexts}
    options = {o.id for o in data.options}
    problems = []
    for o in data.options:
        for col_id in o.judgements:
            col = columns.get(col_id)
            if not isinstance(col, schema.ComparisonColumn):
                continue
            paths = judgement_paths(o, col_id)
            seen: dict[str, tuple[str | int, ...]] = {}
            for path, j in paths:
                if j.value is None and j.level not in (*POLARITIES, "judged"):
                    problems.append(
                        at(
                            data,
                            o,
                            (*path, "level"),
                            f"level {j.level!r} is not a judgement's: give the colour key's level of the word "
                            f"({', '.join(POLARITIES)}) or leave `level` out for a neutral judgement",
                        )
                    )
                elif j.value is not None:
                    computed = next(b for b in col.bands if b.min is None or j.value >= b.min).level
                    if j.level not in ("judged", computed):
                        problems.append(
                            at(
                                data,
                                o,
                                (*path, "level"),
                                f"the stated value {j.value} falls in the {computed!r} band "
                                f"of column {col_id!r}, not {j.level!r}",
                            )
                        )
                for i, ctx in enumerate(j.contexts):
                    if ctx not in contexts:
                        problems.append(
                            at(
                                data,
                                o,
                                (*path, "contexts", i),
                                f"unknown context {ctx!r}; expected one of: " + ", ".join(sorted(contexts)),
                            )
                        )
                    elif ctx in seen:
                        problems.append(
                            at(
                                data,
                                o,
                                (*path, "contexts", i),
                                f"context {ctx!r} already has a judgement in this column",
                            )
                        )
                    else:
                        seen[ctx] = path
                if j.against is not None and j.against not in options:
                    problems.append(at(data, o, (*path, "against"), expect("option", j.against, options)))
                elif j.against == o.id:
                    problems.append(at(data, o, (*path, "against"), "a judgement compares with another option"))
                for side in ("above", "below"):
                    other = getattr(j, side)
                    if other is not None and (other not in options or other == o.id):
                        known = [x for x in options if x != o.id]
                        problems.append(at(data, o, (*path, side), expect("option to rank next to", other, known)))
                if j.above is not None and j.below is not None:
                    problems.append(at(data, o, (*path, "below"), "a judgement ranks above one option or below one"))
            if len(paths) > 1 and any(not j.contexts for _, j in paths):
                path = next(p for p, j in paths if not j.contexts)
                problems.append(at(data, o, path, "a column with several judgements gives each one its `contexts`"))
    return problems
