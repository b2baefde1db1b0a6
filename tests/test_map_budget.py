"""Whole-file patterns have a budget: a kept file is read once per map, every metric filled from that one pass,
and what a guide's reads through its text maps cost (each pattern's program size × the bytes it searches) is
capped, a read past it refused before it runs at the line of the map's largest pattern, with the figure. Three
metrics whose patterns compile to about 900 instructions each, over one 2 MB file, kept ``check`` over two
minutes: each metric read the whole file again through every pattern."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

import generator.read.maps as maps
from generator.pipeline import derive_guide
from generator.read.maps.budget import BUDGET, PatternBudget, patterns_of
from generator.read.maps.patterns import _OPTIONS, MAX_MEM
from generator.read.maps.spec import load_map
from generator.read.runs import RunFileError, read_run_file
from tests.conftest import FIXTURES
from tests.test_reader_linear import assert_linear

#: A pattern of 819 instructions (a counted repetition copies what it repeats).
WIDE = r"(?:[a-z ]{{200}}|[0-9 ]{{200}}) {name}: (?P<value>\d+) ms"
MAP = "format: text\nmetrics:\n" + "".join(
    f"  {name}: {{pattern: '{WIDE.format(name=name)}', unit: ms}}\n" for name in ("alpha", "gamma", "delta")
)


def _guide(tmp_path: Path, text: str = MAP) -> Path:
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "maps" / "wide.yml").write_text(text, encoding="utf-8")
    (tmp_path / "runs").mkdir(exist_ok=True)
    return tmp_path


def _log(size: int) -> bytes:
    filler = ("word " * 20 + "\n") * max(1, size // 101)
    lead = "word " * 41  # the 200 letters and blanks each pattern reads before its name
    return (
        filler + "".join(f"{lead}{name}: {n} ms\n" for name, n in (("alpha", 3), ("gamma", 4), ("delta", 5)))
    ).encode()


def _instructions(root: Path) -> tuple[int, int]:
    """What the guide's map costs per byte (its patterns' instructions in all) and its largest pattern's share."""
    sizes = [size for _, size in patterns_of(load_map(root / "maps" / "wide.yml", "maps/wide.yml"))]
    return sum(sizes), max(sizes)


def _keep(root: Path, content: bytes) -> str:
    (root / "runs" / "out.log").write_bytes(content)
    return hashlib.sha256(content).hexdigest()


def test_a_kept_file_is_read_once_for_every_metric_of_its_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _guide(tmp_path, MAP.replace("{200}", "{2}"))
    passes: list[int] = []
    read = maps.read_with_map

    def counted(spec: object, content: bytes) -> object:
        passes.append(len(content))
        return read(spec, content)  # type: ignore[arg-type]

    monkeypatch.setattr(maps, "read_with_map", counted)
    digest = _keep(root, _log(2_000))
    values = [
        read_run_file(root, "runs/out.log", digest, "wide", metric).value for metric in ("alpha", "gamma", "delta")
    ]
    assert values == [3.0, 4.0, 5.0] and len(passes) == 1


def test_a_read_past_the_guides_budget_is_refused_at_the_patterns_line_with_the_figure(tmp_path: Path) -> None:
    root = _guide(tmp_path)
    digest = _keep(root, _log(2_000_000))
    with pytest.raises(RunFileError) as refused:
        read_run_file(root, "runs/out.log", digest, "wide", "alpha", PatternBudget())
    message = str(refused.value)
    assert message.startswith("maps/wide.yml:3: metrics.alpha.pattern: reading runs/out.log ("), message
    total, largest = _instructions(root)
    assert largest > 800 and total == 3 * largest  # three copies of WIDE, each a program of some 800 instructions
    assert f"3 pattern(s) of maps/wide.yml ({total:,} instructions in all, this one {largest:,})" in message
    assert f"over the guide's budget of {BUDGET:,}" in message
    # The budget is the guide's: what one file spent, the next cannot.
    budget = PatternBudget()
    small = _log(400_000)
    read_run_file(root, "runs/out.log", _keep(root, small), "wide", "alpha", budget)
    assert budget.left == BUDGET - total * len(small)
    (root / "runs" / "b.log").write_bytes(big := small + b"x\n" * 100_000)
    with pytest.raises(RunFileError, match="spent on other files"):
        read_run_file(root, "runs/b.log", hashlib.sha256(big).hexdigest(), "wide", "alpha", budget)


def test_a_maps_setup_patterns_are_charged_too(tmp_path: Path) -> None:
    # setup: fields are searched over the whole file like the metrics: one large one is past the budget alone.
    setup = WIDE.format(name="version").replace(r"(?P<value>\d+) ms", r"(?P<value>[0-9.]+)")
    root = _guide(
        tmp_path,
        f"format: text\nmetrics:\n  alpha: {{pattern: 'alpha: (?P<value>\\d+) ms', unit: ms}}\n"
        f"setup:\n  tool_version: {{pattern: '{setup}'}}\n",
    )
    total, largest = _instructions(root)
    content = _log(3_000_000)
    assert total * len(content) > BUDGET > (total - largest) * len(content)  # only the setup pattern is past it
    with pytest.raises(RunFileError) as refused:
        read_run_file(root, "runs/out.log", _keep(root, content), "wide", "alpha", PatternBudget())
    message = str(refused.value)
    assert message.startswith("maps/wide.yml:5: setup.tool_version.pattern: reading runs/out.log ("), message
    assert f"2 pattern(s) of maps/wide.yml ({total:,} instructions in all, this one {largest:,})" in message


def test_reads_through_a_large_program_take_time_linear_in_the_file_up_to_the_budget(tmp_path: Path) -> None:
    root = _guide(tmp_path)

    def read(content: bytes) -> object:
        return read_run_file(root, "runs/out.log", _keep(root, content), "wide", "delta", PatternBudget())

    assert_linear(read, _log)  # the 1 MB file (2.4e9 instruction-bytes) is refused before it is searched


def test_re2_is_given_a_memory_limit() -> None:
    assert _OPTIONS.max_mem == MAX_MEM == 1 << 20


def _mapped_guide(tmp_path: Path, count: int) -> Path:
    """The tiny guide with ``count`` kept files of one cell read through its text map ``maps/climb.yml``."""
    data = tmp_path / f"guide-{count}"
    shutil.copytree(FIXTURES / "tiny-guide", data)
    (data / "maps").mkdir()
    (data / "maps" / "climb.yml").write_text(
        "format: text\nmetrics:\n  climb: {pattern: 'climb: (?P<value>\\d+) s', unit: s}\n", encoding="utf-8"
    )
    entries = ""
    for i in range(count):
        body = f"ride {i}\nclimb: {130 + i} s\nfirst: {200 + i} s\n".encode()
        (data / "runs" / "hill-repeats" / f"c{i}.log").write_bytes(body)
        sha = hashlib.sha256(body).hexdigest()
        entries += f"          - {{path: runs/hill-repeats/c{i}.log, sha256: '{sha}', format: climb, metric: climb}}\n"
    table = data / "tables" / "hill-repeats.yml"
    text = table.read_text(encoding="utf-8")
    assert "      cargo: {runs: [130, 131, 133]}\n" in text
    table.write_text(
        text.replace("      cargo: {runs: [130, 131, 133]}\n", "      cargo:\n        files:\n" + entries),
        encoding="utf-8",
    )
    return data


def test_a_guides_map_is_parsed_once_per_read_of_the_guide_and_an_edit_is_read_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[Path] = []
    load = maps.load_map

    def counted(path: Path, *args: object) -> object:
        parsed.append(path)
        return load(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(maps, "load_map", counted)
    few, many = _mapped_guide(tmp_path, 2), _mapped_guide(tmp_path, 6)
    assert derive_guide(few).sample("hill-repeats", "hill-d", "cargo").runs == (130.0, 131.0)
    once = len(parsed)
    parsed.clear()
    assert derive_guide(many).sample("hill-repeats", "hill-d", "cargo").runs == tuple(130.0 + i for i in range(6))
    assert len(parsed) == once, parsed  # not once per kept file
    # Each read of the guide reads its map afresh: an edited map gives the numbers it now picks.
    climb = many / "maps" / "climb.yml"
    climb.write_text(
        climb.read_text(encoding="utf-8").replace("pattern: 'climb:", "pattern: 'first:"), encoding="utf-8"
    )
    assert derive_guide(many).sample("hill-repeats", "hill-d", "cargo").runs == tuple(200.0 + i for i in range(6))
