"""Run a command on a deliberately loaded machine: ``python -m quality.busy N -- COMMAND...``.

Starts ``N`` processes that each keep one core busy, runs the command, then stops them (also when the
command fails or is interrupted); exits with the command's status. ``make test-slow-machine`` runs the
browser tests this way: a test whose outcome depends on the machine's speed shows it here.
"""

from __future__ import annotations

import subprocess
import sys

SPIN = "while True: pass"


def run(busy: int, command: list[str]) -> int:
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(busy)]  # noqa: S603
    try:
        return subprocess.run(command, check=False).returncode  # noqa: S603
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or not args[0].isdigit() or args[1] != "--":
        print("usage: python -m quality.busy N -- COMMAND [ARG...]", file=sys.stderr)
        return 2
    return run(int(args[0]), args[2:])


if __name__ == "__main__":
    sys.exit(main())
