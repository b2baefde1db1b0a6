"""The generator's tree shows its pipeline: each stage imports only the stages below it."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

GENERATOR = ROOT / "generator"

#: Every top-level unit of ``generator/``, lowest first. A unit may import itself and the units before it.
LAYERS = [
    {
        "errors",
        "escaping",
        "safe_json",
        "numbers",
        "number_range",
        "output_dir",
        "safe_write",
        "workload",
        "units",
        "comparatives",
    },  # the bottom: no generator imports
    {"read"},  # data files -> documents with line numbers
    {"schema"},  # the record format
    {"migrate"},  # an older guide's data rewritten in the current format, before any check
    {"model", "setup_keys"},  # the typed guide every later stage reads, the set-up keys it declares
    {
        "decide",
        "decide_filters",
        "decide_quotes",
        "envelope",
        "dimensions",
        "sentences",
        "kept_metric",
    },  # the decision helper's rules, what the records rule out, the numbers it quotes, the measured envelope,
    # the evidence's dimensions, the sentences that state a comparison and what backs each (check, derive, diff),
    # which number of a kept file is a cell's value (check, diff, ingest)
    {"check"},  # schema check + cross-record rules
    {"derive"},  # every number a reader sees
    {"render"},  # pages, charts, prose, navigation
    {"pipeline"},  # read -> check -> derive in one call
    {"diff"},  # two revisions of a guide compared (an older revision's data migrated first)
    {"build"},  # build_site(): pages, nav, assets
    {"ingest"},  # a benchmark tool's output filed in the guide (python -m generator import)
    {"adapters", "cli", "scaffold", "doctor", "serve_built", "__main__", "__init__"},  # front ends
]
RANK = {unit: i for i, units in enumerate(LAYERS) for unit in units}


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path) -> set[str]:
    """Every ``generator.*`` module ``path`` imports, at any depth of the file (lazy imports too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "generator":
            if node.module == "generator":
                found |= {f"generator.{alias.name}" for alias in node.names}
            else:
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "generator"}
    return found


def test_every_unit_of_the_generator_has_a_layer() -> None:
    units = {p.stem if p.is_file() else p.name for p in GENERATOR.iterdir() if p.suffix == ".py" or p.is_dir()}
    units -= {"__pycache__"}
    assert units - {"templates"} == set(RANK), "add the new unit to LAYERS (and the README's layout table)"


def test_nothing_imports_back_up_the_pipeline() -> None:
    upward = []
    for path in sorted(GENERATOR.rglob("*.py")):
        module = "generator." + ".".join(path.relative_to(GENERATOR).with_suffix("").parts)
        here = RANK[_unit(module)]
        for imported in _imports(path):
            if RANK[_unit(imported)] > here:
                upward.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert upward == []


def test_the_layer_check_sees_an_upward_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from generator.render.pages import Renderer\n", encoding="utf-8")
    assert _imports(probe) == {"generator.render.pages"}
    assert RANK[_unit("generator.render.pages")] > RANK[_unit("generator.check.registry")]
