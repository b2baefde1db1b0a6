"""A "Your numbers" address holds only what the guide declares: row, table and context names from the address are
looked up in maps without prototypes (``constructor``, ``toString``, ``__proto__`` are names like any other), and a
context the address adds with the name of an existing context is refused (it would stand in for that context).

The page's script (``yours.js``) runs in node, as tests/test_yours_parity.py runs it, on the tiny guide's
``guide.json``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from generator.derive.fill import derive
from generator.pipeline import validate_guide
from generator.render.data_export import guide_data
from tests.conftest import FIXTURES

NODE = shutil.which("node")

PROBE = """
const core = require(process.argv[2]);
const guide = JSON.parse(require("fs").readFileSync(process.argv[3], "utf8"));
const hashes = JSON.parse(process.argv[4]);
console.log(JSON.stringify(hashes.map((hash) => {
  try {
    const got = core.addedFrom(guide, hash);
    const read = core.fromFragment(guide, got.rest);
    const shown = core.withRows(guide, got.added);
    const r = core.derive(shown, read.state);
    const cells = guide.options.map((o) => (r.cells[o.id] || []).map((c) => (c.verdict ? c.verdict.word : null)));
    const names = shown.contexts.map((c) => String(c.name));
    return { added: got.added, problems: read.problems, state: Object.keys(read.state), cells, names };
  } catch (err) {
    return { error: String(err) };
  }
})));
"""


@pytest.fixture(scope="module")
def guide_json(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = derive(validate_guide(FIXTURES / "tiny-guide"))[0]
    path = tmp_path_factory.mktemp("yours") / "guide.json"
    doc = guide_data(d, {o.id: f"{o.id}/" for o in d.data.options})
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def _run(script: Path, guide_json: Path, tmp_path: Path, hashes: list[str]) -> list[dict[str, Any]]:
    assert NODE, "node is needed (it builds the site's assets too)"
    probe = tmp_path / "probe.js"
    probe.write_text(PROBE, encoding="utf-8")
    done = subprocess.run(
        [NODE, str(probe), str(script), str(guide_json), json.dumps(hashes)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_names_of_objects_own_members_are_names_like_any_other(
    yours_js: Path, guide_json: Path, tmp_path: Path
) -> None:
    plain = _run(yours_js, guide_json, tmp_path, [""])[0]
    assert "error" not in plain and all(any(row) for row in plain["cells"]), plain
    hashes = [
        "#row.hill-times.yours-1=constructor~Mine",  # a context named constructor: Object itself on 0d48256
        "#row.hill-times.yours-1=toString~Mine",
        "#row.constructor.yours-1=Mine",  # a table named constructor: the script threw, the matrix stayed empty
        "#row.__proto__.yours-1=Mine",
        "#row.toString.yours-1=Mine",
        "#constructor.hill-a.road=5&toString.x.y=1&__proto__.a.b=1",
    ]
    for hash, got in zip(hashes, _run(yours_js, guide_json, tmp_path, hashes), strict=True):
        assert "error" not in got, (hash, got)
        assert got["added"] == {"contexts": [], "rows": {}}, (hash, got)
        assert got["state"] == [] and got["cells"] == plain["cells"], (hash, got)
        assert not any("native code" in name or "function" in name for name in got["names"]), (hash, got)
    last = _run(yours_js, guide_json, tmp_path, hashes[-1:])[0]
    assert len(last["problems"]) == 3 and all(p.startswith("ignored") for p in last["problems"]), last


def test_a_context_named_like_an_existing_one_is_refused(yours_js: Path, guide_json: Path, tmp_path: Path) -> None:
    hashes = [
        "#context.hill-town-2=Hill%20Town&row.hill-times.yours-1=hill-town-2~Mine",
        "#context.other=hill%20town%20",
        "#context.mine=My%20Town&context.mine-2=My%20Town",
        "#context.mine=My%20Town&row.hill-times.yours-1=mine~Mine",
    ]
    impostor, case, twice, fine = _run(yours_js, guide_json, tmp_path, hashes)
    for got in (impostor, case):
        assert "error" not in got and got["added"]["contexts"] == [], got
        assert got["names"].count("Hill Town") == 1, got
    assert impostor["added"]["rows"] == {}, impostor  # a row of the refused context is refused with it
    assert [c["name"] for c in twice["added"]["contexts"]] == ["My Town"], twice
    assert fine["added"]["contexts"] == [{"id": "mine", "name": "My Town"}], fine
    assert fine["added"]["rows"]["hill-times"][0]["context"] == "mine", fine
