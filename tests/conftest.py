"""Shared fixtures: copies of data folders and small site builds in temporary folders."""

from __future__ import annotations

import fcntl
import gzip
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.render.script_parts import script_source
from quality.build import mkdocs_command
from quality.serve import StaticServer

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: The plotly.js test sites in temp dirs point the plugin at: the guide's own bundle under `make test`
#: (which sets GUIDE_PLOTLY_JS, as for the shipped mkdocs.yml), else the basic one `npm ci` installs.
PLOTLY_JS = ROOT / (os.environ.get("GUIDE_PLOTLY_JS") or "node_modules/plotly.js-basic-dist-min/plotly-basic.min.js")

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped data folder."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture(scope="session")
def yours_js(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The "Your numbers" script as the site ships it before compaction: its source parts joined
    (:mod:`generator.render.script_parts`) into one file node can ``require``."""
    path = tmp_path_factory.mktemp("joined") / "yours.js"
    path.write_text(script_source("javascripts/yours.js"), encoding="utf-8")
    return path


def write_site(tmp_path: Path, data_dir: Path, docs: Path | None = None, extra: str = "") -> Path:
    """A minimal MkDocs project in ``tmp_path`` that builds the guide in ``data_dir``."""
    docs_dir = tmp_path / "docs"
    if docs is not None:
        shutil.copytree(docs, docs_dir)
    else:
        docs_dir.mkdir()
    (tmp_path / "mkdocs.yml").write_text(
        f"""site_name: Test guide
site_url: http://127.0.0.1:8000/
docs_dir: {docs_dir}
theme:
  name: material
  font: false
plugins:
  - decision-guide:
      data_dir: {data_dir}
      plotly_js: {PLOTLY_JS}
      trusted_configuration: [plugins.decision-guide.plotly_js]
markdown_extensions:
  - attr_list
  - md_in_html
  - toc
{extra}""",
        encoding="utf-8",
    )
    return tmp_path / "mkdocs.yml"


def hand_written_project(
    root: Path, pages: dict[str, str | bytes], *, options: str = "", settings: str = "", extensions: str = ""
) -> Path:
    """A guide (the tiny fixture's data) with hand-written files under ``root/site_src`` (path -> text or
    bytes), its ``mkdocs.yml`` with the plugin's extra ``options`` and extra top-level ``settings`` and
    Markdown ``extensions`` (YAML lines); returns the config's path."""
    docs = root / "site_src"
    for uri, content in pages.items():
        (docs / uri).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            (docs / uri).write_bytes(content)
        else:
            (docs / uri).write_text(content, encoding="utf-8")
    docs.mkdir(parents=True, exist_ok=True)
    indent = "\n      "
    more = indent + indent.join(options.splitlines()) if options else ""
    config = root / "mkdocs.yml"
    config.write_text(
        f"""site_name: Hand-written pages test
site_url: http://127.0.0.1:8000/
docs_dir: site_src
{settings}
theme:
  name: material
  font: false
plugins:
  - decision-guide:
      data_dir: {FIXTURES / "tiny-guide"}
      plotly_js: {PLOTLY_JS}
      trusted_configuration: [plugins.decision-guide.plotly_js]{more}
markdown_extensions:
  - attr_list
  - md_in_html
{extensions or "  - toc"}
""",
        encoding="utf-8",
    )
    return config


def trusting(config_text: str, *settings: str) -> str:
    """``config_text`` (a configuration written by this module, or the shipped one) trusting ``settings`` too,
    by name, as code (generator.adapters.config_gate)."""
    listed = "trusted_configuration: [plugins.decision-guide.plotly_js"
    assert listed in config_text
    return config_text.replace(listed, listed + "".join(f", {name}" for name in settings), 1)


def mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` straight into ``site``, never quiet: the quiet flag hides what strict counts."""
    return subprocess.run(mkdocs_command(config, site), capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture
def build_site(tmp_path: Path):
    """Build the guide in a data folder with MkDocs into a temp dir; return the site folder."""

    def build(data_dir: Path, docs: Path | None = None) -> Path:
        config = write_site(tmp_path / "project", data_dir, docs) if (tmp_path / "project").mkdir() is None else None
        site = tmp_path / "site"
        result = mkdocs_build(config, site)
        assert result.returncode == 0, result.stderr
        return site

    return build


# --- the real site, served, and a real browser --------------------------------

from quality.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402 - one list for tests and scripts


def _shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every pytest-xdist worker of this run sees (the run's base temp); this process's own otherwise."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], Path]) -> Path:
    """What ``build(folder)`` returns, built once a test run whatever the number of workers: the first worker
    to ask builds it under a lock, the others wait and read the same files (tests copy before they write).
    A build that failed is not retried by the next worker: it fails there too, with the same message."""
    root = _shared_root(tmp_path_factory) / f"built-{name}"
    with open(f"{root}.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            done, failed = root / ".result", root / ".failed"
            if failed.is_file():
                pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
            if not done.is_file():
                root.mkdir(parents=True, exist_ok=True)
                try:
                    result = build(root)
                except BaseException as exc:
                    failed.write_text(f"building {name} failed: {exc}", encoding="utf-8")
                    raise
                done.write_text(str(result), encoding="utf-8")
            return Path(done.read_text(encoding="utf-8"))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _mkdocs_site(config: Path) -> Callable[[Path], Path]:
    def build(root: Path) -> Path:
        result = mkdocs_build(config, root / "site")
        assert result.returncode == 0, result.stderr
        return root / "site"

    return build


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's own mkdocs.yml built once per test run into a temp dir."""
    return built_once(tmp_path_factory, "shipped", _mkdocs_site(ROOT / "mkdocs.yml"))


#: The example guide under examples/: another topic, the same engine, no code of its own.
EXAMPLE = ROOT / "examples" / "json-libraries"


@pytest.fixture(scope="session")
def tiny_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny fixture guide (``tests/fixtures/tiny-guide``: bicycles in two towns) built as it is by MkDocs
    (:func:`write_site`), once a test run (:func:`built_once`). Tests read it; one that writes copies it."""

    def build(root: Path) -> Path:
        (root / "project").mkdir()
        result = mkdocs_build(write_site(root / "project", FIXTURES / "tiny-guide"), root / "site")
        assert result.returncode == 0, result.stderr
        return root / "site"

    return built_once(tmp_path_factory, "tiny-guide", build)


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example guide's mkdocs.yml built once per test run into a temp dir."""
    return built_once(tmp_path_factory, "example", _mkdocs_site(EXAMPLE / "mkdocs.yml"))


@pytest.fixture(scope="session", params=["shipped", "example"])
def guide_site(request: pytest.FixtureRequest, shipped_site: Path, example_site: Path) -> Path:
    """Each guide's built site in turn: the quality gates hold for any guide, not only the shipped one."""
    return shipped_site if request.param == "shipped" else example_site


@pytest.fixture(scope="session")
def guide_url(guide_site: Path):
    """Base URL (ending in /) of ``guide_site`` served on 127.0.0.1."""
    server = StaticServer(guide_site)
    yield server.url
    server.close()


@pytest.fixture(scope="session")
def guide_pages(guide_site: Path, guide_url: str) -> list[str]:
    """Every page of ``guide_site``, from its sitemap.xml, as addresses on the local server."""
    from quality.sitemap import page_urls

    return page_urls(guide_site, guide_url)


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's own mkdocs.yml built once per test session by Zensical (without the plugin)."""
    from generator.adapters.zensical import build

    return built_once(tmp_path_factory, "zensical", lambda root: build(ROOT / "mkdocs.yml", root / "project"))


@pytest.fixture(scope="session")
def example_zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example guide's mkdocs.yml built once per test session by Zensical (without the plugin)."""
    from generator.adapters.zensical import build

    return built_once(
        tmp_path_factory, "example-zensical", lambda root: build(EXAMPLE / "mkdocs.yml", root / "project")
    )


@pytest.fixture(scope="session")
def served_site(shipped_site: Path):
    """Base URL (ending in /) of the shipped site served on 127.0.0.1."""
    server = StaticServer(shipped_site)
    yield server.url
    server.close()


#: The address mkdocs.yml's ``site_url`` names unless SITE_URL says otherwise (the shipped and example guides).
BUILT_FOR = "http://127.0.0.1:8000/"


def retargeted(site: Path, target: Path, url: str) -> Path:
    """A copy of ``site`` (built for :data:`BUILT_FOR`) as a build for ``url`` would write it: the address
    replaced in every text file and the compressed sitemap written again. (Checked against a real build for
    another address: tests/test_site.py.)"""
    shutil.copytree(site, target)
    for path in target.rglob("*"):
        if not path.is_file() or path.suffix not in (".html", ".xml", ".json", ".js", ".txt", ".csv"):
            continue
        text = path.read_text(encoding="utf-8")
        if BUILT_FOR in text:
            path.write_text(text.replace(BUILT_FOR, url), encoding="utf-8")
    sitemap = target / "sitemap.xml"
    if sitemap.is_file():
        with gzip.GzipFile(target / "sitemap.xml.gz", "wb", mtime=0) as packed:
            packed.write(sitemap.read_bytes())
    return target


def _served(site: Path, root: Path) -> Iterator[tuple[str, Path]]:
    """A server on ``root``, which holds ``site`` retargeted to the server's address: (url, folder)."""
    server = StaticServer(root)  # serves the folder by name: it is filled once the address is known
    retargeted(site, root, server.url)
    yield server.url, root
    server.close()


@pytest.fixture(scope="session")
def served_shipped(shipped_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The shipped site as built for the address it is served on (so Material's instant navigation takes
    over: it matches sitemap.xml's addresses on protocol, host and port): (url, folder). Tests read it."""
    yield from _served(shipped_site, tmp_path_factory.mktemp("served-shipped") / "site")


@pytest.fixture(scope="session")
def served_guide(served_shipped: tuple[str, Path]) -> dict[str, Any]:
    """``downloads/guide.json`` of the served shipped site (built once a run, :func:`built_once`), parsed once:
    what the matrix's browser tests compare the page with."""
    return json.loads((served_shipped[1] / "downloads" / "guide.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def served_example(example_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The example guide as built for the address it is served on: (url, folder)."""
    yield from _served(example_site, tmp_path_factory.mktemp("served-example") / "site")


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright. Missing browser = failure, never a skip."""
    from playwright.sync_api import sync_playwright

    executable = find_chromium()  # raises, naming every place it looked: a failure, never a skip
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


def watched_tab(browser: Any, **context: Any) -> Iterator[Any]:
    """A page in a new browser context (``context``: its options; a 1280×900 window unless given) that fails
    the test, once it is done, if the page threw or logged an error to the console."""
    made = browser.new_context(**({"viewport": {"width": 1280, "height": 900}} | context))
    page = made.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    made.close()
    assert errors == []


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    """A page of a 1280×900 window whose errors fail the test (:func:`watched_tab`); a test file needing
    other options or checks defines its own."""
    yield from watched_tab(browser)


def copy_project(target: Path, data: Path | None = None) -> Path:
    """A copy of the whole project (mkdocs.yml, site_src, data) in ``target``; node_modules is linked."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "site_src", target / "site_src")
    shutil.copytree(data or DATA, target / "data")
    (target / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return target


@pytest.fixture(scope="session")
def site_pages(shipped_site: Path, served_site: str) -> list[str]:
    """Every page of the shipped site, from its sitemap.xml, as addresses on the local server."""
    from quality.sitemap import page_urls

    return page_urls(shipped_site, served_site)


# --- the engine's wheel, built once per session for the tests that install it -----------------------


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The engine's wheel as ``make wheel`` builds it (plotly.js inside), built once a run whatever the number
    of workers (:func:`built_once`): tests copy it before they change anything beside it."""
    from tests.engine_wheel import build_wheel  # it reads the test modules' helpers: imported when first used

    return built_once(tmp_path_factory, "engine-wheel", build_wheel)


@pytest.fixture(scope="session")
def release(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a folder holding the wheel as a release asset and as a package index's one file."""
    from tests.engine_wheel import release_folder

    server = StaticServer(release_folder(tmp_path_factory.mktemp("release"), wheel))
    try:
        yield server.url.rstrip("/")
    finally:
        server.close()
