"""A number in an answer is from its context: an answer judged for one context that quotes a claim computed over
another context's rows says so on its face, and the agreement check covers quoted numbers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator import decide
from generator.derive.agreement import decision_agreement
from generator.diff.answers import answer_changes
from generator.pipeline import derive_guide
from tests.conftest import FIXTURES, mkdocs_build, write_site


def _two_machines(root: Path) -> Path:
    """The tiny guide with its two contexts as machine A and machine B, a claim measured on each, an answer
    quoting both and a sentence that names its own context."""
    data = root / "data"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    guide = data / "guide.yml"
    text = guide.read_text(encoding="utf-8")
    guide.write_text(text.replace("name: Flat Town", "name: Machine A").replace("name: Hill Town", "name: Machine B"))
    table = data / "tables" / "hill-times.yml"
    table.write_text(
        table.read_text(encoding="utf-8")
        + "  - id: flat-a\n    label: Flat A\n    context: flat-town\n    values: {road: 100, cargo: 120}\n",
        encoding="utf-8",
    )
    claims = data / "claims.yml"
    claims.write_text(
        claims.read_text(encoding="utf-8")
        + "  - {id: flat-cargo, table: hill-times, numerator: cargo, denominator: road, rows: [flat-a]}\n",
        encoding="utf-8",
    )
    decisions = data / "decisions.yml"
    decisions.write_text(
        decisions.read_text(encoding="utf-8")
        .replace("label: Flat Town", "label: Machine A")
        .replace("label: Hill Town", "label: Machine B")
        .replace(
            "why: The cargo bike has [[light-vs-cargo]] uphill than the road bike.",
            "why: The cargo bike has [[light-vs-cargo]] uphill than the road bike. It has [[flat-cargo]] on the"
            " flat. On Machine B it has [[light-vs-cargo]] again.",
        ),
        encoding="utf-8",
    )
    recommendation = data / "recommendation.yml"
    recommendation.write_text(
        recommendation.read_text(encoding="utf-8")
        + "answers:\n  flat-town: Ride the road bike; the cargo bike has [[light-vs-cargo]] uphill.\n",
        encoding="utf-8",
    )
    return data


@pytest.fixture(scope="module")
def machines(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _two_machines(tmp_path_factory.mktemp("machines"))


@pytest.fixture(scope="module")
def site(machines: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("machines-site")
    (root / "project").mkdir()
    result = mkdocs_build(write_site(root / "project", machines), root / "site")
    assert result.returncode == 0, result.stderr
    return root / "site"


def _why(site: Path, city: str) -> str:
    soup = BeautifulSoup((site / "decide" / "index.html").read_text(encoding="utf-8"), "html.parser")
    leaf = next(
        s
        for s in soup.select("section.dg-leaf")
        if city in s.select_one(".dg-leaf-title").get_text() and "light" in s.select_one(".dg-leaf-title").get_text()
    )
    return " ".join(leaf.select_one(".dg-why").get_text(" ").split())


def test_an_answer_names_the_context_of_a_number_from_another_context(site: Path) -> None:
    on_a, on_b = _why(site, "Machine A"), _why(site, "Machine B")
    # the claims: 1.50× (machine B's row) and 1.20× (machine A's row)
    assert "1.50× higher climb time (measured on Machine B) uphill" in on_a
    assert "1.20× higher climb time on the flat" in on_a  # its own context's number: as written
    assert "1.20× higher climb time (measured on Machine A) on the flat" in on_b
    assert "1.50× higher climb time uphill" in on_b
    # a sentence that names the context of its number says it already: no label
    assert "On Machine B it has 1.50× higher climb time again" in on_a
    assert on_a.count("(measured on") == 1 and on_b.count("(measured on") == 1


def test_a_context_s_own_answer_names_the_context_of_a_number_from_another(site: Path) -> None:
    soup = BeautifulSoup((site / "judge" / "flat-town" / "index.html").read_text(encoding="utf-8"), "html.parser")
    said = " ".join(soup.select_one(".dg-answer").get_text(" ").split())
    assert "the cargo bike has 1.50× higher climb time (measured on Machine B) uphill" in said


def test_the_agreement_check_covers_quoted_numbers(machines: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    derived = derive_guide(machines)
    assert decision_agreement(derived) == []
    # An answer printed without the labels quotes numbers of another context as if they were its own: refused.
    monkeypatch.setattr(decide, "labelled", lambda data, text, context: text)
    said = [p.message for p in decision_agreement(derived)]
    assert any("quotes [[light-vs-cargo]], measured on Machine B, without saying so" in m for m in said), said
    assert any("quotes [[flat-cargo]], measured on Machine A, without saying so" in m for m in said), said
    assert not any("On Machine B" in m for m in said)


def _leaf_text(sentences: list[list[object]]) -> str:
    return " ".join("".join(p if isinstance(p, str) else f"<{p['claim']}>" for p in s) for s in sentences)  # type: ignore[index]


def test_guide_json_gives_each_answer_its_quotes_as_it_shows_them(site: Path) -> None:
    """ "Your numbers" lists the answers whose quoted numbers move; it reads each answer's quotes from guide.json, so
    an answer judged on machine A that quotes machine B's number says so there too."""
    guide = json.loads((site / "downloads" / "guide.json").read_text(encoding="utf-8"))
    rules = {r["id"]: r["quotes"] for r in guide["decisions"]["rules"]}
    labelled = [leaf for leaf in guide["decisions"]["leaves"] if leaf["quotes"] is not None]
    assert labelled, guide["decisions"]["leaves"]
    for leaf in labelled:
        text = _leaf_text(leaf["quotes"])
        assert "(measured on Machine" in text and "(measured on" not in _leaf_text(rules[leaf["rule"]]), text
    on_a = next(leaf for leaf in labelled if "Machine A" in leaf["situation"] and "light" in leaf["situation"].lower())
    assert "has <light-vs-cargo> (measured on Machine B) uphill" in _leaf_text(on_a["quotes"])


def test_a_changed_answer_s_quote_names_the_context_of_its_number(machines: Path, tmp_path: Path) -> None:
    """The changes page, the PR comment and "Your numbers" (through the parity test) list a moved quote as the
    answer shows it: machine B's number quoted on machine A's answer keeps its "(measured on Machine B)"."""
    head_data = tmp_path / "data"
    shutil.copytree(machines, head_data)
    table = head_data / "tables" / "hill-times.yml"
    table.write_text(
        table.read_text(encoding="utf-8").replace("values: {road: 100, cargo: 150}", "values: {road: 100, cargo: 180}")
    )
    base, head = derive_guide(machines), derive_guide(head_data)
    changes = answer_changes(base, head)
    quotes = [(c.leaf, q.before, q.after) for c in changes for q in c.quotes]
    on_a = [q for q in quotes if "(measured on Machine B)" in q[1]]
    assert on_a and all("1.50×" in b and "1.80×" in a and "(measured on Machine B)" in a for _, b, a in on_a), quotes
    assert any("(measured on" not in b for _, b, _a in quotes), quotes  # machine B's own answers: as written
