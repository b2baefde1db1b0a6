"""nccl-tests' log lines as the table rank printed them: ``mpirun --tag-output``'s tags and ``srun -l``'s labels
taken off, NCCL's own log lines (``NCCL_DEBUG``) set aside even from the middle of a result row, and the
lines in which a run failed noted (see :mod:`nccl_tests` for what is read from them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

UNIT = {"time": "µs", "cputime": "µs", "algbw": "GB/s", "busbw": "GB/s", "i_min": "µs", "i_max": "µs", "i_p99": "µs"}
SIDES = ("out_of_place", "in_place")

#: ``mpirun --tag-output``'s tag of each piece a rank writes: ``[1,0]<stdout>:``.
_MPI_TAG = re.compile(r"\[\d+,(\d+)\]<(?:stdout|stderr|stddiag)>:")
#: ``srun -l``'s label of each line: ``0: `` (right-aligned, so possibly after spaces).
_SRUN_LABEL = re.compile(r"^\s*(\d+): ")
#: A line of NCCL's own log (``NCCL_DEBUG=INFO``), possibly in the middle of a table row. Tried only where a
#: run of non-blanks starts (``(?<!\S)``): a match inside a run is also one from the run's start, and trying
#: from every character of a long run would scan the run's rest again from each.
_NCCL_LOG = re.compile(r"(?<!\S)\S+:\d+:\d+ \[\d+\] NCCL (?:INFO|WARN|TRACE|ABORT)\b.*$")
#: What nccl-tests, NCCL, CUDA, MPI or Slurm print when a run fails; also an NCCL warning (:data:`_WARN`)
#: with one of :data:`_WARN_WORDS` after it.
_FAILURE = re.compile(
    r"Test (?:NCCL |CUDA )?failure\b"
    r"|MPI_ABORT was invoked"
    r"|mpirun noticed that process"
    r"|Primary job\s+terminated"
    r"|srun: error:"
    r"|Segmentation fault|core dumped|Aborted \(core"
    r"|Invalid number of GPUs"
    r"|\bout of memory\b",
    re.IGNORECASE,
)
#: ``NCCL WARN .*(?:error|fail|abort)`` in two steps: the first warning, then a word anywhere after it (a
#: later warning's words are after the first's too), so that no warning makes the rest of the line be read
#: again.
_WARN = re.compile(r"NCCL WARN ", re.IGNORECASE)
_WARN_WORDS = re.compile(r"error|fail|abort", re.IGNORECASE)


@dataclass
class Line:
    """One line of the table rank's output, with the number of the file line it ends on."""

    number: int
    text: str


@dataclass
class Cleaned:
    lines: list[Line]
    failures: list[tuple[int, str]] = field(default_factory=list)  # (file line, what was printed), any rank
    notes: list[str] = field(default_factory=list)


def clean(physical: list[str]) -> Cleaned:
    """The table rank's own output, with launcher tags and NCCL's log lines taken out."""
    out = Cleaned([])
    tagged = sum(1 for line in physical[:400] if _MPI_TAG.search(line))
    labelled = sum(1 for line in physical[:400] if _SRUN_LABEL.match(line))
    table_rank = _table_rank(physical) if tagged else "0"
    if tagged:
        out.notes.append(f"mpirun's '[1,N]<stdout>:' tags removed; lines of ranks other than {table_rank} set aside")
    srun = not tagged and labelled * 2 >= len([line for line in physical[:400] if line.strip()]) > 0
    if srun:
        out.notes.append("srun -l's 'N: ' line labels removed")
    nccl_lines = 0
    for number, raw in enumerate(physical, 1):
        text = raw
        if tagged:
            text = _own_pieces(raw, table_rank)
        elif srun:
            text = _SRUN_LABEL.sub("", raw, count=1)
        if _failed(raw):
            out.failures.append((number, _untagged(raw).strip()))
        log = _NCCL_LOG.search(text)
        if log is not None:
            nccl_lines += 1
            text = text[: log.start()]  # a row piece before NCCL's line is kept: _rows joins its halves
            if not text.strip():
                continue
        out.lines.append(Line(number, text))
    if nccl_lines:
        out.notes.append(f"{nccl_lines} NCCL log line(s) (NCCL_DEBUG) set aside")
    return out


def _failed(line: str) -> bool:
    """Whether a line is what a failing run prints (:data:`_FAILURE`)."""
    if _FAILURE.search(line):
        return True
    warning = _WARN.search(line)
    return warning is not None and _WARN_WORDS.search(line, warning.end()) is not None


#: nccl-tests' own header after a tag, looked at where the tag ends.
_OWN_HEADER = re.compile(r"\s*# (?:nThread|nccl-tests|Collective test)")


def _table_rank(physical: list[str]) -> str:
    """The rank whose pieces hold nccl-tests' own header (rank 0 under mpirun)."""
    for line in physical:
        for match in _MPI_TAG.finditer(line):
            if _OWN_HEADER.match(line, match.end()):
                return match.group(1)
    return "0"


def _own_pieces(line: str, rank: str) -> str:
    """The pieces of a tagged line that ``rank`` wrote, joined; an untagged start belongs to no rank."""
    pieces = _MPI_TAG.split(line)
    # split gives [before, rank, text, rank, text, ...]
    kept = [pieces[i + 1] for i in range(1, len(pieces) - 1, 2) if pieces[i] == rank]
    return "".join(kept)


def _untagged(line: str) -> str:
    return _MPI_TAG.sub("", line)


def continues_row(text: str) -> bool:
    """Whether a line is the second half of a result row (numbers, ``N/A``), not a line of its own."""
    words = text.split()
    return bool(words) and all(_number_like(w) for w in words) and not text.lstrip().startswith("#")


def _number_like(word: str) -> bool:
    if word == "N/A":
        return True
    try:
        float(word)
    except ValueError:
        return False
    return True


def nccl_version(code: int) -> str:
    """NCCL_VERSION_CODE -> text: 22807 -> 2.28.7 (from 2.9 on), 2708 -> 2.7.8 (before)."""
    if code >= 20900:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"
