"""The value shapes a setting of ``mkdocs.yml`` may have without being trusted, and the check that applies them
(:mod:`~generator.adapters.config_rules` says which setting has which shape; :mod:`~generator.adapters.config_gate`
reads the configuration once and runs both)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

from generator.errors import Problem
from generator.read.yaml_config import Node

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


class Check:
    def __init__(self, root: Path, trusted: list[str]) -> None:
        self.root, self.trusted = root, trusted
        self.found: list[Problem] = []

    def is_trusted(self, path: str) -> bool:
        return any(path == t or path.startswith((t + ".", t + "[")) for t in self.trusted)

    def refuse(self, node: Node, path: str, why: str) -> None:
        if not self.is_trusted(path):
            message = f"{why}: list {path!r} under {TRUSTED_AS} to build with it (docs/previews.md)"
            self.found.append(Problem(node.shown, node.line, path, message))

    def invalid(self, node: Node, path: str, why: str) -> None:
        """A value no engine can build with, trusted or not."""
        self.found.append(Problem(node.shown, node.line, path, why))

    def code(self, node: Node, path: str, what: str = "runs or is published as code") -> None:
        self.refuse(node, path, what)

    # Value shapes ----------------------------------------------------------------------------------
    def scalar(self, node: Node, path: str, pattern: re.Pattern[str], what: str) -> None:
        if node.mapping is not None or node.items is not None:
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
        """A path inside the repository (relative, no ``..``, not through a link that leaves it): never trusted
        otherwise (MkDocs empties ``site_dir``, reads ``docs_dir`` and snippets' bases, publishes favicons)."""
        if not isinstance(node.value, str):
            self.scalar(node, path, PATH, "a path of letters, digits and ._/- inside the repository")
            return
        place = (self.root / node.value).resolve()
        if ".." in PurePosixPath(node.value).parts or not place.is_relative_to(self.root.resolve()):
            self.invalid(node, path, f"{node.value[:80]!r} leaves the repository")
        elif PurePosixPath(node.value).is_absolute():  # written in full, inside the repository
            inside = Node(node.shown, node.line)
            inside.value = place.relative_to(self.root.resolve()).as_posix()
            self.scalar(inside, path, PATH, "a path of letters, digits and ._/- inside the repository")
        else:
            self.scalar(node, path, PATH, "a path of letters, digits and ._/- inside the repository")

    def repo_file(self, node: Node, path: str, docs: Path) -> None:
        """A file of the repository (under the pages folder, as the theme links it)."""
        self.relative(node, path)
        if isinstance(node.value, str) and PATH.fullmatch(node.value) and not (docs / node.value).is_file():
            self.refuse(node, path, f"{node.value!r} is not a file of the pages folder")

    def boolean(self, node: Node, path: str) -> None:
        if not isinstance(node.value, bool):
            self.refuse(node, path, "expected true or false")

    def number(self, node: Node, path: str) -> None:
        if not isinstance(node.value, int) or isinstance(node.value, bool):
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
