"""A small guide on another topic than LLM serving, written into a folder by the tests: which compressor, at
which level. Its numbers are made up for the tests (output size as a percentage of the input, compression speed
in MB/s), not measurements of anything."""

from __future__ import annotations

from pathlib import Path

GUIDE = """\
title: Which compressor for log archives
tagline: A test fixture with made-up numbers.
intro: Three compressors on one corpus. The numbers are test fixtures.
lesson: Size and speed pull apart.
option_noun: compressor
option_noun_plural: compressors
context_noun: machine
context_noun_plural: machines
contexts:
  - {id: laptop, name: Laptop}
questions:
  what: What is it?
  support: Does it build here?
  measured: What was measured?
  pick: Who should use it?
levels:
  good: {colour: green, symbol: "▲", meaning: good}
  mid: {colour: amber, symbol: "■", meaning: so-so}
  bad: {colour: red, symbol: "▼", meaning: poor}
  unknown: {colour: grey, symbol: "·", meaning: untested, word: untested}
columns:
  - id: builds
    kind: support
    label: Builds
    meaning: Whether it builds on each machine.
    categories:
      "yes": {level: good, word: everywhere}
      partial: {level: mid, word: some machines}
      "no": {level: bad, word: nowhere}
      not-measured: {level: unknown, word: untested}
    statuses:
      "yes": {level: good, word: builds}
      with: {level: mid, word: with effort}
      "no": {level: bad, word: fails}
      cannot run: {level: bad, word: cannot build}
      not tried: {level: unknown, word: not tried}
      not measured: {level: unknown, word: untested}
order: [lz4, zstd-3, xz-6]
format: 3
"""
RECOMMENDATION = """\
headline: Use [[option:zstd-3]] for most archives.
recommended:
  - {option: zstd-3, when: the default}
summary: Use [[option:zstd-3]] for most archives.
cases:
  - id: default
    title: Archiving logs
    when: You keep logs for a year.
    pick: [zstd-3]
    why: It balances size and speed.
"""
OPTION = """\
id: {id}
name: {name}
label: {id}
short: A compressor.
what: {what}
support:
  laptop: {{status: "yes"}}
measured: Output size on the test corpus.
pick_when: {pick}
pick_detail: Archives.
"""
TABLE = """\
kind: measurements
id: output-size
title: Output size
label: output size
summary: {summary}
campaign: bench
provenance: measured
quantity: output size
unit: "%"
better: lower
series:
  - {{id: lz4, label: lz4, option: lz4}}
  - {{id: zstd-3, label: zstd -3, option: zstd-3}}
  - {{id: xz-6, label: xz -6, option: xz-6}}
rows:
  - id: corpus
    label: test corpus
    context: laptop
    values: {{lz4: 47.6, zstd-3: 34.2, xz-6: 23.21}}
"""
CAMPAIGN = """\
id: bench
name: one bench run
environment:
  - {label: Machine, value: a laptop}
summary: Test fixture campaign.
"""


def write_guide(
    root: Path,
    what: str = "A fast compressor.",
    summary: str = "Compressed size as a share of the input.",
    statements: str = "",
    page: str = "",
) -> tuple[Path, Path]:
    """The compressor guide under ``root``: its data folder and its pages folder. ``what`` is lz4's ``what``,
    ``summary`` the table's, ``statements`` the ``statements:`` block of ``claims.yml``, ``page`` a page."""
    data, docs = root / "data", root / "docs"
    for folder in ("options", "tables", "campaigns"):
        (data / folder).mkdir(parents=True, exist_ok=True)
    docs.mkdir(parents=True, exist_ok=True)
    (data / "guide.yml").write_text(GUIDE, encoding="utf-8")
    (data / "recommendation.yml").write_text(RECOMMENDATION, encoding="utf-8")
    (data / "claims.yml").write_text(statements or "claims: []\n", encoding="utf-8")
    options = [
        ("lz4", "lz4", what, "Speed matters."),
        ("zstd-3", "zstd -3", "A balanced compressor.", "Most archives."),
        ("xz-6", "xz -6", "A slow compressor.", "Size matters."),
    ]
    for oid, name, text, pick in options:
        (data / "options" / f"{oid}.yml").write_text(OPTION.format(id=oid, name=name, what=text, pick=pick), "utf-8")
    (data / "tables" / "output-size.yml").write_text(TABLE.format(summary=summary), encoding="utf-8")
    (data / "campaigns" / "bench.yml").write_text(CAMPAIGN, encoding="utf-8")
    (docs / "index.md").write_text(page or "# Compressors\n\nA guide to compressors.\n", encoding="utf-8")
    return data, docs
