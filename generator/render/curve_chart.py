"""The curve chart of a sweep table: one curve per option, a point per load, as benchmark sites draw load sweeps.

A sweep table (``sweep: {load: concurrency}``) gets this chart instead of bars, which would be one panel per
load. Each option's series is a curve through its loads in load order, each point labelled with its load:

- **without** ``versus``: the table's quantity against the load;
- **with** ``versus: other-table``: the table's quantity (y) against the other table's (x) at the same
  load, rows matched by context and load and series by option (throughput against latency, as InferenceX
  and MLPerf Server draw them), with the Pareto frontier drawn: the best trade-offs reached, one frontier per
  context (per model, say), named after it, since points of two contexts never trade against each other.

A point with a value on one side only is not drawn, and the caption says which loads of which option were
left out and why; so does a series that belongs to no option. Rows with contexts make one curve per option
and context, named ``option (context)``. Axes are logarithmic when their values span more than
:data:`generator.render.curve_spec.LOG_SPAN` times. A table drawn as another's ``versus`` gets no chart of
its own (every one of its numbers is in that chart already) unless it has a ``versus`` of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator import schema
from generator.derive import anchors
from generator.derive.evidence import Sample
from generator.derive.frontier import per_context
from generator.derive.guide import Derived
from generator.model import load_label, load_of, load_text
from generator.render.chart_model import Chart, cap, make_chart
from generator.render.curve_spec import SYMBOLS, Axis, Curve, figure, frontier_name


@dataclass
class _Line:
    """One curve being built: one series' points in one context, and the loads it could not draw."""

    name: str
    option: str
    context: str | None
    colour: str
    symbol: str
    loads: list[float] = field(default_factory=list)
    """Loads drawn, ascending."""
    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    hover: list[str] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    missing: list[tuple[float, str]] = field(default_factory=list)
    """Loads not drawn, ascending, each with the reason."""

    def curve(self) -> Curve:
        labels = [load_text(v) for v in self.loads]
        return Curve(self.name, self.colour, self.x, self.y, labels, self.hover, self.anchors, self.symbol)


def versus_tables(tables: list[schema.MeasurementTable]) -> set[str]:
    """Ids of the tables drawn on another sweep's x axis (they get no chart of their own)."""
    return {t.sweep.versus for t in tables if t.sweep is not None and t.sweep.versus is not None}


def _value(sample: Sample, quantity: str, unit: str) -> str:
    """A value as its hover text says it, with its provenance as an overview's bar gives it:
    ``parse throughput: 9000 MB/s (8800–9100) · measured``."""
    text = f"{quantity}: {sample.text()} {unit}"
    if sample.spread_text():
        text += f" ({sample.spread_text()})"
    return text + f" · {sample.provenance}" + (", stale" if sample.stale else "")


def _measured(d: Derived, t: schema.MeasurementTable, row: schema.Row | None, sid: str | None) -> Sample | None:
    sample = d.samples.get((t.id, row.id, sid)) if row is not None and sid is not None else None
    return sample if sample is not None and sample.value is not None else None


def loads_words(label: str, loads: list[float], picked: set[float]) -> str:
    """The loads of ``picked`` among the ascending ``loads``, runs of neighbours as ranges:
    ``threads 2–16``, ``threads 1, 4–8 and 32``."""
    runs: list[str] = []
    start: int | None = None
    for i, load in enumerate([*loads, None]):
        if load is not None and load in picked:
            start = i if start is None else start
            continue
        if start is not None:
            lo, hi = loads[start], loads[i - 1]
            runs.append(load_text(lo) if lo == hi else f"{load_text(lo)}–{load_text(hi)}")
            start = None
    return f"{label} {_and(runs)}"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _lines(
    d: Derived,
    t: schema.MeasurementTable,
    versus: schema.MeasurementTable | None,
    colour: Callable[[str | None], str],
) -> list[_Line]:
    """A line per series with an option and per context, its points in load order; rows of ``versus`` are
    matched by context and load, its series by option."""
    label = load_label(t)
    mine = {(r.context, load): r for r in t.rows if (load := load_of(t, r)) is not None}
    theirs = {(r.context, load): r for r in versus.rows if (load := load_of(versus, r)) is not None} if versus else {}
    loads_in: dict[str | None, set[float]] = {}
    for ctx, load in [*mine, *theirs]:
        loads_in.setdefault(ctx, set()).add(load)
    other = {s.option: s.id for s in versus.series if s.option} if versus else {}
    lines: list[_Line] = []
    for s in t.series:
        if s.option is None:
            continue
        for k, (ctx, loads) in enumerate(loads_in.items()):
            name = s.label if ctx is None else f"{s.label} ({d.context_name(ctx)})"
            line = _Line(name, s.option, ctx, colour(s.option), SYMBOLS[k % len(SYMBOLS)])
            for load in sorted(loads):
                row = mine.get((ctx, load))
                ys = _measured(d, t, row, s.id)
                xs = _measured(d, versus, theirs.get((ctx, load)), other.get(s.option)) if versus else None
                if row is None or ys is None or ys.value is None or (versus is not None and xs is None):
                    line.missing.append((load, _why(t, versus, ys, xs)))
                    continue
                hover = [f"{name}, {label} {load_text(load)}", _value(ys, t.quantity, t.unit)]
                if xs is not None and versus is not None:
                    hover.append(_value(xs, versus.quantity, versus.unit))
                line.loads.append(load)
                line.x.append(xs.value if xs is not None and xs.value is not None else load)
                line.y.append(ys.value)
                line.hover.append("\n".join(hover))
                line.anchors.append(anchors.value(t.id, row.id, s.id))
            lines.append(line)
    return lines


def curve_chart(
    d: Derived, t: schema.MeasurementTable, colour: Callable[[str | None], str], names: tuple[str, ...]
) -> Chart:
    """The curve chart of sweep table ``t``; ``colour`` gives an option its colour, ``names`` keep their case."""
    assert t.sweep is not None
    label = load_label(t)
    view = d.tables.get(t.sweep.versus) if t.sweep.versus else None
    versus = view.table if view is not None else None
    lines = _lines(d, t, versus, colour)
    all_loads = sorted({load for row in t.rows if (load := load_of(t, row)) is not None})
    span = f"{label} {load_text(all_loads[0])}–{load_text(all_loads[-1])}" if len(all_loads) > 1 else label
    y_axis = Axis(f"{t.quantity} ({t.unit})", [y for line in lines for y in line.y], t.better)
    xs_all = [x for line in lines for x in line.x]
    if versus is not None:
        # One frontier per context: a point of one model never beats a point of another, whose reader has the
        # other model (one frontier over both would hide the slower model's own).
        on = [(li, j) for li, line in enumerate(lines) for j in range(len(line.x))]
        best = per_context(
            [(lines[li].x[j], lines[li].y[j]) for li, j in on],
            [lines[li].context for li, _ in on],
            versus.better,
            t.better,
        )
        fronts = [(ctx, [on[i] for i in found]) for ctx, found in best.items()]
        spec, height = figure(
            [line.curve() for line in lines],
            Axis(f"{versus.quantity} ({versus.unit})", xs_all, versus.better),
            y_axis,
            [
                (
                    frontier_name(None if ctx is None else d.context_name(ctx)),
                    [(lines[li].x[j], lines[li].y[j]) for li, j in points],
                )
                for ctx, points in fronts
            ],
        )
        where = (
            ("up" if t.better == "higher" else "down")
            + " and to the "
            + ("left" if versus.better == "lower" else "right")
        )
        sentences = [
            f"Each point is one load ({span}): its {t.quantity} ({t.unit}, {t.better} is better) against its "
            f"{versus.quantity} ({versus.unit}, {versus.better} is better), so {where} is better.",
            *(
                _frontier_words(lines, points, label, versus.better, None if ctx is None else d.context_name(ctx))
                for ctx, points in fronts
            ),
        ]
        title = f"{t.quantity} against {versus.quantity}, {span}"
    else:
        spec, height = figure([line.curve() for line in lines], Axis(label, xs_all), y_axis)
        sentences = [
            f"Each point is one load: {t.quantity} ({t.unit}, {t.better} is better) against {label}.",
            _best_words(lines, label, t),
        ]
        title = f"{t.quantity} by {span}"
    sentences.append(_missing_words(lines, label))
    unowned = [s.label for s in t.series if s.option is None]
    if unowned:
        noun = d.data.guide.option_noun
        sentences.append(f"Not drawn, as they measure no {noun}: {_and(unowned)}.")
    takeaway = " ".join(cap(s, names) for s in sentences if s)
    tables = [t.id] + ([versus.id] if versus is not None else [])
    options = list(dict.fromkeys(line.option for line in lines))
    return make_chart(f"chart-curve-{t.id}", "curve", cap(title, names), takeaway, tables, options, spec, height)


def _why(
    t: schema.MeasurementTable, versus: schema.MeasurementTable | None, ys: Sample | None, xs: Sample | None
) -> str:
    if versus is None:
        return "not measured"
    if ys is None and xs is None:
        return "neither measured"
    return f"no {t.quantity}" if ys is None else f"no {versus.quantity}"


def _frontier_words(
    lines: list[_Line], points: list[tuple[int, int]], label: str, better_x: str, context: str | None = None
) -> str:
    """Which curves make the frontier (of ``context``, named) at which loads, from the best end of the x axis."""
    if not points:
        return ""
    ordered = sorted(points, key=lambda p: lines[p[0]].x[p[1]], reverse=better_x == "higher")
    on: dict[int, set[float]] = {}
    for li, j in ordered:
        on.setdefault(li, set()).add(lines[li].loads[j])
    parts = [f"{lines[li].name} at {loads_words(label, lines[li].loads, loads)}" for li, loads in on.items()]
    if context is None:
        return f"The Pareto frontier (the points no other point beats on both axes) is {_and(parts)}."
    return (
        f"On {context}, the Pareto frontier (the points of {context} no other point of it beats on both axes) "
        f"is {_and(parts)}."
    )


def _best_words(lines: list[_Line], label: str, t: schema.MeasurementTable) -> str:
    """Which curve is best at each load of its context (every curve that ties), in curve order."""
    best: dict[tuple[str | None, float], float] = {}
    pick = max if t.better == "higher" else min
    for line in lines:
        for load, y in zip(line.loads, line.y, strict=True):
            best[line.context, load] = pick(best.get((line.context, load), y), y)
    parts = [
        f"{line.name} at {loads_words(label, line.loads, won)}"
        for line in lines
        if (won := {ld for ld, y in zip(line.loads, line.y, strict=True) if y == best[line.context, ld]})
    ]
    if not parts:
        return ""
    word = "Highest" if t.better == "higher" else "Lowest"
    return f"{word} {t.quantity} at each load: {_and(parts)}."


def _missing_words(lines: list[_Line], label: str) -> str:
    """Every load a curve could not draw, with why: never a point silently left out."""
    parts = []
    for line in lines:
        reasons = dict.fromkeys(reason for _, reason in line.missing)
        every = sorted([*line.loads, *(ld for ld, _ in line.missing)])
        for reason in reasons:
            loads = {ld for ld, r in line.missing if r == reason}
            parts.append(f"{line.name} at {loads_words(label, every, loads)} ({reason})")
    return f"Not drawn: {'; '.join(parts)}." if parts else ""
