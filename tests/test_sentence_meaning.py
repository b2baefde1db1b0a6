"""Issue 52 item 2 and issue 53 item 5: sentences checked by meaning, on a guide of another topic (compressors).

Size, count and quality comparisons and superlatives are comparisons; a statement's words agree with what it
asserts in its table's polarity; one statement backs a superlative; a definition of direction is no claim; a
statement backs only the sentence it is attached to, and only the comparisons inside its words; a quoted
comparison still compares; the unbacked sentences show in the same ``check`` run as errors; a statement over a
cell with no value says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import cli
from tests.compressor_guide import write_guide
from tests.conftest import DATA, ROOT

SMALLEST = (
    'statements:\n  - {says: "xz -6 makes the smallest output", table: output-size, series: xz-6, direction: lower, '
    "than: %s}\n"
)


def _check(data: Path, docs: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["check", "--strict", "--data", str(data), "--docs", str(docs)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_false_size_sentence_is_listed_with_its_file_and_line(tmp_path: Path, capsys) -> None:
    data, docs = write_guide(tmp_path, what="A fast compressor. lz4 output is smaller than xz -6 output.")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert f"{data}/options/lz4.yml:5: states a comparison nothing backs: 'lz4 output is smaller than xz -6" in err


@pytest.mark.parametrize(
    "sentence", ["It makes fewer files than xz -6.", "It is the best of the three.", "xz -6 is behind lz4 here."]
)
def test_count_quality_and_superlative_words_are_comparisons(tmp_path: Path, capsys, sentence: str) -> None:
    data, docs = write_guide(tmp_path, what=f"A fast compressor. {sentence}")
    code, _, err = _check(data, docs, capsys)
    assert code == 1 and sentence in err


def test_one_statement_backs_the_smallest_and_is_refused_once_it_is_not(tmp_path: Path, capsys) -> None:
    data, docs = write_guide(
        tmp_path, page="# Compressors\n\nxz -6 makes the smallest output.\n", statements=SMALLEST % "all others"
    )
    assert _check(data, docs, capsys)[0] == 0
    table = data / "tables" / "output-size.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("zstd-3: 34.2", "zstd-3: 20.5"), encoding="utf-8")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert f"{docs.resolve()}/index.md:3: the data no longer says 'xz -6 makes the smallest output'" in err
    assert "xz -6 (23.21 %) is not lower than zstd -3 (20.5 %)" in err


def test_a_superlative_compared_with_one_rival_is_refused(tmp_path: Path, capsys) -> None:
    data, docs = write_guide(tmp_path, page="# C\n\nxz -6 makes the smallest output.\n", statements=SMALLEST % "lz4")
    code, _, err = _check(data, docs, capsys)
    assert code == 1 and "does not compare with zstd-3: write `than: all others`" in err


def test_words_that_contradict_the_assertion_in_the_tables_polarity_are_refused(tmp_path: Path, capsys) -> None:
    statements = (
        'statements:\n  - {says: "xz -6 does better than lz4 on size", table: output-size, series: xz-6, '
        "direction: higher, than: lz4}\n"
    )
    data, docs = write_guide(tmp_path, page="# C\n\nxz -6 does better than lz4 on size.\n", statements=statements)
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert (
        "claims.yml:2: statements[0].says: statement 'xz -6 does better than lz4 on size' says 'better', a lower value"
        in err
    )


def test_a_definition_of_direction_is_not_a_claim(tmp_path: Path, capsys) -> None:
    data, docs = write_guide(tmp_path, summary="Output as a share of the input; lower is smaller, higher is worse.")
    page = "# C\n\nSpeed is in MB/s: higher is faster. The higher the better.\n"
    (docs / "speed.md").write_text(page, encoding="utf-8")
    code, out, err = _check(data, docs, capsys)
    assert code == 0, err
    assert "nothing backs" not in out


def test_borrowed_words_back_nothing_else_in_their_sentence(tmp_path: Path, capsys) -> None:
    page = "# C\n\nlz4 is 10× faster than every other option and xz -6 makes the smallest output.\n"
    data, docs = write_guide(tmp_path, page=page, statements=SMALLEST % "all others")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert "index.md:3: states a comparison nothing backs: 'lz4 is 10× faster" in err
    assert "('10×', 'faster' outside the words of the statement attached to it)" in err


def test_a_statement_backs_one_sentence_never_another_that_shares_its_words(tmp_path: Path, capsys) -> None:
    page = "# C\n\nxz -6 makes the smallest output.\n\nIn the cloud, too, xz -6 makes the smallest output.\n"
    data, docs = write_guide(tmp_path, page=page, statements=SMALLEST % "all others")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    shared = "statements[0].says: statement 'xz -6 makes the smallest output' backs no sentence: 2 sentences hold"
    assert f"claims.yml:2: {shared}" in err
    # named by its file, it backs the sentence there; the copy elsewhere is unbacked
    (docs / "cloud.md").write_text("# Cloud\n\nIn the cloud, too, xz -6 makes the smallest output.\n", "utf-8")
    (docs / "index.md").write_text("# C\n\nxz -6 makes the smallest output.\n", encoding="utf-8")
    statements = SMALLEST % "all others"
    (data / "claims.yml").write_text(statements.replace("than: all others}", "than: all others, at: index.md}"))
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert "cloud.md:3: states a comparison nothing backs: 'In the cloud, too," in err
    assert "index.md" not in err


def test_the_shipped_guides_borrowed_words_sentence_is_unbacked(tmp_path: Path, capsys) -> None:
    """Issue 53's probe: a sentence that holds a checked statement's words (about another option) and adds its
    own comparison, and a comparison in double quotes, both on a page of the shipped guide."""
    data, docs = tmp_path / "data", tmp_path / "site_src"
    shutil.copytree(DATA, data)
    shutil.copytree(ROOT / "site_src", docs)
    probe = (
        "# Probe\n\nUCCL is 10× faster than every other option and ties dense on vLLM and SGLang.\n\n"
        'A reviewer wrote "UCCL is twice as fast, 2× faster than dense".\n'
    )
    (docs / "probe.md").write_text(probe, encoding="utf-8")
    code, out, err = _check(data, docs, capsys)
    assert code == 1
    assert "probe.md:3: states a comparison nothing backs: 'UCCL is 10× faster than every other option" in out + err
    assert "probe.md:5: states a comparison nothing backs: 'A reviewer wrote \"UCCL is twice" in out + err


def test_unbacked_sentences_show_in_the_same_run_as_errors(tmp_path: Path, capsys) -> None:
    data, docs = write_guide(tmp_path, what="A fast compressor. lz4 output is smaller than xz -6 output.")
    option = data / "options" / "xz-6.yml"
    option.write_text(option.read_text(encoding="utf-8") + "colour: blue\n", encoding="utf-8")
    code, out, err = _check(data, docs, capsys)
    assert code == 1
    assert "xz-6.yml" in err and "colour" in err
    assert "options/lz4.yml:5: states a comparison nothing backs: 'lz4 output is smaller" in out


def test_a_statement_over_a_cell_not_measured_yet_says_so(tmp_path: Path, capsys) -> None:
    statements = (
        'statements:\n  - {says: "xz -6 output is smaller than lz4 output", table: output-size, series: xz-6, '
        "direction: lower, than: [lz4]}\n"
    )
    data, docs = write_guide(tmp_path, page="# C\n\nxz -6 output is smaller than lz4 output.\n", statements=statements)
    table = data / "tables" / "output-size.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("lz4: 47.6", "lz4: not measured"), encoding="utf-8")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert "index.md:3: statement 'xz -6 output is smaller than lz4 output' is over cells not measured yet" in err
    assert "at test corpus (laptop) lz4 has no value yet" in err
    assert "no longer says" not in err


def test_a_superlative_over_a_row_where_a_rival_is_not_measured_says_so(tmp_path: Path, capsys) -> None:
    """``than: all others`` compares with every other series: one with no value in a row leaves the superlative
    unbacked there (not measured), as an explicit ``than`` naming it does."""
    data, docs = write_guide(
        tmp_path, page="# Compressors\n\nxz -6 makes the smallest output.\n", statements=SMALLEST % "all others"
    )
    table = data / "tables" / "output-size.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("zstd-3: 34.2", "zstd-3: not measured"), "utf-8")
    code, _, err = _check(data, docs, capsys)
    assert code == 1
    assert "index.md:3: statement 'xz -6 makes the smallest output' is over cells not measured yet" in err
    assert "at test corpus (laptop) zstd -3 has no value yet" in err
