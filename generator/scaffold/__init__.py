"""``python -m generator new DIR --topic "..."``: a minimal, valid, documented guide that builds at once.

The files come from ``template/`` (one record of each kind, commented, with placeholder numbers the
campaign says are placeholders); the topic goes into the title and tagline, and the JSON Schema files
editors use are written next to the data. The new guide has no code of its own: data, a page,
``mkdocs.yml``, a ``requirements.txt`` that names this engine (``--engine``: a package-index pin, a release
asset's URL with its sha256, or a wheel copied into the guide; :mod:`generator.scaffold.engine`), and the
workflows that check, build and publish it and preview its pull requests (``.github/workflows/``, with the
engine's stdlib-only deploy script, ``tools/deploy/publish.py``). It becomes a git repository with one
commit, unless it lies inside one already or ``--no-git`` is given.
"""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import generator
from generator.build import ENGINE_ROOT, AssetError, find_plotly
from generator.scaffold.engine import EngineSpecError, Requirement, copy_wheel, requirement
from generator.schema import FORMAT
from generator.schema.export import export_schemas

TEMPLATE = Path(__file__).parent / "template"
PACKAGE = __name__.split(".")[0]


class ScaffoldError(Exception):
    """The target folder cannot take a new guide; the message says why."""


def engine_distribution() -> tuple[str, str]:
    """The name and version of this engine's distribution, for the new guide's pin: a checkout's own
    ``pyproject.toml`` (whatever an editable install registered before), else the installed distribution
    whose MkDocs plugin is this engine's."""
    project = ENGINE_ROOT / "pyproject.toml"
    if project.is_file() and (ENGINE_ROOT / PACKAGE / "__init__.py").is_file():
        name = tomllib.loads(project.read_text(encoding="utf-8")).get("project", {}).get("name")
        if isinstance(name, str):
            return name, generator.__version__
    for ep in metadata.entry_points(group="mkdocs.plugins"):
        if ep.value.startswith(f"{PACKAGE}.") and ep.dist is not None:
            return ep.dist.name, ep.dist.version
    raise ScaffoldError(
        "the engine is not installed as a package (run from its folder with `pip install .`, or `make setup`), "
        "so the new guide's requirements.txt cannot pin it"
    )


#: Who makes the new guide's first commit when git has no name or e-mail configured.
FIRST_COMMIT_IDENTITY = {"GIT_AUTHOR_NAME": "decision guide", "GIT_AUTHOR_EMAIL": "decision-guide@localhost"}


def _git(target: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(target), *args], capture_output=True, text=True, check=False, env=env, timeout=60
    )


def inside_a_repository(target: Path) -> bool:
    """Whether ``target`` (or the folder it will be made in) lies inside a git work tree already."""
    folder = next((p for p in (target, *target.parents) if p.is_dir()), Path.cwd())
    try:
        return _git(folder, "rev-parse", "--is-inside-work-tree").stdout.strip() == "true"
    except FileNotFoundError:
        return False


def first_commit(target: Path) -> str:
    """``git init`` in ``target`` and one commit of every file; the message says why when git is missing."""
    try:
        done = _git(target, "init", "-q", "-b", "main")
    except FileNotFoundError:
        raise ScaffoldError("git is not installed: install it, or pass --no-git") from None
    if done.returncode != 0:
        raise ScaffoldError(f"git init failed: {done.stderr.strip()}")
    env = dict(os.environ)
    for key, value in FIRST_COMMIT_IDENTITY.items():
        name = "user.name" if key.endswith("NAME") else "user.email"
        if not _git(target, "config", name).stdout.strip():
            env.setdefault(key, value)
            env.setdefault(key.replace("AUTHOR", "COMMITTER"), value)
    _git(target, "add", "-A")
    done = _git(target, "commit", "-q", "-m", "A new decision guide", env=env)
    if done.returncode != 0:
        raise ScaffoldError(f"git commit failed: {done.stderr.strip() or done.stdout.strip()}")
    return _git(target, "rev-parse", "--short", "HEAD").stdout.strip()


def new_guide(
    target: Path, topic: str, plotly_js: Path | None = None, git: bool = True, engine_spec: str | None = None
) -> tuple[list[Path], Requirement]:
    """Write a new guide about ``topic`` into ``target`` (which must be empty or missing); return the files
    and the engine requirement its ``requirements.txt`` got.

    ``plotly_js`` is a plotly.js bundle for the charts; without one the guide uses the engine's own
    (:func:`generator.build.find_plotly`, wherever the guide lives), or is built without charts when the
    engine has none. ``engine_spec`` says where the guide's CI installs the engine from
    (:func:`generator.scaffold.engine.requirement`: ``index`` by default, a release URL or a wheel's path).
    """
    topic = " ".join(topic.split())
    if not topic:
        raise ScaffoldError("--topic is empty; say in a few words what the guide compares")
    if target.exists() and any(target.iterdir()):
        raise ScaffoldError(f"{target} is not empty; pick a new folder")
    engine, version = engine_distribution()
    try:  # before anything is written: a bad --engine leaves no half guide behind
        pin = requirement(engine, version, engine_spec)
    except EngineSpecError as exc:
        raise ScaffoldError(f"--engine {exc}") from None
    git = git and not inside_a_repository(target)
    title = f"{topic[:1].upper()}{topic[1:]}: a decision guide"
    charts = "charts: true  # plotly.js: the engine's own bundle, found wherever this guide lives"
    if plotly_js is not None and plotly_js.is_file():
        charts = (
            f"plotly_js: {json.dumps(str(plotly_js.resolve()), allow_nan=False)}\n"
            "      trusted_configuration: [plugins.decision-guide.plotly_js]"
        )
    else:
        try:
            find_plotly()
        except AssetError:
            charts = "charts: false  # no plotly.js found: run `make setup` in the engine's folder, then remove this"
    written = []
    for source in sorted(TEMPLATE.rglob("*")):
        if not source.is_file() or "__pycache__" in source.parts:  # an installer compiles the deploy script
            continue
        dest = target / source.relative_to(TEMPLATE)
        dest.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        text = text.replace("__TITLE__", json.dumps(title, ensure_ascii=False, allow_nan=False))
        tagline = f"A decision guide on {topic}. Replace this line with what the guide helps a reader decide."
        text = text.replace("__TAGLINE__", json.dumps(tagline, ensure_ascii=False, allow_nan=False))
        text = text.replace("__CHARTS__", charts)
        text = text.replace("__FORMAT__", str(FORMAT))
        text = text.replace("__ENGINE__", engine).replace("__ENGINE_VERSION__", version)
        text = text.replace("__ENGINE_WHEEL__", f"{engine.replace('-', '_')}-{version}-py3-none-any.whl")
        text = text.replace("__ENGINE_REQUIREMENT__", "\n".join(filter(None, (pin.comment, pin.line))))
        dest.write_text(text, encoding="utf-8")
        written.append(dest)
    export_schemas(target / "schema")
    written += sorted((target / "schema").glob("*.schema.json"))
    wheel = copy_wheel(pin, target)
    if wheel is not None:
        written.append(wheel)
    if git:
        first_commit(target)
    return written, pin
