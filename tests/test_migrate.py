"""The data format has a number, and ``python -m generator migrate`` upgrades an older guide.

The first release's data (the ``data/`` of commit 8761413, read from this repository's history) must
migrate and then build strictly; each migration step is a pure function with a test of its own; a
guide in another format gets one line, never a problem per changed field.
"""

from __future__ import annotations

import copy
import io
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from ruamel.yaml.comments import CommentedMap

from generator.migrate import migrate, migrate_folder, state_format
from generator.migrate import steps as s
from generator.migrate.step_base import Done
from generator.read.yaml_edit import dump, load
from generator.schema import FIRST_FORMAT, FORMAT
from tests.conftest import DATA, EXAMPLE, ROOT, mkdocs_build, write_site
from tests.gitrepo import TINY

#: The first commit on main with a data folder: ``git log --reverse --format=%h -- data | head -1``.
FIRST_RELEASE = "8761413"


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], capture_output=True, text=True, cwd=cwd, check=False, timeout=120
    )


def first_release(target: Path) -> Path:
    """The first release's ``data/`` from this repository's history, in ``target``; fails when git cannot give it."""
    shallow = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--is-shallow-repository"], capture_output=True, text=True, check=False
    )
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", FIRST_RELEASE, "data"], capture_output=True, check=False
    )
    if done.returncode != 0:
        why = "this clone is shallow" if shallow.stdout.strip() == "true" else "git cannot read it"
        pytest.fail(
            f"the first release's data (commit {FIRST_RELEASE}) is not in this repository's history ({why}: "
            f"{done.stderr.decode(errors='replace').strip()}); the migration test needs a full clone "
            "(git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
        )
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(target, filter="data")
    return target / "data"


def texts(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def comment_lines(root: Path) -> list[str]:
    return [
        f"{rel}: {line.strip()}"
        for rel, raw in texts(root).items()
        for line in raw.decode().splitlines()
        if line.lstrip().startswith("#")
    ]


# --- the first release, end to end -----------------------------------------------------------------


@pytest.fixture(scope="module")
def migrated_first_release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes], str]:
    root = tmp_path_factory.mktemp("first-release")
    data = first_release(root)
    before = texts(data)
    done = cli("migrate", "--data", str(data))
    assert done.returncode == 0, done.stderr
    return data, before, done.stdout


def test_the_first_release_is_told_its_format_and_the_command_in_one_line(tmp_path: Path) -> None:
    data = first_release(tmp_path)
    done = cli("check", "--data", str(data))
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{data}/guide.yml:1: format: this guide is written in data format 1; the engine reads format {FORMAT}: "
        f"run python -m generator migrate --data {data}"
    ]
    assert "Traceback" not in done.stderr


def test_the_first_release_migrates_and_then_checks(migrated_first_release: tuple[Path, dict[str, bytes], str]) -> None:
    data, before, out = migrated_first_release
    after = texts(data)
    assert sorted(after) == sorted(before), "migrate adds or removes no file"
    changed = [rel for rel in before if before[rel] != after[rel]]
    # Every file of the first release but none: all 15 changed (guide.yml states its format).
    assert len(changed) == 14 and "tables/proxy-limits.yml" not in changed, changed
    assert f"data format 1 -> {FORMAT}: rewrote 14 files" in out
    done = cli("check", "--data", str(data))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok: 7 paths, 4 tables")


def test_the_migrated_first_release_keeps_every_comment(
    migrated_first_release: tuple[Path, dict[str, bytes], str], tmp_path: Path
) -> None:
    data, _, _ = migrated_first_release
    old = first_release(tmp_path)
    kept = comment_lines(data)
    assert [c for c in comment_lines(old) if c not in kept] == []


def test_the_migrated_first_release_builds_strictly(
    migrated_first_release: tuple[Path, dict[str, bytes], str], tmp_path: Path
) -> None:
    data, _, _ = migrated_first_release
    (tmp_path / "project").mkdir()
    result = mkdocs_build(write_site(tmp_path / "project", data), tmp_path / "site")
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_migrating_twice_changes_nothing(migrated_first_release: tuple[Path, dict[str, bytes], str]) -> None:
    data, _, _ = migrated_first_release
    before = texts(data)
    done = cli("migrate", "--data", str(data))
    assert done.returncode == 0
    assert done.stdout.strip() == f"{data}/guide.yml: already in data format {FORMAT}; nothing to do"
    assert texts(data) == before


def test_a_dry_run_writes_nothing(tmp_path: Path) -> None:
    data = first_release(tmp_path)
    before = texts(data)
    done = cli("migrate", "--data", str(data), "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "would rewrite 14 files" in done.stdout
    assert texts(data) == before


def test_what_migrate_cannot_decide_is_listed_and_nothing_is_written(tmp_path: Path) -> None:
    data = first_release(tmp_path)
    option = data / "options" / "uccl.yml"
    lines = option.read_text(encoding="utf-8").splitlines(keepends=True)
    note = next(i for i, line in enumerate(lines) if line.startswith("    note: Deadlocks."))
    assert lines[note - 1] == '    status: "no"\n'
    option.write_text("".join(lines[:note] + lines[note + 1 :]), encoding="utf-8")  # a 'no' that says nothing
    before = texts(data)
    done = cli("migrate", "--data", str(data))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0].startswith(
        f"cannot migrate from data format 1 to {FORMAT}: 1 question for you; nothing was changed"
    )
    assert lines[1:] == [
        f"  {data}/options/uccl.yml:15: support.vllm.status: 'no' needs a note saying what failed; add `note:`"
    ]
    assert texts(data) == before


def test_a_stuck_migration_upgrades_with_cite_later_and_builds_with_its_values_uncited(tmp_path: Path) -> None:
    """A first-format guide whose category column has no one "unknown" value: every value that cites no
    source is a question; `--cite-later` upgrades anyway, and the page, guide.json and check say which
    verdicts are not yet cited."""
    import json

    from tests.html import matrix_rows, page

    data = first_release(tmp_path)
    guide = data / "guide.yml"
    stated = "      not-stated: {level: unknown, word: not stated}\n"
    guide.write_text(
        guide.read_text(encoding="utf-8").replace(stated, stated + "      unclear: {level: unknown, word: unclear}\n"),
        encoding="utf-8",
    )
    stuck = cli("migrate", "--data", str(data))
    assert stuck.returncode == 1 and "5 questions for you; nothing was changed" in stuck.stderr
    assert "or upgrade first and cite later: migrate --cite-later" in stuck.stderr
    done = cli("migrate", "--data", str(data), "--cite-later")
    assert done.returncode == 0, done.stderr
    assert f"  {data}/options/uccl.yml:27: attributes.fork.value: 'fork' cites no source: kept, not yet cited" in (
        done.stdout.splitlines()
    )
    checked = cli("check", "--data", str(data))
    assert checked.returncode == 0, checked.stderr
    lines = checked.stdout.splitlines()
    assert lines[1] == "to do (5): verdicts that rest on the record's word alone, shown as not yet cited:"
    assert (
        f"  {data}/options/uccl.yml:28: attributes.fork.uncited: 'Needs a fork' is 'fork', not yet cited: quote the "
        "source" in ("\n".join(lines))
    )
    (tmp_path / "project").mkdir()
    built = mkdocs_build(write_site(tmp_path / "project", data), tmp_path / "site")
    assert built.returncode == 0, built.stderr
    rows = matrix_rows(page(tmp_path / "site", ""))
    fork = [c for c in rows["UCCL (raw-ibverbs wrapper)"] if c.startswith("✖ fork")]
    assert fork == ["✖ fork not yet cited note"], rows["UCCL (raw-ibverbs wrapper)"]
    doc = json.loads((tmp_path / "site" / "downloads" / "guide.json").read_text(encoding="utf-8"))
    cells = {(o["id"], c["column"]): c for o in doc["options"] for c in o["cells"]}
    assert cells[("uccl", "fork")]["uncited"] is True and cells[("uccl", "fork")]["detail"] == "not yet cited"
    assert cells[("gdaki", "fork")]["uncited"] is False  # "not stated" decides nothing: nothing to cite


# --- the format number -----------------------------------------------------------------------------


def test_a_newer_format_is_refused_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    for p in TINY.rglob("*"):
        if p.is_file():
            (data / p.relative_to(TINY)).parent.mkdir(parents=True, exist_ok=True)
            (data / p.relative_to(TINY)).write_bytes(p.read_bytes())
    guide = data / "guide.yml"
    guide.write_text(guide.read_text(encoding="utf-8").replace(f"format: {FORMAT}\n", f"format: {FORMAT + 1}\n"))
    line = guide.read_text(encoding="utf-8").splitlines().index(f"format: {FORMAT + 1}") + 1
    done = cli("check", "--data", str(data))
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{data}/guide.yml:{line}: format: this guide is written in data format {FORMAT + 1}, newer than this "
        f"engine's format {FORMAT}: upgrade the engine to one that reads it"
    ]
    before = texts(data)
    done = cli("migrate", "--data", str(data))
    assert done.returncode == 1 and "upgrade the engine" in done.stderr
    assert texts(data) == before
    guide.write_text(guide.read_text(encoding="utf-8").replace(f"format: {FORMAT + 1}\n", f'format: "{FORMAT}"\n'))
    done = cli("check", "--data", str(data))
    assert done.stderr.splitlines() == [
        f"{data}/guide.yml:{line}: format: expected the data format as a whole number (this engine's is {FORMAT}), "
        f"got the text '{FORMAT}' (write numbers without quotes)"
    ]


def test_every_guide_this_repository_ships_and_writes_states_the_current_format(tmp_path: Path) -> None:
    for data in (DATA, EXAMPLE / "data"):
        assert load((data / "guide.yml").read_text(encoding="utf-8"))["format"] == FORMAT
    done = cli("new", str(tmp_path / "guide"), "--topic", "Test things")
    assert done.returncode == 0, done.stderr
    assert load((tmp_path / "guide" / "data" / "guide.yml").read_text(encoding="utf-8"))["format"] == FORMAT


def test_every_older_format_has_its_steps() -> None:
    assert sorted(s.STEPS) == list(range(FIRST_FORMAT, FORMAT))
    assert all(s.STEPS[n] for n in s.STEPS)


def test_the_runner_states_the_new_format_under_the_opening_comment() -> None:
    files = {"guide.yml": load("# yaml-language-server: $schema=x\ntitle: T\n")}
    out = state_format(files, 2)
    assert dump(out["guide.yml"]).splitlines()[:3] == [
        "# yaml-language-server: $schema=x",
        "format: 2  # the data format; python -m generator migrate upgrades an older guide",
        "title: T",
    ]
    assert "format" not in files["guide.yml"]
    assert migrate(files, FORMAT).files is files, "a guide in the current format is not touched"


def test_migrate_folder_refuses_an_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / "guide.yml").write_text("title: [unclosed\n", encoding="utf-8")
    report = migrate_folder(tmp_path)
    assert [str(p).split(":")[0] for p in report.problems] == ["guide.yml"]
    assert (tmp_path / "guide.yml").read_text(encoding="utf-8") == "title: [unclosed\n"


# --- each step, on its own -------------------------------------------------------------------------


def run(step: s.Step, docs: dict[str, str]) -> tuple[dict[str, str], Done]:
    """The step on these files: their new texts, and what it returned; the input must not change."""
    files = {name: load(text) for name, text in docs.items()}
    frozen = copy.deepcopy(files)
    done = step(files)
    assert {n: dump(d) for n, d in files.items()} == {n: dump(d) for n, d in frozen.items()}, "a step is pure"
    again = step(done.files)
    assert not again.changed, f"{step.__name__} changes data already in the new shape: {again.changed}"
    return {n: dump(d) for n, d in done.files.items()}, done


def test_campaign_environment() -> None:
    out, done = run(
        s.campaign_environment,
        {
            "campaigns/c.yml": "id: c\nname: C\nhardware:\n  instance: m5.large\n  nodes: 2\n  nics_per_node: 1\n"
            "  fabric: TCP\n  gpus_per_node: 8\n# the model\nmodel: M\nparallelism: P\nsummary: S\n"
        },
    )
    assert out["campaigns/c.yml"] == (
        "id: c\nname: C\n# the model\nenvironment:\n  - {label: Hardware, value: 2× m5.large}\n"
        "  - {label: Fabric, value: 'TCP, 1 NICs per node'}\n  - {label: GPUs per node, value: '8'}\n"
        "  - {label: Model, value: M}\n  - {label: Parallelism, value: P}\nsummary: S\n"
    )
    assert [str(n) for n in done.changed] == [
        "campaigns/c.yml:3: environment: hardware, model, parallelism became 5 labelled facts"
    ]
    _, done = run(s.campaign_environment, {"campaigns/c.yml": "id: c\nhardware:\n  instance: x\nsummary: S\n"})
    assert [str(n) for n in done.undecided] == [
        "campaigns/c.yml:2: hardware: expected a mapping with instance, nodes, nics_per_node, fabric; complete it first"
    ]


def test_option_platforms() -> None:
    out, done = run(
        s.option_platforms,
        {
            "options/a.yml": "id: a\nfabric: [efa]  # where it runs\nwhat: W\n",
            "decisions.yml": "filters:\n  - kind: fabric\n    question: q\n  - kind: support\n    question: r\n",
        },
    )
    assert out["options/a.yml"] == "id: a\nplatforms: [efa]  # where it runs\nwhat: W\n"
    assert "  - kind: platform\n    question: q\n  - kind: support\n" in out["decisions.yml"]
    assert len(done.changed) == 2


def test_one_precision_per_table() -> None:
    out, done = run(
        s.one_precision_per_table,
        {
            "tables/t.yml": "id: t\nbetter: higher\ncomparisons:\n"
            "  - numerator: a\n    denominator: b\n    digits: 2\n",
            "tables/u.yml": "id: u\nbetter: lower\n",
            "claims.yml": "claims:\n  - id: x\n    table: t\n    digits: 1\n    approx: true\n"
            "  - id: y\n    table: t\n  - id: z\n    table: u\n    digits: 0\n",
        },
    )
    assert (
        out["tables/t.yml"] == "id: t\nbetter: higher\ndigits: 2\ncomparisons:\n  - numerator: a\n    denominator: b\n"
    )
    assert out["tables/u.yml"] == "id: u\nbetter: lower\ndigits: 0\n"
    assert out["claims.yml"] == "claims:\n  - id: x\n    table: t\n  - id: y\n    table: t\n  - id: z\n    table: u\n"
    assert "claims.yml:4: claims[0].digits: was 1: this ratio now prints with the table's 2" in map(str, done.changed)
    assert "claims.yml:5: claims[0].approx: dropped: ratios print as computed, without ~" in map(str, done.changed)


def test_regimes_split_or_worst() -> None:
    out, done = run(
        s.regimes_split_or_worst,
        {"guide.yml": "columns:\n  - kind: comparison\n    aggregate: max\n  - kind: comparison\n    aggregate: min\n"},
    )
    assert (
        out["guide.yml"]
        == "columns:\n  - kind: comparison\n    aggregate: split\n  - kind: comparison\n    aggregate: worst\n"
    )
    assert [str(n) for n in done.changed] == [
        "guide.yml:3: columns[0].aggregate: max -> split",
        "guide.yml:5: columns[1].aggregate: min -> worst",
    ]


def test_every_support_status() -> None:
    guide = (
        "columns:\n  - kind: support\n    statuses:\n      'yes': {level: good, word: runs}\n"
        "      'no': {level: bad, word: fails}\n      not measured: {level: unknown, word: '?'}\n"
    )
    out, done = run(s.every_support_status, {"guide.yml": guide})
    assert out["guide.yml"] == (
        "columns:\n  - kind: support\n    statuses:\n      'yes': {level: good, word: runs}\n"
        "      'no': {level: bad, word: fails}\n      not tried: {level: unknown, word: not tried}\n"
        "      cannot run: {level: bad, word: cannot run}\n      not measured: {level: unknown, word: '?'}\n"
    )
    assert len(done.changed) == 2
    _, done = run(s.every_support_status, {"guide.yml": guide.replace("      'no': {level: bad, word: fails}\n", "")})
    assert [str(n) for n in done.undecided] == [
        "guide.yml:4: columns[0].statuses: give 'cannot run' an outcome (level, word)"
    ]


def test_negative_support_says_why() -> None:
    _, done = run(
        s.negative_support_says_why,
        {
            "options/a.yml": "support:\n  x: {status: 'no'}\n"
            "  y: {status: 'no', note: It crashed.}\n  z: {status: 'yes'}\n"
        },
    )
    assert [str(n) for n in done.undecided] == [
        "options/a.yml:2: support.x.status: 'no' needs a note saying what failed; add `note:`"
    ]


def test_judgements_cite_the_source() -> None:
    out, done = run(
        s.judgements_cite_the_source,
        {
            "guide.yml": "levels:\n  good: {colour: green}\n",
            "options/a.yml": "id: a\njudgements:\n  speed:\n    level: good\n    word: fast\n    reason: It was fast.\n"
            "cell_notes:\n  speed: Only once.\n",
            "options/b.yml": "id: b\njudgements:\n  speed:\n    level: bad\n    word: slow\n    reason: R.\n"
            "    source: {quote: slow}\n",
        },
    )
    assert out["options/a.yml"] == (
        "id: a\ncell_notes:\n  speed: Only once. It was fast.  # was judged 'fast' (good) without a source; "
        "cite it to show the verdict\n"
    )
    assert (
        out["options/b.yml"]
        == "id: b\njudgements:\n  speed:\n    word: slow\n    reason: R.\n    source: {quote: slow}\n"
    )
    assert [str(n) for n in done.undecided] == [
        "guide.yml:1: levels: add a `judged` style (colour, symbol, meaning, word)"
    ]


def test_attribute_verdicts_cite_the_source() -> None:
    guide = (
        "columns:\n  - kind: category\n    attribute: licence\n    categories:\n"
        "      free: {level: good, word: free}\n      unknown: {level: unknown, word: not stated}\n"
    )
    out, done = run(
        s.attribute_verdicts_cite_the_source,
        {
            "guide.yml": guide,
            "options/a.yml": "attributes:\n  licence: {value: free}\n",
            "options/b.yml": "attributes:\n  licence: {value: free, source: {quote: MIT}}\n",
        },
    )
    assert out["options/a.yml"] == (
        "attributes:\n  licence:\n    value: unknown  # was free (free) without a source; cite it to show it\n"
    )
    assert out["options/b.yml"] == "attributes:\n  licence: {value: free, source: {quote: MIT}}\n"
    assert [str(n) for n in done.changed] == [
        "options/a.yml:2: attributes.licence.value: 'free' cites no source: now 'unknown'"
    ]
    _, done = run(
        s.attribute_verdicts_cite_the_source,
        {
            "guide.yml": guide.replace("level: unknown", "level: mid"),
            "options/a.yml": "attributes:\n  licence: {value: free}\n",
        },
    )
    assert len(done.undecided) == 1 and not done.changed
    out, done = run(
        s.CITE_LATER[s.attribute_verdicts_cite_the_source],
        {
            "guide.yml": guide.replace("level: unknown", "level: mid"),
            "options/a.yml": "attributes:\n  licence: {value: free}\n",
        },
    )
    assert out["options/a.yml"] == (
        "attributes:\n  licence:\n    value: free\n"
        "    uncited: true  # cite the source with `source: {quote: ...}`, then remove this line\n"
    )
    assert [str(n) for n in done.changed] == [
        "options/a.yml:2: attributes.licence.value: 'free' cites no source: kept, not yet cited"
    ]
    assert not done.undecided


def test_answer_first() -> None:
    out, done = run(s.answer_first, {"recommendation.yml": "# bottom line\nsummary: |\n  Pick A.\ncases: []\n"})
    assert out["recommendation.yml"] == "# bottom line\nheadline: |\n  Pick A.\nsummary: |\n  Pick A.\ncases: []\n"
    assert [str(n) for n in done.changed] == ["recommendation.yml:2: headline: the summary's words"]


def test_visible_text() -> None:
    _, done = run(s.visible_text, {"options/a.yml": "id: a\nwhat: A\u200bB\n"})
    assert [str(n) for n in done.undecided] == [
        "options/a.yml:2: what: holds U+200B, a character a reader cannot see; remove it"
    ]


def test_typed_values_against_their_quotes() -> None:
    """Format 3: a typed value its own quote does not state is a question; nothing is changed."""
    out, done = run(
        s.typed_values_against_their_quotes,
        {
            "tables/t.yml": "rows:\n  - id: a\n    values: {x: 173.25, y: 12}\n"
            "    source: {quote: 'x did 373.25 tok/s, y 12.4'}\n"
            "  - id: b\n    values: {x: 25.5, y: 7}\n    source: {quote: 'nodes: 12.5 and 13'}\n"
            "    sources: {x: {derived: the sum of the two nodes}}\n"
            "facts:\n  - {id: f, value: 30, source: {quote: 'It weighs 32.5 kg.'}}\n",
            "options/o.yml": "values: {x: 5}\nsource: {quote: '6'}\n",
        },
    )
    assert out["tables/t.yml"].startswith("rows:\n  - id: a\n    values: {x: 173.25, y: 12}\n")
    assert [str(n) for n in done.undecided] == [
        f"tables/t.yml:3: rows[0].values.x: 173.25 is not a number its quote states (373.25, 12.4); {FIX}",
        f"tables/t.yml:6: rows[1].values.y: 7 is not a number its quote states (12.5, 13); {FIX}",
        f"tables/t.yml:10: facts[0].value: 30 is not a number its quote states (32.5); {FIX}",
    ]
    assert done.changed == []


FIX = (
    "correct the value, or say how it is computed from them with `derived:` in its source "
    "(`the sum of 12.5 and 13`, `0.37 ms in µs`)"
)


def test_steps_change_nothing_in_a_current_guide() -> None:
    files = {p.relative_to(TINY).as_posix(): load(p.read_text(encoding="utf-8")) for p in TINY.rglob("*.yml")}
    for step in [step for steps in s.STEPS.values() for step in steps]:
        done = step(files)
        assert (done.changed, done.undecided) == ([], []), step.__name__
    assert isinstance(files["guide.yml"], CommentedMap)


# --- links a pull request commits -------------------------------------------------------------------


def test_migrate_never_writes_through_a_committed_link(tmp_path: Path) -> None:
    """A link named like migrate's old staging file (``.guide.yml.migrate -> anywhere``) is not followed:
    migrate stages through the importer's no-link writer, under a fresh name it creates itself."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "guide.yml").write_text("title: T\n", encoding="utf-8")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    (data / ".guide.yml.migrate").symlink_to(victim)
    report = migrate_folder(data)
    assert not report.problems, report.problems
    assert report.rewritten == ["guide.yml"]
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert (data / ".guide.yml.migrate").is_symlink(), "the link is left alone, neither followed nor moved"
    assert (data / "guide.yml").read_text(encoding="utf-8").startswith("format:")
    assert not (data / "guide.yml").is_symlink()


def test_migrate_refuses_a_folder_link_inside_the_data_folder_and_writes_nothing(tmp_path: Path) -> None:
    """``options -> elsewhere`` resolves inside the data folder, so it reads; writing through it is refused,
    with the file and why, and no file of the guide is written."""
    data = tmp_path / "data"
    (data / "elsewhere").mkdir(parents=True)
    (data / "guide.yml").write_text("title: T\n", encoding="utf-8")
    option = "id: a\nname: A\nfabric: [x]\n"
    (data / "elsewhere" / "a.yml").write_text(option, encoding="utf-8")
    (data / "options").symlink_to("elsewhere")
    report = migrate_folder(data)
    assert [str(p) for p in report.problems] == [
        "options/a.yml: options is a link; migrate never writes through a link (remove it)"
    ]
    assert report.rewritten == []
    assert (data / "guide.yml").read_text(encoding="utf-8") == "title: T\n"
    assert (data / "elsewhere" / "a.yml").read_text(encoding="utf-8") == option
    done = cli("migrate", "--data", str(data))
    assert done.returncode == 1
    assert "options/a.yml: options is a link; migrate never writes through a link" in done.stderr
    assert "Traceback" not in done.stderr
