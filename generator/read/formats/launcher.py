"""The prefix a launcher (``mpirun --tag-output``, ``srun -l``, torchrun) puts before each line of a
process's output, found and taken off."""

from __future__ import annotations

import re

#: What a launcher writes before each line of a process's output: Open MPI's ``mpirun --tag-output``
#: (``[1,0]<stdout>:``), torchrun's ``--tee`` / ``--redirects`` (``[default0]:``) and PyTorch's
#: per-rank error lines (``[rank0]:``), and ``srun -l`` (``0: ``, padded to the widest task id).
_LAUNCHER_PREFIX = re.compile(
    r"^(?:\[(?P<mpi>\d+,\d+)\]<(?:stdout|stderr)>:"
    r"|\[(?P<torch>[A-Za-z_]*\d+)\]: ?"
    r"|(?P<srun>[ ]*\d+): )"
)


def split_launcher_prefix(line: str) -> tuple[str, str]:
    """``("[1,0]<stdout>:", "rest")`` for a line a launcher prefixed, ``("", line)`` otherwise.

    The prefix names the process (``1,0`` is job 1, rank 0) and is returned without the text after it.
    """
    found = _LAUNCHER_PREFIX.match(line)
    if found is None:
        return "", line
    return found.group(0), line[found.end() :]


def strip_launcher_prefix(line: str) -> str:
    """The line without the prefix ``mpirun --tag-output``, ``srun -l`` or torchrun put before it."""
    return split_launcher_prefix(line)[1]
