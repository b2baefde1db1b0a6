"""A build imports only what it needs: the diff, the JSON Schema export and its field help, ruamel.yaml and what
only a server needs wait until asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
from pathlib import Path
import generator.adapters.mkdocs_plugin, generator.cli
from generator.build import build_site
build_site(Path(sys.argv[1]), docs_dir=Path(sys.argv[2]), charts=False)
print(sorted(m for m in sys.modules if m.startswith(("generator.diff", "generator.schema.", "generator.read.formats"))))
print(sorted(m for m in ("ruamel.yaml", "watchdog", "urllib.request", "http.server") if m in sys.modules))
print("difflib" in sys.modules)
"""


def test_a_build_does_not_import_the_diff_or_the_schema_export() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT / "data"), str(ROOT / "site_src")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.strip()
    assert "generator.diff" not in loaded and "generator.schema.export" not in loaded, loaded
    assert "generator.schema.docstrings" not in loaded, loaded  # field help is read for the export alone
    assert "generator.read.formats." not in loaded, loaded  # a guide with no run files loads no reader
    assert loaded.endswith("False"), loaded  # "did you mean" is worked out only for an unknown name
    # The round-trip YAML of `migrate`, and what only `mkdocs serve` needs (the folder watcher, the reload
    # script's probe), are not imported by a build.
    assert loaded.splitlines()[1] == "[]", loaded
