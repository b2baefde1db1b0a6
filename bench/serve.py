"""Edit-to-reload latency: how long after saving a record the served page shows the change.

Starts ``mkdocs serve`` on a free port of 127.0.0.1, waits for the first build,
then rewrites the ``name:`` line of one option record several times; each time
it polls the option's page until the new name is served. The server answers a
request made during a rebuild only once the rebuild is done, so the time from
the write to the first page with the new name is what an author waits for.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from functools import partial
from pathlib import Path

from bench.sites import ENV

#: What to rewrite: the ``name:`` of an option record, or the title heading of a Markdown page.
NAME_LINE = re.compile(r"^(name: )(.*)$", re.MULTILINE)
TITLE_LINE = re.compile(r"^(# )(.*)$", re.MULTILINE)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return None


def _wait_for(url: str, needle: str, seconds: float, poll: float = 0.02) -> float | None:
    """Seconds until ``url`` serves a page containing ``needle``, or ``None`` on time-out."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        body = _get(url)
        if body is not None and needle in body:
            return time.perf_counter() - start
        time.sleep(poll)
    return None


def _retitle(title: str, match: re.Match[str]) -> str:
    return match.group(1) + title


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a running process has used so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reload_latency(
    config: Path,
    record: Path,
    page: str,
    edits: int,
    log: Path,
    first_build_timeout: float,
    line: re.Pattern[str] = NAME_LINE,
) -> tuple[list[float], list[float]]:
    """Seconds from each of ``edits`` writes of ``record`` until ``page`` shows it, and the server's CPU seconds.

    ``line`` finds the line to rewrite: its first group is kept, its second replaced by a new title.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}/{page}"
    original = record.read_text(encoding="utf-8")
    name = line.search(original)
    if name is None:
        raise ValueError(f"{record} has no line matching {line.pattern}")
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **ENV},
        )
        try:
            current = name.group(2)
            if _wait_for(url, current, first_build_timeout, poll=0.2) is None:
                raise RuntimeError(f"mkdocs serve did not serve {url}; see {log}")
            latencies: list[float] = []
            cpu: list[float] = []
            for i in range(edits):
                time.sleep(0.5)  # let the watcher settle after the previous build
                marker = f"Edited name {i} {time.time_ns()}"
                text = line.sub(partial(_retitle, marker), original, count=1)
                start, start_cpu = time.perf_counter(), _cpu_seconds(server.pid)
                record.write_text(text, encoding="utf-8")
                waited = _wait_for(url, marker, first_build_timeout)
                if waited is None:
                    raise RuntimeError(f"the edit of {record} was not served within {first_build_timeout} s; see {log}")
                latencies.append(time.perf_counter() - start)
                cpu.append(_cpu_seconds(server.pid) - start_cpu)
            return latencies, cpu
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=30)
            record.write_text(original, encoding="utf-8")
