"""``mkdocs.yml`` is code: what a guide's configuration may say without being trusted, and the one key that
trusts the rest.

The theme prints configuration values into every page, some inside its inline scripts (whose hashes the
page policy trusts: :mod:`~generator.adapters.csp`) and in ``<head>``; settings name templates, hooks,
plugins, Markdown extensions and files that run or are published as code. So each setting is checked
against an allow-list of keys and value shapes known to be inert (:func:`problems`): plain text where the
theme prints text, ``http(s)`` addresses where it prints addresses, files of the repository where it links
files, theme features and Markdown extensions from a list with their safe options. Anything else (hooks,
other plugins or extensions, ``INHERIT``, ``theme.custom_dir``, ``extra.scope``, ``extra_javascript``,
the plugin's ``templates`` and ``plotly_js``, snippets outside the repository, a YAML tag but ``!ENV``)
builds only when the guide lists it, by its dotted name, under :data:`TRUST_KEY` of the decision-guide
plugin; a pull request that changes that list, or a setting under it, is named in its comment as
running code (:mod:`generator.diff.site`).

MkDocs imports hook files while it reads the configuration, before any plugin runs; the Zensical adapter
and ``python -m quality.build`` check first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

import yaml

from generator.errors import Problem
from generator.read.yaml_config import compose_config, env_value

PLUGIN = "decision-guide"
#: The plugin option that lists the settings a guide trusts as code (dotted names, ``hooks``,
#: ``theme.custom_dir``, ``plugins.meta``, ``markdown_extensions.pymdownx.snippets``...).
TRUST_KEY = "trusted_configuration"
TRUSTED_AS = f"plugins.{PLUGIN}.{TRUST_KEY}"

TEXT = re.compile(r"[^<>\"'`&\\\x00-\x1f\x7f]*")
URL = re.compile(r"https?://[^\s\"'<>`\\{}|^]+")
PATH = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._/-]*")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_ .-]*")
ICON = re.compile(r"[a-z0-9][a-z0-9/_-]*")
LANG = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
ADDR = re.compile(r"[A-Za-z0-9.-]+:[0-9]{1,5}")

#: Material's (and Zensical's) theme features that change layout and behaviour only.
FEATURES = frozenset(
    {
        "announce.dismiss", "content.code.annotate", "content.code.copy", "content.code.select",
        "content.footnote.tooltips", "content.tabs.link", "content.action.edit", "content.action.view",
        "header.autohide", "navigation.expand", "navigation.footer", "navigation.indexes",
        "navigation.instant", "navigation.instant.prefetch", "navigation.instant.progress",
        "navigation.path", "navigation.prune", "navigation.sections", "navigation.tabs",
        "navigation.tabs.sticky", "navigation.top", "navigation.tracking", "search.highlight",
        "search.share", "search.suggest", "toc.follow", "toc.integrate",
    }
)  # fmt: skip


class Node:
    """A setting as written: its value (``!ENV`` resolved), its line, and for a mapping or list its parts."""

    def __init__(self, node: yaml.Node, loader: yaml.SafeLoader) -> None:
        self.line = node.start_mark.line + 1
        self.tag = node.tag
        self.mapping: dict[str, Node] | None = None
        self.items: list[Node] | None = None
        self.value: object = None
        if node.tag == "!ENV":
            self.value = _env(node, loader)
        elif isinstance(node, yaml.MappingNode):
            self.mapping = {_key(k, loader): Node(v, loader) for k, v in node.value}
        elif isinstance(node, yaml.SequenceNode):
            self.items = [Node(item, loader) for item in node.value]
        elif self.tagged:
            self.value = node.value  # as written: a tag is refused, never resolved here
        else:
            self.value = loader.construct_object(node)

    @property
    def tagged(self) -> bool:
        return self.tag != "!ENV" and self.tag not in _PLAIN


#: The tags of plain YAML values (every other tag, ``!!python/name:...`` included, is refused).
_PLAIN = frozenset(f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "float", "bool", "null", "map", "seq"))


def _key(node: yaml.Node, loader: yaml.SafeLoader) -> str:
    if isinstance(node, yaml.ScalarNode) and node.tag in _PLAIN:
        return str(loader.construct_object(node))
    return str(getattr(node, "value", ""))


def _env(node: yaml.Node, loader: yaml.SafeLoader) -> object:
    """``!ENV NAME`` or ``!ENV [NAME..., default]`` as MkDocs resolves it."""
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    elif isinstance(node, yaml.SequenceNode):
        items = [loader.construct_object(child) for child in node.value]
        names, default = (items[:-1], items[-1]) if len(items) > 1 else (items, None)
    else:
        return None
    for name in names:
        if str(name) in os.environ:
            return env_value(os.environ[str(name)]) if os.environ[str(name)] else ""
    return default


class Check:
    def __init__(self, shown: str, root: Path, trusted: list[str], chain: frozenset[Path] = frozenset()) -> None:
        self.shown, self.root, self.trusted = shown, root, trusted
        self.found: list[Problem] = []
        self.chain = chain
        """The configuration files being checked, this one and every one that inherits it (``INHERIT``)."""

    def is_trusted(self, path: str) -> bool:
        return any(path == t or path.startswith((t + ".", t + "[")) for t in self.trusted)

    def refuse(self, node: Node, path: str, why: str) -> None:
        if not self.is_trusted(path):
            message = f"{why}: list {path!r} under {TRUSTED_AS} to build with it (docs/previews.md)"
            self.found.append(Problem(self.shown, node.line, path, message))

    def invalid(self, node: Node, path: str, why: str) -> None:
        """A value no engine can build with, trusted or not."""
        self.found.append(Problem(self.shown, node.line, path, why))

    def code(self, node: Node, path: str, what: str = "runs or is published as code") -> None:
        self.refuse(node, path, what)

    # Value shapes ----------------------------------------------------------------------------------
    def scalar(self, node: Node, path: str, pattern: re.Pattern[str], what: str) -> None:
        if node.tagged:
            self.refuse(node, path, f"a YAML tag ({node.tag}) is not an inert value")
        elif node.mapping is not None or node.items is not None:
            self.refuse(node, path, f"expected {what}, got a {'mapping' if node.mapping is not None else 'list'}")
        elif node.value is None or isinstance(node.value, bool | int | float):
            return
        elif pattern.fullmatch(str(node.value)) is None:
            self.refuse(node, path, f"expected {what}, got {str(node.value)[:60]!r}")

    def text(self, node: Node, path: str) -> None:
        self.scalar(node, path, TEXT, "plain text (no < > \" ' ` & \\)")

    def url(self, node: Node, path: str) -> None:
        self.scalar(node, path, URL, "an http(s) address")

    def link(self, node: Node, path: str) -> None:
        if isinstance(node.value, str) and "://" in node.value:
            self.url(node, path)
        else:
            self.relative(node, path)

    def relative(self, node: Node, path: str) -> None:
        """A path inside the repository (relative, no ``..``)."""
        if isinstance(node.value, str) and ".." in PurePosixPath(node.value).parts:
            self.refuse(node, path, f"{node.value!r} leaves the repository")
        else:
            self.scalar(node, path, PATH, "a path of letters, digits and ._/- inside the repository")

    def repo_file(self, node: Node, path: str, docs: Path) -> None:
        """A file of the repository (under the pages folder, as the theme links it)."""
        self.relative(node, path)
        if isinstance(node.value, str) and PATH.fullmatch(node.value) and not (docs / node.value).is_file():
            self.refuse(node, path, f"{node.value!r} is not a file of the pages folder")

    def boolean(self, node: Node, path: str) -> None:
        if node.tagged:
            self.refuse(node, path, f"a YAML tag ({node.tag}) is not an inert value")
        elif not isinstance(node.value, bool):
            self.refuse(node, path, "expected true or false")

    def number(self, node: Node, path: str) -> None:
        if not isinstance(node.value, int) or isinstance(node.value, bool) or node.tagged:
            self.refuse(node, path, "expected a whole number")

    def words(self, node: Node, path: str, pattern: re.Pattern[str] = WORD) -> None:
        for i, item in enumerate(node.items if node.items is not None else [node]):
            self.scalar(item, path if node.items is None else f"{path}[{i}]", pattern, "a plain word")

    def mapping_of(self, node: Node, path: str, keys: dict[str, Callable[[Node, str], None]]) -> None:
        if node.mapping is None:
            if node.value not in (None, {}):
                self.refuse(node, path, "expected a mapping")
            return
        for key, child in node.mapping.items():
            rule = keys.get(key)
            if rule is None:
                self.code(child, f"{path}.{key}", "not a setting known to be inert")
            else:
                rule(child, f"{path}.{key}")


def parts(node: Node) -> Iterator[tuple[str, Node]]:
    """A list of names or one-key mappings (``plugins``, ``markdown_extensions``): (name, options)."""
    for item in node.items or []:
        if item.mapping is not None and len(item.mapping) == 1:
            yield next(iter(item.mapping.items()))
        else:
            yield str(item.value), item


def load(config_file: Path) -> Node | Problem:
    """The configuration as written, or why it cannot be read."""
    shown = config_file.name
    try:
        text = config_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Problem(shown, 0, "", f"cannot be read: {exc}")
    composed = compose_config(text, shown)
    if isinstance(composed, Problem):
        return composed
    node, loader = composed
    try:
        return Node(node, loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return Problem(shown, mark.line + 1 if mark else 0, "", f"is not YAML the check can read: {exc}")
    finally:
        loader.dispose()


def problems(config_file: Path, inherited_by: frozenset[Path] = frozenset()) -> list[Problem]:
    """Every setting of ``config_file`` that is not known to be inert and not trusted, as ``file:line``;
    ``inherited_by``: the files that inherit it (``INHERIT``), none of which it may inherit again."""
    from generator.adapters import config_rules  # the rules by setting, kept apart from the machinery

    top = load(config_file)
    if isinstance(top, Problem):
        return [top]
    if top.mapping is None:
        return [Problem(config_file.name, top.line, "", "is not a mapping of settings")]
    trusted = _trusted(top)
    check = Check(config_file.name, config_file.resolve().parent, trusted, inherited_by | {config_file.resolve()})
    config_rules.check(check, top)
    return sorted(check.found)


def _trusted(top: Node) -> list[str]:
    plugins = (top.mapping or {}).get("plugins")
    for name, options in parts(plugins) if plugins is not None else ():
        if name == PLUGIN and options.mapping is not None and TRUST_KEY in options.mapping:
            listed = options.mapping[TRUST_KEY]
            return [str(item.value) for item in listed.items or []]
    return []


def describe(found: list[Problem]) -> str:
    count = len(found)
    head = (
        f"{count} setting{'s' if count != 1 else ''} of the configuration {'are' if count != 1 else 'is'} not "
        "known to be inert and not trusted; nothing was built:"
    )
    return "\n".join([head, *(f"  {p}" for p in found)])
