"""A value's set-up: every level merged into one view, what its raw files state, and why it is stale.

The freshness rules of ``guide.yml`` judge the merged set-up (:func:`staleness`), from data, never
the clock; :mod:`generator.derive.evidence` attaches the result to each :class:`~generator.derive.evidence.Sample`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from generator import schema
from generator.model import Data


@dataclass(frozen=True)
class SetupView:
    """A value's set-up with every level merged (campaign, table, series, row); ``None`` = not stated."""

    tool: str | None = None
    tool_version: str | None = None
    command: str | None = None
    software: dict[str, str] = field(default_factory=dict)
    environment: dict[str, str] = field(default_factory=dict)
    date: dt.date | None = None
    raw_file: str | None = None
    settings: tuple[str, ...] = ()

    def stated(self) -> bool:
        fields = (self.tool, self.tool_version, self.command, self.software, self.environment, self.date, self.raw_file)
        return any(fields) or bool(self.settings)


@dataclass(frozen=True)
class Stale:
    """Why a value is stale and what would refresh it."""

    reason: str
    refresh: str


def merge_setups(*setups: schema.Setup | None) -> SetupView:
    """Later set-ups override earlier ones field by field; software and environment merge key by key."""
    out: dict[str, object] = {}
    software: dict[str, str] = {}
    environment: dict[str, str] = {}
    settings: list[str] = []
    for s in setups:
        if s is None:
            continue
        for name in ("tool", "tool_version", "command", "date", "raw_file"):
            value = getattr(s, name)
            if value is not None:
                out[name] = value
        software.update(s.software)
        environment.update(s.environment)
        settings += [x for x in s.settings if x not in settings]
    return SetupView(software=software, environment=environment, settings=tuple(settings), **out)  # type: ignore[arg-type]


def _distinct(values: list[str | None]) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))


def from_files(setups: list[schema.Setup]) -> schema.Setup | None:
    """What a value's raw files state about how they were produced, as one set-up (the most specific level).

    Runs are numbered in file order, as the evidence lists them. What every file states alike is
    stated once; where files differ, each run's own statement is kept: the tools listed, each command
    under a ``# run N`` line (``# run N: command not stated`` where a file names none), the settings
    not shared prefixed ``run N:``. The date and each component's version are the oldest, so that the
    freshness rules judge the value by its oldest run. ``None`` without files.
    """
    if not setups:
        return None
    dates = [s.date for s in setups if s.date is not None]
    software: dict[str, str] = {}
    for s in setups:
        for comp, version in s.software.items():
            if comp not in software or older(version, software[comp]):
                software[comp] = version
    first = setups[0]
    same_tool = all((s.tool, s.tool_version) == (first.tool, first.tool_version) for s in setups)
    tools = _distinct([" ".join(x for x in (s.tool, s.tool_version) if x) for s in setups])
    commands = [s.command for s in setups]
    command = first.command
    if any(c != first.command for c in commands):
        command = "\n".join(
            f"# run {i}\n{c}" if c else f"# run {i}: command {schema.NOT_STATED}" for i, c in enumerate(commands, 1)
        )
    shared = [x for x in first.settings if all(x in s.settings for s in setups)]
    own = [f"run {i}: {x}" for i, s in enumerate(setups, 1) for x in s.settings if x not in shared]
    return schema.Setup.model_construct(
        tool=first.tool if same_tool else "; ".join(tools) or None,
        tool_version=first.tool_version if same_tool else None,
        command=command,
        software=software,
        environment={},
        settings=[*shared, *own],
        date=min(dates) if dates else None,
        raw_file=", ".join(_distinct([s.raw_file for s in setups])) or None,
    )


_PART = re.compile(r"\d+|[A-Za-z]+")


def version_key(version: str) -> tuple[tuple[int, int | str], ...]:
    """Order versions: ``0.21`` < ``0.21.1`` < ``1.0``; numbers compare as numbers, words after them."""
    parts = _PART.findall(version.removeprefix("v"))
    return tuple((0, int(p)) if p.isdigit() else (1, p.lower()) for p in parts)


def older(version: str, current: str) -> bool:
    return version_key(version) < version_key(current)


def staleness(data: Data, setup: SetupView) -> tuple[Stale, ...]:
    """Why a value with this set-up is stale under ``guide.yml``'s freshness rules (from data, never the clock)."""
    rules = data.guide.freshness
    if rules is None:
        return ()
    names = {c.id: c.name for c in data.guide.components}
    out = []
    for comp, current in rules.current.items():
        used = setup.software.get(comp)
        if used is not None and older(used, current):
            name = names.get(comp, comp)
            out.append(Stale(f"measured on {name} {used}; current is {current}", f"rerun on {name} {current}"))
    if rules.max_age_days is not None and setup.date is not None:
        age = (rules.as_of - setup.date).days
        if age > rules.max_age_days:
            out.append(
                Stale(
                    f"measured {setup.date.isoformat()}, {age} days before {rules.as_of.isoformat()} "
                    f"(older than {rules.max_age_days} days)",
                    "rerun with the same command" if setup.command else "measure it again (no command is stated)",
                )
            )
    return tuple(out)
