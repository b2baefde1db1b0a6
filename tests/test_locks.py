"""The two locks are complete and minimal: `make` installs them with --no-deps, so nothing else fills a gap.

requirements.lock is exactly the project's run-time dependencies and theirs (what `make serve` installs);
requirements-dev.lock is exactly what the "test" extra adds on top. Both are checked against the package
metadata installed in this environment, and the environment against the pins.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent


def _project() -> str:
    """The installed distribution of this engine (``pyproject.toml``'s name once ``make setup`` has run):
    the one that brings its MkDocs plugin."""
    import tomllib
    from importlib.metadata import entry_points

    named = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
    plugin = entry_points(group="mkdocs.plugins")
    found = {canonical(ep.dist.name) for ep in plugin if ep.value.startswith("generator.") and ep.dist}
    if canonical(named) in found:  # an environment set up before the engine had its name holds both
        return str(named)
    (name,) = found
    return name


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


PROJECT = _project()


def pins(lock: str) -> dict[str, str]:
    out = {}
    for line in (ROOT / lock).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{lock}: {line!r} is not pinned with =="
            out[canonical(name)] = version
    return out


def closure(name: str, extras: frozenset[str] = frozenset()) -> set[str]:
    """Every distribution ``name`` (with ``extras``) needs, itself excluded, from installed metadata."""
    seen: set[str] = set()
    todo = [(name, extras)]
    while todo:
        current, wanted = todo.pop()
        try:
            requires = distribution(current).requires or []
        except PackageNotFoundError as e:
            raise AssertionError(f"{current} is needed but not installed") from e
        for text in requires:
            req = Requirement(text)
            envs = [{"extra": extra} for extra in wanted] or [{"extra": ""}]
            if req.marker is not None and not any(req.marker.evaluate(env) for env in envs):
                continue
            key = canonical(req.name)
            if key not in seen:
                seen.add(key)
                todo.append((key, frozenset(req.extras)))
    return seen


def test_runtime_lock_is_exactly_the_runtime_closure() -> None:
    runtime = pins("requirements.lock")
    needed = closure(PROJECT)
    assert needed - runtime.keys() == set(), "missing from requirements.lock"
    assert runtime.keys() - needed == set(), "in requirements.lock but not needed to run"


def test_dev_lock_is_exactly_what_the_test_extra_adds() -> None:
    runtime, dev = pins("requirements.lock"), pins("requirements-dev.lock")
    assert runtime.keys() & dev.keys() == set(), "pinned in both locks"
    needed = closure(PROJECT, frozenset({"test"})) - runtime.keys()
    assert needed - dev.keys() == set(), "missing from requirements-dev.lock"
    assert dev.keys() - needed == set(), "in requirements-dev.lock but not needed by the test extra"


def test_environment_matches_the_pins() -> None:
    for lock in ("requirements.lock", "requirements-dev.lock"):
        for name, version in pins(lock).items():
            assert distribution(name).version == version, f"{name} installed differs from {lock}"


def test_aiperf_environment_is_exactly_its_lock() -> None:
    """.venv-aiperf (AIPerf for the end-to-end import test) holds the pinned set, nothing more or less."""
    python = Path(os.environ.get("AIPERF_ENV", ROOT / ".venv-aiperf")) / "bin" / "python"
    assert python.exists(), f"{python} is missing: run `make setup-aiperf` (make test does)"
    listing = subprocess.run(
        [
            python,
            "-I",
            "-c",
            "import importlib.metadata as m, json; "
            "print(json.dumps({d.metadata['Name']: d.version for d in m.distributions()}))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    installed = {canonical(name): version for name, version in json.loads(listing.stdout).items()}
    assert installed == pins("requirements-aiperf.lock")
