"""Where the downloadable data goes in a built site, and its format version (the format: :mod:`.data_format`)."""

from __future__ import annotations

#: Version of the format of ``guide.json`` (major.minor; minor versions only add fields).
FORMAT_VERSION = "1.5"
#: The folder of the site that holds the downloads.
DOWNLOADS = "downloads"
JSON_FILE = f"{DOWNLOADS}/guide.json"
SCHEMA_FILE = f"{DOWNLOADS}/guide.schema.json"


def csv_file(table_id: str) -> str:
    """The CSV file of one table."""
    return f"{DOWNLOADS}/{table_id}.csv"
