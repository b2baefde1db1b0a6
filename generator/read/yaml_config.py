"""Read a site's configuration (``mkdocs.yml``) as plain data, to compare two versions of it.

MkDocs configurations carry tags (``!ENV [SITE_URL, ...]``, ``!relative``, ``!!python/name:...``)
that only MkDocs resolves; here every tag is kept as text (``!ENV ["SITE_URL", "..."]``), so two
versions compare as written and nothing is resolved, imported or run. The bound on aliases of every
YAML reader of the engine (:mod:`generator.read.yaml_aliases`) applies first.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from generator.errors import Problem
from generator.read.yaml_aliases import alias_problem

#: The most of a configuration file read: far beyond any site's.
MAX_CONFIG_BYTES = 1024 * 1024


class _ConfigLoader(yaml.SafeLoader):
    """PyYAML's safe loader, with every tag it does not know kept as the text of the tagged value."""


def _tagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    return f"{tag} {json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)}"


_ConfigLoader.add_multi_constructor("", _tagged)


def read_config(text: str, display: str) -> tuple[Any, Problem | None]:
    """The configuration as plain data, or ``None`` and why it cannot be read (``file:line: why``)."""
    if len(text) > MAX_CONFIG_BYTES:
        return None, Problem(display, 0, "", f"is over {MAX_CONFIG_BYTES // 1024} KiB")
    if (bomb := alias_problem(text)) is not None:
        return None, Problem(display, bomb.line, "", bomb.message)
    loader = _ConfigLoader(text)
    try:
        return loader.get_single_data(), None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        return None, Problem(display, mark.line + 1 if mark else 0, "", f"YAML syntax error: {exc.problem or exc}")
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        return None, Problem(display, 0, "", f"cannot be read as YAML: {exc}")
    finally:
        loader.dispose()


def compose_config(text: str, display: str) -> tuple[yaml.Node, yaml.SafeLoader] | Problem:
    """The configuration's node tree as written (tags unresolved) and its loader, which the caller disposes of; or
    why it cannot be read. Under the same bounds as :func:`read_config`."""
    if len(text) > MAX_CONFIG_BYTES:
        return Problem(display, 0, "", f"is over {MAX_CONFIG_BYTES // 1024} KiB")
    if (bomb := alias_problem(text)) is not None:
        return Problem(display, bomb.line, "", bomb.message)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as exc:
        loader.dispose()
        mark = getattr(exc, "problem_mark", None)
        return Problem(display, mark.line + 1 if mark else 0, "", f"is not YAML the check can read: {exc}")
    if node is None:
        loader.dispose()
        return Problem(display, 1, "", "is empty")
    return node, loader


def env_value(text: str) -> Any:
    """An environment variable's value read as YAML, as MkDocs reads ``!ENV`` (the text itself when it is not
    YAML or is over the bounds)."""
    if len(text) > MAX_CONFIG_BYTES or alias_problem(text) is not None:
        return text
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


#: The tags of plain YAML values. Every other tag (``!!python/name:...``, ``!relative``, ``!!merge``...) is refused
#: wherever it is written, keys and nav titles included; ``!ENV`` is resolved as MkDocs resolves it.
PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "float", "bool", "null", "map", "seq"))


class Node:
    """A setting as written: its value (``!ENV`` resolved), its file and line, and for a mapping or list its parts.

    Built only by :func:`load_tree`, the one reader of a configuration that a build then runs: a tree with a
    refused tag is never handed on, so what the gate checked is what MkDocs reads (:meth:`data`)."""

    def __init__(self, shown: str, line: int) -> None:
        self.shown, self.line = shown, line
        self.mapping: dict[str, Node] | None = None
        self.keys: dict[str, object] = {}  # each key as YAML read it (a number stays a number)
        self.items: list[Node] | None = None
        self.value: object = None

    def data(self) -> Any:
        """The plain value (dicts, lists, strings, numbers): what is handed to MkDocs, nothing else."""
        if self.mapping is not None:
            return {self.keys.get(key, key): child.data() for key, child in self.mapping.items()}
        if self.items is not None:
            return [item.data() for item in self.items]
        return self.value


class _Reader:
    def __init__(self, loader: yaml.SafeLoader, shown: str, env: Mapping[str, str]) -> None:
        self.loader, self.shown, self.env = loader, shown, env
        self.found: list[Problem] = []
        self.done: dict[int, Node] = {}  # an alias is the node it names: read once

    def tag_refused(self, node: yaml.Node, path: str, where: str) -> None:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        self.found.append(
            Problem(self.shown, node.start_mark.line + 1, path, f"a YAML tag ({tag[:80]}) {where}: only !ENV is read")
        )

    def read(self, node: yaml.Node, path: str) -> Node:
        if id(node) in self.done:
            return self.done[id(node)]
        out = Node(self.shown, node.start_mark.line + 1)
        self.done[id(node)] = out
        if node.tag == "!ENV":
            out.value = self.env_tag(node, path)
        elif node.tag not in PLAIN_TAGS:
            self.tag_refused(node, path, "in a value")
        elif isinstance(node, yaml.MappingNode):
            out.mapping = {}
            for key_node, value_node in node.value:
                if key_node.tag not in PLAIN_TAGS:
                    self.tag_refused(key_node, path, "in a key")
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    line = key_node.start_mark.line + 1
                    self.found.append(Problem(self.shown, line, path, "a key is a list or a mapping, not a name"))
                    continue
                key = self.loader.construct_object(key_node)
                name = str(key)
                out.keys[name] = key
                out.mapping[name] = self.read(value_node, f"{path}.{name}" if path else name)
        elif isinstance(node, yaml.SequenceNode):
            out.items = [self.read(item, f"{path}[{i}]") for i, item in enumerate(node.value)]
        else:
            out.value = self.loader.construct_object(node)
        return out

    def env_tag(self, node: yaml.Node, path: str) -> object:
        """``!ENV NAME`` or ``!ENV [NAME..., default]`` as MkDocs resolves it (from ``env``)."""
        if isinstance(node, yaml.ScalarNode):
            names, default = [self.loader.construct_scalar(node)], None
        elif isinstance(node, yaml.SequenceNode) and all(
            isinstance(child, yaml.ScalarNode) and child.tag in PLAIN_TAGS for child in node.value
        ):
            items = [self.loader.construct_object(child) for child in node.value]
            names, default = (items[:-1], items[-1]) if len(items) > 1 else (items, None)
        else:
            self.found.append(Problem(self.shown, node.start_mark.line + 1, path, "!ENV takes a name or a list"))
            return None
        for name in names:
            if str(name) in self.env:
                return env_value(self.env[str(name)]) if self.env[str(name)] else ""
        return default


def load_tree(config_file: Path, env: Mapping[str, str] | None = None) -> Node | list[Problem]:
    """``config_file`` read once, as the build will run it: every tag but ``!ENV`` refused wherever it is
    (``file:line``), ``!ENV`` resolved from ``env`` (the process's environment by default)."""
    shown = config_file.name
    try:
        text = config_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [Problem(shown, 0, "", f"cannot be read: {exc}")]
    composed = compose_config(text, shown)
    if isinstance(composed, Problem):
        return [composed]
    node, loader = composed
    reader = _Reader(loader, shown, os.environ if env is None else env)
    try:
        tree = reader.read(node, "")
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        mark = getattr(exc, "problem_mark", None)
        return [Problem(shown, mark.line + 1 if mark else 0, "", f"is not YAML the check can read: {exc}")]
    finally:
        loader.dispose()
    return reader.found or tree
