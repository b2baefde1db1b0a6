"""Field help for editors: the docstring written under each field of a record model.

Pydantic can read these itself (``use_attribute_docstrings``), but it does so for every
model each time the models are imported, by reading and parsing the source, which every
build would pay for. Only the JSON Schema export needs them, so it reads them here, once.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache

from pydantic import BaseModel


@cache
def _module_docstrings(module: str) -> dict[str, dict[str, str]]:
    """``{class name: {field: docstring}}`` for every class defined at the top of ``module``."""
    tree = ast.parse(inspect.getsource(sys.modules[module]))
    out: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields: dict[str, str] = {}
        for stmt, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                fields[stmt.target.id] = inspect.cleandoc(after.value.value)
        out[node.name] = fields
    return out


def field_docstrings(model: type[BaseModel]) -> dict[str, str]:
    """Each field's docstring, a subclass's own before the one it inherits."""
    out: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if isinstance(cls, type) and issubclass(cls, BaseModel) and cls.__module__.startswith("generator."):
            out.update(_module_docstrings(cls.__module__).get(cls.__name__, {}))
    return {name: text for name, text in out.items() if name in model.model_fields}
