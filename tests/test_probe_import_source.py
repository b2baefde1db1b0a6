"""The importer looks at a tool's file before it reads it: a device, a pipe or a file beyond the size limit is
refused at once, without reading it into memory or waiting on it."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from generator.ingest.importer import ImportProblems, import_runs
from generator.ingest.planning import Request
from generator.read.formats.decoding import MAX_RAW_BYTES
from tests.test_import_runs import cli, guide, into, snapshot

__all__ = ["guide"]  # the fixture, used by name


@pytest.mark.parametrize("kind", ["device", "pipe"])
def test_a_source_that_is_not_a_regular_file_is_refused_at_once(guide: Path, tmp_path: Path, kind: str) -> None:
    if kind == "device":
        source = Path("/dev/zero")
    else:
        source = tmp_path / "pipe.json"
        os.mkfifo(source)  # nobody writes: reading it would wait for ever
    before = snapshot(guide)
    done = cli("vllm-bench", source, *into(guide, "serving", "conc32", "road"))  # cli() times out after 120 s
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{source}: not a regular file (a folder, a device or a pipe)" in done.stderr
    assert snapshot(guide) == before


def test_a_file_beyond_the_limit_is_refused_unread(guide: Path, tmp_path: Path) -> None:
    source = tmp_path / "huge.json"
    with source.open("wb") as file:
        file.truncate(1 << 30)  # 1 GiB, sparse: no disk used, but reading it would take 1 GiB of memory
    tracemalloc.start()
    try:
        with pytest.raises(ImportProblems) as caught:
            import_runs(guide, [Request("vllm-bench", source, "serving", "conc32", "road")])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.problems == [
        f"{source}: the file has {1 << 30} bytes; the most a raw result may have is {MAX_RAW_BYTES}"
    ]
    assert peak < 64 << 20, f"{peak >> 20} MiB allocated while refusing it"
