"""The matrix judged for one context, as a static page (issue 33): what "Judge for" shows with JavaScript, for
a reader without it. Each page's cells are the Python derivation's (``Derived.judged_for``); the overview links
them from the control's no-JavaScript line and, through each choice's ``data-page``, from its status line."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator import schema
from generator.derive.cells import Cell
from generator.derive.fill import derive
from generator.derive.guide import Derived
from generator.pipeline import validate_guide
from tests.conftest import DATA, ROOT
from tests.html import page, text

EXAMPLE = ROOT / "examples" / "json-libraries" / "data"


def _derived(data_dir: Path) -> Derived:
    d, problems = derive(validate_guide(data_dir))
    assert problems == []
    return d


def _line(cell: Cell) -> str:
    """A cell's line as the compact matrix writes it: symbol and word of each part, with what it is measured
    against (a judgement says so)."""
    assert cell.verdict is not None
    first = cell.parts[0] if cell.parts else None
    head = (cell.verdict, first.glance if first is not None and first.verdict == cell.verdict else cell.verdict.word)
    rest = [(p.verdict, p.glance) for p in cell.parts[1:]]
    words = [f"{v.symbol} {'judgement: ' if v.judged else ''}{w}" for v, w in [head, *rest]]
    return " ".join(words)


def _shown(site: Path, uri: str) -> dict[str, dict[str, tuple[str, str]]]:
    """Per option and column: the level and the summary line of each verdict cell of the page's matrix."""
    matrix = page(site, uri).select_one("table.dg-matrix")
    assert matrix is not None, uri
    columns = str(matrix["data-columns"]).split()
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for tr in matrix.select("tbody tr"):
        cells = {}
        for column, td in zip(columns, tr.select("td"), strict=True):
            if td.has_attr("data-level"):
                summary = td.select_one("summary")
                cells[column] = (str(td["data-level"]), text(summary if summary is not None else td))
        out[str(tr["data-option"])] = cells
    return out


def _expected(
    d: Derived, cells: dict[str, list[Cell]], context: str | None = None
) -> dict[str, dict[str, tuple[str, str]]]:
    """What each cell's line says; the support cell also carries the record's failures for any context (or the
    one judged for), as caveats in the colour key's middle level."""
    mid = d.data.guide.levels["mid"].symbol

    def line(o: schema.Option, c: Cell) -> str:
        failed = {ctx for ctx, s in o.support.items() if s.status in ("no", "cannot run")}  # said by the support cell
        shown = [f for f in o.failures if f.context is None or (f.context == context and context not in failed)]
        caveats = [f" {mid} caveat: {f.title}" for f in shown]
        return _line(c) + ("".join(caveats) if isinstance(c.column, schema.SupportColumn) else "")

    return {
        o.id: {c.column.id: (c.verdict.level, line(o, c)) for c in cells[o.id] if c.verdict is not None}
        for o in d.ordered_options()
    }


@pytest.mark.parametrize("context", ["trtllm", "vllm", "sglang"])
def test_each_static_page_shows_the_python_judgement(shipped_site: Path, context: str) -> None:
    d = _derived(DATA)
    shown = _shown(shipped_site, f"judge/{context}/")
    assert shown == _expected(d, d.judged_for(context), context)
    if context != "trtllm":
        return
    # UCCL's serving rows are all SGLang's and the source judges vLLM only: judged for TRT-LLM, its cell says so
    # rather than keeping a colour; the overview (any framework) lists that part with the others.
    serving = next(i for i, c in enumerate(d.data.guide.columns) if c.id == "serving")
    assert d.judged_for("trtllm")["uccl"][serving].verdict.word == "not measured on TRT-LLM"  # type: ignore[union-attr]
    assert shown["uccl"]["serving"] == ("unknown", "? not measured on TRT-LLM")
    overview = _shown(shipped_site, "")["uccl"]["serving"]
    assert overview[0] == "mid" and "? not measured on TRT-LLM, vLLM" in overview[1]


def test_the_overview_links_each_page_without_and_with_javascript(shipped_site: Path) -> None:
    home = page(shipped_site, "")
    fallback = home.select_one(".dg-judge-fallback")
    assert fallback is not None
    assert [(a.get_text(), a["href"]) for a in fallback.select("a")] == [
        ("TRT-LLM", "judge/trtllm/"),
        ("vLLM", "judge/vllm/"),
        ("SGLang", "judge/sglang/"),
    ]
    choices = {str(o["value"]): o.get("data-page") for o in home.select("#matrix-judge select option")}
    assert choices == {"": None, "trtllm": "judge/trtllm/", "vllm": "judge/vllm/", "sglang": "judge/sglang/"}
    vllm = page(shipped_site, "judge/vllm/")
    links = {a.get_text(): a["href"] for a in vllm.select(".dg-judge-pages a")}
    assert links == {"any framework": "../../#matrix", "TRT-LLM": "../trtllm/", "SGLang": "../sglang/"}
    assert text(vllm.select_one(".dg-judge-pages [aria-current=page]")) == "vLLM"
    assert "../../?judge=vllm#matrix" in {a["href"] for a in vllm.select("article a")}
    # each option's link carries the context, so its page judges its strip the same way (with JavaScript)
    rows = [str(a["href"]) for a in vllm.select("table.dg-matrix tbody th > a")]
    assert rows and all(h.startswith("../../options/") and h.endswith("/?judge=vllm") for h in rows), rows


def test_a_judged_page_has_no_history_marks_of_the_published_cells(shipped_site: Path) -> None:
    assert not page(shipped_site, "judge/vllm/").select("table.dg-matrix .dg-changed")


def test_the_example_guide_gets_them_from_its_data(example_site: Path) -> None:
    """The example names a context on one row (Windows): "Judge for" and its pages follow, with no code of its
    own; a context without rows of its own is judged from the rows that name none."""
    d = _derived(EXAMPLE)
    contexts = [c.id for c in d.data.guide.contexts]
    assert contexts == ["linux", "macos", "windows"]
    for context in contexts:
        assert _shown(example_site, f"judge/{context}/") == _expected(d, d.judged_for(context), context)
    assert [a.get_text() for a in page(example_site, "").select(".dg-judge-fallback a")] == [
        "Linux",
        "macOS",
        "Windows",
    ]


def test_no_pages_without_a_row_that_names_a_context() -> None:
    """A guide whose comparison rows name no context gets neither the control nor its pages (nothing would
    differ)."""
    from generator.render.pages import Renderer

    data = validate_guide(EXAMPLE)
    tables = [
        t.model_copy(update={"rows": [r.model_copy(update={"context": None}) for r in t.rows]})
        if isinstance(t, schema.MeasurementTable)
        else t
        for t in data.tables
    ]
    d, _ = derive(dataclasses.replace(data, tables=tables))
    assert not [p for p in Renderer(d, charts=False).pages() if p.template == "judged.md.j2"]
    assert [p.src_uri for p in Renderer(_derived(EXAMPLE), charts=False).pages() if p.template == "judged.md.j2"] == [
        "judge/linux.md",
        "judge/macos.md",
        "judge/windows.md",
    ]
