"""A value's evidence as a reader reads it: its lines, the snippet that reruns it, a table's note on runs.

Everything here is worded from a :class:`~generator.derive.evidence.Sample`; where the data states
nothing, the line says "not stated".
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from generator import numbers, schema
from generator.derive.evidence import SPREAD_NAMES, Key, Sample
from generator.derive.path_settings import PathSettings
from generator.model import Data


@dataclass(frozen=True)
class Line:
    """One line of a value's evidence: what it is and what the data says (or "not stated")."""

    label: str
    text: str
    stated: bool
    code: bool = False


def _or_not_stated(text: str | None, code: bool = False) -> tuple[str, bool, bool]:
    return (text, True, code) if text else (schema.NOT_STATED, False, False)


def evidence(sample: Sample, unit: str, components: dict[str, str]) -> list[Line]:
    """Everything the data says about one value, field by field, ending before the reproduce block."""
    su = sample.setup
    runs = sample.runs_text()
    if sample.runs is not None:
        if sample.files:
            runs += ": " + ", ".join(
                f"{sample.figure(r)} (from {f})" for r, f in zip(sample.runs, sample.files, strict=True)
            )
        else:
            runs += ": " + ", ".join(sample.figure(r) for r in sample.runs)
    spread = (
        f"{sample.spread_text()} ({SPREAD_NAMES.get(sample.spread or '', 'stated bound')})"
        if sample.spread_text()
        else "not known: " + ("one run" if sample.count == 1 else "the runs are not listed")
    )
    lines = [
        Line("Value", f"{sample.text()} {unit}" + (f" ({sample.statistic} of the runs)" if sample.runs else ""), True),
        Line("Runs", runs, sample.runs is not None or sample.runs_at_least is not None),
        Line("Spread", spread, bool(sample.spread_text())),
    ]
    tool = " ".join(x for x in (su.tool, su.tool_version) if x) or None
    software = "; ".join(f"{components.get(k, k)} {v}" for k, v in su.software.items()) or None
    environment = " ".join(f"{k}={v}" for k, v in su.environment.items()) or None
    lines += [
        Line("Tool", *_or_not_stated(tool)),
        Line("Command", *_or_not_stated(su.command, code=True)),
        Line("Software", *_or_not_stated(software)),
        Line("Environment", *_or_not_stated(environment, code=True)),
        Line("Settings named", *_or_not_stated("; ".join(su.settings) or None, code=True)),
        *_path_line(sample.path),
        Line("Date", *_or_not_stated(su.date.isoformat() if su.date else None)),
        Line("Raw output", *_or_not_stated(su.raw_file, code=True)),
    ]
    if sample.source is not None or sample.provenance == "published":
        lines.append(Line("Source", *_or_not_stated(sample.source.text() if sample.source else None)))
    if sample.accepted:
        lines.append(Line("Set-up differs", " / ".join(sample.accepted), True))
    if sample.stale:
        lines.append(Line("Stale", "; ".join(f"{s.reason}: {s.refresh}" for s in sample.stale), True))
    return lines


def _path_line(path: PathSettings | None) -> list[Line]:
    if path is None:
        return []
    return [Line(f"{path.name}'s own settings", f"{path.text()}: from its record, not stated for this run", True)]


def reproduce(sample: Sample, title: str) -> str:
    """A shell snippet to run the value again: its environment and command, and what the source leaves out.

    Only what the source states for this run is exported or run; the path's general settings follow as
    comments, labelled as the path's (its record's ``needs``), never as this run's."""
    su = sample.setup
    out = [f"# {title}"]
    out += [f"export {k}={shlex.quote(v)}" for k, v in su.environment.items()]
    if su.command:
        out.append(su.command)
    else:
        out.append(f"# command: {schema.NOT_STATED} by the source")
        if su.settings:
            out.append("# settings it names: " + "; ".join(su.settings))
    if not su.environment:
        out.append(f"# environment variables: {schema.NOT_STATED} for this run")
    if sample.path is not None:
        out.append(f"# {sample.path.name}'s own settings, from its record (not stated for this run):")
        out += [f"#   {value} ({kind})" for kind, value in sample.path.settings]
    return "\n".join(out)


def spread_note(table: schema.MeasurementTable, found: dict[Key, Sample]) -> str:
    """What a table says, once, about the runs and spread behind its values."""
    cells = [found[(table.id, r.id, s.id)] for r in table.rows for s in table.series]
    measured = [c for c in cells if c.measured]
    with_runs = [c for c in measured if c.runs is not None]
    if with_runs:
        statistic = {"median": "the median", "mean": "the mean", "min": "the lowest", "max": "the highest"}
        text = f"Values with runs show {statistic[table.statistic]} of their runs"
        text += f", with the {SPREAD_NAMES[table.spread]} beside it" if any(c.spread for c in with_runs) else ""
        text += "."
        if len(with_runs) < len(measured):
            text += " The other values list no runs: " + (
                f"the source states at least {table.repetitions} per value."
                if table.repetitions
                else "the source does not state how many stand behind them, so they have no spread."
            )
        return text
    if table.repetitions or table.variance_below_pct:
        parts = []
        if table.repetitions:
            parts.append(f"at least {table.repetitions} runs per value")
        if table.variance_below_pct:
            parts.append(f"run-to-run variance under {numbers.raw(table.variance_below_pct)}%")
        return (
            f"Runs: the source states {' and '.join(parts)}, but lists no runs, so no spread is shown "
            "and no value here is more certain than that bound."
        )
    return "Runs: not stated. The source does not say how many runs stand behind these values, so no spread is shown."


def stale_samples(found: dict[Key, Sample]) -> list[Sample]:
    """Every stale value, in table order."""
    return [s for s in found.values() if s.stale]


def unchecked_samples(data: Data, found: dict[Key, Sample]) -> list[Sample]:
    """Measured values the freshness rules cannot judge: no tracked component's version, no date to age."""
    rules = data.guide.freshness
    if rules is None:
        return []
    out = []
    for s in found.values():
        if not s.measured or s.stale:
            continue
        versioned = any(comp in s.setup.software for comp in rules.current)
        dated = rules.max_age_days is not None and s.setup.date is not None
        if not (versioned or dated):
            out.append(s)
    return out
