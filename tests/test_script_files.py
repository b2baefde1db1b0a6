"""Scripts and workers are trusted by name, not by origin: the policy of every page lists the theme's and the
engine's script files by address (under ``site_url``, sub-path included) and never ``'self'``, so a download,
a stylesheet or a font of the site, whatever it holds, never runs as a script or a worker, even served by a
host that cannot send ``X-Content-Type-Options: nosniff``. The policy's ``<meta>`` comes first in ``<head>``
(after the constant charset), before anything the configuration writes there.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from generator.adapters import script_files
from quality.serve import StaticServer
from tests.conftest import hand_written_project, mkdocs_build, retargeted

POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')

#: Script in files the static allow-list publishes as downloads, a stylesheet and a font.
HOSTILE = "window.__ran = (window.__ran || []).concat([document.currentScript ? 'script' : 'worker']);"
KINDS = ["evil.txt", "evil.json", "evil.yml", "evil.tsv", "evil.css", "evil.woff2", "evil.pdf"]


def _directive(policy: str, name: str) -> list[str]:
    for part in policy.split(";"):
        words = part.split()
        if words and words[0] == name:
            return words[1:]
    raise AssertionError(f"no {name} in {policy}")


@pytest.fixture(scope="module")
def hostile_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A guide whose hand-written files include script saved as downloads, a stylesheet and a font, built by
    MkDocs and by Zensical."""
    root = tmp_path_factory.mktemp("script-files")
    files: dict[str, str | bytes] = {"notes.md": "# Notes\n\nA page with [a download](files/evil.txt).\n"}
    files.update({f"files/{name}": HOSTILE for name in KINDS})
    config = hand_written_project(root, files)
    done = mkdocs_build(config, root / "site")
    assert done.returncode == 0, done.stderr
    command = [
        sys.executable,
        "-m",
        "generator.adapters.zensical",
        "build",
        "-f",
        str(config),
        "--out",
        str(root / "z"),
    ]
    zensical = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert zensical.returncode == 0, zensical.stderr
    return {"mkdocs": root / "site", "zensical": root / "z" / "site"}


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_policy_names_each_script_file_and_never_self(hostile_sites: dict[str, Path], engine: str) -> None:
    site = hostile_sites[engine]
    for page in [site / "notes" / "index.html", site / "index.html", site / "404.html"]:
        html = page.read_text(encoding="utf-8")
        policy = POLICY.search(html)
        assert policy is not None, page
        scripts, workers = _directive(policy.group(1), "script-src"), _directive(policy.group(1), "worker-src")
        files = [s for s in scripts if not s.startswith("'sha256-")]
        assert "'self'" not in scripts and "'self'" not in workers and "blob:" not in workers
        assert all(s.startswith("http://127.0.0.1:8000/") for s in files + workers), files + workers
        # Exactly the theme's and the engine's: each names a .js file the site holds or the engine may copy.
        named = {s.removeprefix("http://127.0.0.1:8000/") for s in files + workers}
        assert set(script_files.ENGINE_FILES) <= named
        theme = named - set(script_files.ENGINE_FILES)
        assert theme and all(n.startswith("assets/javascripts/") and (site / n).is_file() for n in theme), theme
        assert not any("evil" in n or not n.endswith(".js") for n in named)
        # Every script element of the page names a listed file.
        for src in re.findall(r'<script[^>]* src="([^"]+)"', html):
            assert any(f.endswith(src.lstrip("./").split("/", 1)[-1]) for f in files), src


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_the_policy_comes_before_anything_the_configuration_writes(hostile_sites: dict[str, Path], engine: str) -> None:
    html = (hostile_sites[engine] / "notes" / "index.html").read_text(encoding="utf-8")
    head = html[html.index("<head>") + len("<head>") :].lstrip()
    assert head.startswith('<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" ')
    assert html.count("<meta charset") == 1


def _serve_injected(site: Path, target: Path) -> Iterator[str]:
    """``site`` served by a host that sends no ``nosniff``, retargeted to its address, with the notes page
    carrying a ``<script src>`` for each hostile file, as a markup injection would put it there (written
    after the build: this page bypasses the cleaning on purpose)."""
    with StaticServer(target, nosniff=False) as server:
        retargeted(site, target, server.url)
        page = target / "notes" / "index.html"
        tags = "".join(f'<script src="../files/{name}"></script>' for name in KINDS)
        html = page.read_text(encoding="utf-8")
        page.write_text(html.replace("</article>", tags + "</article>", 1), encoding="utf-8")
        yield server.url


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_a_download_holding_script_never_runs_as_a_script_or_a_worker(
    browser: Browser, hostile_sites: dict[str, Path], engine: str, tmp_path: Path
) -> None:
    """Without nosniff, Chromium runs a text, JSON, YAML, stylesheet or font file as a script when the policy
    trusts the whole origin; naming the script files refuses each of them, and refuses it as a worker too."""
    for url in _serve_injected(hostile_sites[engine], tmp_path / "site"):
        context = browser.new_context()
        context.add_init_script(
            "window.__csp = []; document.addEventListener('securitypolicyviolation', "
            "(e) => window.__csp.push(e.effectiveDirective + ' ' + e.blockedURI));"
        )
        page = context.new_page()
        page.goto(url + "notes/", wait_until="load")
        # The theme's own scripts ran under the policy (it names them): the page is scripted.
        assert page.evaluate("document.documentElement.classList.contains('js') && !!window.document$")
        assert page.evaluate("window.__ran") is None
        blocked = page.evaluate("window.__csp")
        for name in KINDS:
            assert f"script-src-elem {url}files/{name}" in blocked, blocked
        # As a worker (what a clobbered `__config.search` would start): refused before it is fetched.
        refused = page.evaluate(
            """(url) => new Promise((done) => {
                try { const w = new Worker(url); w.onerror = () => done('error'); setTimeout(() => done('ran'), 3000);
                      w.onmessage = () => done('ran'); } catch (e) { done('refused: ' + e.name); } })""",
            url + "files/evil.txt",
        )
        assert refused != "ran", refused
        assert any(v.startswith("worker-src") for v in page.evaluate("window.__csp")), page.evaluate("window.__csp")
        context.close()


def test_a_site_without_a_usable_site_url_is_refused_with_where(tmp_path: Path) -> None:
    """The policy names files under ``site_url``: missing, or not a plain address, the build stops before
    writing anything, with the file and the setting, not a traceback."""
    bad = [
        ("", "site_url: required"),
        ("'https://x.example/a b/'", "site_url: expected an http(s) address"),
    ]
    for value, said in bad:
        root = tmp_path / ("none" if not value else "bad")
        config = hand_written_project(root, {"notes.md": "# Notes\n"})
        text = config.read_text(encoding="utf-8").replace("site_url: http://127.0.0.1:8000/", f"site_url: {value}")
        config.write_text(text, encoding="utf-8")
        done = mkdocs_build(config, root / "site")
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert f"mkdocs.yml:2: {said}" in done.stderr, done.stderr
        assert not (root / "site" / "index.html").exists()
        command = [
            sys.executable,
            "-m",
            "generator.adapters.zensical",
            "build",
            "-f",
            str(config),
            "--out",
            str(root / "z"),
        ]
        z = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
        assert z.returncode != 0 and "Traceback" not in z.stderr and f"mkdocs.yml:2: {said}" in z.stderr, z.stderr
        assert not (root / "z").exists()
