"""Inferences are judgements (issue 45): a value the source does not state, reasoned from another statement, is
drawn as a judgement with its reasoning; a value citing a statement about another option must say it is inferred."""

from __future__ import annotations

from pathlib import Path

import yaml
from bs4 import Tag

from tests.conftest import DATA
from tests.data_edits import edit, line_of, problems_in
from tests.html import page, text


def _inferred() -> list[tuple[str, str, dict]]:
    """(option id, option label, attribute) for every attribute value the shipped data marks as inferred."""
    out = []
    for path in sorted((DATA / "options").glob("*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [(record["id"], record["label"], a) for a in record.get("attributes", {}).values() if a.get("inferred")]
    return out


def test_an_inferred_value_is_drawn_as_a_judgement_with_its_reasoning(shipped_site: Path) -> None:
    inferred = _inferred()
    assert inferred, "the shipped guide marks the fork status of DeepEP-V2 as inferred (the source states none)"
    soup = page(shipped_site, "")
    for ident, _, attr in inferred:
        cell = soup.find(id=f"cell_{ident}_fork")
        assert isinstance(cell, Tag)
        assert "dg-judged" in cell["class"]
        assert text(cell.select_one(".dg-verdict")).startswith("§ judgement:")
        assert "inferred from another statement" in text(cell)
        option = page(shipped_site, f"options/{ident}/")
        reasons = text(option.select_one("dl.dg-reasons"))
        assert "Inferred, not stated by the source:" in reasons
        assert " ".join(attr["inferred"].split()[-6:]) in reasons


def test_a_stated_value_quoting_another_option_is_refused_unless_inferred(data_copy: Path) -> None:
    option = data_copy / "options" / "deepep-v2.yml"
    line = line_of(option, "    inferred: ")
    text_ = option.read_text(encoding="utf-8")
    removed = text_.splitlines()[line - 1] + "\n"
    edit(option, removed, "")
    where = line_of(option, 'source: {quote: "EP_NUM_COMMS mints the comms')
    assert problems_in(data_copy) == [
        f"options/deepep-v2.yml:{where}: attributes.fork.source: 'Needs a fork' cites a statement about "
        "'DeepEP multi-comm' (DeepEP multi-comm), not about 'DeepEP-V2': a value the source does not state is a "
        "judgement; say what it is reasoned from with `inferred: ...`"
    ]
