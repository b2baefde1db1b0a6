"""A text log read through a map's patterns, searched by RE2 over the whole file (:mod:`.patterns`).

A pattern may span lines and anchor on the lines above its value (a table's title, its header); each value
says the line its ``value`` group starts on. With ``runs:``, each line where that pattern matches starts a run,
which reaches to the next one; each metric is then searched in its run's lines only.
"""

from __future__ import annotations

import bisect
from typing import Any

from generator.read.formats.decoding import text_lines
from generator.read.formats.tool_output import ToolOutputError
from generator.read.maps.patterns import PatternMatch
from generator.read.maps.spec import DeclaredMap, Field
from generator.read.maps.values import Read, fill

#: How many matches of a metric's pattern are named when it matches more than once.
_SHOWN = 5


def text_runs(spec: DeclaredMap, text: str) -> list[Read]:
    lines = text_lines(text, spec.tool)  # refuses a line longer than a tool writes, by its number
    whole = "\n".join(lines)  # line breaks as \n, as a pattern writes them
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def line_of(offset: int) -> int:
        return bisect.bisect_right(starts, offset)

    if spec.runs_pattern is None:
        parts = [("", 0, len(whole))]
    else:
        run_lines = sorted({line_of(m.start()) for m in spec.runs_pattern.finditer(whole)})
        if not run_lines:
            raise ToolOutputError("", f"runs: no line matches {spec.runs!r} in this file")
        begins = [starts[n - 1] for n in run_lines]
        ends = [*begins[1:], len(whole)]
        parts = [
            (f"run {n} (from line {line}): ", b, e)
            for n, (line, b, e) in enumerate(zip(run_lines, begins, ends, strict=True), 1)
        ]
    out = []
    for head, begin, end in parts:
        part = whole[begin:end]

        def found(field: Field, part: str = part, begin: int = begin, head: str = head) -> tuple[Any, str]:
            assert field.pattern is not None
            value = field.pattern.groupindex["value"]  # RE2's start() takes a group's number
            hits: list[PatternMatch] = []
            for match in field.pattern.finditer(part):
                hits.append(match)
                if len(hits) > _SHOWN:
                    break
            if not hits:
                raise ToolOutputError("", f"{head}{field.name}: no text matches {field.selector!r}")
            if len(hits) > 1:
                shown = ", ".join(str(line_of(begin + max(m.start(value), m.start()))) for m in hits[:_SHOWN])
                count = f"{len(hits)}" if len(hits) <= _SHOWN else f"more than {_SHOWN}"
                raise ToolOutputError(
                    "",
                    f"{head}{field.name}: {count} places match {field.selector!r} (lines {shown}): a metric is"
                    " one value; make the pattern more specific, or mark where each run starts with runs:",
                )
            match = hits[0]
            return match.group(value), f"line {line_of(begin + max(match.start(value), match.start()))}"

        out.append(fill(spec.metrics, spec.workload + spec.setup, found, *spec.numbers))
    return out
