"""The generator's tree shows its pipeline: each stage imports only the stages below it and never what the
rules of ``docs/architecture.md`` forbid, no modules import one another round a circle, and none is long."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import import_graph
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
    {"adapters", "cli", "scaffold", "doctor", "serve_built", "restore", "__main__", "__init__"},  # front ends
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


# --- no import circle, no stage reaching back, no long module -------------------------------------------------

#: The folders whose Python modules may form no import circle (the templates a new guide copies are not modules).
HOUSE = ("generator", "bench", "quality", "tools")
NOT_MODULES = ("generator/scaffold/template",)

#: The stages of ``docs/architecture.md`` that the rules below name, by their units of :data:`LAYERS`.
STAGES = {
    "read": {"read"},
    "schema": {"schema"},
    "migrate": {"migrate"},
    "check": {"check"},
    "derive": {"derive"},
    "render": {"render"},
    "diff": {"diff"},
    "build": {"build"},
    "front ends": LAYERS[-1],
}
#: Imports a stage never makes, though the stage it would import lies above it (``docs/architecture.md``).
NEVER = [
    ("derive", "check", "deriving reads the typed guide, never the checking stage"),
    ("render", "check", "rendering reads the derived guide, never the checking stage"),
    ("diff", "check", "the diff compares derived guides, never the checking stage"),
    ("migrate", "check", "a migration reads the stated format, nothing of the check"),
    ("schema", "read", "the record format is declared on its own, the floor of the model"),
    ("read", "derive", "reading knows nothing of verdicts"),
    ("derive", "render", "numbers are decided before anything is drawn"),
    ("derive", "front ends", "the core knows no engine"),
    ("render", "front ends", "the core knows no engine"),
    ("build", "front ends", "the core knows no engine"),
]
#: Lines a Python module or a JavaScript part may have at most.
LONGEST = 400


def _stage_places(stages: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each stage's files and folders under ``generator/``, as :func:`import_graph.stage_of` reads them."""
    return {
        name: [p for u in sorted(units) for p in (f"generator/{u}/", f"generator/{u}.py")]
        for name, units in stages.items()
    }


def test_no_import_circle() -> None:
    """No group of modules imports one another, counting every import: in functions, in ``TYPE_CHECKING``
    blocks, and a package's ``__init__.py`` that imports its members while they import it back."""
    files = import_graph.modules(ROOT, HOUSE, NOT_MODULES)
    assert import_graph.circles(import_graph.graph(files)) == []


def test_no_stage_imports_what_it_must_never() -> None:
    """Counting every import, as the circle check does: in functions and ``TYPE_CHECKING`` blocks too."""
    files = import_graph.modules(ROOT, ["generator"], NOT_MODULES)
    edges = import_graph.graph(files)
    assert import_graph.nevers(ROOT, files, edges, _stage_places(STAGES), NEVER) == []


def test_every_stage_the_rules_name_is_a_layer() -> None:
    assert {u for units in STAGES.values() for u in units} <= set(RANK)
    assert {s for rule in NEVER for s in rule[:2]} <= set(STAGES)


def test_no_module_or_script_part_is_long() -> None:
    python = import_graph.modules(ROOT, HOUSE, NOT_MODULES).values()
    scripts = GENERATOR.rglob("*.js")
    assert import_graph.too_long([*python, *scripts], ROOT, LONGEST) == []


def _package(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_the_circle_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    _package(
        tmp_path,
        {
            # a catalog gathering its members, which import what they share from it: a circle
            "pkg/__init__.py": "from pkg import a, b\nSHARED = 1\n",
            "pkg/a.py": "from pkg import SHARED\n",
            "pkg/b.py": "x = 1\n",
            # a lazy import in a function, and one under TYPE_CHECKING, close a circle too
            "lazy/one.py": "def f():\n    from lazy.two import g\n",
            "lazy/two.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import one\n",
            # the shared part in a base module the members import, the catalog importing them: no circle
            "fixed/__init__.py": "from fixed import a\n",
            "fixed/base.py": "SHARED = 1\n",
            "fixed/a.py": "from fixed.base import SHARED\n",
        },
    )
    files = import_graph.modules(tmp_path, ["pkg", "lazy", "fixed"])
    assert import_graph.circles(import_graph.graph(files)) == [["lazy.one", "lazy.two"], ["pkg", "pkg.a"]]


def test_the_length_check_sees_a_long_script_part(tmp_path: Path) -> None:
    _package(tmp_path, {"generator/render/assets/long.js": "x;\n" * (LONGEST + 1), "generator/short.py": "x = 1\n"})
    found = import_graph.too_long((tmp_path / "generator").rglob("*.*"), tmp_path, LONGEST)
    assert found == [f"generator/render/assets/long.js {LONGEST + 1}"]


def test_the_never_check_sees_a_stage_reaching_back(tmp_path: Path) -> None:
    _package(
        tmp_path,
        {
            "generator/__init__.py": "",
            "generator/check/__init__.py": "",
            "generator/check/sentences.py": "WORDS = ()\n",
            "generator/derive/__init__.py": "",
            "generator/derive/statements.py": "def f():\n    from generator.check import sentences\n",
            "generator/diff/__init__.py": "",
            "generator/diff/reading.py": "import typing\nif typing.TYPE_CHECKING:\n    from ..check import x\n",
            "generator/pipeline.py": "from generator.check.sentences import WORDS\n",  # the pipeline runs the check
        },
    )
    files = import_graph.modules(tmp_path, ["generator"])
    found = import_graph.nevers(tmp_path, files, import_graph.graph(files), _stage_places(STAGES), NEVER)
    assert found == [
        "generator/derive/statements.py -> generator/check/sentences.py"
        " (derive -> check: deriving reads the typed guide, never the checking stage)",
        "generator/diff/reading.py -> generator/check/__init__.py"
        " (diff -> check: the diff compares derived guides, never the checking stage)",
    ]
