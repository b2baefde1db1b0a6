"""The settings of ``mkdocs.yml`` known to be inert, and the shape each must have
(:mod:`~generator.adapters.config_gate` applies them; anything not here is code, built only when trusted)."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import partial
from pathlib import Path

from generator.adapters.config_shapes import (
    ADDR,
    FEATURES,
    ICON,
    LANG,
    PLUGIN,
    TEXT,
    TRUST_KEY,
    Check,
    parts,
)
from generator.read.yaml_config import Node

#: Markdown extensions that only change how Markdown is written into HTML (which the allow-list then
#: cleans), each with the options that keep it so.
EXTENSIONS: dict[str, dict[str, str]] = {
    "abbr": {}, "admonition": {}, "attr_list": {}, "def_list": {}, "footnotes": {}, "md_in_html": {},
    "tables": {}, "sane_lists": {}, "smarty": {}, "fenced_code": {}, "nl2br": {}, "wikilinks": {},
    "toc": {"permalink": "flag-or-text", "permalink_title": "text", "toc_depth": "flag-or-text",
            "title": "text", "baselevel": "number", "anchorlink": "bool"},
    "codehilite": {"linenums": "bool", "guess_lang": "bool", "use_pygments": "bool"},
    "pymdownx.details": {}, "pymdownx.superfences": {}, "pymdownx.inlinehilite": {}, "pymdownx.mark": {},
    "pymdownx.caret": {}, "pymdownx.tilde": {}, "pymdownx.keys": {}, "pymdownx.smartsymbols": {},
    "pymdownx.betterem": {}, "pymdownx.critic": {}, "pymdownx.saneheaders": {}, "pymdownx.emoji": {},
    "pymdownx.tabbed": {"alternate_style": "bool"},
    "pymdownx.tasklist": {"custom_checkbox": "bool", "clickable_checkbox": "bool"},
    "pymdownx.highlight": {"anchor_linenums": "bool", "linenums": "bool", "pygments_lang_class": "bool",
                           "use_pygments": "bool", "line_spans": "text"},
    "pymdownx.snippets": {"base_path": "inside", "check_paths": "bool", "dedent_subsections": "bool"},
}  # fmt: skip
#: The decision-guide plugin's options that are data, not code (``templates``, ``plotly_js`` and
#: ``publish_files`` are code: templates render pages, plotly.js runs, listed files are published as written).
PLUGIN_OPTIONS = {
    "data_dir": "text", "diff_base": "text", "history_revisions": "number", "history_since": "text",
    "charts": "bool", "allow_raw_html": "bool", TRUST_KEY: "list",
}  # fmt: skip


def _shape(check: Check, kind: str, node: Node, path: str) -> None:
    if kind == "bool":
        check.boolean(node, path)
    elif kind == "number":
        check.number(node, path)
    elif kind == "text":
        check.text(node, path)
    elif kind == "flag-or-text":
        if not isinstance(node.value, bool | int):
            check.text(node, path)
    elif kind == "inside":
        for i, item in enumerate(node.items if node.items is not None else [node]):
            check.relative(item, path if node.items is None else f"{path}[{i}]")
    elif kind == "list":
        for i, item in enumerate(node.items or []):
            check.text(item, f"{path}[{i}]")


def _options(check: Check, allowed: dict[str, str], node: Node, path: str) -> None:
    if node.mapping is None:
        return  # a bare name
    for key, child in node.mapping.items():
        if key in allowed:
            _shape(check, allowed[key], child, f"{path}.{key}")
        else:
            check.code(child, f"{path}.{key}", "an option not known to be inert")


def _extensions(check: Check, node: Node, path: str) -> None:
    for name, options in parts(node):
        if name in EXTENSIONS:
            _options(check, EXTENSIONS[name], options, f"{path}.{name}")
        else:
            check.code(options, f"{path}.{name}", "a Markdown extension not known to be inert")


def _plugins(check: Check, node: Node, path: str) -> None:
    for name, options in parts(node):
        if name == PLUGIN:
            _options(check, PLUGIN_OPTIONS, options, f"{path}.{name}")
        elif name == "search":
            _options(check, {"lang": "text"}, options, f"{path}.{name}")
        else:
            check.code(options, f"{path}.{name}", "a plugin runs Python during the build")


def _each(rule: Callable[[Node, str], None]) -> Callable[[Node, str], None]:
    """A rule for a list whose every item follows ``rule``."""

    def every(node: Node, path: str) -> None:
        for i, item in enumerate(node.items if node.items is not None else [node]):
            rule(item, path if node.items is None else f"{path}[{i}]")

    return every


def _features(check: Check, node: Node, path: str) -> None:
    for item in node.items or []:
        if str(item.value) not in FEATURES:
            check.code(
                item, f"{path}.{item.value}", f"the theme feature {str(item.value)[:40]!r} is not known to be inert"
            )


def _palette(check: Check, node: Node, path: str) -> None:
    toggle = partial(check.mapping_of, keys={"icon": partial(_icon, check), "name": check.text})
    keys: dict[str, Callable[[Node, str], None]] = {
        "media": check.text, "scheme": check.words, "primary": check.words, "accent": check.words,
        "toggle": toggle,
    }  # fmt: skip
    for i, item in enumerate(node.items if node.items is not None else [node]):
        check.mapping_of(item, path if node.items is None else f"{path}[{i}]", keys)


def _icon_folders() -> list[Path]:
    """Where the themes keep their icons (``.icons/<set>/<name>.svg``): Material's, and Zensical's if installed."""
    import material  # type: ignore[import-untyped]

    folders = [Path(material.__file__).parent / "templates" / ".icons"]
    try:
        import zensical

        folders.append(Path(zensical.__file__).parent / "templates" / ".icons")
    except ImportError:
        pass
    return folders


def _icon(check: Check, node: Node, path: str) -> None:
    """An icon the theme has: a name of its icon sets (a missing one stopped the build with a traceback)."""
    check.words(node, path, ICON)
    name = str(node.value)
    if ICON.fullmatch(name) and ".." not in name and not any((f / f"{name}.svg").is_file() for f in _icon_folders()):
        check.invalid(node, path, f"{name!r} is not one of the theme's icons (.icons/<set>/<name>.svg)")


def _icons(check: Check, node: Node, path: str) -> None:
    for key, child in (node.mapping or {}).items():
        if child.mapping is not None:
            _icons(check, child, f"{path}.{key}")
        else:
            _icon(check, child, f"{path}.{key}")


def _nav(check: Check, node: Node, path: str) -> None:
    for i, item in enumerate(node.items or []):
        here = f"{path}[{i}]"
        if item.mapping is not None:
            for title, target in item.mapping.items():
                if TEXT.fullmatch(title) is None:
                    check.refuse(item, here, f"the nav title {title[:60]!r} is not plain text")
                if target.items is not None:
                    _nav(check, target, here)
                else:
                    check.link(target, here)
        else:
            check.link(item, here)


def _custom_dir(check: Check, node: Node, path: str) -> None:
    """Templates that render every page: code, and a folder of the repository even when trusted."""
    check.relative(node, path)
    check.code(node, path, "not a setting known to be inert")


def _theme(check: Check, node: Node, path: str, docs: Path) -> None:
    font = partial(check.mapping_of, keys={"text": check.text, "code": check.text})
    keys: dict[str, Callable[[Node, str], None]] = {
        "name": check.words,
        "language": partial(check.words, pattern=LANG),
        "font": lambda n, p: None if n.value is False else font(n, p),
        "features": partial(_features, check),
        "palette": partial(_palette, check),
        "icon": partial(_icons, check),
        "logo": partial(check.repo_file, docs=docs),
        "favicon": partial(check.repo_file, docs=docs),
        "variant": check.words,
        "custom_dir": partial(_custom_dir, check),
    }
    check.mapping_of(node, path, keys)
    name = (node.mapping or {}).get("name")
    if name is not None and name.value != "material":
        check.code(name, f"{path}.name", "another theme: its templates and scripts are not the ones the policy trusts")


#: Lines of plain text: the gitignore-style patterns of ``exclude_docs`` and its kin.
LINES = re.compile(r"[^<>\"'`&\\\x00-\x09\x0b-\x1f\x7f]*")


def _lines(check: Check, node: Node, path: str) -> None:
    check.scalar(node, path, LINES, "lines of plain text (no < > \" ' ` & \\)")


def _extra(check: Check, node: Node, path: str) -> None:
    alternate = partial(
        check.mapping_of, keys={"name": check.text, "link": check.link, "lang": partial(check.words, pattern=LANG)}
    )
    social = partial(check.mapping_of, keys={"icon": partial(_icon, check), "link": check.url, "name": check.text})

    check.mapping_of(
        node,
        path,
        {
            "alternate": _each(alternate),
            "social": _each(social),
            "generator": check.boolean,
            "homepage": check.url,
            "version": partial(
                check.mapping_of, keys={"provider": check.text, "default": check.text, "alias": check.boolean}
            ),
        },
    )


#: The fields MkDocs fills in ``edit_uri_template`` (``!q``: URL-quoted), each written bare: a width or a
#: precision (``{path:>999999999}``) would make every page's edit address as long as it says.
TEMPLATE_FIELDS = frozenset({"path", "path_noext", "path!q", "path_noext!q"})
#: The longest template a setting may hold: what it expands to is at most this plus each field's path.
MAX_TEMPLATE = 1000


def _template(check: Check, node: Node, path: str) -> None:
    """A format template (``edit_uri_template``): plain text and bare fields, bounded in what it expands to."""
    check.text(node, path)
    if not isinstance(node.value, str):
        return
    if len(node.value) > MAX_TEMPLATE:
        check.invalid(node, path, f"a template of {len(node.value)} characters (at most {MAX_TEMPLATE})")
        return
    try:
        parsed = string.Formatter().parse(node.value)
        fields = [(name, conv, spec) for _, name, spec, conv in parsed if name is not None]
    except ValueError as exc:
        check.invalid(node, path, f"not a template MkDocs can fill: {exc}")
        return
    for name, conv, spec in fields:
        field = f"{name}!{conv}" if conv else name
        if spec or field not in TEMPLATE_FIELDS:
            shown = "{" + field + (f":{spec}" if spec else "") + "}"
            check.invalid(node, path, f"{shown[:40]!r}: only {{path}}, {{path_noext}} (and !q) are filled, bare")
            return


def check(check: Check, top: Node) -> None:
    """Each top-level setting of ``top`` by its rule; a setting without one is code."""
    settings = top.mapping or {}
    docs_node = settings.get("docs_dir")
    docs = check.root / str(docs_node.value if docs_node is not None and docs_node.value else "docs")
    rules: dict[str, Callable[[Node, str], None]] = {
        "site_name": check.text, "site_description": check.text, "site_author": check.text,
        "copyright": check.text, "repo_name": check.text, "remote_branch": check.text, "remote_name": check.text,
        "edit_uri": check.text, "edit_uri_template": partial(_template, check),
        "site_url": check.url, "repo_url": check.url,
        "docs_dir": check.relative, "site_dir": check.relative,
        "strict": check.boolean, "use_directory_urls": check.boolean,
        "dev_addr": partial(check.words, pattern=ADDR),
        "exclude_docs": partial(_lines, check), "not_in_nav": partial(_lines, check),
        "draft_docs": partial(_lines, check),
        "watch": _each(check.text),
        "extra_css": _each(check.relative),
        "theme": partial(_theme, check, docs=docs),
        "plugins": partial(_plugins, check),
        "markdown_extensions": partial(_extensions, check),
        "extra": partial(_extra, check),
        "nav": partial(_nav, check),
        "validation": lambda n, p: None,  # levels of MkDocs' own link checks: words it validates itself
    }  # fmt: skip
    for key, node in settings.items():
        rule = rules.get(key)
        if rule is None:
            check.code(node, key, "not a setting known to be inert")
        else:
            rule(node, key)
