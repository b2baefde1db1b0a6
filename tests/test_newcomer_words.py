"""Words the engine writes for a new guide's author: no article before a data name, messages that say what to do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.pipeline import build_guide
from tests.data_edits import edit, problems_in

ROOT = Path(__file__).resolve().parents[1]


def test_no_article_of_the_engine_before_a_campaigns_name(data_copy: Path) -> None:
    edit(data_copy / "campaigns" / "efa-gda.yml", "name: efa-gda campaign", "name: Granian's third-party comparison")
    results = build_guide(data_copy)["results.md"]
    assert "the Granian" not in results and "(Granian&#x27;s third-party comparison)" in results.replace(
        "&#39;", "&#x27;"
    )


def test_a_check_run_in_the_wrong_folder_names_the_folder_it_tried(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"data: no data folder here (looked for {tmp_path / 'data'})" in done.stderr and "--data" in done.stderr


def test_an_unquoted_comma_in_a_flow_mapping_gets_a_hint(data_copy: Path) -> None:
    edit(
        data_copy / "tables" / "transport-microbench.yml",
        "notes:\n      pplx: matches the authors' published figure",
        "notes: {pplx: matches the figure, as published}",
    )
    edit(
        data_copy / "tables" / "transport-microbench.yml",
        "label: UCCL\n",
        "label: UCCL\n    setup: {tool: ucx, perftest}\n",
    )
    found = problems_in(data_copy)
    assert any(
        "notes.as published: expected text, got nothing" in p and "put the whole text in quotes" in p for p in found
    )
    assert any("setup.perftest: unknown field (if it is the rest of a text" in p for p in found), found


def test_a_partial_support_summary_says_how_many_and_how_many_need_extras() -> None:
    from generator.pipeline import derive_guide
    from tests.conftest import EXAMPLE

    d = derive_guide(EXAMPLE / "data")
    details = {o.id: c.detail for o in d.data.options for c in d.cells[o.id] if c.column.kind == "support"}
    assert details["quickjson"].startswith("3 of 3 operating systems (1 builds from source); ready-built: Linux, macOS")
    assert details["rustjson"].startswith("2 of 3 operating systems (1 builds from source);")
    assert details["json"] == "ready-built: Linux, macOS, Windows"  # everywhere: no count needed


def test_a_support_summary_over_fewer_contexts_than_the_guide_has_says_how_many(tmp_path: Path) -> None:
    """Option B works on the one setting it was tried on: "everywhere" alone would claim the other too."""
    from generator import cli
    from generator.pipeline import derive_guide

    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles"]) == 0
    d = derive_guide(tmp_path / "g" / "data")
    cells = {o.id: c for o in d.data.options for c in d.cells[o.id] if c.column.kind == "support"}
    assert cells["option-b"].verdict.word == "everywhere"
    assert cells["option-b"].detail == "where measured: 1 of 2 settings; works: Setting one; not measured: Setting two"
    assert cells["option-a"].detail == "works: Setting one, Setting two"  # every setting answered: no count
    shipped = derive_guide(ROOT / "data")
    multicomm = next(c for c in shipped.cells["deepep-multicomm"] if c.column.kind == "support")
    assert multicomm.verdict.word == "yes" and multicomm.detail.startswith("where measured: 2 of 3 frameworks; ")


def test_a_campaign_environment_value_takes_inline_markdown_like_other_text(data_copy: Path) -> None:
    edit(
        data_copy / "campaigns" / "efa-gda.yml",
        '{label: Fabric, value: "AWS EFA, 16 NICs per node"}',
        '{label: Fabric, value: "AWS EFA, `16` NICs per node, [[option:dense]]"}',
    )
    methodology = build_guide(data_copy)["methodology.md"]
    row = next(line for line in methodology.splitlines() if '<th scope="row">Fabric</th>' in line)
    assert "<code>16</code>" in row and "`" not in row and "[[" not in row
