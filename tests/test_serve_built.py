"""``python -m generator serve-built SITE_DIR`` serves a built site at the address it was built for, with
``X-Content-Type-Options: nosniff``: there its scripts run (the line saying they are off is gone, a chart
turns interactive when pointed at); a folder it cannot serve is refused with a message, never a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, retargeted


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(site: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "serve-built", str(site)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture(scope="module")
def served(example_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"http://127.0.0.1:{_free_port()}/guide/"
    site = retargeted(example_site, tmp_path_factory.mktemp("serve-built") / "site", url)
    process = _serve(site)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"{site} is at {url}"), line + (process.stderr.read() if process.stderr else "")
        yield url
    finally:
        process.terminate()
        process.communicate(timeout=30)  # waits, and closes its pipes


def test_it_serves_the_site_at_its_own_address_with_nosniff(served: str) -> None:
    with urllib.request.urlopen(served + "results/") as answer:
        assert answer.status == 200 and answer.headers["X-Content-Type-Options"] == "nosniff"
        assert "dg-chart" in answer.read().decode("utf-8")
    with pytest.raises(urllib.error.HTTPError) as outside:
        urllib.request.urlopen(served.replace("/guide/", "/results/"))
    outside.value.close()
    assert outside.value.code == 404  # only under the site's own path, as its host serves it


def test_there_its_scripts_run(browser, served: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(served + "results/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".dg-scripts-off").count() == 0
    figure = page.locator("figure.dg-chart").first
    figure.locator(".dg-chart-plot").hover()
    figure.locator("svg.main-svg").first.wait_for(timeout=60000)
    assert errors == []
    context.close()


def test_a_folder_it_cannot_serve_is_refused_with_a_reason(tmp_path: Path, example_site: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "generator", "serve-built", str(empty)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 1 and f"{empty}: no index.html" in result.stderr
    assert "Traceback" not in result.stderr
    remote = retargeted(example_site, tmp_path / "remote", "https://guides.example.org/json/")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "serve-built", str(remote)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 1 and "https://guides.example.org/json/" in result.stderr
    assert "SITE_URL=http://127.0.0.1:8000/" in result.stderr and "Traceback" not in result.stderr


def _tiny_site(root: Path, url: str) -> Path:
    """A built site of two pages (what serve-built reads of one: index.html and sitemap.xml)."""
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (root / "assets" / "style.css").write_text("p{}", encoding="utf-8")
    (root / "sitemap.xml").write_text(f"<urlset>\n<url>\n<loc>{url}</loc>\n</url>\n</urlset>\n", encoding="utf-8")
    return root


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        refused.close()
        return int(refused.code)


def test_it_serves_only_the_regular_files_of_the_site(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_free_port()}/"
    site = _tiny_site(tmp_path / "site", url)
    (tmp_path / "secret.txt").write_text("beside the site", encoding="utf-8")
    process = _serve(site)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"{site} is at {url}"), line + (process.stderr.read() if process.stderr else "")
        assert _get(url) == 200 and _get(url + "assets/style.css") == 200
        assert _get(url + "assets/") == 404  # a folder without index.html: no listing
        (site / "out.txt").symlink_to(tmp_path / "secret.txt")  # a link added while it serves
        (site / "root").symlink_to("/")
        assert _get(url + "out.txt") == 404 and _get(url + "root/") == 404 and _get(url + "root/etc/passwd") == 404
        assert _get(url + "../secret.txt") == 404 and _get(url + "%2e%2e/secret.txt") == 404
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_a_site_holding_a_link_or_a_special_file_is_refused_naming_each(tmp_path: Path) -> None:
    site = _tiny_site(tmp_path / "site", f"http://127.0.0.1:{_free_port()}/")
    (tmp_path / "secret.txt").write_text("beside the site", encoding="utf-8")
    (site / "assets" / "beside.txt").symlink_to(tmp_path / "secret.txt")
    (site / "root").symlink_to("/")
    os.mkfifo(site / "pipe")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "serve-built", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # the server it must not start would run until killed
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"{site}/assets/beside.txt: a symbolic link" in result.stderr
    assert f"{site}/root: a symbolic link" in result.stderr and f"{site}/pipe: a special file" in result.stderr


def test_a_sitemap_naming_a_port_past_65535_is_a_located_error(tmp_path: Path) -> None:
    site = _tiny_site(tmp_path / "site", "http://127.0.0.1:99999/")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "serve-built", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # the server it must not start would run until killed
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"{site}/sitemap.xml:3: site_url http://127.0.0.1:99999/ is malformed" in result.stderr
