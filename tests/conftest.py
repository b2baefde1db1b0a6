"""Shared fixtures: copies of data folders and small site builds in temporary folders."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

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
markdown_extensions:
  - attr_list
  - md_in_html
  - toc
{extra}""",
        encoding="utf-8",
    )
    return tmp_path / "mkdocs.yml"


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


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's own mkdocs.yml built once per test session into a temp dir."""
    out = tmp_path_factory.mktemp("shipped-site") / "site"
    result = mkdocs_build(ROOT / "mkdocs.yml", out)
    assert result.returncode == 0, result.stderr
    return out


#: The example guide under examples/: another topic, the same engine, no code of its own.
EXAMPLE = ROOT / "examples" / "json-libraries"


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example guide's mkdocs.yml built once per test session into a temp dir."""
    out = tmp_path_factory.mktemp("example-site") / "site"
    result = mkdocs_build(EXAMPLE / "mkdocs.yml", out)
    assert result.returncode == 0, result.stderr
    return out


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

    return build(ROOT / "mkdocs.yml", tmp_path_factory.mktemp("zensical") / "project")


@pytest.fixture(scope="session")
def example_zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example guide's mkdocs.yml built once per test session by Zensical (without the plugin)."""
    from generator.adapters.zensical import build

    return build(EXAMPLE / "mkdocs.yml", tmp_path_factory.mktemp("example-zensical") / "project")


@pytest.fixture(scope="session")
def served_site(shipped_site: Path):
    """Base URL (ending in /) of the shipped site served on 127.0.0.1."""
    server = StaticServer(shipped_site)
    yield server.url
    server.close()


@pytest.fixture(scope="session")
def served_shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The shipped site built once a session for the address it is served on (so Material's instant
    navigation takes over: it matches sitemap.xml's addresses on protocol, host and port): (url, folder).
    Tests read it; none writes into it."""
    from quality.build import build_site

    root = tmp_path_factory.mktemp("served-shipped") / "site"
    root.mkdir()
    server = StaticServer(root)
    build_site(root, server.url)
    yield server.url, root
    server.close()


@pytest.fixture(scope="session")
def served_example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The example guide built once a session for the address it is served on: (url, folder)."""
    from quality.build import build_site

    root = tmp_path_factory.mktemp("served-example") / "site"
    root.mkdir()
    server = StaticServer(root)
    # built from the example's own folder: this checkout's generator, whatever else is installed
    build_site(root, server.url, config=EXAMPLE / "mkdocs.yml", env={"PYTHONPATH": str(ROOT)})
    yield server.url, root
    server.close()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright. Missing browser = failure, never a skip."""
    from playwright.sync_api import sync_playwright

    executable = find_chromium()  # raises, naming every place it looked: a failure, never a skip
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


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
