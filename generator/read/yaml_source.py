"""Safe YAML reading that keeps line numbers and refuses ambiguous input.

PyYAML's safe loader silently keeps the last of two duplicate keys and knows
nothing of where a value came from. Here we compose the node tree ourselves so
that we can

* reject duplicate keys at any depth,
* reject every explicit tag (``!!python/object`` and friends),
* bound alias expansion (the "billion laughs" document), cycles and nesting depth,
* reject control characters, which are invisible in an editor and invalid in HTML,
* remember the line of every value, keyed by its path of keys and indexes.
"""

from __future__ import annotations

import math
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator.errors import Problem
from generator.read.yaml_aliases import MAX_VALUES, alias_problem

MAX_FILE_BYTES = 256 * 1024
#: More values than a file within the size limit can hold without aliases (each takes two
#: bytes at least, as in ``[0,0,...]``): only aliases reach it.
MAX_NODES = MAX_FILE_BYTES // 2
assert MAX_NODES == MAX_VALUES  # the bound on aliases is the same count
MAX_DEPTH = 32

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
    """Safe loader with YAML 1.2 scalars: only true/false are booleans, numbers are decimal.

    YAML 1.1 reads ``yes``/``no``/``on``/``off`` as booleans, ``1:20`` as the
    number 80 and ``010`` as 8; an author never means that. Here those stay text,
    and the schema then says what was expected.
    """


_REPLACED = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _REPLACED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"),
    list("-+0123456789"),
)
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+0123456789."),
)

#: Control characters (all but tab and line ends) and the Unicode line separators: invisible in
#: an editor, invalid in HTML, and read as line breaks by some YAML tools but not others.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")


@dataclass
class Document:
    """One parsed data file: its data plus the line of every value in it.

    A document salvaged from a record that failed its schema check
    (:mod:`generator.check.salvage`) holds the record without its failing parts;
    ``moved`` then gives, for each list that lost items, the original index of
    every item kept, so that a place in it still names the file's own line and field.
    """

    file: str
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)
    moved: dict[Loc, tuple[int, ...]] = field(default_factory=dict)
    """List location (in ``data``) -> the original index of each of its items."""

    def original(self, loc: Loc) -> Loc:
        """``loc`` in ``data`` as the place it has in the file (list indexes before any item was removed)."""
        if not self.moved:
            return tuple(loc)
        loc = tuple(loc)
        out: list[str | int] = []
        for i, part in enumerate(loc):
            index = self.moved.get(loc[:i])
            out.append(index[part] if index is not None and isinstance(part, int) and 0 <= part < len(index) else part)
        return tuple(out)

    def line_of(self, loc: Loc) -> int:
        """Line of the value at ``loc``, or of its nearest parent that has one."""
        loc = self.original(loc)
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


def _fits_a_float(value: int) -> bool:
    """Whether an int from the data can be computed with as a float (it has at most about 308 digits)."""
    return value.bit_length() <= 1023


class _Builder:
    def __init__(self, loader: _Loader) -> None:
        self.loader = loader
        self.lines: dict[Loc, int] = {}
        self.count = 0
        self.open: set[int] = set()  # nodes being built: an alias back to one of them is a cycle

    def build(self, node: Node, loc: Loc) -> Any:
        self.count += 1
        line = node.start_mark.line + 1
        if self.count > MAX_NODES:
            raise _Reject(
                line,
                _dotted(loc[:1]),
                f"document expands to more than {MAX_NODES} values (aliases used to inflate it?)",
            )
        if len(loc) > MAX_DEPTH:
            raise _Reject(line, _dotted(loc[:1]), f"values are nested more than {MAX_DEPTH} levels deep")
        if id(node) in self.open:
            raise _Reject(line, _dotted(loc), "an alias refers to a value that contains it")
        self.lines.setdefault(loc, line)
        explicit = node.tag not in _PLAIN_TAGS or (
            isinstance(node, ScalarNode) and node.style is None and node.tag != self._implicit(node)
        )
        if explicit:
            raise _Reject(line, _dotted(loc), f"YAML tags are not allowed (found {_tag(node.tag)})")
        if isinstance(node, (MappingNode, SequenceNode)):
            return self._container(node, loc)
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, yaml.YAMLError) as exc:
            reason = "too many digits" if len(node.value) > 40 else str(exc)
            raise _Reject(line, _dotted(loc), f"value {node.value[:40]!r} cannot be read ({reason})") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise _Reject(line, _dotted(loc), f"expected a finite number, got {node.value!r}")
        if isinstance(value, int) and not _fits_a_float(value):
            digits = len(node.value)
            raise _Reject(line, _dotted(loc), f"value {node.value[:40]!r}... is too large a number ({digits} digits)")
        if isinstance(value, str) and (bad := _CONTROL.search(value)):
            raise _Reject(line, _dotted(loc), f"text contains the control character U+{ord(bad.group()):04X}")
        return value

    def _implicit(self, node: ScalarNode) -> str:
        tag: str = self.loader.resolve(ScalarNode, node.value, (True, False))  # type: ignore[no-untyped-call]
        return tag

    def _container(self, node: MappingNode | SequenceNode, loc: Loc) -> Any:
        """A mapping or a list, its values built in turn; an alias back into it is a cycle meanwhile."""
        self.open.add(id(node))
        try:
            if isinstance(node, MappingNode):
                return self._mapping(node, loc)
            return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: MappingNode, loc: Loc) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Reject(key_node.start_mark.line + 1, _dotted(loc), "merge keys (<<) are not allowed")
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _PLAIN_TAGS:
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


#: PyYAML's wording of common mistakes, and what an author would call them.
_PLAIN_WORDS = [
    ("'\\t'", "a tab character; indent with spaces"),
    ("mapping values are not allowed here", "a colon and a space inside unquoted text; put the text in quotes"),
    ("expected <block end>", "indentation does not match the lines above, or a quote is not closed"),
    ("could not find expected ':'", "a line is not 'key: value', or a quote is not closed"),
    ("found unexpected end of stream", "a quote is not closed"),
    ("expected ',' or ']'", "a [...] list is not closed"),
    ("expected ',' or '}'", "a {...} mapping is not closed"),
    ("but found another document", "a second document (---) in one file; write one record per file"),
]
#: Structures worth pointing back to when an error is found further down.
_OPENED = {
    "while parsing a flow sequence": "the list",
    "while parsing a flow mapping": "the mapping",
    "while scanning a quoted scalar": "the quoted text",
}


def _open_quote(text: str, line: int) -> int | None:
    """The line where a quote opened whose text ran on to ``line``, the line of a syntax error.

    An unclosed quote swallows the lines after it up to the next quote character, and YAML
    stumbles only there; the author's mistake is where the quoted text began.
    """
    opened = None
    try:
        for scanned in yaml.scan(text, Loader=yaml.SafeLoader):
            if scanned.start_mark.line + 1 > line:
                break
            if (
                isinstance(scanned, yaml.ScalarToken)
                and scanned.style in ('"', "'")
                and scanned.start_mark.line < scanned.end_mark.line
                and scanned.end_mark.line + 1 == line
            ):
                opened = scanned.start_mark.line + 1
    except yaml.YAMLError:
        pass
    return opened


def _syntax_error(exc: yaml.MarkedYAMLError, text: str = "") -> tuple[int, str, str]:
    """Line, field and message for a YAML syntax error, in plain words where we know them."""
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 0
    quoted = exc.context_mark.line + 1 if exc.context == "while scanning a quoted scalar" and exc.context_mark else None
    quoted = quoted or (_open_quote(text, line) if text and line else None)
    if quoted is not None and quoted != line:
        reason = f"a quote opened here is not closed (the quoted text runs on to line {line})"
        return quoted, "", f"YAML syntax error: {reason}"
    reason = exc.problem or "invalid YAML"
    if exc.context and reason.startswith("but "):
        reason = f"{exc.context}, {reason}"
    reason = next((words for pattern, words in _PLAIN_WORDS if pattern in reason), reason)
    start, opened = exc.context_mark, _OPENED.get(exc.context or "")
    if opened and start is not None and start.line + 1 != line:
        reason += f" ({opened} starts on line {start.line + 1})"
    return line, "", f"YAML syntax error: {reason}"


def _tag(tag: str) -> str:
    """A tag as it is written in the file: ``!!python/object``, ``!include``."""
    return tag.replace("tag:yaml.org,2002:", "!!")


def read_yaml(path: Path, display: str) -> tuple[Document | None, list[Problem]]:
    """Read one YAML file into a :class:`Document`, or return why it cannot be read.

    ``display`` is the name used in messages (a path relative to the data root).
    Every way a file can be wrong becomes a :class:`Problem`; nothing else is raised.
    """
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return None, [Problem(display, 0, "", "not a plain file")]
        if info.st_size > MAX_FILE_BYTES:
            return None, [Problem(display, 0, "", f"file is {info.st_size} bytes; the limit is {MAX_FILE_BYTES}")]
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return None, [Problem(display, 0, "", f"file cannot be read ({exc.strerror or exc})")]
    if len(raw) > MAX_FILE_BYTES:  # grew between stat and read
        return None, [Problem(display, 0, "", f"file is over the limit of {MAX_FILE_BYTES} bytes")]
    if raw.startswith(b"\xef\xbb\xbf"):
        return None, [Problem(display, 1, "", "file starts with a byte-order mark; save it as UTF-8 without BOM")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(display, line, "", f"not valid UTF-8 (byte 0x{raw[exc.start]:02x})")]
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        return None, [Problem(display, 1, "", "file is empty; expected a mapping of fields")]
    return parse_yaml(text, display)


def parse_yaml(text: str, display: str) -> tuple[Document | None, list[Problem]]:
    """Parse YAML text (already decoded) into a :class:`Document`, or say why not."""
    if bad := _CONTROL.search(text):
        line = text.count("\n", 0, bad.start()) + 1
        return None, [Problem(display, line, "", f"text contains the control character U+{ord(bad.group()):04X}")]
    if (bomb := alias_problem(text)) is not None:
        return None, [Problem(display, bomb.line, "", bomb.message)]
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return None, [Problem(display, 1, "", "file is empty; expected a mapping of fields")]
        builder = _Builder(loader)
        data = builder.build(node, ())
    except _Reject as rej:
        return None, [Problem(display, rej.line, rej.field, rej.message)]
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        return None, [Problem(display, line, "", f"text contains the control character U+{ord(char):04X}")]
    except yaml.MarkedYAMLError as exc:
        return None, [Problem(display, *_syntax_error(exc, text))]
    except RecursionError:
        return None, [Problem(display, 0, "", f"values are nested too deeply (the limit is {MAX_DEPTH} levels)")]
    except (yaml.YAMLError, ValueError) as exc:
        return None, [Problem(display, 0, "", f"YAML could not be read: {exc}")]
    finally:
        if loader is not None:
            loader.dispose()
    if data is None:
        return None, [Problem(display, 1, "", "file is empty; expected a mapping of fields")]
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"the single value {str(data)[:40]!r}"
        return None, [Problem(display, 1, "", f"expected a mapping of fields at the top level, got {kind}")]
    return Document(display, data, builder.lines), []
