"""The performance page (``docs/performance.md``): each benchmark rewrites its own part of it.

A part sits between ``<!-- NAME:start -->`` and ``<!-- NAME:end -->``; everything outside the
markers is hand-written (what is measured, why a goal is missed) and left as it is. Standard library
only: ``bench.first_run`` runs before any environment exists.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"


class MissingPart(ValueError):
    """The page has no markers for the part a benchmark wants to write."""


def replace_part(text: str, name: str, body: str) -> str:
    """``text`` with the part ``name`` replaced by ``body`` (markers kept)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    pattern = re.compile(re.escape(start) + r"\n.*?" + re.escape(end), re.S)
    if len(pattern.findall(text)) != 1:
        raise MissingPart(f"the performance page needs exactly one {start} ... {end} pair")
    return pattern.sub(lambda _: f"{start}\n{body.strip()}\n{end}", text)


def now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def head_commit() -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip()
    except OSError:
        return ""


def provenance(when: str | None = None, commit: str | None = None) -> str:
    """When, on which commit and how loaded the machine was: the line above every generated part."""
    if when is not None:  # a saved run written again: its own time and commit (its load is in its table)
        return f"_Written from the benchmark run of {when}" + (f", commit `{commit}`._" if commit else "._")
    commit = head_commit()
    return (
        f"_Written by the benchmark on {now()}"
        + (f", commit `{commit}`" if commit else "")
        + f"; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end._"
    )


def write_part(name: str, body: str, page: Path = PAGE, when: str | None = None, commit: str | None = None) -> None:
    """Rewrite the part ``name`` of ``page`` with ``body`` under a provenance line (``when``: a saved run's)."""
    text = replace_part(page.read_text(encoding="utf-8"), name, f"{provenance(when, commit)}\n\n{body}")
    page.write_text(text, encoding="utf-8")
