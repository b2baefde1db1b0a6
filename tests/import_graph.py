"""The house read from its imports, for ``tests/test_layout.py``: every import of every module (in functions
and ``if TYPE_CHECKING:`` blocks too), the import circles among them, the imports one stage must never make
of another, and the files over the length a module may have.

Pure functions over a folder, so that the tests can run them on the repository and on tiny fake packages.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

Graph = dict[str, set[str]]


def modules(root: Path, folders: Iterable[str], skip: Iterable[str] = ()) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` under each of ``folders`` of ``root`` (a package is
    named by its ``__init__.py``), leaving out files under any of the folders ``skip`` (relative to ``root``)."""
    skipped = [root / s for s in skip]
    out: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            if any(path.is_relative_to(s) for s in skipped):
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _known(name: str, files: Mapping[str, Path]) -> str | None:
    """The module of ``files`` that ``name`` is or lies in (``a.b.C`` -> ``a.b``), or ``None``."""
    while name:
        if name in files:
            return name
        name = name.rpartition(".")[0]
    return None


def imports(module: str, files: Mapping[str, Path]) -> set[str]:
    """The modules of ``files`` that ``module`` imports, at any depth of its file.

    ``from pkg import name`` imports the module ``pkg.name`` when there is one, else ``pkg`` itself (its
    ``__init__.py``); relative imports are resolved against the module's package."""
    path = files[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {m for alias in node.names if (m := _known(alias.name, files))}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                member = f"{base}.{alias.name}"
                target = member if member in files else _known(base, files)
                if target:
                    found.add(target)
    found.discard(module)
    return found


def graph(files: Mapping[str, Path]) -> Graph:
    return {module: imports(module, files) for module in files}


def circles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """Every group of two or more modules that import one another (directly or round a loop), sorted;
    Tarjan's strongly connected components, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            step = next((w for w in todo if w in edges), None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(edges[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def stage_of(path: str, stages: Mapping[str, Sequence[str]]) -> str | None:
    """The stage a file (``generator/derive/guide.py``) belongs to: the first whose entries name the file
    itself, or a folder (ending in ``/``) that holds it."""
    for stage, places in stages.items():
        if any(path == p or (p.endswith("/") and path.startswith(p)) for p in places):
            return stage
    return None


def nevers(
    root: Path,
    files: Mapping[str, Path],
    edges: Mapping[str, set[str]],
    stages: Mapping[str, Sequence[str]],
    never: Iterable[tuple[str, str, str]],
) -> list[str]:
    """``a.py -> b.py (Stage -> Stage: why)`` for every import the ``never`` rules forbid."""
    where = {m: stage_of(p.relative_to(root).as_posix(), stages) for m, p in files.items()}
    out = []
    for low, high, why in never:
        for module in sorted(edges):
            if where[module] != low:
                continue
            for imported in sorted(edges[module]):
                if where[imported] == high:
                    a, b = (files[x].relative_to(root).as_posix() for x in (module, imported))
                    out.append(f"{a} -> {b} ({low} -> {high}: {why})")
    return out


def too_long(paths: Iterable[Path], root: Path, limit: int) -> list[str]:
    """``path lines`` for every file of ``paths`` longer than ``limit`` lines."""
    out = []
    for path in sorted(paths):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            out.append(f"{path.relative_to(root).as_posix()} {lines}")
    return out
