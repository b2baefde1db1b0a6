"""A path's own settings, kept apart from what the source states for one run.

An option's record lists what its path needs (``needs``: an environment variable, a flag, a plugin).
Those are the path's general settings: the source describes the path with them, but does not say a
given run was made with them. A value's evidence shows them under the option's name and never as
the run's environment, and its reproduction lines label them as the path's (issue 51, item 5).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import schema


@dataclass(frozen=True)
class PathSettings:
    """What an option's record says its path needs, for one context: ``(kind, value)`` pairs, in record order."""

    option: str
    name: str
    settings: tuple[tuple[str, str], ...]

    def text(self) -> str:
        return "; ".join(f"{value} ({kind})" for kind, value in self.settings)


def of(data_options: dict[str, schema.Option], option: str | None, context: str | None) -> PathSettings | None:
    """The path settings of ``option`` that apply in ``context`` (a need with no context applies everywhere;
    a value with no context gets only those). ``None`` without an option or without needs."""
    found = data_options.get(option) if option else None
    if found is None:
        return None
    settings = tuple((n.kind, n.value) for n in found.needs if n.context is None or n.context == context)
    if not settings:
        return None
    return PathSettings(found.id, found.label, settings)
