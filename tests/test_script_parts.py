"""yours.js and matrix.js are kept in source as parts (generator/render/script_parts.py) and shipped joined.

Each part is a numbered file of its script's folder; none is longer than a module may be; the parts
joined in their order are one script node can parse; and a built site ships each script at its one
address, never a part on its own. Each check is also shown to catch the fault it is there for.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import ENGINE_ON_DEMAND, build_site
from generator.cli import write_pages
from generator.render.compact import compact
from generator.render.script_parts import ASSETS, JOINED, script_source
from tests.conftest import DATA, PLOTLY_JS

#: The project's module limit, in lines.
LIMIT = 400


def _too_long(parts: dict[str, str]) -> list[str]:
    return [f"{name}: {text.count(chr(10))} lines" for name, text in parts.items() if text.count("\n") > LIMIT]


def _parses(text: str, tmp_path: Path) -> str:
    """node's complaint about ``text`` as a script ("" when it parses)."""
    node = shutil.which("node")
    assert node is not None, "node is needed to check the scripts (installed with npm by make system-deps)"
    path = tmp_path / "joined.js"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True, check=False)
    return "" if done.returncode == 0 else done.stderr or "did not parse"


@pytest.mark.parametrize("uri", sorted(JOINED))
def test_a_scripts_parts_are_the_numbered_files_of_its_folder(uri: str) -> None:
    parts = JOINED[uri]
    folder = ASSETS / uri.removesuffix(".js")
    assert uri in ENGINE_ON_DEMAND and folder.is_dir() and len(parts) > 1
    assert {Path(p).name for p in parts} == {f.name for f in folder.iterdir()}, "only parts in a script's folder"
    assert all(re.fullmatch(r"\d\d-[a-z-]+\.js", Path(p).name) for p in parts), "a part's number says where it goes"
    assert not (ASSETS / uri).exists(), f"{uri} is joined from {folder.name}/: a file of that name would be ignored"


@pytest.mark.parametrize("uri", sorted(JOINED))
def test_no_part_is_longer_than_a_module_may_be_and_each_says_what_it_is(uri: str) -> None:
    texts = {p: (ASSETS / p).read_text(encoding="utf-8") for p in JOINED[uri]}
    assert _too_long(texts) == []
    for part, text in texts.items():  # the comments before its first line of code say it is a fragment, and whose
        head = text[: text.index(compact(uri, text).splitlines()[0])]
        assert "generator/render/script_parts.py" in head and f"javascripts/{Path(uri).name}" in head, part
    assert _too_long({"long.js": "x;\n" * (LIMIT + 1)}) == ["long.js: 401 lines"]
    assert _too_long({"fits.js": "x;\n" * LIMIT}) == []


@pytest.mark.parametrize("uri", sorted(JOINED))
def test_the_parts_joined_are_one_script_node_parses(uri: str, tmp_path: Path) -> None:
    joined = script_source(uri)
    assert _parses(joined, tmp_path) == ""
    code = compact(uri, joined).splitlines()
    assert code[0] == "(function () {" and code[-1] == "})();", (
        "one function, opened by the first part, closed by the last"
    )
    # the same parts joined in another order, or one left out, do not parse: the check sees every part
    parts = JOINED[uri]
    swapped = "".join(script_source(p) for p in (parts[-1], *parts[1:-1], parts[0]))
    assert _parses(swapped, tmp_path) != ""
    assert _parses("".join(script_source(p) for p in parts[:-1]), tmp_path) != ""


def test_a_built_site_ships_each_script_once_and_no_part(tmp_path: Path) -> None:
    site = build_site(DATA, plotly_js=PLOTLY_JS)
    out = tmp_path / "site"
    write_pages(site.pages, out, site.assets, site.files)
    shipped = {str(p.relative_to(out)) for p in (out / "javascripts").rglob("*") if p.is_file()}
    fragments = {p for parts in JOINED.values() for p in parts}
    folders = {str(Path(uri).with_suffix("")) + "/" for uri in JOINED}
    for uri in JOINED:
        assert uri in shipped
        assert (out / uri).read_text(encoding="utf-8") == compact(uri, script_source(uri))
    assert fragments and not fragments & shipped
    assert [u for u in shipped if u.startswith(tuple(folders))] == []
    # what the check would see had a part been shipped on its own
    assert [u for u in {*shipped, sorted(fragments)[0]} if u.startswith(tuple(folders))] == [sorted(fragments)[0]]
