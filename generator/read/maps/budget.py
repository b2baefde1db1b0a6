"""The budget of whole-file patterns: what reading a guide's kept files through its text maps may cost.

RE2 searches in time linear in the file, but its time per character grows with the pattern's program
(:attr:`~generator.read.maps.patterns.Pattern.programsize`): when its automaton outgrows its memory it steps
through the program's instructions for each character, about 3 to 14 ns per instruction and character on
this project's machines. A text map's patterns are each searched over the whole file (``runs:`` and every
metric, workload key and ``setup:`` field), so reading one file costs about **instructions in all × bytes**
of it: a pattern of 900 instructions and three metrics over a 2 MB file kept ``check`` over two minutes when
each metric read the file again. Each kept file is read once per map (every metric filled from that one pass,
:func:`generator.read.runs.read_run_file`), and a guide's reads together may cost at most :data:`BUDGET`
instruction-bytes (about half a minute at the slowest rate); a read past it is refused before it runs, at the
line of the map's largest pattern, with the figure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.read.maps.spec import DeclaredMap
from generator.read.yaml_source import read_yaml

#: Instruction-bytes (each pattern's program size × the bytes it searches, summed) a guide's reads may cost.
BUDGET = 2_000_000_000


def patterns_of(spec: DeclaredMap) -> list[tuple[tuple[str, ...], int]]:
    """Each whole-file pattern of ``spec`` (its place in the map file) with its program size."""
    out: list[tuple[tuple[str, ...], int]] = []
    if spec.runs_pattern is not None:
        out.append((("runs",), spec.runs_pattern.programsize))
    for part, fields in (("metrics", spec.metrics), ("workload", spec.workload), ("setup", spec.setup)):
        out += [((part, f.name, "pattern"), f.pattern.programsize) for f in fields if f.pattern is not None]
    return out


@dataclass
class PatternBudget:
    """What is left of a guide's :data:`BUDGET`; each file is charged once per map."""

    left: int = BUDGET
    charged: set[tuple[str, str]] = field(default_factory=set)

    def charge(self, root: Path, spec: DeclaredMap, path: str, digest: str, size: int) -> str | None:
        """Charge reading ``path`` (``size`` bytes, sha256 ``digest``) through ``spec``; why it is refused, or
        ``None`` when the budget takes it."""
        patterns = patterns_of(spec)
        if not patterns or (digest, spec.file) in self.charged:
            return None
        instructions = sum(size_ for _, size_ in patterns)
        cost = instructions * size
        if cost <= self.left:
            self.left -= cost
            self.charged.add((digest, spec.file))
            return None
        where, largest = max(patterns, key=lambda pattern: pattern[1])
        doc, _ = read_yaml(root / spec.file, spec.file)
        line = doc.line_of(where) if doc is not None else 0
        spent = BUDGET - self.left
        return (
            f"{spec.file}:{line}: {'.'.join(where)}: reading {path} ({size:,} bytes) through the {len(patterns)}"
            f" pattern(s) of {spec.file} ({instructions:,} instructions in all, this one {largest:,}) costs"
            f" {cost:,} instruction-bytes, over the guide's budget of {BUDGET:,}"
            + (f" ({spent:,} spent on other files)" if spent else "")
            + ": write smaller patterns (fewer or smaller {n,m}), or keep a smaller file"
        )
