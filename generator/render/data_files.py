"""Where the downloadable data goes in a built site, and its format version (the format: :mod:`.data_format`)."""

from __future__ import annotations

from pathlib import Path

#: Version of the format of ``guide.json`` (major.minor; minor versions only add fields).
FORMAT_VERSION = "1.11"
#: The folder of the site that holds the downloads.
DOWNLOADS = "downloads"
JSON_FILE = f"{DOWNLOADS}/guide.json"
SCHEMA_FILE = f"{DOWNLOADS}/guide.schema.json"
#: ``guide.json``'s JSON Schema as the engine ships it: exported from the models of :mod:`.data_format`
#: by ``python -m generator schema`` (``--check`` fails when it is out of date), so a build copies a
#: file instead of importing the models and generating it (a tenth of a second of every build).
DATA_SCHEMA = Path(__file__).with_name("guide-data.schema.json")


def plan_file(answer: str) -> str:
    """The measurement plan of one answer of the decision helper (:mod:`generator.render.plan_files`)."""
    return f"{DOWNLOADS}/plans/{answer}.json"


def csv_file(table_id: str) -> str:
    """The CSV file of one table."""
    return f"{DOWNLOADS}/{table_id}.csv"
