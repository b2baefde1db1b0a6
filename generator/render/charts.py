"""Which charts a guide gets, and what each one says, decided from the data alone.

Three kinds, none of them naming a topic:

- **A/B chart**: one for every measured table that declares comparisons. A
  panel per row, a bar per series, the computed ratio (and its verdict) under
  each row's title.
- **Overview**: one for every comparison column judged ``against: best``
  (in the MoE guide: transport speed). It puts every series of the tables
  carrying that column's tag side by side, row by row, with each value's
  provenance written next to it.
- **Headline**: one for every pair of options that a table compares head to
  head *and* that another kind of table (another comparison column's tag)
  measured too. The bands follow the column order of the guide, so in the MoE
  guide transport latency sits on top and serving throughput below, and the two
  options keep their colours throughout.

Every number drawn or written comes from the table records and the ratios
:mod:`generator.derive.guide` computed; the takeaway under each chart is composed
from the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from generator import numbers, schema
from generator.derive.guide import Derived, RatioCell
from generator.render.chart_spec import Band, Bar, Panel, figure, script_json, shares_axis

#: Bar colours, given to options by their place in the guide's ``order``. Each
#: has at least 3:1 contrast against Material's light (#fff) and dark
#: (#1e2129) backgrounds, and the first neighbours differ in hue and lightness.
PALETTE = ("#009E73", "#0072B2", "#8C6BB1", "#D55E00", "#B8860B", "#CC79A7", "#937860")
#: Series that belong to no option.
NEUTRAL = "#77777F"


@dataclass(frozen=True)
class Chart:
    """One figure: its spec, the sentence that states its takeaway, the tables that hold its numbers."""

    id: str
    kind: str
    title: str
    takeaway: str
    tables: tuple[str, ...]
    options: tuple[str, ...]
    spec: dict[str, Any]
    height: int
    payload: str = field(repr=False)
    """The spec as JSON, safe to embed in the page (serialised once)."""


@dataclass
class Charts:
    """Every chart of a guide, indexed by where the pages show them."""

    by_table: dict[str, list[Chart]] = field(default_factory=dict)
    headlines: list[Chart] = field(default_factory=list)

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
    return Chart(ident, kind, title, takeaway, tuple(tables), tuple(options), spec, height, script_json(spec))


class _Builder:
    def __init__(self, d: Derived) -> None:
        self.d = d
        self.order = {ident: i for i, ident in enumerate(d.data.guide.order)}
        self.tables = [t for t in d.data.tables if isinstance(t, schema.MeasurementTable)]
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

    @staticmethod
    def band(t: schema.MeasurementTable, panels: list[Panel]) -> Band:
        band = Band(_cap(t.label), panels, f"{t.quantity} in {t.unit}, {t.better} is better")
        if len(panels) > 1 and not shares_axis(band):
            band = Band(band.title, panels, band.subtitle + "; each row on its own scale (rows far apart)")
        return band

    # --- one chart per A/B table -------------------------------------------

    def ab(self, t: schema.MeasurementTable) -> Chart:
        view = self.d.tables[t.id]
        panels = []
        for r, row in enumerate(t.rows):
            bars = [self._bar(s.label, row.values[s.id], s.option, t.unit) for s in t.series]
            notes = [_ratio_note(c.label, view.ratios[c.label][r]) for c in t.comparisons]
            panels.append(Panel(row.label, bars, notes))
        sentences = []
        for comp in t.comparisons:
            cells = view.ratios[comp.label]
            parts = [f"{_ratio_words(cell)} on {row.label}" for row, cell in zip(t.rows, cells, strict=True)]
            sentences.append(_cap(f"{comp.label} ({t.quantity}, {t.better} is better): {'; '.join(parts)}."))
        options = [s.option for s in t.series if s.option]
        return _chart(f"chart-ab-{t.id}", "ab", t.title, " ".join(sentences), [t.id], options, [self.band(t, panels)])

    def _bar(self, label: str, value: float | str, option: str | None, unit: str, suffix: str = "") -> Bar:
        if isinstance(value, str):
            return Bar(label, None, self.colour(option))
        return Bar(label, value, self.colour(option), f"{numbers.raw(value)} {unit}{suffix}")

    # --- one overview per "against best" column -----------------------------

    def overviews(self) -> list[tuple[str, Chart]]:
        out = []
        for col in self.columns:
            if col.against != "best":
                continue
            tagged = [t for t in self.tables if col.tag in t.tags]
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
            measured: list[tuple[str, float]] = []
            for t, s, label in series:
                row = next((r for r in t.rows if r.label == row_label), None)
                if row is None:
                    continue
                value = row.values[s.id]
                provenance = s.provenance or t.provenance
                bar = self._bar(label, value, s.option, t.unit, f" · {provenance}")
                bars.append(Bar(bar.label, bar.value, bar.colour, bar.text, hatched=provenance == "published"))
                if not isinstance(value, str):
                    measured.append((label, value))
            panels.append(Panel(row_label, bars))
            counts.append((row_label, len(measured)))
            sentences.append(_cap(_best_words(row_label, measured, first)))
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
                both = [self.tables[i] for i in shared if _pair_rows(self.tables[i], a, b)]
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
            for r, row in _pair_rows(t, a, b):
                va, vb = _value(t, row, a), _value(t, row, b)
                bars = [self._bar(la, va, a, t.unit), self._bar(lb, vb, b, t.unit)]
                if comp is not None:
                    cell = view.ratios[comp.label][r]
                else:
                    ratio = va / vb if not isinstance(va, str) and not isinstance(vb, str) else None
                    text = numbers.ratio(ratio, t.digits) if ratio is not None else schema.NOT_MEASURED
                    cell = RatioCell(ratio, text, None)
                panels.append(Panel(row.label, bars, [_ratio_note(f"{la} / {lb}", cell)]))
                parts.append(f"{_ratio_words(cell)} on {row.label}")
            missing = [row.label for row in t.rows if row.id not in {x.id for _, x in _pair_rows(t, a, b)}]
            tail = f"; {', '.join(missing)}: not measured for either" if missing else ""
            bands.append(self.band(t, panels))
            sentences.append(
                _cap(f"{t.label} ({t.quantity}, {t.better} is better): {la} / {lb} is {'; '.join(parts)}{tail}.")
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


def _cap(sentence: str) -> str:
    """Capitalise a sentence that starts with a data label (labels are often lower case)."""
    return sentence[:1].upper() + sentence[1:]


def _ratio_note(label: str, cell: RatioCell) -> str:
    verdict = f" {cell.verdict.symbol} {cell.verdict.word}" if cell.verdict else ""
    return f"{label} {cell.text}{verdict}"


def _ratio_words(cell: RatioCell) -> str:
    return f"{cell.text} ({cell.verdict.word})" if cell.verdict else cell.text


def _sides(t: schema.MeasurementTable, comp: schema.Comparison) -> tuple[str | None, str | None]:
    owner = {s.id: s.option for s in t.series}
    return owner[comp.numerator], owner[comp.denominator]


def _series_of(t: schema.MeasurementTable, option: str) -> str | None:
    return next((s.id for s in t.series if s.option == option), None)


def _value(t: schema.MeasurementTable, row: schema.Row, option: str) -> float | str:
    sid = _series_of(t, option)
    return row.values[sid] if sid else schema.NOT_MEASURED


def _pair_rows(t: schema.MeasurementTable, a: str, b: str) -> list[tuple[int, schema.Row]]:
    """Rows of ``t`` where at least one of the pair is measured, if ``t`` has both as series."""
    sa, sb = _series_of(t, a), _series_of(t, b)
    if sa is None or sb is None:
        return []
    return [
        (i, r) for i, r in enumerate(t.rows) if not (isinstance(r.values[sa], str) and isinstance(r.values[sb], str))
    ]


def _best_words(row_label: str, measured: list[tuple[str, float]], t: schema.MeasurementTable) -> str:
    if not measured:
        return f"{row_label}: not measured."
    if len(measured) == 1:
        label, value = measured[0]
        return f"{row_label}: only {label} measured ({numbers.raw(value)} {t.unit})."
    pick = min if t.better == "lower" else max
    best_label, best = pick(measured, key=lambda m: m[1])
    others = ", ".join(
        f"{label} at {numbers.ratio(v / best, t.digits)}" for label, v in measured if label != best_label
    )
    word = "lowest" if t.better == "lower" else "highest"
    return f"{row_label}: {word} {t.quantity} is {best_label} ({numbers.raw(best)} {t.unit}); {others} of that."


def build_charts(d: Derived) -> Charts:
    """Every chart of a derived guide, in data order."""
    builder = _Builder(d)
    charts = Charts()
    for t in builder.tables:
        if t.comparisons:
            charts.by_table.setdefault(t.id, []).append(builder.ab(t))
    for anchor, chart in builder.overviews():
        charts.by_table.setdefault(anchor, []).append(chart)
    charts.headlines = builder.headlines()
    return charts
