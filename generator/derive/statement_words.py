"""A checked statement's words agree with what it asserts, in the polarity of the table it speaks of.

"faster", "better", "ahead" are the better value of the table (a lower one where ``better: lower``, as for a
latency or an output size), "slower", "worse", "behind" the worse; "smaller", "fewer", "lower" are a lower value
and "larger", "more", "higher" a higher one, whatever the table's polarity; "ties" is a tie. A superlative
("the smallest", "fastest", "best") compares with every other series, so its statement names them all (a list,
or ``than: all others``). A statement whose words say one thing and whose ``direction`` asserts another would
hold a false sentence to the data, so it is refused at its own line.
"""

from __future__ import annotations

from generator import schema
from generator.model import Data, measurement_tables
from generator.sentences import stated


def _wanted(sense: str, better: str) -> str | None:
    """The ``direction`` a word of ``sense`` asserts in a table where ``better`` values are better."""
    worse = "lower" if better == "higher" else "higher"
    return {"good": better, "bad": worse, "up": "higher", "down": "lower", "tie": "tie"}.get(sense)


def disagreement(data: Data, statement: schema.Statement) -> str:
    """What ``statement``'s words say that its assertion does not (empty: they agree, or it states a verdict)."""
    if statement.option is not None:
        return ""
    table = next((t for t in measurement_tables(data) if t.id == statement.table), None)
    if table is None or statement.series is None:
        return ""
    for word in stated(" ".join(statement.says.split())):
        wanted = _wanted(word.sense, table.better)
        if wanted is not None and wanted != statement.direction:
            polarity = f" (better: {table.better})" if word.sense in ("good", "bad") else ""
            return (
                f"says {word.word!r}, a {wanted} value in table {table.id!r}{polarity}, but asserts "
                f"{statement.direction}: make `direction` {wanted}, or the words say what the data does"
            )
        if word.superlative:
            others = {s.id for s in table.series} - {statement.series}
            than = statement.than
            named = others if than == "all others" else {than} if isinstance(than, str) else set(than or [])
            if others - named:
                left = ", ".join(sorted(others - named))
                return (
                    f"says {word.word!r}, a comparison with every other series of table {table.id!r}, but does not "
                    f"compare with {left}: write `than: all others` (or list them)"
                )
    return ""
