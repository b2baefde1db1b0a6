"""First run as a newcomer meets it: a fresh clone, `make serve`, time until the first page is served.

    python3 -m bench.first_run            # clones the committed HEAD into a temporary folder
    make first-run                        # the same

Standard library only (it runs before any environment exists). Package caches are left as they are:
with warm pip and npm caches this is the "second machine" case the goal speaks of. The environment
variable PYTHONDONTWRITEBYTECODE is removed for the run, as a newcomer's shell would not have it, so
the size includes the bytecode the first build writes. Prints the figures beside their goals and writes
them to ``build/first_run.json`` (read by the performance page).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench import page

ROOT = Path(__file__).resolve().parent.parent
GOALS = {"first_page_s": 30.0, "venv_mib": 150.0}
MIB = 1024 * 1024


def disk_usage(folder: Path) -> tuple[int, int]:
    """(bytes on disk as ``du`` counts them, apparent bytes) of everything under ``folder``."""
    on_disk = apparent = 0
    seen: set[tuple[int, int]] = set()
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            st = os.lstat(os.path.join(dirpath, name))
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            on_disk += st.st_blocks * 512
            apparent += st.st_size
    return on_disk, apparent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def session_cpu(sid: int) -> float:
    """CPU seconds used so far by the processes of session ``sid`` and their finished children (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[3]) == sid:  # fields after the name: state, ppid, pgrp, session, ..., utime at 11
            total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / tick


def first_page(url: str, proc: subprocess.Popen[bytes], timeout: float) -> float:
    """Seconds until ``url`` answers 200 with the guide's home page; raises if ``proc`` ends first."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"make serve ended with status {proc.returncode} before serving a page")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200 and b"<html" in response.read().lower():
                    return time.monotonic() - start
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no page at {url} after {timeout:.0f} s")


def measure(source: Path, workdir: Path, timeout: float = 300) -> dict[str, float]:
    clone = workdir / "clone"
    subprocess.run(["git", "clone", "--quiet", str(source), str(clone)], check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    port = free_port()
    log = (workdir / "serve.log").open("wb")
    start = time.monotonic()
    proc = subprocess.Popen(
        ["make", "serve", f"SERVE_ADDR=127.0.0.1:{port}"],
        cwd=clone,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        first_page(f"http://127.0.0.1:{port}/", proc, timeout)
        elapsed = time.monotonic() - start
        cpu = session_cpu(proc.pid)
    except RuntimeError as e:
        log.close()
        tail = (workdir / "serve.log").read_text(errors="replace")[-3000:]
        raise RuntimeError(f"{e}\n{tail}") from None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        log.close()
    venv_disk, venv_apparent = disk_usage(clone / ".venv")
    node_disk, _ = disk_usage(clone / "node_modules")
    return {
        "first_page_s": round(elapsed, 1),
        "cpu_s": round(cpu, 1),
        "venv_mib": round(venv_disk / MIB, 1),
        "venv_apparent_mib": round(venv_apparent / MIB, 1),
        "node_modules_mib": round(node_disk / MIB, 1),
    }


def report(figures: dict[str, float]) -> str:
    def verdict(key: str) -> str:
        return "met" if figures[key] <= GOALS[key] else "MISSED"

    return "\n".join(
        [
            f"first `make serve` on a fresh clone, to the first page: {figures['first_page_s']:.1f} s"
            f" (goal <= {GOALS['first_page_s']:.0f} s): {verdict('first_page_s')}; CPU {figures['cpu_s']:.1f} s",
            f"runtime .venv: {figures['venv_mib']:.1f} MiB on disk ({figures['venv_apparent_mib']:.1f} MiB of file"
            f" contents; goal <= {GOALS['venv_mib']:.0f}): {verdict('venv_mib')}",
            f"node_modules: {figures['node_modules_mib']:.1f} MiB on disk",
        ]
    )


def report_table(figures: dict[str, float]) -> str:
    def verdict(key: str) -> str:
        return "✔ met" if figures[key] <= GOALS[key] else "✖ missed"

    return "\n".join(
        [
            "| Figure | Measured | Goal | |",
            "|---|---|---|---|",
            f"| Fresh clone, `make serve` to the first page | {figures['first_page_s']:.1f} s"
            f" (CPU {figures['cpu_s']:.1f} s) | ≤ {GOALS['first_page_s']:.0f} s | {verdict('first_page_s')} |",
            f"| Runtime `.venv` on disk (`du`) | {figures['venv_mib']:.1f} MiB ({figures['venv_apparent_mib']:.1f} MiB"
            f" of file contents) | ≤ {GOALS['venv_mib']:.0f} MB | {verdict('venv_mib')} |",
            f"| `node_modules` on disk | {figures['node_modules_mib']:.1f} MiB | | |",
        ]
    )


def main() -> int:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="first-run-") as tmp:
        figures = measure(ROOT, Path(tmp))
    figures["load_before"] = round(load, 2)
    figures["cpus"] = os.cpu_count() or 0
    print(report(figures))
    page.write_part("first-run", report_table(figures) + f"\n\nLoad average {load:.1f} when the run started.")
    out = ROOT / "build" / "first_run.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"figures": figures, "goals": GOALS}, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
