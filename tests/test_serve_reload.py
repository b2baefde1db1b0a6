"""`mkdocs serve` rebuilds when a data record changes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import write_site


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return None


def _wait_for(url: str, needle: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = _get(url)
        if body is not None and needle in body:
            return True
        time.sleep(0.3)
    return False


def test_editing_a_record_reloads_the_served_page(data_copy: Path, tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    config = write_site(tmp_path / "project", data_copy)
    port = _free_port()
    log = (tmp_path / "serve.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    try:
        url = f"http://127.0.0.1:{port}/options/dense/"
        assert _wait_for(url, "Dense allgather / reduce-scatter", 60), "server did not come up"
        record = data_copy / "options" / "dense.yml"
        text = record.read_text(encoding="utf-8")
        record.write_text(
            text.replace("name: Dense allgather / reduce-scatter", "name: Dense collectives"), encoding="utf-8"
        )
        assert _wait_for(url, "<h1", 5) and _wait_for(url, "Dense collectives", 60), "edit was not picked up"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
        log.close()
