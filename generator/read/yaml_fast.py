"""A fast path for reading data files: the same reader on libyaml's parser.

PyYAML's pure-Python parser spends about 13 ms on a 2.5 KB record; libyaml's C
parser, driven by the same node walker (:class:`generator.read.yaml_source._Builder`,
which rejects duplicate keys, bounds aliases and records line numbers), reads it
about ten times faster. On a text cleared for the fast path the walker skips what
cannot happen there (a second resolution of each scalar's tag, a control character
outside a double-quoted scalar), and the resolver looks its table up once, not per
scalar. The fast path only keeps what it reads cleanly: a file
with any problem, anything unusual (a ``!`` that could start a tag, a
non-printable character, a byte-order mark, a size over the limit) or a parser
without libyaml goes to :func:`generator.read.yaml_source.read_yaml`, so every
message an author sees comes from the one reader and stays the same.
"""

from __future__ import annotations

import math
import re
import stat
from pathlib import Path
from typing import Any, cast

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from generator.errors import Problem
from generator.read.yaml_aliases import alias_problem
from generator.read.yaml_source import (
    _CONTROL,
    _PLAIN_TAGS,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NODES,
    Document,
    Loc,
    _Builder,
    _fits_a_float,
    _Loader,
    read_yaml,
)

_CLoader: Any = getattr(yaml, "CSafeLoader", None)


_STR = "tag:yaml.org,2002:str"
#: The resolver table by a scalar's first character, wildcards appended: what ``BaseResolver.resolve``
#: looks up for every plain scalar, built once instead of per scalar.
_WILDCARD: list[tuple[str, re.Pattern[str]]] = _Loader.yaml_implicit_resolvers.get(None) or []
_BY_FIRST = {k: v + _WILDCARD for k, v in _Loader.yaml_implicit_resolvers.items() if k is not None}
assert not _Loader.yaml_path_resolvers  # resolve() below relies on there being none


class _Unusual(Exception):
    """Something the fast builder does not handle: the slow reader reads the file and words any problem."""


class _FastLoader(_CLoader or yaml.SafeLoader):  # type: ignore[misc]
    """libyaml's parser with the slow reader's scalar rules (the same resolver table, shared)."""

    yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers

    def resolve(self, kind: type[yaml.Node], value: str, implicit: tuple[bool, bool]) -> str:
        """``BaseResolver.resolve`` for a loader without path resolvers, with the table looked up once."""
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _BY_FIRST.get(value[:1], _WILDCARD):
                    if regexp.match(value):
                        return str(tag)
            return str(self.DEFAULT_SCALAR_TAG)
        return str(super().resolve(kind, value, implicit))

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A text scalar is its own value (what SafeConstructor.construct_yaml_str returns),
        # and most values are text: skip the general machinery for them.
        if node.tag == _STR and isinstance(node, yaml.ScalarNode):
            return node.value
        return super().construct_object(node, deep)


class _FastBuilder(_Builder):
    """The node walker for a text the fast path has cleared: no ``!`` (so every tag is the implicit
    one the composer resolved, and needs no second resolution), no control character in the text
    (so only a double-quoted scalar's escapes can make one). Same values and lines; anything the
    walker would refuse is left to the slow reader."""

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        self.count += 1
        if self.count > MAX_NODES or len(loc) > MAX_DEPTH or node.tag not in _PLAIN_TAGS:
            raise _Unusual
        self.lines.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, ScalarNode):
            if node.tag == _STR:
                value = node.value
                if node.style == '"' and _CONTROL.search(value):
                    raise _Unusual
                return value
            value = self.loader.construct_object(node, deep=True)
            if isinstance(value, float) and not math.isfinite(value):
                raise _Unusual
            if isinstance(value, int) and not _fits_a_float(value):
                raise _Unusual
            return value
        if id(node) in self.open or not isinstance(node, (MappingNode, SequenceNode)):
            raise _Unusual
        return self._container(node, loc)


def read_yaml_fast(path: Path, display: str) -> tuple[Document | None, list[Problem]]:
    """:func:`~generator.read.yaml_source.read_yaml`, with the same results, faster on clean files."""
    if _CLoader is None:
        return read_yaml(path, display)
    try:
        info = path.stat()  # the size before reading: a huge (or sparse) file is refused unread
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
            return read_yaml(path, display)
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return read_yaml(path, display)
    # Explicit tags need a "!" (the tag check of the node walker resolves plain
    # scalars the pure-Python way); the rest are cases the slow reader words best.
    if not text.strip() or len(raw) > MAX_FILE_BYTES or "!" in text or text.startswith("\ufeff"):
        return read_yaml(path, display)
    if _CONTROL.search(text) or yaml.reader.Reader.NON_PRINTABLE.search(text) or alias_problem(text):
        return read_yaml(path, display)
    loader = _FastLoader(text)
    builder = _FastBuilder(cast(_Loader, loader))
    try:
        node = loader.get_single_node()
        data = None if node is None else builder.build(node, ())
    except Exception:  # noqa: BLE001 - any trouble: the slow reader says what it is
        return read_yaml(path, display)
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        return read_yaml(path, display)
    return Document(display, data, builder.lines), []
