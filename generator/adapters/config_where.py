"""Where a setting of ``mkdocs.yml`` is written, for a refusal that names ``file:line``."""

from __future__ import annotations

import re
from pathlib import Path


def where(config_file: Path | str | None, key: str) -> str:
    """``mkdocs.yml:LINE`` of the top-level ``key`` (the file's name alone when it is not written there, or
    cannot be read: a setting from ``INHERIT`` or a default)."""
    path = as_written(Path(config_file or "mkdocs.yml"))
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return path.name
    written = re.compile(rf"{re.escape(key)}\s*:")
    for number, line in enumerate(lines, 1):
        if written.match(line):
            return f"{path.name}:{number}"
    return path.name


#: ``.mkdocs.<random>.checked.yml``: the checked configuration a build runs (``config_gate.write_checked``).
_CHECKED = re.compile(r"\.(?P<stem>.+)\.[^.]+\.checked\.yml")


def as_written(config_file: Path) -> Path:
    """The file an author wrote: ``mkdocs.yml`` for the checked copy of it the build runs."""
    found = _CHECKED.fullmatch(config_file.name)
    return config_file.with_name(f"{found['stem']}.yml") if found else config_file
