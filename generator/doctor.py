"""``python -m generator doctor``: does the engine a guide's ``requirements.txt`` names install, and is it this one?

Run in the guide's folder (the generated workflows run it right after installing), it finds the engine's
line and checks it the way pip would get it:

* a pin (``decision-guide-engine==0.2.0``): ``pip download --no-deps`` of it into a temporary folder, from
  the package index pip is configured with;
* a release asset (``... @ https://...whl#sha256=...``): fetched once, its sha256 compared;
* a wheel path (``./engine/...whl``): the file exists (relative to the current folder, as pip reads it) and
  has the sha256 recorded above it;

then whether its version is the running engine's. Each problem is one line naming the cause; any makes the
exit status 1.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import generator
from generator.scaffold.engine import (
    PATH_HASH,
    VERSION,
    EngineSpecError,
    check_url,
    fetch_sha256,
    sha256_of,
    wheel_version,
)

DISTRIBUTION = "decision-guide-engine"


@dataclass(frozen=True)
class EngineLine:
    number: int
    text: str
    recorded_sha256: str
    """The sha256 written on the comment line above a wheel path, if any."""


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def find_line(text: str, distribution: str = DISTRIBUTION) -> EngineLine | None:
    """The requirement line that names the engine (by name, or by a wheel file of its name), if any."""
    recorded = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        hashed = PATH_HASH.match(line)
        if hashed:
            recorded = hashed[1]
            continue
        line = re.split(r"\s+#", line, maxsplit=1)[0].strip()
        if not line or line.startswith("#"):
            continue
        name = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", line)
        if name and _normalize(name[0]) == distribution:
            return EngineLine(number, line, recorded)
        target = line.split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        if wheel_version(distribution, target) is not None:
            return EngineLine(number, line, recorded)
        recorded = ""
    return None


def _pip() -> list[str]:
    """pip for this environment: its own, else the host's aimed at it (``pip --python``)."""
    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip"]
    host = shutil.which("python3")
    if host is None:
        raise EngineSpecError("pip is not installed in this environment (python -m ensurepip installs it)")
    return [host, "-m", "pip", "--python", sys.executable]


def pip_download(requirement: str) -> str:
    """Fetch ``requirement`` with ``pip download --no-deps``; pip's reason when it cannot, else ``""``."""
    with tempfile.TemporaryDirectory(prefix="engine-doctor-") as folder:
        done = subprocess.run(
            [*_pip(), "download", "-q", "--no-deps", "--disable-pip-version-check", "-d", folder, requirement],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    return "" if done.returncode == 0 else pip_reason(done.stderr)


def pip_reason(stderr: str) -> str:
    """The line of pip's error output that says why: pip's own ``ERROR:``, else what git said (a clone or a
    checkout that failed), else the command that failed."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line.removeprefix("ERROR: ") for line in lines if line.startswith("ERROR:")]
    said = [line for line in lines if re.match(r"(fatal|error): (?!subprocess-exited)", line)]
    failed = [line.removeprefix("× ") for line in lines if line.startswith("× ")]
    return (errors[-1:] or said[:1] or failed[:1] or lines[-1:] or ["pip failed"])[0]


def check_line(entry: EngineLine, running: str, where: str, distribution: str = DISTRIBUTION) -> tuple[str, str]:
    """``(version, problem)`` for one engine line: the version it installs and why it does not resolve."""
    text = entry.text
    at = f"{where}:{entry.number}: {text}"
    name = r"[-_.]+".join(map(re.escape, distribution.split("-")))  # pip's spellings of one name
    pinned = re.fullmatch(rf"{name}\s*==\s*({VERSION.pattern})", text, re.IGNORECASE)
    if pinned:
        reason = pip_download(text)
        return pinned[1], f"{at} does not resolve on the package index: {reason}" if reason else ""
    if "@" in text and re.match(r"[A-Za-z0-9._-]+\s*@", text):
        url = text.split("@", 1)[1].strip()
        if url.startswith("git+"):
            tag = re.search(r"@v?(" + VERSION.pattern + r")$", url.split("#", 1)[0])
            reason = pip_download(text)
            version = tag[1] if tag else ""
            if reason:
                return version, f"{at} does not resolve: {reason}"
            return version, "" if tag else f"{at}: name a version tag (@vX.Y.Z) so the engine cannot move"
        try:
            parts = check_url(url)
        except EngineSpecError as exc:
            return "", f"{where}:{entry.number}: {exc}"
        filename = urllib.parse.unquote(parts.path.rsplit("/", 1)[-1])
        version = wheel_version(distribution, filename) or ""
        if not version:
            return "", f"{at}: not a wheel of {distribution}"
        if not parts.fragment.startswith("sha256="):
            return version, f"{at}: no #sha256=... on the address, so pip cannot check the file it gets"
        try:
            digest = fetch_sha256(urllib.parse.urlunsplit(parts._replace(fragment="")))
        except EngineSpecError as exc:
            return version, f"{where}:{entry.number}: does not resolve: {exc}"
        stated = parts.fragment.removeprefix("sha256=").lower()
        if digest != stated:
            return version, f"{at}: the file's sha256 is {digest}, not the {stated} written here"
        return version, ""
    path = Path(text)
    version = wheel_version(distribution, path.name) or ""
    if not version:
        return "", f"{at}: not a pin (=={running}), a release URL or a wheel path of {distribution}"
    if not path.is_file():
        return version, f"{at}: no such file in {Path.cwd()} (commit the wheel, and run from the guide's folder)"
    if not entry.recorded_sha256:
        return version, ""
    digest = sha256_of(path)
    if digest != entry.recorded_sha256:
        return version, f"{at}: the file's sha256 is {digest}, not the {entry.recorded_sha256} recorded above it"
    return version, ""


def doctor(requirements: Path, running: str | None = None) -> tuple[list[str], list[str]]:
    """``(report lines, problems)`` for the engine line of ``requirements``."""
    running = running or generator.__version__
    where = str(requirements)
    try:
        text = requirements.read_text(encoding="utf-8")
    except OSError as exc:
        return [], [
            f"{where}: cannot be read ({exc.strerror or exc}): run in the guide's folder or pass --requirements"
        ]
    entry = find_line(text)
    if entry is None:
        return [], [f"{where}: no line names {DISTRIBUTION}: add one (generator new --engine ... writes it)"]
    try:
        version, problem = check_line(entry, running, where)
    except EngineSpecError as exc:
        return [], [f"{where}:{entry.number}: {exc}"]
    if problem:
        return [], [problem]
    report = [f"{where}:{entry.number}: {entry.text}: resolves"]
    if version != running:
        return report, [
            f"{where}:{entry.number}: installs engine {version or '(version unknown)'}, but the running engine is "
            f"{running}: install the pinned one (pip install -r {where}) or pin this one"
        ]
    report.append(f"engine {running}: the running engine is the one pinned")
    if "git+" in entry.text:
        report.append(
            "note: an engine installed from git has no plotly.js (npm builds it into the wheel): the guide builds "
            "only with `charts: false`, or `plotly_js:` naming a bundle it keeps"
        )
    return report, []
