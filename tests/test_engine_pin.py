"""``generator new --engine SPEC`` writes the engine's line of a guide's requirements.txt in the form asked for,
and ``generator doctor`` says whether that line resolves and is the running engine, or names why not.

The release and the package index are a folder served on 127.0.0.1 (``tests/engine_wheel.py``); pip is
pointed at that index alone (``PIP_CONFIG_FILE`` off, ``PIP_INDEX_URL`` set), so nothing reaches a real host.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

import generator
from generator import cli
from quality.serve import StaticServer

VERSION = generator.__version__
WHEEL = f"decision_guide_engine-{VERSION}-py3-none-any.whl"


@pytest.fixture
def local_index(release: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    monkeypatch.setenv("PIP_INDEX_URL", f"{release}/simple/")
    for name in ("PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS"):
        monkeypatch.delenv(name, raising=False)
    return release


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _engine_line(guide: Path) -> list[str]:
    lines = (guide / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if not line.startswith("#   ")][-2:]


def test_the_default_is_a_pin_of_the_running_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles", "--no-git"]) == 0
    assert _engine_line(tmp_path / "g")[-1] == f"decision-guide-engine=={VERSION}"
    assert f"requirements.txt: decision-guide-engine=={VERSION}  (a package-index pin" in capsys.readouterr().out


def test_a_release_url_is_written_with_the_sha256_pip_checks(
    release: str, wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"{release}/{WHEEL}"
    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles", "--no-git", "--engine", url]) == 0
    line = f"decision-guide-engine @ {url}#sha256={_sha(wheel)}"
    assert _engine_line(tmp_path / "g")[-1] == line
    assert f"requirements.txt: {line}  (a release asset" in capsys.readouterr().out


def test_a_wheel_path_is_copied_into_the_guide_with_its_sha256(
    wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["new", str(tmp_path / "g"), "--topic", "kettles", "--no-git", "--engine", str(wheel)]) == 0
    guide = tmp_path / "g"
    assert _engine_line(guide) == [f"# engine wheel sha256: {_sha(wheel)}", f"./engine/{WHEEL}"]
    assert (guide / "engine" / WHEEL).read_bytes() == wheel.read_bytes()
    assert f"requirements.txt: ./engine/{WHEEL}  (a wheel kept in the guide's repository" in capsys.readouterr().out


def _bad_specs(release: str, wheel: Path, tmp: Path) -> list[tuple[str, str]]:
    other = tmp / "other_package-1.0-py3-none-any.whl"
    other.write_bytes(b"not ours")
    older = tmp / WHEEL.replace(VERSION, "0.0.1")
    older.write_bytes(wheel.read_bytes())
    fake = tmp / "fake" / WHEEL
    fake.parent.mkdir()
    fake.write_text("not a zip", encoding="utf-8")
    text = tmp / "notes.txt"
    text.write_text("x", encoding="utf-8")
    return [
        (str(tmp / "missing.whl"), "missing.whl: no such file"),
        (str(tmp), "not a file"),
        (str(text), f"not a wheel of decision-guide-engine (expected a file named like {WHEEL})"),
        (str(other), "not a wheel of decision-guide-engine"),
        (str(older), f"that is engine 0.0.1, but this engine ({VERSION}) writes the guide"),
        ("0.0.1", f"that is engine 0.0.1, but this engine ({VERSION})"),
        (str(fake), "not a wheel (a wheel is a zip archive; build one with `make wheel`)"),
        (f"{release}/my {WHEEL}", "an address has no spaces"),
        (f"{release}/missing/{WHEEL}", "the server answered HTTP 404"),
        (f"http://example.org/{WHEEL}", "must be fetched over https (plain http only from this machine)"),
        (f"ftp://example.org/{WHEEL}", "not an https address of a wheel"),
        (f"{release}/{WHEEL}#sha256={'0' * 64}", f"the file's sha256 is {_sha(wheel)}, not {'0' * 64}"),
        (f"{release}/{WHEEL}#md5=abc", "the only fragment pip checks is #sha256=<hex>"),
        (f"{release}/simple/index.html", "not a wheel of decision-guide-engine"),
        ("git+https://example.org/engine@v1.0.0", "--engine takes no git address"),
    ]


def test_a_bad_spec_is_one_line_naming_it_and_writes_nothing(
    release: str, wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for spec, cause in _bad_specs(release, wheel, tmp_path):
        target = tmp_path / "g"
        assert cli.main(["new", str(target), "--topic", "kettles", "--no-git", "--engine", spec]) == 1, spec
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("--engine ") and cause in err, (spec, err)
        assert not target.exists(), spec


# --- generator doctor ------------------------------------------------------------------------------------


def run_doctor(
    guide: Path, requirement: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    guide.mkdir(parents=True, exist_ok=True)
    (guide / "requirements.txt").write_text(f"# the engine\n{requirement}\n", encoding="utf-8")
    monkeypatch.chdir(guide)
    code = cli.main(["doctor"])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_doctor_passes_a_pin_the_index_carries_and_names_one_it_does_not(
    local_index: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_doctor(tmp_path, f"decision-guide-engine=={VERSION}", monkeypatch, capsys)
    assert (code, err) == (0, ""), err
    assert out.splitlines() == [
        f"requirements.txt:2: decision-guide-engine=={VERSION}: resolves",
        f"engine {VERSION}: the running engine is the one pinned",
    ]
    code, out, err = run_doctor(tmp_path, f"Decision_Guide.Engine == {VERSION}", monkeypatch, capsys)
    assert (code, err) == (0, ""), err
    code, out, err = run_doctor(tmp_path, "decision-guide-engine==9.9.9", monkeypatch, capsys)
    assert code == 1 and err.count("\n") == 1, err
    assert err.startswith(
        "requirements.txt:2: decision-guide-engine==9.9.9 does not resolve on the package index: "
        "No matching distribution found for decision-guide-engine==9.9.9"
    ), err


def test_doctor_checks_a_release_url_by_its_hash(
    release: str, wheel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"{release}/{WHEEL}"
    code, out, err = run_doctor(tmp_path, f"decision-guide-engine @ {url}#sha256={_sha(wheel)}", monkeypatch, capsys)
    assert (code, err) == (0, ""), err
    assert out.endswith(f"engine {VERSION}: the running engine is the one pinned\n")
    wrong = "1" * 64
    code, out, err = run_doctor(tmp_path, f"decision-guide-engine @ {url}#sha256={wrong}", monkeypatch, capsys)
    assert code == 1 and f"the file's sha256 is {_sha(wheel)}, not the {wrong} written here" in err, err
    code, out, err = run_doctor(
        tmp_path, f"decision-guide-engine @ {release}/gone/{WHEEL}#sha256={wrong}", monkeypatch, capsys
    )
    assert code == 1 and "does not resolve" in err and "HTTP 404" in err, err
    code, out, err = run_doctor(tmp_path, f"decision-guide-engine @ {url}", monkeypatch, capsys)
    assert code == 1 and "no #sha256=... on the address" in err, err


def test_doctor_checks_a_wheel_path_and_the_version_it_installs(
    wheel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / WHEEL).write_bytes(wheel.read_bytes())
    recorded = f"# engine wheel sha256: {_sha(wheel)}\n./engine/{WHEEL}"
    code, out, err = run_doctor(tmp_path, recorded, monkeypatch, capsys)
    assert (code, err) == (0, ""), err
    assert out.splitlines()[0] == f"requirements.txt:3: ./engine/{WHEEL}: resolves"
    (tmp_path / "engine" / WHEEL).write_bytes(b"changed")
    code, out, err = run_doctor(tmp_path, recorded, monkeypatch, capsys)
    assert code == 1 and f"the file's sha256 is {hashlib.sha256(b'changed').hexdigest()}, not the" in err, err
    code, out, err = run_doctor(tmp_path, "./engine/decision_guide_engine-0.0.1-py3-none-any.whl", monkeypatch, capsys)
    assert code == 1 and "no such file" in err, err
    older = tmp_path / "engine" / "decision_guide_engine-0.0.1-py3-none-any.whl"
    older.write_bytes(b"an older engine")
    code, out, err = run_doctor(tmp_path, f"./engine/{older.name}", monkeypatch, capsys)
    assert code == 1 and err == (
        f"requirements.txt:2: installs engine 0.0.1, but the running engine is {VERSION}: "
        "install the pinned one (pip install -r requirements.txt) or pin this one\n"
    ), err


def test_doctor_names_a_missing_line_or_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_doctor(tmp_path, "mkdocs==1.6.1", monkeypatch, capsys)
    assert (
        code == 1
        and err
        == "requirements.txt: no line names decision-guide-engine: add one (generator new --engine ... writes it)\n"
    )
    monkeypatch.chdir(tmp_path)
    assert cli.main(["doctor", "--requirements", "nowhere.txt"]) == 1
    assert capsys.readouterr().err.startswith("nowhere.txt: cannot be read (No such file or directory)")


def test_the_docs_show_the_line_each_route_writes_for_this_version() -> None:
    from tests.conftest import ROOT

    readme = (ROOT / "docs" / "new-guide.md").read_text(encoding="utf-8")
    section = readme[readme.index("**Where the guide's CI gets the engine.**") : readme.index("**Versions.**")]
    for line in (
        f"`decision-guide-engine=={VERSION}`",
        f"`decision-guide-engine @ https://…/{WHEEL}#sha256=…`",
        f"`./engine/{WHEEL}`",
        f"`decision-guide-engine @ git+https://github.com/OWNER/ENGINE@v{VERSION}`",
        f"--engine build/dist/{WHEEL}",
        "python -m generator doctor",
    ):
        assert line in section, line
    assert "**no charts**" in section and "plotly.js not found" in section


def test_doctor_checks_a_git_line_by_its_tag_and_says_it_has_no_plotly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine's source in a git repository of its own, as a team would tag it (no plotly.js: npm builds
    that into the wheel); pip clones and prepares it with the package index it is configured with."""
    import shutil
    import subprocess

    from tests.conftest import ROOT

    repo = tmp_path / "engine-repo"
    shutil.copytree(ROOT / "generator", repo / "generator", ignore=shutil.ignore_patterns("__pycache__", "vendor"))
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    ident = ["-c", "user.name=t", "-c", "user.email=t@localhost"]
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "engine"], ["tag", f"v{VERSION}"]):
        subprocess.run(["git", "-C", str(repo), *ident, *args], check=True, capture_output=True)
    subprocess.run(["git", "-C", str(repo), "tag", "v0.0.1"], check=True, capture_output=True)
    subprocess.run(["git", "-C", str(repo), "update-server-info"], check=True, capture_output=True)
    # git's "dumb" HTTP: the repository as plain files, as any static host serves them
    with StaticServer(tmp_path) as server:
        url = f"git+{server.url}engine-repo/.git"
        guide = tmp_path / "guide"
        code, out, err = run_doctor(guide, f"decision-guide-engine @ {url}@v{VERSION}", monkeypatch, capsys)
        assert (code, err) == (0, ""), err
        assert out.splitlines()[1:] == [
            f"engine {VERSION}: the running engine is the one pinned",
            "note: an engine installed from git has no plotly.js (npm builds it into the wheel): the guide builds only "
            "with `charts: false`, or `plotly_js:` naming a bundle it keeps",
        ]
        code, out, err = run_doctor(guide, f"decision-guide-engine @ {url}@v0.0.1", monkeypatch, capsys)
        assert code == 1 and f"installs engine 0.0.1, but the running engine is {VERSION}" in err, err
        code, out, err = run_doctor(guide, f"decision-guide-engine @ {url}@main", monkeypatch, capsys)
        assert code == 1 and err.endswith("name a version tag (@vX.Y.Z) so the engine cannot move\n"), err
        code, out, err = run_doctor(guide, f"decision-guide-engine @ {url}@v9.9.9", monkeypatch, capsys)
        assert code == 1 and "does not resolve: error: pathspec 'v9.9.9' did not match" in err, err
