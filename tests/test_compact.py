"""The engine's scripts and stylesheets ship without comments, and nothing else of them is lost."""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from pathlib import Path

from generator.build import ENGINE_CSS, ENGINE_JS, ENGINE_ON_DEMAND, build_site
from generator.render.compact import compact
from generator.render.script_parts import script_source
from tests.conftest import DATA, PLOTLY_JS


def _code_lines(text: str) -> list[str]:
    """The lines of a source that are code: no blank line, no comment-only line (the sources' style)."""
    text = re.sub(r"(?ms)^[ \t]*/\*(?:(?!\*/).)*\*/[ \t]*$", "", text)
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("//")]


def test_scripts_keep_every_line_of_code_and_still_parse(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is needed to check the scripts (installed with npm by make system-deps)"
    for uri in [*ENGINE_JS, *ENGINE_ON_DEMAND]:
        source = script_source(uri)
        out = compact(uri, source)
        assert out.splitlines() == _code_lines(source), uri
        path = tmp_path / Path(uri).name
        path.write_text(out, encoding="utf-8")
        done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{uri}: {done.stderr}"
        assert len(gzip.compress(out.encode())) < len(gzip.compress(source.encode())), uri


def test_comments_inside_a_line_of_script_stay_and_whole_line_ones_go() -> None:
    source = (
        "/* about the file\n   on two lines */\n(function () {\n  // a note\n  var a = '/*'; /* inline */ go(a);\n"
        "  var url = 'http://example.org/'; // why\n  /* x */ run();\n})();\n"
    )
    assert compact("x.js", source) == (
        "(function () {\nvar a = '/*'; /* inline */ go(a);\n"
        "var url = 'http://example.org/'; // why\n/* x */ run();\n})();\n"
    )


def test_stylesheets_lose_only_comments_and_indentation() -> None:
    for uri in ENGINE_CSS:
        source = script_source(uri)
        out = compact(uri, source)
        assert "/*" not in out, uri
        without = re.sub(r"(?s)/\*(?:(?!\*/).)*\*/", "", source)
        assert re.sub(r"\s+", "", out) == re.sub(r"\s+", "", without), uri


def test_a_built_site_ships_the_compact_files() -> None:
    site = build_site(DATA, plotly_js=PLOTLY_JS)
    for uri in [*ENGINE_CSS, *ENGINE_JS, *ENGINE_ON_DEMAND]:
        assert site.files[uri] == compact(uri, script_source(uri))
        assert uri not in site.assets
