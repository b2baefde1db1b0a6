"""Which charts a guide gets, and what each one says, decided from the data alone.

Four kinds, none of them naming a topic:

- **A/B chart**: one for every measured table that declares comparisons. A
  panel per row, a bar per series, the computed ratio (and its verdict) under
  each row's title.
- **Curve chart**: one for every sweep table instead (:mod:`generator.render.curve_chart`):
  a curve per option through its loads, against the load or against another sweep's
  quantity, with the Pareto frontier. Sweeps are left out of overviews and headlines.
- **Overview**: one for every comparison column judged ``against: best``
  (say, a speed column ranked against the fastest). It puts every series of the tables
  carrying that column's tag side by side, row by row, with each value's
  provenance written next to it.
- **Headline**: one for every pair of options that a table compares head to
  head *and* that another kind of table (another comparison column's tag)
  measured too. The bands follow the column order of the guide (the first comparison
  column's tables on top), and the two options keep their colours throughout.

Every number drawn or written comes from the table records and the ratios
:mod:`generator.derive.guide` computed; the takeaway under each chart is composed
from the same numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator import numbers, schema
from generator.derive.evidence import Key, Sample, shown
from generator.derive.guide import Derived, RatioCell
from generator.derive.noise import WITHIN_NOISE
from generator.derive.ratios import ratio
from generator.errors import Problem
from generator.model import at
from generator.render.chart_model import NEUTRAL, PALETTE, Chart, cap, make_chart
from generator.render.chart_spec import Band, Bar, Panel, figure, shares_axis
from generator.render.curve_chart import curve_chart, versus_tables


@dataclass
class Charts:
    """Every chart of a guide, indexed by where the pages show them."""

    by_table: dict[str, list[Chart]] = field(default_factory=dict)
    headlines: list[Chart] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    """Declared headline pairs that no chart can show (measured in one kind of table only)."""

    def for_table(self, table_id: str, drawn: Sequence[Chart] = ()) -> list[Chart]:
        """Charts drawn next to a table (its A/B chart, the overview it anchors).

        An A/B chart is left out when a chart already on the page (``drawn``, a
        headline) draws the same table for the same options: one figure once.
        """
        return [
            c
            for c in self.by_table.get(table_id, [])
            if not (c.kind == "ab" and any(table_id in h.tables and set(c.options) <= set(h.options) for h in drawn))
        ]

    def headlines_for(self, option_id: str) -> list[Chart]:
        return [c for c in self.headlines if option_id in c.options]

    def all(self) -> list[Chart]:
        return [c for charts in self.by_table.values() for c in charts] + self.headlines


def _chart(
    ident: str, kind: str, title: str, takeaway: str, tables: list[str], options: list[str], bands: list[Band]
) -> Chart:
    spec, height = figure(bands)
    return make_chart(ident, kind, title, takeaway, tables, options, spec, height)


class _Builder:
    def __init__(self, d: Derived) -> None:
        self.d = d
        self.order = {ident: i for i, ident in enumerate(d.data.guide.order)}
        self.tables = [t for t in d.data.tables if isinstance(t, schema.MeasurementTable)]
        #: Names that keep their case at the start of a sentence: options' and series' labels.
        self.names = tuple({o.label for o in d.data.options} | {s.label for t in self.tables for s in t.series})
        self.columns = [c for c in d.data.guide.columns if isinstance(c, schema.ComparisonColumn)]

    def colour(self, option: str | None) -> str:
        if option is None or option not in self.order:
            return NEUTRAL
        return PALETTE[self.order[option] % len(PALETTE)]

    def measure(self, table: schema.MeasurementTable) -> int:
        """Position of the first comparison column whose tag the table carries (what it measures)."""
        for i, col in enumerate(self.columns):
            if col.tag in table.tags:
                return i
        return len(self.columns)

    def band(self, t: schema.MeasurementTable, panels: list[Panel]) -> Band:
        band = Band(cap(t.label, self.names), panels, f"{t.quantity} in {t.unit}, {t.better} is better")
        if len(panels) > 1 and not shares_axis(band):
            band = Band(band.title, panels, band.subtitle + "; each row on its own scale (rows far apart)")
        return band

    # --- one chart per A/B table -------------------------------------------

    def ab(self, t: schema.MeasurementTable) -> Chart:
        view = self.d.tables[t.id]
        panels = []
        for r, row in enumerate(t.rows):
            bars = [self._bar(s.label, self.d.samples.get((t.id, row.id, s.id)), s.option, t.unit) for s in t.series]
            notes = [_ratio_note(c.label, view.ratios[c.label][r]) for c in t.comparisons]
            panels.append(Panel(row.label, bars, notes))
        sentences = []
        for comp in t.comparisons:
            cells = view.ratios[comp.label]
            parts = [f"{_ratio_words(cell)} on {row.label}" for row, cell in zip(t.rows, cells, strict=True)]
            sentences.append(cap(f"{comp.label} ({t.quantity}, {t.better} is better): {'; '.join(parts)}.", self.names))
        options = [s.option for s in t.series if s.option]
        return _chart(f"chart-ab-{t.id}", "ab", t.title, " ".join(sentences), [t.id], options, [self.band(t, panels)])

    def _bar(self, label: str, sample: Sample | None, option: str | None, unit: str, suffix: str = "") -> Bar:
        """A bar from a value's evidence: its spread as a whisker, its spread and staleness in its label."""
        if sample is None or sample.value is None:
            return Bar(label, None, self.colour(option))
        text = f"{sample.text()} {unit}"
        if sample.spread_text():
            text += f" ({sample.spread_text()})"
        if sample.runs is not None:
            text += f", {sample.runs_text()}"
        if sample.stale:
            text += ", stale"
        return Bar(label, sample.value, self.colour(option), text + suffix, low=sample.low, high=sample.high)

    # --- one overview per "against best" column -----------------------------

    def overviews(self) -> list[tuple[str, Chart]]:
        out = []
        for col in self.columns:
            if col.against != "best":
                continue
            # A sweep's loads are points of its curve chart, not rows to set beside other tables' rows.
            tagged = [t for t in self.tables if col.tag in t.tags and t.sweep is None]
            groups: dict[tuple[str, str, str], list[schema.MeasurementTable]] = {}
            for t in tagged:
                groups.setdefault((t.quantity, t.unit, t.better), []).append(t)
            for n, group in enumerate(groups.values()):
                ident = f"chart-overview-{col.id}" + (f"-{n + 1}" if n else "")
                out.append((group[0].id, self.overview(ident, col, group)))
        return out

    def overview(self, ident: str, col: schema.ComparisonColumn, group: list[schema.MeasurementTable]) -> Chart:
        first = group[0]
        # Every series of every table, labelled uniquely; a row label shared by tables is one panel.
        series: list[tuple[schema.MeasurementTable, schema.Series, str]] = []
        seen: set[str] = set()
        for t in group:
            for s in t.series:
                label = s.label if s.label not in seen else f"{s.label} ({t.label})"
                seen.add(label)
                series.append((t, s, label))
        row_labels: list[str] = []
        for t in group:
            row_labels += [r.label for r in t.rows if r.label not in row_labels]
        panels, sentences = [], []
        counts: list[tuple[str, int]] = []
        for row_label in row_labels:
            bars = []
            measured: list[tuple[str, float, Sample]] = []
            for t, s, label in series:
                row = next((r for r in t.rows if r.label == row_label), None)
                if row is None:
                    continue
                value = shown(self.d.samples, t, row, s.id)
                provenance = s.provenance or t.provenance
                sample = self.d.samples.get((t.id, row.id, s.id))
                bar = self._bar(label, sample, s.option, t.unit, f" · {provenance}")
                bars.append(dataclasses.replace(bar, hatched=provenance == "published"))
                if not isinstance(value, str) and sample is not None:
                    measured.append((label, value, sample))
            panels.append(Panel(row_label, bars))
            counts.append((row_label, len(measured)))
            sentences.append(cap(_best_words(row_label, measured, first), self.names))
        provenances = sorted({s.provenance or t.provenance for t, s, _ in series})
        takeaway = " ".join(sentences) + f" Provenance of the values: {', '.join(provenances)}."
        title = f"{col.label}: " + ", ".join(
            f"{row} measured for {_count(n, self.d.data.guide.option_noun, self.d.data.guide.option_noun_plural)}"
            for row, n in counts
        )
        options = [s.option for _, s, _ in series if s.option]
        return _chart(ident, "overview", title, takeaway, [t.id for t in group], options, [self.band(first, panels)])

    # --- headline: one pair measured two ways --------------------------------

    def headlines(self) -> list[Chart]:
        out = []
        done: set[frozenset[str]] = set()
        # Which tables each option has a series in (positions, in data order): a pair is looked
        # for in the tables of both, not in every table (quadratic in the size of the guide).
        holds: dict[str, list[int]] = {}
        for i, u in enumerate(self.tables):
            for option in dict.fromkeys(s.option for s in u.series if s.option):
                holds.setdefault(option, []).append(i)
        for t in self.tables:
            owner = {s.id: s.option for s in t.series}
            for comp in t.comparisons:
                a, b = owner[comp.numerator], owner[comp.denominator]
                if a is None or b is None or a == b or frozenset((a, b)) in done:
                    continue
                shared = sorted(set(holds.get(a, [])) & set(holds.get(b, [])))
                # Tables that feed no comparison column measure nothing the matrix names: not a "way". A sweep
                # is drawn as curves (its loads as panels of bars would not read): not a band of a headline.
                both = [
                    self.tables[i]
                    for i in shared
                    if self.measure(self.tables[i]) < len(self.columns)
                    and self.tables[i].sweep is None
                    and _pair_rows(self.d.samples, self.tables[i], a, b)
                ]
                if len({self.measure(u) for u in both}) < 2:
                    continue
                done.add(frozenset((a, b)))
                both.sort(key=self.measure)  # stable: data order within one measure
                out.append(self.headline(a, b, both))
        return out

    def headline(self, a: str, b: str, tables: list[schema.MeasurementTable]) -> Chart:
        la, lb = self.d.option(a).label, self.d.option(b).label
        bands, sentences = [], []
        for t in tables:
            view = self.d.tables[t.id]
            comp = next((c for c in t.comparisons if _sides(t, c) == (a, b)), None)
            panels, parts = [], []
            for r, row in _pair_rows(self.d.samples, t, a, b):
                va, vb = _value(self.d.samples, t, row, a), _value(self.d.samples, t, row, b)
                sa, sb = _sample(self.d.samples, t, row, a), _sample(self.d.samples, t, row, b)
                bars = [self._bar(la, sa, a, t.unit), self._bar(lb, sb, b, t.unit)]
                if comp is not None:
                    cell = view.ratios[comp.label][r]
                else:
                    value = ratio(va, vb)
                    text = (
                        numbers.times(value, t.digits, t.better, t.quantity)
                        if value is not None
                        else schema.NOT_MEASURED
                    )
                    cell = RatioCell(value, text, None)
                panels.append(Panel(row.label, bars, [_ratio_note(f"{la} / {lb}", cell)]))
                parts.append(f"{_ratio_words(cell)} on {row.label}")
            missing = [
                row.label for row in t.rows if row.id not in {x.id for _, x in _pair_rows(self.d.samples, t, a, b)}
            ]
            tail = f"; {', '.join(missing)}: not measured for either" if missing else ""
            bands.append(self.band(t, panels))
            sentences.append(
                cap(
                    f"{t.label} ({t.quantity}, {t.better} is better): {la} / {lb} is {'; '.join(parts)}{tail}.",
                    self.names,
                )
            )
        noun = self.d.data.guide.option_noun_plural
        ways = _COUNT.get(len(tables), str(len(tables)))
        takeaway = f"The same two {noun}, measured {ways} ways. " + " ".join(sentences)
        title = f"{la} vs {lb}, " + " and ".join(t.label for t in tables)
        return _chart(f"chart-headline-{a}-{b}", "headline", title, takeaway, [t.id for t in tables], [a, b], bands)


_COUNT = {2: "two", 3: "three", 4: "four"}


def _count(n: int, noun: str, plural: str) -> str:
    """``3 paths``, ``1 path``: a caption says how many were measured, never "every"."""
    return f"{n} {noun if n == 1 else plural}"


def _noisy(cell: RatioCell) -> bool:
    return cell.judged is not None and cell.judged.confidence == WITHIN_NOISE


def _ratio_note(label: str, cell: RatioCell) -> str:
    verdict = f" {cell.verdict.symbol} {cell.verdict.word}" if cell.verdict else ""
    spread = f" ({cell.spread})" if cell.spread else ""
    noise = " ≈ within noise" if _noisy(cell) else ""
    return f"{label} {cell.text}{spread}{verdict}{noise}"


def _ratio_words(cell: RatioCell) -> str:
    if not cell.verdict:
        return cell.text
    return f"{cell.text} ({cell.verdict.word}{', within noise' if _noisy(cell) else ''})"


def _sides(t: schema.MeasurementTable, comp: schema.Comparison) -> tuple[str | None, str | None]:
    owner = {s.id: s.option for s in t.series}
    return owner[comp.numerator], owner[comp.denominator]


def _series_of(t: schema.MeasurementTable, option: str) -> str | None:
    return next((s.id for s in t.series if s.option == option), None)


def _value(found: dict[Key, Sample], t: schema.MeasurementTable, row: schema.Row, option: str) -> float | str:
    sid = _series_of(t, option)
    return shown(found, t, row, sid) if sid else schema.NOT_MEASURED


def _sample(found: dict[Key, Sample], t: schema.MeasurementTable, row: schema.Row, option: str) -> Sample | None:
    sid = _series_of(t, option)
    return found.get((t.id, row.id, sid)) if sid else None


def _pair_rows(found: dict[Key, Sample], t: schema.MeasurementTable, a: str, b: str) -> list[tuple[int, schema.Row]]:
    """Rows of ``t`` where at least one of the pair is measured, if ``t`` has both as series."""
    sa, sb = _series_of(t, a), _series_of(t, b)
    if sa is None or sb is None:
        return []
    return [
        (i, r)
        for i, r in enumerate(t.rows)
        if not (isinstance(shown(found, t, r, sa), str) and isinstance(shown(found, t, r, sb), str))
    ]


def _best_words(row_label: str, measured: list[tuple[str, float, Sample]], t: schema.MeasurementTable) -> str:
    """A row of an overview in words; each value to its series' precision (``value_digits``), as its bar and
    its table print it, and each ratio to the best as every page spells it (:func:`numbers.times`)."""
    if not measured:
        return f"{row_label}: not measured."
    if len(measured) == 1:
        label, value, sample = measured[0]
        return f"{row_label}: only {label} measured ({sample.figure(value)} {t.unit})."
    pick = min if t.better == "lower" else max
    best_label, best, best_sample = pick(measured, key=lambda m: m[1])
    shares = [(label, ratio(v, best)) for label, v, _ in measured if label != best_label]
    word = "lowest" if t.better == "lower" else "highest"
    head = f"{row_label}: {word} {t.quantity} is {best_label} ({best_sample.figure(best)} {t.unit}); "
    if t.better == "lower":
        others = ", ".join(
            f"{label} {numbers.times(share, t.digits, t.better, t.quantity)}"
            for label, share in shares
            if share is not None
        )
        return f"{head}{others}."
    others = ", ".join(f"{label} at {numbers.ratio(share, t.digits)}" for label, share in shares if share is not None)
    return f"{head}{others} of that."


def build_charts(d: Derived) -> Charts:
    """Every chart of a derived guide, in data order."""
    builder = _Builder(d)
    charts = Charts()
    drawn_against = versus_tables(builder.tables)
    for t in builder.tables:
        if t.sweep is not None:
            # Curves instead of a panel of bars per load; a table another sweep draws against is in its chart,
            # unless it draws against a third one itself.
            if t.id not in drawn_against or t.sweep.versus is not None:
                chart = curve_chart(d, t, builder.colour, builder.names)
                charts.by_table.setdefault(t.id, []).append(chart)
        elif t.comparisons:
            charts.by_table.setdefault(t.id, []).append(builder.ab(t))
    for anchor, chart in builder.overviews():
        charts.by_table.setdefault(anchor, []).append(chart)
    charts.headlines = builder.headlines()
    declared = d.data.guide.headline_pairs
    if declared:
        found = {frozenset(c.options): c for c in charts.headlines}
        charts.headlines = [found[frozenset(p)] for p in declared if frozenset(p) in found]
        for i, pair in enumerate(declared):
            if frozenset(pair) not in found:
                message = f"no headline chart for {pair[0]!r} and {pair[1]!r}: no two kinds of table measure both"
                charts.problems.append(at(d.data, d.data.guide, ("headline_pairs", i), message))
    return charts
