"""Rule: every list of runs is long enough for the spread its table shows and the bound it states."""

from __future__ import annotations

from generator import schema
from generator.errors import Problem
from generator.model import Data, at, measurement_tables


def runs_enough(data: Data) -> list[Problem]:
    """A ``stdev`` spread needs 2 runs, a ``ci95`` spread 3; a table stating ``repetitions: N`` needs N."""
    problems = []
    for t in measurement_tables(data):
        need = schema.RUNS_NEEDED[t.spread]
        for r_i, row in enumerate(t.rows):
            for sid, value in row.values.items():
                if not isinstance(value, schema.Runs):
                    continue
                listed = value.runs if value.runs is not None else value.files
                count = len(listed or [])
                field = "runs" if value.runs is not None else "files"
                loc = ("rows", r_i, "values", sid, field)
                runs = f"{count} run{'s' if count != 1 else ''}"
                if count < need:
                    problems.append(
                        at(
                            data,
                            t,
                            loc,
                            f"spread {t.spread!r} needs at least {need} runs per value; this value has {runs}",
                        )
                    )
                if t.repetitions is not None and count < t.repetitions:
                    problems.append(
                        at(
                            data,
                            t,
                            loc,
                            f"the table states at least {t.repetitions} repetitions; this value lists {runs}",
                        )
                    )
    return problems
