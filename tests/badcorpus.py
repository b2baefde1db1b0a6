"""The bad-input corpus: each fixture is a small change to a frozen base guide plus the exact errors it must give.

A fixture (``tests/fixtures/bad/<name>.yml``) holds, side by side, what to break and what the
author must read::

    kind: duplicate key            # the kind of bad input, for coverage and the closing note
    about: one line saying what is wrong
    base: base                     # a copy of fixtures/bad/_base (default), or "empty": an empty folder
    delete: [claims.yml]           # files to remove
    write:                         # files to replace or add, as UTF-8 text
      options/road.yml: "..."
    write_bytes:                   # files written byte for byte (each character U+0000-U+00FF is one byte)
      options/road.yml: "\\xff..."
    edit:                          # [file, old text, new text]; the old text must occur exactly once
      - [options/road.yml, "label: road\\n", "label: road\\nlabel: again\\n"]
    grow: {options/road.yml: 300000}   # pad the file with comment lines to at least this many bytes
    symlink: {options/evil.yml: /etc/hostname}
    expect: |                      # every line of the report, in order (regenerate with UPDATE_GOLDEN=1)
      options/road.yml:4: label: duplicate key 'label' (first defined on line 3)

The ``expect`` block is always last, so ``UPDATE_GOLDEN=1`` can rewrite it in place for review.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import yaml

BAD = Path(__file__).resolve().parent / "fixtures" / "bad"
BASE = BAD / "_base"


def cases() -> list[Path]:
    return sorted(BAD.glob("*.yml"))


def read_case(path: Path) -> dict[str, Any]:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(spec, dict) and "kind" in spec and "about" in spec, f"{path.name}: needs kind and about"
    return spec


def make_data(spec: dict[str, Any], target: Path) -> Path:
    """Build the broken data folder a fixture describes, in ``target``."""
    if spec.get("base", "base") == "base":
        shutil.copytree(BASE, target, ignore=shutil.ignore_patterns("README.md"))
    else:
        target.mkdir(parents=True)
    for rel in spec.get("delete", []):
        (target / rel).unlink()
    for rel, text in spec.get("write", {}).items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_text(text, encoding="utf-8")
    for rel, text in spec.get("write_bytes", {}).items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_bytes(text.encode("latin-1"))
    for rel, old, new in spec.get("edit", []):
        path = target / rel
        content = path.read_text(encoding="utf-8")
        assert content.count(old) == 1, f"{rel}: {old!r} occurs {content.count(old)} times in the base"
        path.write_text(content.replace(old, new), encoding="utf-8")
    for rel, size in spec.get("grow", {}).items():
        path = target / rel
        line = "# padding to make the file too big to be a data record\n"
        text = path.read_text(encoding="utf-8")
        path.write_text(text + line * (1 + max(0, size - len(text)) // len(line)), encoding="utf-8")
    for rel, points_to in spec.get("symlink", {}).items():
        os.symlink(points_to, target / rel)
    return target


def rewrite_expect(path: Path, lines: list[str]) -> None:
    """Replace the trailing ``expect:`` block of a fixture with ``lines`` (for UPDATE_GOLDEN=1)."""
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("\nexpect:") + 1] if "\nexpect:" in text else text.rstrip("\n") + "\n"
    block = "expect: |\n" + "".join(f"  {line}\n" for line in lines) if lines else 'expect: ""\n'
    path.write_text(head + block, encoding="utf-8")
    assert expected(read_case(path)) == lines, f"{path.name}: the expectation does not read back"


def expected(spec: dict[str, Any]) -> list[str]:
    """The report lines a fixture expects."""
    return str(spec.get("expect") or "").splitlines()
