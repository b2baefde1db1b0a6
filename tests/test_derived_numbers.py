"""Ratios and the sentences that quote them follow the raw numbers."""

from __future__ import annotations

import re
from pathlib import Path

from generator.pipeline import build_guide, derive_guide
from tests.conftest import DATA
from tests.data_edits import edit


def test_shipped_ratios_match_the_source() -> None:
    derived = derive_guide(DATA)
    ab = derived.tables["dense-vs-deepep"].ratios["DeepEP / dense"]
    assert [r.text for r in ab] == ["0.65×", "0.69×", "0.97×", "0.80×"]
    assert [r.verdict.word for r in ab if r.verdict] == ["slower", "slower", "tie", "slower"]
    sg = derived.tables["deepep-vs-uccl"].ratios["DeepEP / UCCL"]
    assert [r.text for r in sg] == ["1.038×", "1.032×"]
    assert derived.numbers["uccl-vs-deepep-dispatch"].text == "4.0× faster than"
    assert derived.numbers["dense-vs-deepep-trtllm"].text == "1.50× (geometric mean of 1.46–1.54×) faster than"
    assert derived.numbers["deepep-vs-uccl-serving"].text == "on par with"
    assert derived.numbers["deepep-vs-dense-best"].text == "on par with"
    assert derived.numbers["proxy-tax"].text == "+14.7 ms/token"
    assert derived.numbers["single-comm-ceiling"].text == "~8 GB/s SO"


def test_changing_a_raw_number_changes_the_ratio_and_its_sentence(data_copy: Path) -> None:
    # TRT-LLM conc4: DeepEP 68.7 -> 210 tok/s. DeepEP / dense becomes 210 / 105.66 = 1.99.
    edit(data_copy / "tables" / "dense-vs-deepep.yml", "{deepep: 68.7, dense: 105.66}", "{deepep: 210, dense: 105.66}")
    pages = build_guide(data_copy)
    results = pages["results.md"]
    assert "1.99×" in results and "0.65×" not in results
    # dense / DeepEP on TRT-LLM: 105.66/210 = 0.50 and 794.56/545.04 = 1.46. Their mean (0.98) would read
    # "on par with" and hide the split, so the sentence says where each side wins.
    bottom = pages["bottom-line.md"]
    assert re.search(
        r"Dense is <a [^>]*>1\.99× slower than \(TRT-LLM 0\.21 · conc 4 / ISL 120\) "
        r"but 1\.46× faster than \(TRT-LLM 0\.21 · conc 32 / ISL 120\)</a> DeepEP on TRT-LLM",
        bottom,
    ), bottom
    # In its best regime DeepEP is now 1.99x dense: "1.99× faster than" replaces "on par with".
    assert re.search(r"in its best regime DeepEP is <a [^>]*>1\.99× faster than</a> dense", pages["options/dense.md"])
    # DeepEP now wins one regime and loses others: the cell names both and takes the colour of the loss.
    derived = derive_guide(data_copy)
    serving = next(c for c in derived.cells["deepep-v2"] if c.column.id == "serving")
    assert serving.verdict is not None and serving.verdict.level == "bad"
    words = {p.verdict.word: [r.name for r in p.regimes] for p in serving.parts}
    # a cell fed by two tables names each row with its table (issue 33)
    assert words["faster"] == ["TRT-LLM 0.21 · conc 4 / ISL 120 (dense vs DeepEP A/B)"]
    assert "TRT-LLM 0.21 · conc 32 / ISL 120 (dense vs DeepEP A/B)" in words["slower"]


def test_changing_the_tie_band_recolours_cells(data_copy: Path) -> None:
    # Narrow the tie band to 2%: UCCL at 0.963-0.969 of DeepEP-V2 is no longer a tie.
    edit(data_copy / "guide.yml", "{min: 0.95, level: mid, word: tie}", "{min: 0.98, level: mid, word: tie}")
    derived = derive_guide(data_copy)
    serving = next(c for c in derived.cells["uccl"] if c.column.id == "serving")
    assert serving.verdict is not None and serving.verdict.word == "slower"
    vllm_decode = derived.tables["dense-vs-deepep"].ratios["DeepEP / dense"][2]
    assert vllm_decode.verdict is not None and vllm_decode.verdict.word == "slower"


def test_transport_verdict_follows_the_microbenchmark(data_copy: Path) -> None:
    # If DeepEP-V2 dispatched in 48 us it would be within 0.8x of the best (47 us): fast.
    edit(data_copy / "tables" / "transport-microbench.yml", "{deepep-v2: 186,", "{deepep-v2: 48,")
    derived = derive_guide(data_copy)
    transport = next(c for c in derived.cells["deepep-v2"] if c.column.id == "transport")
    assert transport.verdict is not None and transport.verdict.word == "fast"
    assert derived.numbers["uccl-vs-deepep-dispatch"].text == "as fast as"


def _claims(data_copy: Path, text: str) -> None:
    """Append claims to the copy's claims.yml (``text`` holds YAML list items)."""
    path = data_copy / "claims.yml"
    path.write_text(path.read_text(encoding="utf-8").rstrip() + "\n" + text, encoding="utf-8")


_READ = '{more: "{ratio} faster than", less: "{ratio} slower than", tie: "on par with", column: serving}'


def test_a_mean_of_ratios_is_geometric_and_its_reverse_is_its_inverse(data_copy: Path) -> None:
    # TRT-LLM: dense / DeepEP = 105.66/68.7 = 1.538 and 794.56/545.04 = 1.458. Arithmetic 1.498, geometric 1.4974.
    edit(data_copy / "tables" / "dense-vs-deepep.yml", "{deepep: 68.7, dense: 105.66}", "{deepep: 30.0, dense: 105.66}")
    # now 3.522 and 1.458 (2.4x apart): with range_beyond null the mean stays one number
    _claims(
        data_copy,
        "  - {id: fwd, table: dense-vs-deepep, numerator: dense, denominator: deepep,"
        " rows: [trtllm-conc4, trtllm-conc32], range_beyond: null}\n"
        "  - {id: back, table: dense-vs-deepep, numerator: deepep, denominator: dense,"
        " rows: [trtllm-conc4, trtllm-conc32], range_beyond: null}\n",
    )
    numbers = derive_guide(data_copy).numbers
    # geometric: sqrt(3.522 * 1.4578) = 2.27 (the arithmetic mean would print 2.49); back: 1 / 2.27 = 0.44
    # a mean says what it is: over which rows, and their range
    assert numbers["fwd"].text == "2.27× (geometric mean of 1.46–3.52×)"
    assert numbers["back"].text == "0.44× (geometric mean of 0.28–0.69×)"


def test_ratios_far_apart_read_as_their_range_not_a_mean(data_copy: Path) -> None:
    edit(data_copy / "tables" / "dense-vs-deepep.yml", "{deepep: 68.7, dense: 105.66}", "{deepep: 30.0, dense: 105.66}")
    _claims(
        data_copy,
        "  - {id: apart, table: dense-vs-deepep, numerator: dense, denominator: deepep,"
        " rows: [trtllm-conc4, trtllm-conc32]}\n"
        f"  - {{id: apart-read, table: dense-vs-deepep, numerator: dense, denominator: deepep,"
        f" rows: [trtllm-conc4, trtllm-conc32], phrase: {_READ}}}\n"
        f"  - {{id: close-enough, table: dense-vs-deepep, numerator: dense, denominator: deepep,"
        f" rows: [trtllm-conc4, trtllm-conc32], range_beyond: 3, phrase: {_READ}}}\n",
    )
    numbers = derive_guide(data_copy).numbers
    assert numbers["apart"].text == "1.46–3.52×"  # 3.52 / 1.46 = 2.4, beyond the default 2
    assert numbers["apart-read"].text == "1.46–3.52× faster than"
    assert numbers["close-enough"].text == "2.27× (geometric mean of 1.46–3.52×) faster than"


def test_a_range_can_be_read_as_a_comparison(data_copy: Path) -> None:
    _claims(
        data_copy,
        f"  - {{id: ranged, table: dense-vs-deepep, numerator: deepep, denominator: dense,"
        f" rows: [trtllm-conc4, trtllm-conc32], aggregate: range, phrase: {_READ}}}\n",
    )
    # DeepEP / dense: 0.65 and 0.69, read the other way round: 1.46x to 1.54x slower
    assert derive_guide(data_copy).numbers["ranged"].text == "1.46–1.54× slower than"
