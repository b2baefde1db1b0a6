"""The browser tests serve a copy of the shipped build retargeted to their address (conftest.retargeted) instead
of building the guide again for it: the copy is byte for byte what a build for that address writes."""

from __future__ import annotations

import gzip
from pathlib import Path

from quality.build import build_site
from tests.conftest import BUILT_FOR, retargeted


def test_a_retargeted_copy_is_the_build_for_that_address(shipped_site: Path, tmp_path: Path) -> None:
    url = "http://127.0.0.1:9/"
    built = build_site(tmp_path / "built", url)
    copy = retargeted(shipped_site, tmp_path / "copy", url)
    marker = Path(".generator-output")  # the atomic builder's mark of a folder it wrote
    files = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file() and p.name != marker.name)
    assert files == sorted(p.relative_to(copy) for p in copy.rglob("*") if p.is_file() and p.name != marker.name)
    differ = [
        str(rel)
        for rel in files
        if rel.name != "sitemap.xml.gz" and (built / rel).read_bytes() != (copy / rel).read_bytes()
    ]
    assert differ == []
    sitemap = gzip.decompress((copy / "sitemap.xml.gz").read_bytes())
    assert sitemap == gzip.decompress((built / "sitemap.xml.gz").read_bytes())
    assert url.encode() in sitemap and BUILT_FOR.encode() not in sitemap
