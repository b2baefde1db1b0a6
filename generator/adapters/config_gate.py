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

Parse once, check that, run that: the configuration (and every file it inherits: ``INHERIT``) is read once, by
:func:`generator.read.yaml_config.load_tree`, which refuses every YAML tag but ``!ENV`` wherever it is written
(keys and nav titles included); the settings MkDocs takes in several shapes (``plugins`` and
``markdown_extensions`` as a list or a mapping, nav entries of several titles) are put in one shape
(:func:`canonical`); the rules run on that tree, and the build runs that tree, written out as plain YAML
(:func:`write_checked`) for MkDocs and handed to Zensical, so no second parse reads anything else. MkDocs
imports hook files and resolves tags while it reads a configuration, before any plugin runs: ``python -m
quality.build``, the Zensical adapter and ``python -m generator check`` check first.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

import yaml

from generator.adapters import config_rules
from generator.adapters.config_shapes import PLUGIN, TRUST_KEY, TRUSTED_AS, Check, parts
from generator.errors import Problem
from generator.read.yaml_config import Node, load_tree

__all__ = ["PLUGIN", "TRUSTED_AS", "TRUST_KEY", "canonical", "checked", "describe", "problems", "write_checked"]

#: What the build runs instead of a configuration file: the checked tree, beside it (its paths stay relative).
CHECKED_SUFFIX = ".checked.yml"


def _merged(parent: Node, child: Node) -> Node:
    """``INHERIT`` as MkDocs merges (``mergedeep``): mappings key by key, anything else the child's."""
    if parent.mapping is None or child.mapping is None:
        return child
    out = Node(child.shown, child.line)
    out.mapping, out.keys = dict(parent.mapping), {**parent.keys, **child.keys}
    for key, node in child.mapping.items():
        out.mapping[key] = _merged(parent.mapping[key], node) if key in parent.mapping else node
    return out


def _read(config_file: Path, root: Path, env: Mapping[str, str] | None, chain: frozenset[Path]) -> Node | list[Problem]:
    """``config_file`` and what it inherits, merged; ``INHERIT`` must name a file of the repository, no loop."""
    tree = load_tree(config_file, env)
    if isinstance(tree, list):
        return tree
    if tree.mapping is None:
        return [Problem(config_file.name, tree.line, "", "is not a mapping of settings")]
    inherit = tree.mapping.pop("INHERIT", None)
    if inherit is None:
        return tree
    name = inherit.value
    parent = config_file.parent / str(name)
    if not isinstance(name, str) or not name or PurePosixPath(name).is_absolute() or ".." in PurePosixPath(name).parts:
        why = f"{str(name)[:80]!r} is not a configuration file in the repository"
    elif not parent.resolve().is_relative_to(root.resolve()) or not parent.is_file():
        why = f"{name[:80]!r} is not a configuration file in the repository"
    elif parent.resolve() in chain:
        why = f"{name[:80]!r} inherits, through INHERIT, the file that inherits it: a loop"
    else:
        above = _read(parent, root, env, chain | {parent.resolve()})
        return above if isinstance(above, list) else _merged(above, tree)
    return [Problem(inherit.shown, inherit.line, "INHERIT", why)]


def _listed(node: Node) -> Node:
    """``plugins`` or ``markdown_extensions`` as a list of names and one-key mappings, whichever way written."""
    if node.mapping is None:
        return node
    out = Node(node.shown, node.line)
    out.items = []
    for key, options in node.mapping.items():
        item = Node(options.shown, options.line)
        if options.mapping is None and options.items is None and options.value is None:
            item.value = node.keys.get(key, key)
        else:
            item.mapping, item.keys = {key: options}, {key: node.keys.get(key, key)}
        out.items.append(item)
    return out


def _nav(node: Node) -> Node:
    """Nav entries one title each (MkDocs reads a mapping of several titles as several entries)."""
    if node.items is None:
        return node
    out = Node(node.shown, node.line)
    out.items = []
    for item in node.items:
        if item.mapping is None:
            out.items.append(item)
            continue
        for key, target in item.mapping.items():
            entry = Node(item.shown, target.line)
            entry.mapping, entry.keys = {key: _nav(target)}, {key: item.keys.get(key, key)}
            out.items.append(entry)
    return out


def canonical(tree: Node) -> Node:
    """The one shape of each setting MkDocs accepts in several."""
    settings = dict(tree.mapping or {})
    for key in ("plugins", "markdown_extensions"):
        if key in settings:
            settings[key] = _listed(settings[key])
    if "nav" in settings:
        settings["nav"] = _nav(settings["nav"])
    out = Node(tree.shown, tree.line)
    out.mapping, out.keys = settings, tree.keys
    return out


def checked(config_file: Path, env: Mapping[str, str] | None = None) -> tuple[Node | None, list[Problem]]:
    """The configuration as the build will run it, checked: the tree and no problem, or ``None`` and every
    setting not known to be inert and not trusted (``file:line``)."""
    config_file = Path(config_file)
    root = config_file.resolve().parent
    read = _read(config_file, root, env, frozenset({config_file.resolve()}))
    if isinstance(read, list):
        return None, sorted(read)
    tree = canonical(read)
    check = Check(root, _trusted(tree))
    config_rules.check(check, tree)
    return (None, sorted(check.found)) if check.found else (tree, [])


def problems(config_file: Path, env: Mapping[str, str] | None = None) -> list[Problem]:
    """Every setting of ``config_file`` (and what it inherits) not known to be inert and not trusted."""
    return checked(config_file, env)[1]


def write_checked(config_file: Path, env: Mapping[str, str] | None = None) -> Path | list[Problem]:
    """The checked configuration written as plain YAML beside ``config_file`` (``.NAME.<random>.checked.yml``,
    which the caller deletes), for MkDocs to read instead of the file itself; or the problems, nothing written."""
    tree, found = checked(config_file, env)
    if tree is None:
        return found
    text = yaml.safe_dump(tree.data(), sort_keys=False, allow_unicode=True)
    folder = Path(config_file).parent
    handle, name = tempfile.mkstemp(prefix=f".{Path(config_file).stem}.", suffix=CHECKED_SUFFIX, dir=folder)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    return Path(name)


def configurations(folder: Path) -> list[Path]:
    """The configurations a guide's builds read: ``mkdocs.yml`` and every ``mkdocs-*.yml`` beside it (the
    snapshot's, ``mkdocs-snapshot.yml``), never a checked copy."""
    found = [folder / "mkdocs.yml"] if (folder / "mkdocs.yml").is_file() else []
    return found + sorted(p for p in folder.glob("mkdocs-*.yml") if p.is_file())


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


def main(argv: list[str] | None = None) -> int:
    """``python -m generator.adapters.config_gate [--write] FILE...``: check each configuration; with ``--write``
    print the path of the checked copy to build with (``mike deploy -F``, ``properdocs build -f``)."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m generator.adapters.config_gate", description=main.__doc__)
    parser.add_argument("--write", action="store_true", help="write each checked copy and print its path")
    parser.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args(argv)
    status = 0
    for config_file in args.files:
        done = write_checked(config_file) if args.write else problems(config_file)
        if isinstance(done, Path):
            print(done)
        elif done:
            print(describe(done), file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
