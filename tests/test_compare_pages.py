"""Without JavaScript, a static page per pair shows every column, measured row and need side by side."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from tests.html import page, text, verdict_agrees


def test_a_page_per_pair_with_the_matrix_verdicts(shipped_site: Path) -> None:
    guide = json.loads((shipped_site / "downloads" / "guide.json").read_text(encoding="utf-8"))
    options = {o["id"]: o for o in guide["options"]}
    index = page(shipped_site, "compare/")
    links = {a["href"] for a in index.select("table.dg-pairs a")}
    pairs = list(itertools.combinations([o["id"] for o in guide["options"]], 2))
    assert len(links) == len(pairs)
    for a, b in pairs:
        soup = page(shipped_site, f"compare/{a}/{b}/")
        verdicts, measured, needs = soup.select("table.dg-compare")
        heads = [text(th) for th in verdicts.select("thead th")][1:]
        assert heads == [options[a]["name"], options[b]["name"]]
        for tr, column in zip(verdicts.select("tbody tr"), guide["columns"], strict=True):
            assert text(tr.select_one("th")) == column["label"]
            for td, ident in zip(tr.select("td"), (a, b), strict=True):
                cell = next(c for c in options[ident]["cells"] if c["column"] == column["id"])
                if cell["verdict"] is None:
                    assert text(td) == cell["text"]
                else:
                    assert verdict_agrees(td, cell), f"compare/{a}/{b}/: {column['id']} of {ident}"
        expected = sum(
            len(t["rows"])
            for t in guide["tables"]
            if t["kind"] == "measurements" and any(s["option"] in (a, b) for s in t["series"])
        )
        assert len(measured.select("tbody tr")) == max(expected, 1)
        assert len(needs.select("tbody td")) == 2
