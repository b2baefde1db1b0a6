"""Property tests: any YAML, any change to the real records, gives a guide or our error, never a crash or a hang.

The example counts are modest (two shared cores: 150 examples a test in ``make test``;
``make fuzz-long`` runs 3,000, about half an hour); deadlines are generous multiples of the time one run takes, so a
slow machine does not fail them but a hang does.
"""

from __future__ import annotations

import copy
import os
import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from yaml.nodes import ScalarNode

from generator.errors import GuideError
from generator.pipeline import build_guide
from generator.read import yaml_source
from generator.read.yaml_source import MAX_NODES, parse_yaml
from tests.conftest import DATA

RECORD_FILES = sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*.yml"))
RECORDS = {rel: yaml.safe_load((DATA / rel).read_text(encoding="utf-8")) for rel in RECORD_FILES}
TEXTS = {rel: (DATA / rel).read_text(encoding="utf-8") for rel in RECORD_FILES}


def _words(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value[:30]
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _words(item)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)


#: Words from the real records (ids, keys, enum values), so mutations also make plausible wrong references.
KNOWN = sorted({w for record in RECORDS.values() for w in _words(record) if len(w) < 30})
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=10),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from([*KNOWN, "not measured", "", "0", "5", "<script>alert(1)</script>", "[[nope]]"])
)
_RESOLVER = yaml_source._Loader("")


def _plain_text(key: str) -> bool:
    """Keys are always read as text (``1: x`` has the key ``'1'``); generate only keys that are text anyway."""
    tag: str = _RESOLVER.resolve(ScalarNode, key, (True, False))  # type: ignore[no-untyped-call]
    return tag == "tag:yaml.org,2002:str"


keys = (st.sampled_from(KNOWN) | st.text(max_size=8)).filter(_plain_text)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner),
    max_leaves=12,
)
YAML_CHARS = ":-[]{}&*!|>'\"#%@`?,\n\t .0123456789abcz<\\\x00\x07\ufeff"


def _locations(value: Any, loc: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield loc
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _locations(item, (*loc, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _locations(item, (*loc, i))


@st.composite
def mutated_record(draw: st.DrawFn) -> tuple[str, str]:
    """One real record with one structural change, written back as YAML."""
    rel = draw(st.sampled_from(RECORD_FILES))
    data = copy.deepcopy(RECORDS[rel])
    loc = draw(st.sampled_from(list(_locations(data))))
    parent: Any = data
    for part in loc[:-1]:
        parent = parent[part]
    op = draw(st.sampled_from(["replace", "delete", "add", "duplicate", "as text"]))
    if not loc:
        data = draw(values) if op == "replace" else data
    elif op == "replace":
        parent[loc[-1]] = draw(values)
    elif op == "delete":
        del parent[loc[-1]]
    elif op == "add" and isinstance(parent, dict):
        parent[draw(keys)] = draw(values)
    elif op == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[loc[-1]]))
    else:
        parent[loc[-1]] = str(parent[loc[-1]])
    return rel, yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@st.composite
def edited_text(draw: st.DrawFn) -> tuple[str, str]:
    """One real record with a few characters typed in or deleted somewhere, as an author might."""
    rel = draw(st.sampled_from(RECORD_FILES))
    text = TEXTS[rel]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:at] + draw(st.text(alphabet=YAML_CHARS, min_size=1, max_size=6)) + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 12)) :]
    return rel, text


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the shipped data; each example changes one file and puts it back."""
    target = tmp_path_factory.mktemp("fuzz") / "data"
    shutil.copytree(DATA, target)
    return target


def _guide_or_our_error(data_dir: Path, record: bool = True) -> None:
    try:
        pages = build_guide(data_dir)
    except GuideError as exc:
        assert exc.problems, "an error with no problem in it"
        crashed = [p for p in exc.problems if p.file == "(generator)"]
        assert not crashed, exc.report()
        assert all(p.file and p.line >= 0 and p.message for p in exc.problems)
        if record:
            event("refused with our error")
        return
    if record:
        event("built a guide")
    assert pages and all(isinstance(text, str) and text for text in pages.values())


def _run_with(scratch: Path, rel: str, text: str, record: bool = True) -> None:
    path = scratch / rel
    original = path.read_bytes()
    try:
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        _guide_or_our_error(scratch, record)
    finally:
        path.write_bytes(original)


@FUZZ
@given(change=mutated_record())
def test_any_change_to_a_record_gives_a_guide_or_our_error(scratch: Path, change: tuple[str, str]) -> None:
    _run_with(scratch, *change)


@FUZZ
@given(change=edited_text())
def test_any_typing_in_a_record_gives_a_guide_or_our_error(scratch: Path, change: tuple[str, str]) -> None:
    _run_with(scratch, *change)


@settings(max_examples=EXAMPLES * 4, deadline=timedelta(seconds=5), database=None)
@given(text=st.text(alphabet=YAML_CHARS, max_size=200) | st.text(max_size=200))
def test_any_text_is_read_or_refused_with_a_problem(text: str) -> None:
    doc, problems = parse_yaml(text, "any.yml")
    assert (doc is None) == bool(problems)
    if doc is not None:
        assert isinstance(doc.data, dict)


@settings(max_examples=EXAMPLES * 2, deadline=timedelta(seconds=5), database=None)
@given(value=st.dictionaries(keys, values, min_size=1))
def test_any_yaml_document_is_read_back_or_refused(value: dict[str, Any]) -> None:
    """Whatever a YAML tool writes, we read as PyYAML would with the same scalar rules, or say why not.

    (Not always as the value that was dumped: PyYAML writes YAML 1.1, so it leaves ``0E0`` unquoted,
    which YAML 1.2, and our loader, read as a number.)
    """
    text = yaml.safe_dump(value, allow_unicode=True)
    doc, problems = parse_yaml(text, "any.yml")
    if doc is None:
        assert problems
        return
    assert doc.data == yaml.load(text, Loader=yaml_source._Loader)  # noqa: S506 - a SafeLoader subclass


def test_alias_expansion_is_bounded() -> None:
    """The node cap really bounds the work: a billion-laughs document is refused quickly."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    doc, problems = parse_yaml("\n".join(lines) + "\n", "laughs.yml")
    assert doc is None and f"more than {MAX_NODES} values" in problems[0].message


def _without(value: Any, loc: tuple[Any, ...]) -> Any:
    value = copy.deepcopy(value)
    parent = value
    for part in loc[:-1]:
        parent = parent[part]
    del parent[loc[-1]]
    return value


def test_deleting_any_part_of_guide_yml_gives_a_guide_or_our_error(scratch: Path) -> None:
    """Every key and list item of guide.yml, one at a time: parts of guide.yml refer to each other
    (statuses and summaries of a support column, levels of every outcome), and a reference that was
    only checked by use crashed the build (a KeyError when ``statuses: with`` was removed)."""
    guide = RECORDS["guide.yml"]
    failed = []
    for loc in [loc for loc in _locations(guide) if loc]:
        try:
            text = yaml.safe_dump(_without(guide, loc), allow_unicode=True, sort_keys=False)
            _run_with(scratch, "guide.yml", text, record=False)
        except Exception as exc:  # noqa: BLE001 - collect every crash, then report them together
            failed.append(f"{loc}: {exc!r}"[:300])
    assert failed == []
