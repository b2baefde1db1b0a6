"""Issue 52 item 3: an import is a transaction on every path, and one changed kept file is one error.

On the compressor guide (:mod:`tests.compressor_guide`), its numbers read from a made-up benchmark's JSON through
a map the guide declares. Every ``python -m generator import`` either writes and says what, or says "import
refused, nothing written" with every reason: also when checked statements are present, over the very cells the
import fills."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.compressor_guide import write_guide

MAP = """\
format: json
tool: made-up-bench
metrics:
  ratio: {path: "$.ratio", unit: "%"}
"""
SMALLER = (
    'statements:\n  - {says: "xz -6 output is smaller than lz4 output", table: output-size, series: xz-6, '
    "direction: lower, than: lz4}\n"
)


def _guide(tmp_path: Path) -> tuple[Path, Path]:
    page = "# Compressors\n\nxz -6 output is smaller than lz4 output.\n"
    data, docs = write_guide(tmp_path, page=page, statements=SMALLER)
    (data / "maps").mkdir()
    (data / "maps" / "bench.yml").write_text(MAP, encoding="utf-8")
    table = data / "tables" / "output-size.yml"
    text = table.read_text(encoding="utf-8").replace("lz4: 47.6", "lz4: not measured")
    table.write_text(text.replace("better: lower\n", "better: lower\nmetrics: {bench: ratio}\n"), encoding="utf-8")
    return data, docs


def _result(folder: Path, name: str, ratio: float) -> Path:
    path = folder / name
    path.write_text(json.dumps({"ratio": ratio}), encoding="utf-8")
    return path


def _import(data: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "import", "bench", *map(str, args), "--data", str(data)],
        capture_output=True,
        text=True,
        check=False,
    )


def _files(data: Path) -> dict[str, bytes]:
    return {p.relative_to(data).as_posix(): p.read_bytes() for p in sorted(data.rglob("*")) if p.is_file()}


def test_an_import_that_makes_a_statement_true_is_filed(tmp_path: Path) -> None:
    data, _ = _guide(tmp_path)
    lz4 = _result(tmp_path, "lz4.json", 47.6)
    done = _import(data, lz4, "--table", "output-size", "--row", "corpus", "--series", "lz4")
    assert done.returncode == 0, done.stderr
    assert "added      output-size / corpus / lz4: 47.6 % from lz4.json" in done.stdout
    assert "wrote" in done.stdout


def test_an_import_refused_by_a_statement_says_nothing_was_written_and_why(tmp_path: Path) -> None:
    data, _ = _guide(tmp_path)
    before = _files(data)
    lz4 = _result(tmp_path, "lz4.json", 12.5)
    done = _import(data, lz4, "--table", "output-size", "--row", "corpus", "--series", "lz4")
    assert done.returncode == 1
    assert done.stderr.startswith("import refused, nothing written"), done.stderr
    assert "the data no longer says 'xz -6 output is smaller than lz4 output'" in done.stderr
    assert "xz -6 (23.21 %) is not lower than lz4 (12.5 %)" in done.stderr
    assert "Traceback" not in done.stderr
    assert _files(data) == before


def test_a_guide_whose_records_are_broken_refuses_with_every_reason(tmp_path: Path) -> None:
    data, _ = _guide(tmp_path)
    option = data / "options" / "zstd-3.yml"
    option.write_text(option.read_text(encoding="utf-8") + "colour: blue\n", encoding="utf-8")
    before = _files(data)
    lz4 = _result(tmp_path, "lz4.json", 47.6)
    done = _import(data, lz4, "--table", "output-size", "--row", "corpus", "--series", "lz4")
    assert done.returncode == 1
    assert done.stderr.startswith("import refused, nothing written"), done.stderr
    assert "options/zstd-3.yml:" in done.stderr and "colour" in done.stderr
    assert _files(data) == before


def test_one_changed_kept_file_is_one_error_naming_every_cell_it_feeds(tmp_path: Path) -> None:
    data, docs = _guide(tmp_path)
    table = data / "tables" / "output-size.yml"
    table.write_text(table.read_text(encoding="utf-8").replace("zstd-3: 34.2", "zstd-3: not measured"), "utf-8")
    shared = _result(tmp_path, "both.json", 47.6)
    for series in ("lz4", "zstd-3"):
        done = _import(data, shared, "--table", "output-size", "--row", "corpus", "--series", series)
        assert done.returncode == 0, done.stderr
    (kept,) = (data / "runs" / "output-size").iterdir()
    kept.write_text(json.dumps({"ratio": 40.0}), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--data", str(data), "--docs", str(docs)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.count("the file changed since it was recorded") == 1, done.stderr
    assert "(it feeds 2 cells: output-size / corpus / lz4, output-size / corpus / zstd-3)" in done.stderr


def test_one_call_files_every_series_of_a_row_that_names_its_metric(tmp_path: Path) -> None:
    data, _ = write_guide(tmp_path)
    (data / "maps").mkdir()
    metrics = "".join(f'  {k}: {{path: "$.{k}", unit: "%"}}\n' for k in ("lz4", "zstd", "xz"))
    (data / "maps" / "bench.yml").write_text(f"format: json\ntool: made-up-bench\nmetrics:\n{metrics}", "utf-8")
    table = data / "tables" / "output-size.yml"
    text = table.read_text(encoding="utf-8")
    for sid, metric in (("lz4", "lz4"), ("zstd-3", "zstd"), ("xz-6", "xz")):
        text = text.replace(f"option: {sid}}}", f"option: {sid}, metrics: {{bench: {metric}}}}}")
    measured = "{lz4: not measured, zstd-3: not measured, xz-6: not measured}"
    table.write_text(text.replace("{lz4: 47.6, zstd-3: 34.2, xz-6: 23.21}", measured), encoding="utf-8")
    result = tmp_path / "all.json"
    result.write_text(json.dumps({"lz4": 47.6, "zstd": 34.2, "xz": 23.21}), encoding="utf-8")
    done = _import(data, result, "--table", "output-size", "--row", "corpus")
    assert done.returncode == 0, done.stderr
    for line in ("output-size / corpus / lz4: 47.6 %", "output-size / corpus / zstd-3: 34.2 %", "/ xz-6: 23.21 %"):
        assert line in done.stdout, done.stdout
    assert len(list((data / "runs" / "output-size").iterdir())) == 1  # the file is kept once
    # in a guide whose series name no metric of their own, the refusal says what to declare
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"lz4": 40.0}), encoding="utf-8")
    plain = write_guide(tmp_path / "plain")[0]
    (plain / "maps").mkdir()
    (plain / "maps" / "bench.yml").write_text(MAP, encoding="utf-8")
    done = _import(plain, other, "--table", "output-size", "--row", "corpus")
    assert done.returncode == 1 and done.stderr.startswith("import refused, nothing written"), done.stderr
    assert "no --series, and no series of table output-size names its own metric for bench files" in done.stderr
