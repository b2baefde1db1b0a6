"""What a hand-written page's front matter may set: an allow-list of keys with plain values.

Front matter reaches the theme, not just the page: ``template: redirect.html`` with
``location: javascript:...`` runs script, ``template: base.html`` drops the page's policy, and a YAML
tag (``!!binary``, ``!!set``) puts a value the theme writes unescaped into the page's head. So a page
may set only :data:`KEYS`, each with the plain kind of value it needs, written without YAML tags,
anchors or aliases, and with no markup characters in its text. The rules are the same on every engine
(the MkDocs plugin, ProperDocs through it, the Zensical adapter).

MkDocs reads front matter two ways (``mkdocs.utils.meta.get_data``): a YAML block between ``---``
lines, or, without one, MultiMarkdown ``key: value`` lines at the top of the page; both are checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import yaml
from mkdocs.utils import meta as mkdocs_meta

from generator.errors import Problem

#: The front matter a page's Markdown starts with, as MkDocs finds it (``mkdocs.utils.meta.YAML_RE``).
YAML_BLOCK = re.compile(r"\A-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)

#: What Material may hide on a page.
HIDE = frozenset({"navigation", "toc", "footer", "path", "tags", "feedback"})
#: Characters a text value may not hold: the theme writes some values into the page's head unescaped.
_MARKUP = re.compile(r"[<>&\"`\x00-\x08\x0b-\x1f\x7f]")


def _text(value: object) -> str | None:
    if not isinstance(value, str):
        return "must be plain text"
    if _MARKUP.search(value):
        return (
            "may not hold <, >, &, a double quote, a backquote or control characters "
            "(the theme writes it into the page's head)"
        )
    return None


def _hide(value: object) -> str | None:
    if not isinstance(value, list) or not all(isinstance(item, str) and item in HIDE for item in value):
        return f"must be a list of: {', '.join(sorted(HIDE))}"
    return None


def _search(value: object) -> str | None:
    if not isinstance(value, dict) or not value:
        return "must be a mapping of exclude (true or false) and boost (a number)"
    for key, item in value.items():
        if key == "exclude" and isinstance(item, bool):
            continue
        if key == "boost" and isinstance(item, int | float) and not isinstance(item, bool):
            continue
        return "must be a mapping of exclude (true or false) and boost (a number)"
    return None


#: The keys a hand-written page may set, each with the check of its value.
KEYS: dict[str, Callable[[object], str | None]] = {
    "title": _text,
    "description": _text,
    "hide": _hide,
    "search": _search,
}
_WHY_NOT = {
    "template": "a page may not choose its template (redirect.html runs a javascript: location, base.html "
    "drops the page's policy)",
}


def yaml_end(text: str) -> int:
    """Where the body starts in ``text`` for an engine that reads only a YAML block as front matter (Zensical):
    after a block that reads as a mapping, else 0 (a block with anchors or aliases is refused by :func:`check`
    and never loaded here)."""
    block = YAML_BLOCK.match(text)
    if block is None or _yaml_problems(block.group(1), ""):
        return 0
    try:
        data = yaml.load(block.group(1), Loader=yaml.SafeLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError:
        return 0
    return block.end() if isinstance(data, dict) else 0


def allowed(meta: Mapping[str, Any]) -> dict[str, Any]:
    """``meta`` (a page's front matter as an engine read it) with only the keys of :data:`KEYS` whose values
    pass their check: what a page that is refused still renders with under ``mkdocs serve`` (no
    ``template:``, no ``location:``, no tagged value)."""
    return {key: value for key, value in meta.items() if key in KEYS and KEYS[key](value) is None}


def _line_of(source_lines: list[str], key: str, first: int, last: int) -> int:
    for number in range(first, last):
        if source_lines[number].lstrip().lower().startswith(f"{key.lower()}:"):
            return number + 1
    return first + 1


def _yaml_problems(block: str, shown: str) -> list[Problem]:
    """YAML tags, anchors and aliases anywhere in the block (``block`` starts on the page's line 2)."""
    found: list[Problem] = []
    try:
        for event in yaml.parse(block, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 2 if event.start_mark is not None else 1
            tag = getattr(event, "tag", None)
            implicit = getattr(event, "implicit", None)
            if tag is not None and not (isinstance(event, yaml.ScalarEvent) and implicit and implicit[0]):
                why = f"a YAML tag ({tag}) is not allowed; write a plain value"
                found.append(Problem(shown, line, "front matter", why))
            if getattr(event, "anchor", None) is not None:
                why = "YAML anchors and aliases are not allowed; write the value"
                found.append(Problem(shown, line, "front matter", why))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        found.append(Problem(shown, line, "front matter", f"is not valid YAML ({getattr(exc, 'problem', exc)})"))
    return found


def check(source: str, shown: str) -> tuple[int, list[Problem]]:
    """The front matter of a page's Markdown ``source`` (decoded, one byte-order mark removed) checked
    against :data:`KEYS`: the 0-based index of the first line after it, and what is refused."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    text = text.removeprefix("\ufeff")
    text = text if text.endswith("\n") else text + "\n"  # an engine may read a block the file ends in
    lines = text.split("\n")
    if not YAML_BLOCK.match(text) and YAML_BLOCK.match(text.lstrip("\ufeff \t\n")):
        why = "must start on the page's first line, with nothing (not even a second byte-order mark) before it"
        return 0, [Problem(shown, 1, "front matter", why)]
    block = YAML_BLOCK.match(text)
    meta: Any
    if block:
        end = block.group(0).count("\n")
        found = _yaml_problems(block.group(1), shown)
        if found:
            return end, found
        try:
            meta = yaml.load(block.group(1), Loader=yaml.SafeLoader)  # noqa: S506 - a SafeLoader
        except yaml.YAMLError:
            meta = None
        if meta is None:
            return end, []
        if not isinstance(meta, dict):
            return end, [Problem(shown, 2, "front matter", "must be a mapping of keys to values")]
        first = 1
    else:
        rest, meta = mkdocs_meta.get_data(text)
        if not meta:
            return 0, []
        end = text.count("\n") - rest.count("\n")
        first = 0
    found = []
    for key, value in meta.items():
        line = _line_of(lines, str(key), first, end)
        name = str(key)
        if name not in KEYS:
            why = _WHY_NOT.get(name, f"is not a key a hand-written page may set (only {', '.join(KEYS)})")
            found.append(Problem(shown, line, f"front matter {name}", why))
            continue
        why_value = KEYS[name](value)
        if why_value is not None:
            found.append(Problem(shown, line, f"front matter {name}", why_value))
    return end, found


def own(markdown: str) -> dict[str, Any]:
    """The front matter the engine wrote into a generated page, as MkDocs reads it."""
    return dict(mkdocs_meta.get_data(markdown)[1])


def not_kept(meta: Mapping[str, Any], kept: Mapping[str, Any]) -> str:
    """The keys of ``meta`` that ``kept`` leaves out or changes (for a refusal; ``__extends`` is Material's
    ``meta`` plugin's record of what it merged)."""
    odd = sorted(str(k) for k in meta if (k not in kept or kept[k] != meta[k]) and k != "__extends")
    return ", ".join(odd[:10]) + " (only title, description, hide and search, as plain text; docs/previews.md)"
