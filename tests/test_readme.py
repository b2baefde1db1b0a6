"""The documentation's examples run as written.

A fenced code block right after an HTML comment that starts ``<!-- runnable`` is run line by line from
the repository's root, with this environment's ``python`` first on the PATH (``# ...`` comments
dropped); every line must exit 0. Blocks without the mark (``make serve``, ``make test``) are not run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUNNABLE = re.compile(r"<!--\s*runnable\b[^>]*-->\s*\n```[a-z]*\n(.*?)\n```", re.S)


def commands(markdown: str) -> list[str]:
    out = []
    for block in RUNNABLE.findall(markdown):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                out.append(line)
    return out


EXAMPLES = [(doc.relative_to(ROOT).as_posix(), cmd) for doc in DOCS for cmd in commands(doc.read_text())]


def test_the_readme_has_runnable_examples() -> None:
    assert any(doc == "README.md" for doc, _ in EXAMPLES)


def test_marked_blocks_are_found() -> None:
    sample = "text\n<!-- runnable -->\n```sh\npython -m x   # note\n\n# a comment\nls\n```\n```sh\nmake serve\n```\n"
    assert commands(sample) == ["python -m x", "ls"]


@pytest.mark.parametrize(("doc", "command"), EXAMPLES, ids=[f"{d}: {c}" for d, c in EXAMPLES])
def test_example_runs_as_written(doc: str, command: str) -> None:
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{doc}: `{command}` exited {done.returncode}:\n{done.stderr[-2000:]}"


def test_the_readme_stays_short() -> None:
    """The README says how to start and where the rest is (in docs/), in at most 10 KB."""
    assert len((ROOT / "README.md").read_bytes()) <= 10 * 1024
