"""The engine is topic-free: no word of the shipped guide's topic in its code, templates or schema help."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup

from generator.render.compact import compact
from generator.render.script_parts import JOINED, script_source
from generator.schema.export import schemas
from tests.conftest import DATA, FIXTURES, ROOT
from tests.topic_words import found_in, serving_words, topic_words

GENERATOR = ROOT / "generator"
SCRIPTS = GENERATOR / "render" / "assets" / "javascripts"


def test_the_engine_code_templates_assets_and_new_guide_files_name_no_topic_word() -> None:
    kinds = ("*.py", "*.j2", "*.css", "*.js", "*.html", "*.yml", "*.md")
    # Readers of a named benchmark tool's own output (read/formats/) speak that tool's vocabulary: a
    # format is named after the tool that writes it. Nothing a reader of any guide sees comes from them.
    formats = GENERATOR / "read" / "formats"
    # The first release's data format named its topic in field names; the migration reads them from one module.
    format1 = GENERATOR / "migrate" / "format1.py"
    # The names of the set-up facts those files state (``gpus``, ``request_rate``): the tools' vocabulary too,
    # declared by the record format so that it never loads a reader.
    workload = GENERATOR / "workload.py"
    # The deploy script a new guide's workflows run is tools/deploy/publish.py (a link to it): a git
    # credential is a "token" there, in its code's names.
    deploy = GENERATOR / "scaffold" / "template" / "tools" / "deploy" / "publish.py"
    skipped = (format1, workload, deploy)
    files = sorted(p for kind in kinds for p in GENERATOR.rglob(kind) if formats not in p.parents and p not in skipped)
    assert {p.suffix for p in files} >= {".py", ".j2", ".css", ".js", ".html", ".yml", ".md"}
    assert len(files) > 40
    assert found_in(files, ROOT) == []


def test_the_schema_descriptions_name_no_topic_word() -> None:
    texts = schemas()
    assert set(texts) >= {"guide.schema.json", "option.schema.json", "campaign.schema.json"}
    hits = [f"{name}: {w}" for name, text in texts.items() for w in topic_words(json.dumps(json.loads(text)))]
    assert hits == []


def test_field_docs_reach_the_json_schema() -> None:
    campaign = json.loads(schemas()["campaign.schema.json"])
    environment = campaign["properties"]["environment"]
    assert "labelled facts" in environment["description"]
    fact = campaign["definitions"]["EnvironmentFact"]["properties"]["key"]  # a nested model's field
    assert fact["description"].startswith("The name a benchmark tool's result file states")


def test_the_word_check_finds_the_shipped_guides_words() -> None:
    """The check can fail: the shipped guide's own data is full of its topic words."""
    hits = found_in(sorted(DATA.rglob("*.yml")), ROOT)
    assert {w.split(": ")[-1].lower() for w in hits} >= {"efa", "deepep", "fork", "token", "gpu"}
    assert topic_words('text = raw.decode("utf-8")') == []
    assert topic_words("a decode run") == ["decode"]


# --- words and units of LLM serving: none in what the engine shows a reader -------------------------------

_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_SAID_ATTRIBUTE = re.compile(r"""\b(?:aria-label|title|alt|placeholder)="([^"]*)\"""")
_TAG = re.compile(r"<[^>]*>")
_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def template_words(source: str) -> str:
    """What a template says to a reader: its text and its said attributes, without Jinja code or tag names."""
    plain = _JINJA.sub(" ", source)
    return " ".join([*_SAID_ATTRIBUTE.findall(plain), _TAG.sub(" ", plain)])


def script_strings(source: str) -> str:
    """The string literals of a script as a site ships it (comments left out): all it can say to a reader."""
    return " ".join(m.group(0)[1:-1] for m in _STRING.finditer(source))


def test_the_templates_and_scripts_say_no_word_or_unit_of_serving() -> None:
    templates = sorted((GENERATOR / "render" / "templates").glob("*.j2"))
    hits = [f"{p.name}: {w}" for p in templates for w in serving_words(template_words(p.read_text("utf-8")))]
    scripts = sorted({*JOINED, *(p.name for p in SCRIPTS.glob("*.js"))})
    for name in scripts:
        uri = f"javascripts/{name}" if not name.startswith("javascripts/") else name
        hits += [f"{uri}: {w}" for w in serving_words(script_strings(compact(uri, script_source(uri))))]
    assert len(templates) > 10 and len(scripts) >= 5
    assert hits == []


def test_the_serving_check_can_fail() -> None:
    assert serving_words(template_words('<p title="on your cluster">{{ x.nodes }} in 12 ms</p>')) == ["cluster", "ms"]
    assert serving_words(script_strings('var node = el; say("3 GPUs"); // tokens')) == ["GPUs"]


def test_a_built_guide_of_another_topic_carries_no_word_of_serving(tiny_site: Path) -> None:
    """The tiny fixture guide (bicycles in two towns, nothing of LLM serving in its data) built with MkDocs."""
    other_topic_site = tiny_site
    data = "\n".join(p.read_text("utf-8") for p in sorted((FIXTURES / "tiny-guide").rglob("*.yml")))
    assert serving_words(data) == []  # so whatever the pages say of serving, the engine said it
    hits = []
    for path in sorted(other_topic_site.rglob("*.html")):
        soup = BeautifulSoup(path.read_text("utf-8"), "html.parser")
        for hidden in soup(["script", "style"]):
            hidden.decompose()
        said = [soup.get_text(" "), *(str(t[a]) for a in ("aria-label", "title", "alt") for t in soup.select(f"[{a}]"))]
        hits += [f"{path.relative_to(other_topic_site)}: {w}" for w in serving_words(" ".join(said))]
    for path in sorted((other_topic_site / "javascripts").glob("*.js")):
        said_there = script_strings(path.read_text("utf-8"))
        hits += [f"{path.relative_to(other_topic_site)}: {w}" for w in serving_words(said_there)]
    assert len(list(other_topic_site.rglob("*.html"))) > 8
    assert hits == []
