"""A real ``mkdocs serve`` survives a bad edit: last good pages, a banner with the errors, and back.

The same tests run on ``make zensical-serve`` (Zensical, which runs no plugins, served by
:mod:`generator.adapters.zensical_serve`): both engines must behave alike for an author.

The server runs on 127.0.0.1 with a free port in a copy of the project, and is stopped by the
test whatever happens. Every request has a timeout, so a hanging server fails the test.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from mkdocs.config import load_config

from generator.adapters.mkdocs_plugin import GuidePlugin
from tests.conftest import ROOT, copy_project, hand_written_project, trusting

START_SECONDS = 90  # first build on two busy cores
REBUILD_SECONDS = 60  # file-watch poll, rebuild, reload
REQUEST_SECONDS = 15  # one answer; MkDocs holds requests while it rebuilds
BANNER_SECONDS = 10  # save -> banner: one rebuild (about 2 s here) with room for a busy machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    project: Path

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=REQUEST_SECONDS) as answer:
                return answer.status, answer.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace")

    def console(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def wait_for(what: str, check: Callable[[], bool], seconds: float, server: Server) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert server.process.poll() is None, f"the server exited while waiting for {what}:\n{server.console()}"
        try:
            if check():
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise AssertionError(f"no {what} within {seconds} s:\n{server.console()[-3000:]}")


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    copy_project(project)
    return project


ENGINES = ["mkdocs", "zensical"]


def _command(engine: str, port: int) -> list[str]:
    if engine == "zensical":
        adapter = "generator.adapters.zensical"
        return [sys.executable, "-m", adapter, "serve", "--out", "build/zensical", "-a", f"127.0.0.1:{port}"]
    return [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"]


def _start(project: Path, port: int, log: Path, engine: str = "mkdocs") -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            _command(engine, port),
            cwd=project,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def _serve(tmp_path: Path, engine: str) -> Iterator[Server]:
    project = _project(tmp_path)
    port = free_port()
    log = tmp_path / "serve.log"
    process = _start(project, port, log, engine)
    served = Server(f"http://127.0.0.1:{port}/", process, log, project)
    try:
        wait_for("first answer", lambda: served.get("")[0] == 200, START_SECONDS, served)
        yield served
    finally:
        _stop(process)


@pytest.fixture(params=ENGINES)
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    yield from _serve(tmp_path, request.param)


@pytest.fixture
def mkdocs_server(tmp_path: Path) -> Iterator[Server]:
    """``mkdocs serve`` alone: what the decision-guide plugin does with hand-written pages and the watch."""
    yield from _serve(tmp_path, "mkdocs")


def _banner(html: str) -> str | None:
    alert = BeautifulSoup(html, "html.parser").find(class_="dg-data-errors")
    return " ".join(alert.get_text(" ").split()) if alert is not None else None


def test_bad_edit_shows_a_banner_and_fixing_it_removes_it(server: Server) -> None:
    uccl = server.project / "data" / "options" / "uccl.yml"
    good = uccl.read_text(encoding="utf-8")
    # a server answers its home page before it has written every page (Zensical writes them as it goes)
    wait_for("the option's page", lambda: server.get("options/uccl/")[0] == 200, START_SECONDS, server)
    status, page = server.get("options/uccl/")
    assert status == 200 and _banner(page) is None
    assert "UCCL (raw-ibverbs wrapper)" in page

    uccl.write_text(good.replace("label: UCCL\n", "label: UCCL\nlabel: <b>again</b>\n", 1), encoding="utf-8")
    wait_for("banner", lambda: _banner(server.get("options/uccl/")[1]) is not None, REBUILD_SECONDS, server)
    for path in ("", "options/uccl/", "results/", "authoring/"):
        status, page = server.get(path)
        assert status == 200, path
        banner = _banner(page)
        assert banner is not None, f"no banner on {path or 'the home page'}"
        assert "data/options/uccl.yml:5 label : duplicate key 'label' (first defined on line 4)" in banner
        soup = BeautifulSoup(page, "html.parser")
        assert soup.find(class_="dg-data-errors")["role"] == "alert"  # type: ignore[index]
        assert soup.find("b", string="again") is None, "the banner must escape what it quotes"
    assert "UCCL (raw-ibverbs wrapper)" in server.get("options/uccl/")[1], "last good pages are still served"
    wait_for(
        "the errors on the console",
        lambda: "data/options/uccl.yml:5: label: duplicate key 'label'" in server.console(),
        REBUILD_SECONDS,
        server,
    )

    uccl.write_text(good, encoding="utf-8")
    wait_for("banner to go", lambda: _banner(server.get("options/uccl/")[1]) is None, REBUILD_SECONDS, server)
    status, page = server.get("")
    assert status == 200 and _banner(page) is None
    assert server.process.poll() is None


@pytest.mark.parametrize("engine", ENGINES)
def test_serve_on_broken_data_stops_with_the_errors(tmp_path: Path, engine: str) -> None:
    """Nothing good to show yet: the server stops at once with every problem, like mkdocs build."""
    project = _project(tmp_path)
    uccl = project / "data" / "options" / "uccl.yml"
    uccl.write_text(uccl.read_text(encoding="utf-8").replace("label: UCCL\n", "label: [\n", 1), encoding="utf-8")
    log = tmp_path / "serve.log"
    process = _start(project, free_port(), log, engine)
    try:
        assert process.wait(timeout=START_SECONDS) == 1
    finally:
        _stop(process)
    console = log.read_text(encoding="utf-8")
    expected = "data/options/uccl.yml:6: YAML syntax error: a [...] list is not closed (the list starts on line 4)"
    assert expected in console
    assert "Traceback" not in console


def test_one_plugin_object_lives_through_serve_rebuilds() -> None:
    """MkDocs 1.6 keeps a plugin that defines on_startup across the config reloads of serve."""
    first = load_config(str(ROOT / "mkdocs.yml")).plugins["decision-guide"]
    again = load_config(str(ROOT / "mkdocs.yml")).plugins["decision-guide"]
    assert isinstance(first, GuidePlugin) and first is again


def test_editing_a_record_reloads_the_served_page(server: Server) -> None:
    """A good edit of a record shows on the served page without restarting the server."""
    assert "Dense allgather / reduce-scatter" in server.get("options/dense/")[1]
    record = server.project / "data" / "options" / "dense.yml"
    text = record.read_text(encoding="utf-8")
    record.write_text(
        text.replace("name: Dense allgather / reduce-scatter", "name: Dense collectives"), encoding="utf-8"
    )
    wait_for("the edited name", lambda: "Dense collectives" in server.get("options/dense/")[1], REBUILD_SECONDS, server)


def test_an_edit_that_crashed_the_generator_gets_a_banner_within_two_seconds(server: Server) -> None:
    """Removing a support status from guide.yml raised a KeyError in the rebuild, and every request
    then hung until the file was fixed. Now it is a data error like any other: the banner is served
    after one rebuild, and every page then answers within 2 s."""
    guide = server.project / "data" / "guide.yml"
    good = guide.read_text(encoding="utf-8")
    assert "      with: {level: mid, word: with extras}\n" in good
    guide.write_text(good.replace("      with: {level: mid, word: with extras}\n", "", 1), encoding="utf-8")
    line = good.splitlines().index("    statuses:") + 1
    saved = time.monotonic()
    wait_for("banner", lambda: _banner(server.get("")[1]) is not None, REBUILD_SECONDS, server)
    shown_after = time.monotonic() - saved
    for path in ("", "options/uccl/", "support/"):
        # Zensical writes the rebuilt pages one after another: on a busy machine the home page can carry
        # the banner before another page does. Each page gets it, and each then answers within 2 s.
        shows = lambda at=path: _banner(server.get(at)[1]) is not None  # noqa: E731
        wait_for(f"banner on {path or 'home'}", shows, REBUILD_SECONDS, server)
        started = time.monotonic()
        status, page = server.get(path)
        assert status == 200 and time.monotonic() - started < 2, path
        banner = _banner(page)
        assert banner is not None and f"data/guide.yml:{line} columns[0].statuses : no outcome for 'with'" in banner, (
            banner
        )
    # One rebuild of this site takes about 1.5-2 s on two idle cores; a hang never ends.
    print(f"banner {shown_after:.1f} s after the save")
    assert shown_after < BANNER_SECONDS, f"the banner took {shown_after:.1f} s"


def _banners(html: str) -> list[str]:
    alerts = BeautifulSoup(html, "html.parser").find_all(class_="dg-data-errors")
    return [" ".join(alert.get_text(" ").split()) for alert in alerts]


def _last_good_with(server: Server, paths: tuple[str, ...], expected: str) -> None:
    """Every page answers with a banner holding ``expected``, the console lists it, the server runs on."""
    wait_for("banner", lambda: any(expected in b for b in _banners(server.get("")[1])), REBUILD_SECONDS, server)
    for path in paths:
        status, page = server.get(path)
        assert status == 200, path
        assert any(expected in b for b in _banners(page)), f"no banner on {path or 'the home page'}: {_banners(page)}"
    printed = expected.replace(" : ", ": ")
    wait_for("the problem on the console", lambda: printed in server.console(), REBUILD_SECONDS, server)
    assert "Traceback" not in server.console()


def test_a_page_markdown_cannot_render_keeps_the_last_site_with_a_banner(mkdocs_server: Server) -> None:
    """A hand-written page MkDocs could not read (not UTF-8) or Markdown raised on (nested too deeply)
    failed the rebuild after the site was cleaned, and every request then hung. Now the last version
    of the page that rendered is shown, every page has a banner naming the file, and fixing it removes it."""
    server = mkdocs_server
    page = server.project / "site_src" / "authoring.md"
    good = page.read_bytes()
    status, html = server.get("authoring/")
    assert status == 200 and _banners(html) == []
    heading = BeautifulSoup(html, "html.parser").find("h1").get_text(" ").strip()  # type: ignore[union-attr]
    line = good.count(b"\n") + 2

    page.write_bytes(good + b"\nA caf\xe9 in Latin-1.\n")
    _last_good_with(server, ("", "authoring/", "results/"), f"site_src/authoring.md:{line} : is not UTF-8 text")
    kept = BeautifulSoup(server.get("authoring/")[1], "html.parser").find("h1")
    assert kept is not None and kept.get_text(" ").strip() == heading, "the last version of the page is shown"

    nested = b'<div markdown="1">\n' * 600 + b"Nested far too deep.\n" + b"</div>\n" * 600
    page.write_bytes(good + nested)
    _last_good_with(server, ("", "authoring/"), "site_src/authoring.md : Markdown cannot render it")
    assert "Nested far too deep." not in server.get("authoring/")[1]

    page.write_bytes(good)
    wait_for("banner to go", lambda: _banners(server.get("authoring/")[1]) == [], REBUILD_SECONDS, server)
    assert _banners(server.get("")[1]) == []


def test_a_page_that_clashes_with_a_generated_one_is_a_problem_naming_both(mkdocs_server: Server) -> None:
    """A hand-written site_src/results.md (the generator makes results.md) stopped the rebuild in
    on_files, after the site was cleaned: every request hung. Now the generated page is shown and
    every page says which hand-written file clashes with which generated page."""
    server = mkdocs_server
    generated = server.get("results/")[1]
    mine = server.project / "site_src" / "results.md"
    mine.write_text("# My own results\n", encoding="utf-8")
    _last_good_with(server, ("", "results/", "authoring/"), "site_src/results.md : clashes with results.md, a page")
    assert "My own results" not in server.get("results/")[1]
    assert BeautifulSoup(generated, "html.parser").find("h1") == BeautifulSoup(
        server.get("results/")[1], "html.parser"
    ).find("h1")

    mine.unlink()
    wait_for("banner to go", lambda: _banners(server.get("results/")[1]) == [], REBUILD_SECONDS, server)


def test_mkdocs_build_with_a_clash_fails_with_a_message_naming_both(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "site_src" / "results").mkdir()
    (project / "site_src" / "results" / "index.md").write_text("# Mine\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=START_SECONDS,
    )
    assert done.returncode == 1
    expected = (
        "site_src/results/index.md: clashes with results.md, a page the generator makes from the data "
        "(both would be results/index.html); rename or remove the hand-written one"
    )
    assert expected in done.stderr
    assert "Traceback" not in done.stderr


def test_a_data_folder_moved_away_and_back_is_watched_again(mkdocs_server: Server) -> None:
    """MkDocs' polling watch of data/ stops for good when the folder goes, and ignores the folder's own
    events: moving data/ away showed nothing, and after it came back no edit was ever picked up."""
    server = mkdocs_server
    data = server.project / "data"
    away = server.project.parent / "data-elsewhere"
    data.rename(away)
    _last_good_with(server, ("", "options/dense/"), "data : data folder does not exist")

    away.rename(data)
    wait_for("banner to go", lambda: _banners(server.get("")[1]) == [], REBUILD_SECONDS, server)
    record = data / "options" / "dense.yml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("name: Dense allgather / reduce-scatter", "name: Dense again"), encoding="utf-8")
    wait_for("the edited name", lambda: "Dense again" in server.get("options/dense/")[1], REBUILD_SECONDS, server)


def test_a_rebuild_that_fails_anyway_leaves_the_server_answering(mkdocs_server: Server) -> None:
    """What the plugin cannot check before MkDocs cleans the site (here a theme override that is not a
    template Jinja can read) still fails the rebuild; the server then answers instead of holding every
    request, and the console says what stopped it."""
    server = mkdocs_server
    config = server.project / "mkdocs.yml"
    good_config = config.read_text(encoding="utf-8")
    overrides = server.project / "overrides"
    overrides.mkdir()
    broken = '{% extends "base.html" %}{% block content %}{{ broken( }}{% endblock %}'
    (overrides / "main.html").write_text(broken, encoding="utf-8")
    config.write_text(
        trusting(good_config, "theme.custom_dir").replace(
            "  font: false\n", "  font: false\n  custom_dir: overrides\n"
        ),
        encoding="utf-8",
    )
    wait_for("the failed rebuild", lambda: "the rebuild stopped" in server.console(), REBUILD_SECONDS, server)
    status, _ = server.get("authoring/")  # times out (a failure) while the server holds requests
    assert status in (200, 404)
    assert "Traceback" not in server.console()

    config.write_text(good_config, encoding="utf-8")
    wait_for("the page again", lambda: server.get("authoring/")[0] == 200, REBUILD_SECONDS, server)


#: Front matter the allow-list refuses, which MkDocs would render the page with: path -> (Markdown, line).
REFUSED_FRONT_MATTER = {
    "redirect.md": ("---\ntemplate: redirect.html\nlocation: javascript:alert(1)\n---\n# Redirect\n\nStays.\n", 2),
    "base.md": ("---\ntitle: Base\ntemplate: base.html\n---\n# Base\n\nStays.\n", 3),
    "binary.md": ("---\ntitle: !!binary PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\n---\n# Binary\n\nStays.\n", 2),
}
#: A Markdown link to an address the URL standard cannot read: MkDocs' own link rewriting raised on it and
#: stopped every rebuild (the server answered with the site before, with no banner).
UNREADABLE_LINK = ("# Link\n\nSee [here](http://[bad).\n", 3)


def test_a_page_refused_for_its_front_matter_is_served_without_it(tmp_path: Path) -> None:
    """Under ``mkdocs serve`` a refused page is still shown (with a banner) on the author's machine: never
    with the template or the value it was refused for (a redirect to ``javascript:``, a page without the
    policy, a tag's markup in <head>)."""
    pages: dict[str, str | bytes] = {"home.md": "# Home\n\nA fine page.\n"}
    pages.update({uri: text for uri, (text, _) in REFUSED_FRONT_MATTER.items()})
    pages["link.md"] = UNREADABLE_LINK[0]
    project = tmp_path / "project"
    hand_written_project(project, pages)
    port = free_port()
    log = tmp_path / "serve.log"
    server = Server(f"http://127.0.0.1:{port}/", _start(project, port, log), log, project)
    try:
        wait_for("first answer", lambda: server.get("")[0] == 200, START_SECONDS, server)
        for uri, (_, line) in REFUSED_FRONT_MATTER.items():
            status, html = server.get(uri.removesuffix(".md") + "/")
            assert status == 200, uri
            assert any(f"site_src/{uri}:{line} front matter" in b for b in _banners(html)), (uri, _banners(html))
            assert "Stays." in html and "md-content" in html, f"{uri} is not rendered with the page template"
            assert "window.location" not in html and 'http-equiv="refresh"' not in html, uri
            assert 'http-equiv="Content-Security-Policy"' in html and "<script>alert" not in html, uri
        status, html = server.get("link/")
        assert status == 200 and any(f"site_src/link.md:{UNREADABLE_LINK[1]}" in b for b in _banners(html)), html
        assert BeautifulSoup(html, "html.parser").find_all(href="http://[bad") == []  # named in the banner only
        assert "rebuild stopped" not in server.console()
        assert "Traceback" not in server.console()
    finally:
        _stop(server.process)


def test_mkdocs_serve_says_nosniff_on_every_answer(mkdocs_server: Server) -> None:
    """The development server, like every server the repository starts, sends ``X-Content-Type-Options:
    nosniff``: the browser runs as a script only what is served as JavaScript (docs/previews.md)."""
    for path in ("", "javascripts/permalinks.js", "sitemap.xml", "no-such-page/"):
        request = urllib.request.Request(mkdocs_server.url + path)
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_SECONDS) as answer:
                headers = answer.headers
        except urllib.error.HTTPError as exc:
            headers = exc.headers
        assert headers.get("X-Content-Type-Options") == "nosniff", (path, dict(headers))
