"""The derived guide's tables as downloadable CSV (:func:`table_csv`), one file per table.

The values are the pages' (the same text, the ratios the computed values), each line ends with its
campaign and set-up, and a text cell a spreadsheet would read as a formula starts with ``'``.
"""

from __future__ import annotations

import csv
import io

from generator import numbers, schema
from generator.derive.guide import Derived
from generator.model import load_of

#: A text cell starting with one of these is a formula to a spreadsheet; it gets a leading ``'``.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _ratio_header(t: schema.MeasurementTable, c: schema.Comparison) -> str:
    """A ratio column's header says which way its numbers read, and, where lower is better, how the pages
    spell them (:func:`generator.numbers.times`): ``a/b (latency of a over b; lower is better: 0.5 reads
    2× lower latency)``."""
    way = f"{t.quantity} of {c.numerator} over {c.denominator}; {t.better} is better"
    if t.better == "lower":
        way += f": 0.5 reads {numbers.times(0.5, 0, t.better, t.quantity)}"
    return f"{c.numerator}/{c.denominator} ({way})"


def table_csv(d: Derived, t: schema.MeasurementTable | schema.FactTable) -> str:
    """One table as CSV: a header row, then one line per row (or fact); ratios are the computed values."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    if isinstance(t, schema.FactTable):
        with_source = any(d.sample(t.id, f.id).source for f in t.facts)
        header = ["id", "label", "value", "unit", "approx", "provenance", "option"]
        w.writerow([*header, *(["source"] if with_source else []), "campaign", "setup"])
        for f in t.facts:
            source = d.sample(t.id, f.id).source
            w.writerow(
                [
                    _cell(x)
                    for x in (
                        f.id,
                        f.label,
                        numbers.raw(f.value),
                        f.unit,
                        str(f.approx).lower(),
                        f.provenance,
                        f.option or "",
                        *([source.text() if source else ""] if with_source else []),
                        t.campaign,
                        d.setup_line(t.campaign),
                    )
                ]
            )
        return out.getvalue()
    view = d.tables[t.id]
    # A series whose values have a spread gets its low and high ends after the values.
    spread = [s for s in t.series if any(d.sample(t.id, r.id, s.id).spread for r in t.rows)]
    # A series with a stated source gets a column saying where each of its values comes from.
    sourced = [s for s in t.series if any(d.sample(t.id, r.id, s.id).source for r in t.rows)]
    w.writerow(
        [
            "row",
            "label",
            "context",
            *([t.sweep.load] if t.sweep else []),
            *(f"{s.id} ({t.unit})" for s in t.series),
            *(_ratio_header(t, c) for c in t.comparisons),
            *(f"{s.id} {end}" for s in spread for end in ("low", "high")),
            *(f"{s.id} source" for s in sourced),
            "campaign",
            "setup",
        ]
    )
    for r, row in enumerate(t.rows):
        ratios = [view.ratios[c.label][r] for c in t.comparisons]
        samples = [d.sample(t.id, row.id, s.id) for s in spread]
        w.writerow(
            [
                _cell(x)
                for x in (
                    row.id,
                    row.label,
                    row.context or "",
                    *([_load_text(t, row)] if t.sweep else []),
                    *(d.sample(t.id, row.id, s.id).text() for s in t.series),
                    *(schema.NOT_MEASURED if rc.value is None else repr(rc.value) for rc in ratios),
                    *("" if end is None else repr(end) for x in samples for end in (x.low, x.high)),
                    *(_source_text(d.sample(t.id, row.id, s.id).source) for s in sourced),
                    t.campaign,
                    d.setup_line(t.campaign),
                )
            ]
        )
    return out.getvalue()


def _load_text(t: schema.MeasurementTable, row: schema.Row) -> str:
    load = load_of(t, row)
    return "" if load is None else numbers.raw(load)


def _source_text(source: schema.Source | None) -> str:
    return source.text() if source is not None else schema.NOT_STATED
