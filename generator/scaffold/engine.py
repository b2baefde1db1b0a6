"""Where a guide's CI gets its engine: the line of ``requirements.txt`` that names it.

``generator new --engine SPEC`` writes one of three forms, each one pip installs and verifies as written
(``pip install -r requirements.txt``, from the guide's folder):

* a package-index pin, ``decision-guide-engine==0.2.0`` (``SPEC`` is ``index``, the default, or a version);
* a release asset, ``decision-guide-engine @ https://.../decision_guide_engine-0.2.0-py3-none-any.whl#sha256=...``:
  pip checks the ``#sha256=`` of a direct reference's URL and refuses a file that differs. (A ``--hash``
  option instead would put pip in hash-checking mode, which then wants a hash for every dependency too.)
* a wheel kept in the guide's repository, ``./engine/decision_guide_engine-0.2.0-py3-none-any.whl`` (copied
  there from ``SPEC``, a path): pip takes no hash on a path, so the line above it records the file's sha256
  for ``generator doctor``, and git keeps the file itself.

Standard library only, like everything a guide's CI runs before the engine is installed.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import shutil
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

#: The folder of a guide that holds a wheel given by path (``--engine path/to/the.whl``).
WHEEL_FOLDER = "engine"
#: The comment line written above a wheel path, and read back by ``generator doctor``.
PATH_HASH = re.compile(r"^#\s*engine wheel sha256:\s*([0-9a-f]{64})\s*$")
#: The largest file fetched for a hash: the engine's wheel is about 1 MB.
MAX_BYTES = 200 * 1024 * 1024
VERSION = re.compile(r"\d+(\.\d+)*([a-z0-9.+!]*)")


class EngineSpecError(Exception):
    """The engine a guide should install cannot be written or checked; the message says why."""


@dataclass(frozen=True)
class Requirement:
    """The engine's line of a guide's ``requirements.txt``, and what it is."""

    kind: str
    """``index``, ``url`` or ``path``."""
    line: str
    version: str
    sha256: str = ""
    comment: str = ""
    """A line written above ``line`` (the sha256 of a wheel path)."""
    source: Path | None = None
    """The wheel to copy into the guide's ``engine/`` folder (a path)."""

    def describe(self) -> str:
        return {
            "index": "a package-index pin: the index CI uses must carry this version",
            "url": "a release asset with its sha256, which pip checks",
            "path": "a wheel kept in the guide's repository: commit it",
        }[self.kind]


def wheel_name(distribution: str, version: str) -> str:
    """The file name of the engine's wheel: ``decision_guide_engine-0.2.0-py3-none-any.whl``."""
    return f"{distribution.replace('-', '_')}-{version}-py3-none-any.whl"


def wheel_version(distribution: str, filename: str) -> str | None:
    """The version a wheel's file name states, or None when it is not a wheel of ``distribution``."""
    prefix = distribution.replace("-", "_") + "-"
    if not (filename.startswith(prefix) and filename.endswith(".whl")):
        return None
    parts = filename[: -len(".whl")].split("-")
    return parts[1] if len(parts) == 5 and VERSION.fullmatch(parts[1]) else None


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_url(url: str) -> urllib.parse.SplitResult:
    """``url`` split, if it is one pip and a guide's CI can fetch safely: https, or http on this machine only."""
    if any(c.isspace() for c in url):
        raise EngineSpecError(f"{url!r}: an address has no spaces (write them as %20)")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https" or (parts.scheme == "http" and is_loopback(parts.hostname or "")):
        if not parts.hostname:
            raise EngineSpecError(f"{url}: no host in the address")
        return parts
    if parts.scheme == "http":
        raise EngineSpecError(f"{url}: a release asset must be fetched over https (plain http only from this machine)")
    raise EngineSpecError(f"{url}: not an https address of a wheel")


def fetch_sha256(url: str) -> str:
    """Download ``url`` once and return its sha256; an :class:`EngineSpecError` naming what failed."""
    try:
        with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 - the scheme was checked
            digest, size = hashlib.sha256(), 0
            for block in iter(lambda: response.read(1 << 20), b""):
                size += len(block)
                if size > MAX_BYTES:
                    raise EngineSpecError(f"{url}: larger than {MAX_BYTES // 2**20} MB, not the engine's wheel")
                digest.update(block)
    except urllib.error.HTTPError as exc:
        raise EngineSpecError(f"{url}: the server answered HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise EngineSpecError(f"{url}: cannot be fetched ({exc.reason})") from None
    except (OSError, ValueError) as exc:
        raise EngineSpecError(f"{url}: cannot be fetched ({exc})") from None
    return digest.hexdigest()


def _url_requirement(distribution: str, version: str, spec: str) -> Requirement:
    parts = check_url(spec)
    filename = urllib.parse.unquote(parts.path.rsplit("/", 1)[-1])
    found = wheel_version(distribution, filename)
    if found is None:
        raise EngineSpecError(
            f"{spec}: not a wheel of {distribution} (expected a file named {wheel_name(distribution, version)})"
        )
    _same_version(spec, found, version)
    stated = parts.fragment.removeprefix("sha256=") if parts.fragment.startswith("sha256=") else ""
    if parts.fragment and not stated:
        raise EngineSpecError(f"{spec}: the only fragment pip checks is #sha256=<hex>, found #{parts.fragment}")
    plain = urllib.parse.urlunsplit(parts._replace(fragment=""))
    digest = fetch_sha256(plain)
    if stated and stated.lower() != digest:
        raise EngineSpecError(f"{spec}: the file's sha256 is {digest}, not {stated}")
    return Requirement("url", f"{distribution} @ {plain}#sha256={digest}", found, digest)


def _same_version(spec: str, found: str, version: str) -> None:
    if found != version:
        raise EngineSpecError(
            f"{spec}: that is engine {found}, but this engine ({version}) writes the guide: "
            f"run `generator new` from engine {found}, or point at the {version} wheel"
        )


def requirement(distribution: str, version: str, spec: str | None) -> Requirement:
    """The requirement ``spec`` stands for (a wheel's path: the caller copies ``source`` into the guide).

    ``spec``: None or ``index`` (pin this engine's version), a version (``0.2.0``), an https URL of the
    wheel (a release asset), or the path of a wheel file.
    """
    spec = (spec or "index").strip()
    if spec == "index":
        return Requirement("index", f"{distribution}=={version}", version)
    if VERSION.fullmatch(spec.removeprefix("==")):
        found = spec.removeprefix("==")
        _same_version(spec, found, version)
        return Requirement("index", f"{distribution}=={found}", found)
    if spec.startswith("git+"):
        raise EngineSpecError(f"{spec}: --engine takes no git address (README: a git install has no plotly.js)")
    if re.match(r"^[a-z][a-z0-9+.-]*://", spec, re.IGNORECASE):
        return _url_requirement(distribution, version, spec)
    source = Path(spec).expanduser()
    if not source.exists():
        raise EngineSpecError(f"{spec}: no such file (--engine takes index, a version, an https URL or a wheel's path)")
    if not source.is_file():
        raise EngineSpecError(f"{spec}: not a file (give the path of the engine's .whl)")
    named = wheel_version(distribution, source.name)
    if named is None:
        raise EngineSpecError(
            f"{spec}: not a wheel of {distribution} (expected a file named like {wheel_name(distribution, version)})"
        )
    _same_version(spec, named, version)
    if not zipfile.is_zipfile(source):
        raise EngineSpecError(f"{spec}: not a wheel (a wheel is a zip archive; build one with `make wheel`)")
    digest = sha256_of(source)
    comment = f"# engine wheel sha256: {digest}"
    return Requirement("path", f"./{WHEEL_FOLDER}/{source.name}", named, digest, comment, source.resolve())


def copy_wheel(req: Requirement, guide: Path) -> Path | None:
    """Copy a wheel given by path into ``guide``/engine/; the copy, or None for the other kinds."""
    if req.source is None:
        return None
    dest = guide / WHEEL_FOLDER / req.source.name
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(req.source, dest)
    return dest
