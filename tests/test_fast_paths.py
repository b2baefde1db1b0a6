"""The generator's fast paths give exactly what the plain ones give.

The libyaml reader, the prose parser that keeps each text's HTML between pages,
the string-only relative links and the escaping by ``replace`` were added for speed
(see ``bench/``); each is checked here against the straightforward version it replaced.
"""

from __future__ import annotations

import gc
import json
import posixpath
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from bench.synth import write_guide
from generator import escaping, safe_json
from generator.model import REFERENCE
from generator.pipeline import no_full_collections
from generator.read.yaml_fast import read_yaml_fast
from generator.read.yaml_source import read_yaml
from generator.render import prose
from generator.render.pages import page_url, relative
from tests import badcorpus
from tests.conftest import DATA, FIXTURES

# --- YAML ---------------------------------------------------------------------


def _yaml_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.yml"))


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_guide(tmp_path_factory.mktemp("synth") / "data", 12)


def _same(path: Path) -> bool:
    fast, fast_problems = read_yaml_fast(path, path.name)
    slow, slow_problems = read_yaml(path, path.name)
    assert fast_problems == slow_problems, path
    if slow is None:
        assert fast is None, path
        return False
    assert fast is not None and (fast.data, fast.lines) == (slow.data, slow.lines), path
    return True


def test_libyaml_reader_reads_every_data_file_like_the_plain_reader(synthetic: Path) -> None:
    files = [*_yaml_files(DATA), *_yaml_files(FIXTURES / "tiny-guide"), *_yaml_files(synthetic)]
    assert all(_same(path) for path in files) and len(files) > 40


def test_libyaml_reader_reports_the_bad_input_corpus_in_the_plain_readers_words(tmp_path: Path) -> None:
    unreadable = 0
    for case in badcorpus.cases():
        data = badcorpus.make_data(badcorpus.read_case(case), tmp_path / case.stem)
        for path in _yaml_files(data):
            if path.is_file() and not path.is_symlink():
                unreadable += not _same(path)
    assert unreadable > 15  # files the corpus breaks: the same problems, in the same words


BAD = [
    "a: [1, 2\n",
    "a: 1\na: 2\n",
    "a: !!python/object:os.system x\n",
    "a: !!str 5\n",
    "- a\n- b\n",
    "a: &x [1]\nb: *y\n",
    "a:\n\tb: 1\n",
    "a: 1\n---\nb: 2\n",
    "a: .inf\n",
    "<<: {a: 1}\n",
    "? [a]\n: 1\n",
    "a: 'unterminated\n",
    "# only a comment\n",
    'a: "x\\u0001y"\n',  # a control character made by a double-quoted escape
    'a:\n  b: ["ok", "\\u2028"]\n',
    "a: " + "[" * 40 + "]" * 40 + "\n",  # nested deeper than the limit
]
#: Scalars whose type the resolver decides (YAML 1.2 rules: ``yes`` and ``1:20`` stay text).
SCALARS = "a: yes\nb: 010\nc: 1:20\nd: ~\ne: ''\nf: 2024-01-10\ng: -1.5e3\nh: .5\ni: True\nj: 'true'\nk: +7\nl: null\n"


def test_libyaml_reader_types_scalars_like_the_plain_reader(tmp_path: Path) -> None:
    path = tmp_path / "scalars.yml"
    path.write_text(SCALARS, encoding="utf-8")
    fast, slow = read_yaml_fast(path, "scalars.yml"), read_yaml(path, "scalars.yml")
    assert fast == slow and slow[0] is not None
    assert slow[0].data["a"] == "yes" and slow[0].data["c"] == "1:20" and slow[0].data["g"] == -1500.0


@pytest.mark.parametrize("text", BAD)
def test_libyaml_reader_reports_bad_files_in_the_plain_readers_words(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.yml"
    path.write_text(text, encoding="utf-8")
    assert read_yaml_fast(path, "bad.yml") == read_yaml(path, "bad.yml")


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.one_of(st.text(max_size=30), st.integers(-1000, 1000), st.booleans(), st.none()),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=10), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_libyaml_reader_agrees_on_generated_documents(tmp_path_factory: pytest.TempPathFactory, value: object) -> None:
    import yaml

    path = tmp_path_factory.mktemp("gen") / "doc.yml"
    path.write_text(yaml.safe_dump({"root": value}, allow_unicode=True), encoding="utf-8")
    fast, slow = read_yaml_fast(path, "doc.yml"), read_yaml(path, "doc.yml")
    assert fast[1] == slow[1]
    if slow[0] is not None:
        assert fast[0] is not None and (fast[0].data, fast[0].lines) == (slow[0].data, slow[0].lines)


# --- prose --------------------------------------------------------------------


#: The italics pattern of the renderer before it paired stars in one pass (the oracle's; quadratic, fine here).
_EM_BEFORE = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def _reference_inline(text: str, resolve: prose.Resolver) -> Markup:
    """The prose renderer before it kept parsed texts (the oracle)."""
    stash: list[str] = []

    def keep(html: str) -> str:
        stash.append(html)
        return f"\x00{len(stash) - 1}\x00"

    out = str(escape(text.replace("\x00", "")))
    out = prose._CODE.sub(lambda m: keep(f"<code>{prose._md(m.group(1))}</code>"), out)
    out = REFERENCE.sub(lambda m: keep(str(resolve(prose._unescape(m.group(1)).strip()))), out)

    def link(m: re.Match[str]) -> str:
        label, url = m.group(1), prose._unescape(m.group(2))
        if not prose.safe_url(url):
            return label
        return keep(f'<a href="{prose._md(str(escape(url)))}">{prose._md(label)}</a>')

    out = prose._LINK.sub(link, out)
    out = prose._BOLD.sub(r"<strong>\1</strong>", out)
    out = _EM_BEFORE.sub(r"<em>\1</em>", out)
    out = prose._md(out)
    return Markup(re.sub(r"\x00(\d+)\x00", lambda m: stash[int(m.group(1))], out))


def _resolve(token: str) -> Markup:
    return Markup('<a class="dg-num" href="#{}">{}</a>').format(token, token.upper())


PIECES = [
    "plain",
    " ",
    "`code`",
    "**bold**",
    "*em*",
    "[[claim-a]]",
    "[[ option:b ]]",
    "[x](https://e.org)",
    "[y](javascript:alert(1))",
    "<b>",
    "&",
    "'",
    '"',
    "*",
    "[",
    "]",
    "(",
    ")",
    "\x00",
    "\n",
    "- ",
    "_",
    "{",
    "}",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
def test_prose_renders_as_before(text: str) -> None:
    prose._compile.cache_clear()
    assert prose.inline(text, _resolve) == _reference_inline(text, _resolve)
    # A second rendering comes from the kept parse and must not differ.
    assert prose.inline(text, _resolve) == _reference_inline(text, _resolve)


# --- links --------------------------------------------------------------------


def _reference_relative(from_src: str, to_src: str, anchor: str = "", directory_urls: bool = True) -> str:
    here = page_url(from_src, directory_urls)
    base = here if here.endswith("/") or here == "" else posixpath.dirname(here)
    target = page_url(to_src, directory_urls)
    rel = posixpath.relpath(target or ".", base.rstrip("/") or ".")
    if target.endswith("/") or target == "":
        rel = "./" if rel == "." else rel + "/"
    return rel + (f"#{anchor}" if anchor else "")


_part = st.sampled_from(["a", "b", "options", "x-1"])
_src = st.lists(_part, max_size=3).flatmap(
    lambda folders: st.sampled_from(["index.md", "page.md", "results.md"]).map(lambda f: "/".join([*folders, f]))
)


@settings(max_examples=400, deadline=None)
@given(_src, _src, st.sampled_from(["", "top"]), st.booleans())
def test_relative_links_are_those_of_posixpath(from_src: str, to_src: str, anchor: str, directory_urls: bool) -> None:
    assert relative(from_src, to_src, anchor, directory_urls) == _reference_relative(
        from_src, to_src, anchor, directory_urls
    )


# --- printed values -------------------------------------------------------------


def _reference_inert(value: object) -> Markup:
    if hasattr(value, "__html__"):
        return Markup(value)
    return Markup(str(escape(str(value))).translate(escaping.MARKDOWN_SPECIAL))


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.text().map(Markup),
        st.integers(),
        st.floats(allow_nan=False),
        st.sampled_from(["a&b", "<i>", '"q"', "'s'", "[x]", "{y}", "*z*", "_u_", "`c`", "plain"]),
    )
)
def test_printed_values_are_escaped_as_before(value: object) -> None:
    got = escaping.inert(value)
    assert isinstance(got, Markup) and str(got) == str(_reference_inert(value))


# --- escaping by replace, not translate -----------------------------------------


@given(st.text(alphabet="[]{}*_`<>&\"'–×ab \u2028\u2029"))
def test_markdown_refs_are_what_translate_gave(text: str) -> None:
    assert escaping.markdown_refs(text) == text.translate(escaping.MARKDOWN_SPECIAL)


@given(st.recursive(st.one_of(st.text(), st.integers(), st.none()), lambda inner: st.lists(inner, max_size=4)))
def test_safe_json_is_what_translate_gave(value: object) -> None:
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), sort_keys=True)
    assert safe_json.dumps(value) == text.translate(safe_json._ESCAPES)


# --- the cycle collector during a build -----------------------------------------


def test_a_build_runs_no_full_collection_and_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), no_full_collections():
        young, middle, full = gc.get_threshold()
        assert (young, middle) == before[:2] and full > 100_000
        raise RuntimeError
    assert gc.get_threshold() == before
