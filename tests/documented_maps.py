"""The maps docs/importing.md shows as worked examples are the fixtures the tests read.

Each example in the docs follows a marker naming the test that checks it and the fixture it must be:
``<!-- declared-map: TEST checks that this block is tests/fixtures/maps/NAME.yml -->``, then a ``yaml``
block (the map) and, for some, a ``text`` block whose first line is the ``python -m generator`` command
and whose other lines are what that command prints.
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import FIXTURES, ROOT
from tests.test_real_outputs import real_outputs_folders

MAPS = FIXTURES / "maps"
DOC = ROOT / "docs" / "importing.md"
PUBLISHED = "../shared/real-outputs/"


def _after_marker(test: str, name: str) -> str:
    doc = DOC.read_text(encoding="utf-8")
    marker = f"<!-- declared-map: {test} checks that this block is tests/fixtures/maps/{name}.yml -->"
    assert marker in doc, f"docs/importing.md has no marker {marker!r}"
    return doc.split(marker, 1)[1]


def _block(text: str, fence: str) -> str:
    opening = f"```{fence}\n"
    assert opening in text, f"no {fence} block after the marker"
    return text.split(opening, 1)[1].split("```", 1)[0]


def assert_block_is_the_fixture(test: str, name: str) -> None:
    """The yaml block after the marker is byte for byte the fixture map."""
    block = _block(_after_marker(test, name), "yaml")
    assert block == (MAPS / f"{name}.yml").read_text(encoding="utf-8")


def assert_inspect_prints_what_the_docs_show(test: str, name: str) -> None:
    """The text block's command, run from the repository root, prints the block's other lines."""
    shown = _block(_after_marker(test, name), "text").splitlines()
    command = shown[0].removeprefix("$ python -m generator ").split()
    if command[1].startswith(PUBLISHED):  # the published file, where this machine keeps it
        command[1] = str(real_outputs_folders()[0] / command[1].removeprefix(PUBLISHED))
    done = subprocess.run(
        [sys.executable, "-m", "generator", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == shown[1:]
