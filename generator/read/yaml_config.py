"""Read a site's configuration (``mkdocs.yml``) as plain data, to compare two versions of it.

MkDocs configurations carry tags (``!ENV [SITE_URL, ...]``, ``!relative``, ``!!python/name:...``)
that only MkDocs resolves; here every tag is kept as text (``!ENV ["SITE_URL", "..."]``), so two
versions compare as written and nothing is resolved, imported or run. The bound on aliases of every
YAML reader of the engine (:mod:`generator.read.yaml_aliases`) applies first.
"""

from __future__ import annotations

import json
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
