"""Where the generated pages live (``src_uri``, relative to the docs folder), for links between them."""

from __future__ import annotations


def option_uri(option_id: str) -> str:
    """The page of one option."""
    return f"options/{option_id}.md"


def judged_uri(context_id: str) -> str:
    """The matrix judged for one context ("Judge for", without JavaScript)."""
    return f"judge/{context_id}.md"
