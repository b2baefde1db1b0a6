"""Links under ``data/runs/`` and ``--map`` entries: nothing a pull request commits makes an import write
outside the data folder, and ``check`` names every such link."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from generator import safe_write
from generator.errors import GuideError
from generator.ingest import importer
from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.planning import Request
from generator.ingest.sweep import read_sweep
from generator.pipeline import derive_guide
from tests.test_import_runs import VLLM, cli, guide, snapshot

__all__ = ["guide"]  # the fixture, used by name

TARGET = f"runs/serving/{hashlib.sha256(VLLM.read_bytes()).hexdigest()[:12]}-{VLLM.name}"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


def _folder_link(guide: Path, outside: Path) -> None:
    (guide / "runs" / "serving").symlink_to(outside, target_is_directory=True)


def _dangling_link(guide: Path, outside: Path) -> None:
    folder = guide / TARGET.rsplit("/", 1)[0]
    folder.mkdir(parents=True)
    (guide / TARGET).symlink_to(outside / "planted.json")


def _runs_link(guide: Path, outside: Path) -> None:
    shutil.rmtree(guide / "runs")
    (guide / "runs").symlink_to(outside, target_is_directory=True)


LINKS = [(_folder_link, "runs/serving"), (_dangling_link, TARGET), (_runs_link, "runs")]


@pytest.mark.parametrize(("plant", "shown"), LINKS)
def test_check_names_every_link_under_runs(guide: Path, outside: Path, plant, shown: str) -> None:  # type: ignore[no-untyped-def]
    plant(guide, outside)
    with pytest.raises(GuideError) as caught:
        derive_guide(guide)
    assert f"  {shown}: is a link; links are refused under runs/" in caught.value.report()


@pytest.mark.parametrize(("plant", "shown"), LINKS)
def test_the_import_command_writes_nothing_outside(guide: Path, outside: Path, plant, shown: str) -> None:  # type: ignore[no-untyped-def]
    plant(guide, outside)
    before = snapshot(guide)
    done = cli("vllm-bench", VLLM, "--data", guide, "--table", "serving", "--row", "conc32", "--series", "road")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{shown}: is a link" in done.stderr
    assert list(outside.rglob("*")) == [] and snapshot(guide) == before


@pytest.mark.parametrize(("plant", "shown"), LINKS)
@pytest.mark.parametrize("staging", [True, False])
def test_a_link_made_after_the_check_is_never_followed(  # type: ignore[no-untyped-def]
    guide: Path, outside: Path, monkeypatch: pytest.MonkeyPatch, plant, shown: str, staging: bool
) -> None:
    """The importer's own refusal and its writes, when the link appears after the guide was checked:
    the check before planning, then the staging copy's write and the final write each refuse it."""
    checked = derive_guide(guide)
    plant(guide, outside)
    # the guide's own check is passed over (it would name the link first): the importer's own check must still
    monkeypatch.setattr(importer, "checked_guide", lambda _data: (checked.data, []))
    monkeypatch.setattr(safe_write, "check_target", lambda _root, _rel: None)  # the race: it looked fine
    if not staging:
        monkeypatch.setattr(importer, "_validate_staged", lambda *_args: None)
    with pytest.raises(ImportProblems, match="is a link"):
        import_runs(guide, [Request("vllm-bench", VLLM, "serving", "conc32", "road")])
    assert list(outside.rglob("*")) == []
    assert "road:\n" not in (guide / "tables" / "serving.yml").read_text(encoding="utf-8")


def test_the_importers_own_check_names_the_link(guide: Path, outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = derive_guide(guide)
    _folder_link(guide, outside)
    # the guide's own check is passed over (it would name the link first): the importer's own check must still
    monkeypatch.setattr(importer, "checked_guide", lambda _data: (checked.data, []))
    with pytest.raises(ImportProblems) as caught:
        import_runs(guide, [Request("vllm-bench", VLLM, "serving", "conc32", "road")])
    assert caught.value.problems == ["runs/serving is a link; the importer never writes through a link (remove it)"]


def test_the_safe_writer_refuses_a_taken_name_and_paths_that_leave_the_folder(tmp_path: Path) -> None:
    safe_write.create_new(tmp_path, "a/b/c.json", b"1")
    assert (tmp_path / "a" / "b" / "c.json").read_bytes() == b"1"
    assert [p.name for p in (tmp_path / "a" / "b").iterdir()] == ["c.json"]  # no file left aside
    with pytest.raises(FileExistsError):
        safe_write.create_new(tmp_path, "a/b/c.json", b"2")
    for rel in ("../x", "/etc/x", "a/../../x", "", "a/./b"):
        with pytest.raises(safe_write.UnsafePath):
            safe_write.create_new(tmp_path, rel, b"x")


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("/etc/passwd", "give a path inside the mapping file's folder"),
        ("/", "give a path inside the mapping file's folder"),
        ("../secret.json", "give a path inside the mapping file's folder"),
        ("sub/../../secret.json", "give a path inside the mapping file's folder"),
        ("out", "is not a file or folder inside the mapping file's folder"),
    ],
)
def test_map_entries_stay_in_the_mapping_files_folder(tmp_path: Path, entry: str, expected: str) -> None:
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    (tmp_path / "secret.json").write_bytes(VLLM.read_bytes())
    (sweep / "sub").mkdir()
    os.symlink(tmp_path / "secret.json", sweep / "out")
    mapping = sweep / "sweep.yml"
    mapping.write_text(
        f"table: serving\nformat: vllm-bench\nruns:\n  - {{file: '{entry}', row: conc32, series: road}}\n",
        encoding="utf-8",
    )
    requests, problems = read_sweep(mapping)
    assert requests == []
    assert len(problems) == 1 and problems[0].startswith(f"{mapping}:4: runs[0].file: {entry!r}")
    assert expected in problems[0]
