"""Rule: An option's file is named after its id, so its page URL is predictable."""

from __future__ import annotations

from generator.errors import Problem
from generator.model import Data, at


def option_file_names(data: Data) -> list[Problem]:
    """An option's file is named after its id, so its page URL is predictable."""
    return [
        at(data, o, ("id",), f"id {o.id!r} does not match the file name (expected options/{o.id}.yml)")
        for o in data.options
        if data.doc(o).file != f"options/{o.id}.yml"
    ]
