"""Edits of a round-trip YAML tree (ruamel.yaml's) that keep what the author wrote around them.

A migration step renames, replaces and removes keys; ruamel.yaml keeps a comment with the key
before it, so removing a key naively would drop the comment lines that follow its value. The
helpers here move those lines to the entry before, rename a key in its place, and give the line
(1-based, in the file as read) of a key for the report.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken


def line_of(node: Any, key: Any = None) -> int:
    """The 1-based line of ``key`` in ``node`` (or of ``node`` itself) as read from the file; 0 when new."""
    try:
        if key is None:
            line = node.lc.line
        elif isinstance(node, CommentedSeq):
            line = node.lc.item(key)[0]
        else:
            line = node.lc.key(key)[0]
    except (AttributeError, KeyError, IndexError, TypeError):
        return 0
    return int(line) + 1 if line is not None else 0


def _tail(container: Any, key: Any) -> tuple[Any, Any]:
    """Where the comment lines after the entry ``key`` of ``container`` are kept: its deepest last entry."""
    value = container[key]
    if isinstance(value, CommentedMap) and value and not value.fa.flow_style():
        return _tail(value, list(value)[-1])
    if isinstance(value, CommentedSeq) and value and not value.fa.flow_style():
        return _tail(value, len(value) - 1)
    return container, key


def _post(container: Any, key: Any) -> CommentToken | None:
    entry = container.ca.items.get(key)
    return entry[2] if entry and len(entry) > 2 and isinstance(entry[2], CommentToken) else None


def _following_lines(remark: CommentToken | None) -> str:
    """The full comment lines of a post comment (what follows the end-of-line comment, if any)."""
    if remark is None:
        return ""
    text = remark.value
    rest = text.split("\n", 1)[1] if "\n" in text else ""
    return rest if "#" in rest else ""


def _append_lines(container: Any, key: Any, lines: str) -> None:
    remark = _post(container, key)
    if remark is None:
        entry = container.ca.items.setdefault(key, [None, None, None, None])
        while len(entry) < 4:
            entry.append(None)
        entry[2] = CommentToken("\n" + lines, CommentMark(0), None)
    else:
        value = remark.value if remark.value.endswith("\n") else remark.value + "\n"
        remark.value = value + lines


def remove_key(mapping: CommentedMap, key: str) -> None:
    """Remove ``key``; the comment lines after its value stay, now after the entry before it."""
    keys = list(mapping)
    index = keys.index(key)
    tail_container, tail_key = _tail(mapping, key)
    lines = _following_lines(_post(tail_container, tail_key))
    mapping.ca.items.pop(key, None)
    del mapping[key]
    if lines and index > 0:
        _append_lines(*_tail(mapping, keys[index - 1]), lines)


def rename_key(mapping: CommentedMap, old: str, new: str) -> None:
    """``old: value`` becomes ``new: value`` in the same place, with the same comments."""
    index = list(mapping).index(old)
    value = mapping[old]
    comment = mapping.ca.items.pop(old, None)
    del mapping[old]
    mapping.insert(index, new, value)
    if comment is not None:
        mapping.ca.items[new] = comment
        remark = comment[2] if len(comment) > 2 else None
        if isinstance(remark, CommentToken) and remark.start_mark is not None and remark.value.startswith("#"):
            # the end-of-line comment moves along with the longer or shorter key
            remark.start_mark = CommentMark(remark.start_mark.column + len(new) - len(old))  # type: ignore[assignment]


def insert_after(mapping: CommentedMap, after: str | None, key: str, value: Any) -> None:
    """Add ``key: value`` right after the key ``after`` (at the end when it is absent or ``None``).

    The comment lines that followed ``after``'s value now follow the new entry, so a comment
    introducing the next key stays right above it.
    """
    if after is None or after not in mapping:
        mapping[key] = value
        return
    tail_container, tail_key = _tail(mapping, after)
    remark = _post(tail_container, tail_key)
    lines = _following_lines(remark)
    if lines and remark is not None:
        remark.value = remark.value[: len(remark.value) - len(lines)]
    mapping.insert(list(mapping).index(after) + 1, key, value)
    if lines:
        _append_lines(*_tail(mapping, key), lines)


def flow_map(**items: Any) -> CommentedMap:
    """A one-line ``{a: 1, b: 2}`` mapping."""
    out = CommentedMap(items)
    out.fa.set_flow_style()
    return out


def comment(mapping: CommentedMap, key: str, text: str) -> None:
    """Put ``# text`` at the end of ``key``'s line (after any comment already there)."""
    remark = _post(mapping, key)
    if remark is not None:
        first, sep, rest = remark.value.partition("\n")
        remark.value = f"{first}; {text}{sep}{rest}" if first.strip() else f"  # {text}{sep}{rest}"
        return
    mapping.yaml_add_eol_comment(text, key)
