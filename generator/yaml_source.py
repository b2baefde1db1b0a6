"""Safe YAML reading that keeps line numbers and refuses ambiguous input.

PyYAML's safe loader silently keeps the last of two duplicate keys and knows
nothing of where a value came from. Here we compose the node tree ourselves so
that we can

* reject duplicate keys at any depth,
* reject every explicit tag (``!!python/object`` and friends),
* bound alias expansion (the "billion laughs" document),
* remember the line of every value, keyed by its path of keys and indexes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator.errors import Problem

MAX_FILE_BYTES = 256 * 1024
MAX_NODES = 20_000

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}

Loc = tuple[str | int, ...]


class _Loader(yaml.SafeLoader):
    """Safe loader with YAML 1.2 booleans: only true/false, never yes/no/on/off."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


@dataclass
class Document:
    """One parsed data file: its data plus the line of every value in it."""

    file: str
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int:
        """Line of the value at ``loc``, or of its nearest parent that has one."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get((), 1)


class _Reject(Exception):
    def __init__(self, line: int, field: str, message: str) -> None:
        super().__init__(message)
        self.line, self.field, self.message = line, field, message


def _dotted(loc: Loc) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _Builder:
    def __init__(self, loader: _Loader) -> None:
        self.loader = loader
        self.lines: dict[Loc, int] = {}
        self.count = 0

    def build(self, node: Node, loc: Loc) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _Reject(
                node.start_mark.line + 1,
                _dotted(loc),
                f"document expands to more than {MAX_NODES} values (aliases used to inflate it?)",
            )
        line = node.start_mark.line + 1
        self.lines.setdefault(loc, line)
        explicit = node.tag not in _PLAIN_TAGS or (
            isinstance(node, ScalarNode) and node.style is None and node.tag != self._implicit(node)
        )
        if explicit:
            raise _Reject(line, _dotted(loc), f"YAML tags are not allowed (found {node.tag!r})")
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        if isinstance(node, SequenceNode):
            return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
        value = self.loader.construct_object(node, deep=True)
        if isinstance(value, float) and not math.isfinite(value):
            raise _Reject(line, _dotted(loc), f"expected a finite number, got {node.value!r}")
        return value

    def _implicit(self, node: ScalarNode) -> str:
        tag: str = self.loader.resolve(ScalarNode, node.value, (True, False))  # type: ignore[no-untyped-call]
        return tag

    def _mapping(self, node: MappingNode, loc: Loc) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Reject(key_node.start_mark.line + 1, _dotted(loc), "merge keys (<<) are not allowed")
            if not isinstance(key_node, ScalarNode):
                raise _Reject(key_node.start_mark.line + 1, _dotted(loc), "keys must be plain text")
            key = key_node.value
            if key in out:
                first = self.lines.get((*loc, key), 0)
                raise _Reject(
                    key_node.start_mark.line + 1,
                    _dotted((*loc, key)),
                    f"duplicate key {key!r} (first defined on line {first})",
                )
            self.lines[(*loc, key)] = key_node.start_mark.line + 1
            out[key] = self.build(value_node, (*loc, key))
        return out


def read_yaml(path: Path, display: str) -> tuple[Document | None, list[Problem]]:
    """Read one YAML file into a :class:`Document`, or return why it cannot be read.

    ``display`` is the name used in messages (a path relative to the data root).
    """
    raw = path.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        return None, [Problem(display, 0, "", f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}")]
    if raw.startswith(b"\xef\xbb\xbf"):
        return None, [Problem(display, 1, "", "file starts with a byte-order mark; save it as UTF-8 without BOM")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(display, line, "", f"not valid UTF-8 (byte 0x{raw[exc.start]:02x})")]
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        return None, [Problem(display, 1, "", "file is empty; expected a mapping of fields")]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(display, 1, "", "file is empty; expected a mapping of fields")]
        builder = _Builder(loader)
        data = builder.build(node, ())
    except _Reject as rej:
        return None, [Problem(display, rej.line, rej.field, rej.message)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        reason = exc.problem or "invalid YAML"
        if "'\\t'" in reason:
            reason = "tab character; indent with spaces"
        return None, [Problem(display, line, "", f"YAML syntax error: {reason}")]
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        return None, [Problem(display, 0, "", f"YAML could not be read: {exc}")]
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single {type(data).__name__} value"
        return None, [Problem(display, 1, "", f"expected a mapping of fields at the top level, got {kind}")]
    return Document(display, data, builder.lines), []
