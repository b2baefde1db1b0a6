"""The render modules import one another one way: no circle, not even one only a type checker follows."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RENDER = ROOT / "generator" / "render"


def imports(path: Path) -> set[str]:
    """The render modules ``path`` imports, anywhere in it (``if TYPE_CHECKING:`` blocks included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "generator.render":
                out |= {a.name for a in node.names}
            elif node.module.startswith("generator.render."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[2] for a in node.names if a.name.startswith("generator.render.")}
    return out


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports in ``graph`` (module -> modules it imports), or ``[]``."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return [*path[path.index(n) :], n]
            if n not in state and (found := visit(n)):
                return found
        state[m] = 2
        path.pop()
        return []

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return []


def test_render_imports_run_one_way() -> None:
    graph = {p.stem: imports(p) for p in RENDER.glob("*.py")}
    assert graph["cell_html"] and "page_base" in graph["cell_html"]  # the graph is read, not empty
    assert circle(graph) == []
    # the partials never reach back to the object templates use
    assert not any("page_html" in graph[m] for m in graph if m.endswith("_html") or m == "html_table")


def test_a_circle_is_found() -> None:
    assert circle({"page_html": {"cell_html"}, "cell_html": {"verdict_html"}, "verdict_html": {"page_html"}}) == [
        "cell_html", "verdict_html", "page_html", "cell_html"
    ]  # fmt: skip
    assert circle({"a": {"b"}, "b": set()}) == []
