"""``python -m generator new DIR --topic "..."``: a minimal, valid, documented guide that builds at once.

The files come from ``template/`` (one record of each kind, commented, with placeholder numbers the
campaign says are placeholders); the topic goes into the title and tagline, and the JSON Schema files
editors use are written next to the data. The new guide has no code: only data, a page and ``mkdocs.yml``.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.build import AssetError, find_plotly
from generator.schema import FORMAT
from generator.schema.export import export_schemas

TEMPLATE = Path(__file__).parent / "template"


class ScaffoldError(Exception):
    """The target folder cannot take a new guide; the message says why."""


def new_guide(target: Path, topic: str, plotly_js: Path | None = None) -> list[Path]:
    """Write a new guide about ``topic`` into ``target`` (which must be empty or missing); return the files.

    ``plotly_js`` is a plotly.js bundle for the charts; without one the guide uses the engine's own
    (:func:`generator.build.find_plotly`, wherever the guide lives), or is built without charts when the
    engine has none.
    """
    topic = " ".join(topic.split())
    if not topic:
        raise ScaffoldError("--topic is empty; say in a few words what the guide compares")
    if target.exists() and any(target.iterdir()):
        raise ScaffoldError(f"{target} is not empty; pick a new folder")
    title = f"{topic[:1].upper()}{topic[1:]}: a decision guide"
    charts = "charts: true  # plotly.js: the engine's own bundle, found wherever this guide lives"
    if plotly_js is not None and plotly_js.is_file():
        charts = f"plotly_js: {json.dumps(str(plotly_js.resolve()), allow_nan=False)}"
    else:
        try:
            find_plotly()
        except AssetError:
            charts = "charts: false  # no plotly.js found: run `make setup` in the engine's folder, then remove this"
    written = []
    for source in sorted(TEMPLATE.rglob("*")):
        if not source.is_file():
            continue
        dest = target / source.relative_to(TEMPLATE)
        dest.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        text = text.replace("__TITLE__", json.dumps(title, ensure_ascii=False, allow_nan=False))
        tagline = f"A decision guide on {topic}. Replace this line with what the guide helps a reader decide."
        text = text.replace("__TAGLINE__", json.dumps(tagline, ensure_ascii=False, allow_nan=False))
        text = text.replace("__CHARTS__", charts)
        text = text.replace("__FORMAT__", str(FORMAT))
        dest.write_text(text, encoding="utf-8")
        written.append(dest)
    export_schemas(target / "schema")
    written += sorted((target / "schema").glob("*.schema.json"))
    return written
