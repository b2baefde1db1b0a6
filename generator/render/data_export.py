"""The derived guide as downloadable data: one JSON file (format in :mod:`.data_format`) and a CSV per table.

The JSON holds what the pages show, computed by the same derivation: a verdict here is the verdict
of the matrix cell, a ratio is the ratio printed in the table, with the same rounding in ``text``.
Every value carries the anchor of the cell that shows it, so a program can link a reader to it.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from generator import numbers, schema
from generator.derive import anchors
from generator.derive.guide import Derived, Verdict
from generator.render.data_files import FORMAT_VERSION, JSON_FILE, SCHEMA_FILE, csv_file


def _verdict(v: Verdict | None) -> dict[str, Any] | None:
    return None if v is None else {"level": v.level, "word": v.word, "symbol": v.symbol, "judged": v.judged}


def _number(value: float | str) -> float | None:
    return None if isinstance(value, str) else float(value)


def _text(value: float | str) -> str:
    return value if isinstance(value, str) else numbers.raw(value)


def guide_data(d: Derived, page_of: dict[str, str]) -> dict[str, Any]:
    """The guide as a JSON-ready dict; ``page_of`` maps option ids to their page URLs."""
    g = d.data.guide
    columns = []
    for col in g.columns:
        entry: dict[str, Any] = {"id": col.id, "label": col.label, "kind": col.kind, "meaning": col.meaning}
        if isinstance(col, schema.ComparisonColumn):
            entry["bands"] = [{"min": b.min, "level": b.level, "word": b.word} for b in col.bands]
        columns.append(entry)
    options = []
    for option in d.ordered_options():
        cells = [
            {
                "column": c.column.id,
                "anchor": anchors.cell(option.id, c.column.id),
                "verdict": _verdict(c.verdict),
                "value": c.value,
                "detail": c.detail,
                "text": c.text,
                "tables": list(c.tables),
                "judgement": c.reason,
                "parts": [
                    {
                        "verdict": _verdict(p.verdict),
                        "regimes": [{"name": r.name, "table": r.table, "row": r.row} for r in p.regimes],
                    }
                    for p in c.parts
                ],
                "summary": c.summary,
            }
            for c in d.cells[option.id]
        ]
        support = [
            {"context": s.context.id, "status": s.status, "verdict": _verdict(s.verdict), "note": s.note}
            for s in d.support[option.id]
        ]
        needs = [{"kind": n.kind, "value": n.value, "context": n.context, "note": n.note} for n in option.needs]
        options.append(
            {
                "id": option.id,
                "name": option.name,
                "short": option.short,
                "page": page_of[option.id],
                "cells": cells,
                "support": support,
                "needs": needs,
            }
        )
    return {
        "format": "decision-guide-data",
        "format_version": FORMAT_VERSION,
        "guide": {"title": g.title, "option_noun": g.option_noun, "context_noun": g.context_noun},
        "levels": {
            name: {"colour": lv.colour, "symbol": lv.symbol, "meaning": lv.meaning} for name, lv in g.levels.items()
        },
        "contexts": [{"id": c.id, "name": c.name} for c in g.contexts],
        "columns": columns,
        "options": options,
        "tables": [_table(d, t) for t in d.data.tables],
        "quoted": [
            {"id": n.id, "text": n.text, "table": n.table, "provenance": n.provenance} for n in d.numbers.values()
        ],
    }


def _table(d: Derived, t: schema.MeasurementTable | schema.FactTable) -> dict[str, Any]:
    if isinstance(t, schema.FactTable):
        return {
            "kind": "facts",
            "id": t.id,
            "title": t.title,
            "campaign": t.campaign,
            "csv": csv_file(t.id),
            "facts": [
                {
                    "id": f.id,
                    "label": f.label,
                    "value": float(f.value),
                    "unit": f.unit,
                    "text": d.numbers[f.id].text,
                    "approx": f.approx,
                    "provenance": f.provenance,
                    "option": f.option,
                    "note": f.note,
                    "anchor": anchors.fact(t.id, f.id),
                }
                for f in t.facts
            ],
        }
    view = d.tables[t.id]
    rows = []
    for r, row in enumerate(t.rows):
        values = {
            s.id: {
                "value": _number(row.values[s.id]),
                "text": _text(row.values[s.id]),
                "anchor": anchors.value(t.id, row.id, s.id),
                "note": row.notes.get(s.id),
            }
            for s in t.series
        }
        ratios = []
        for comp in t.comparisons:
            rc = view.ratios[comp.label][r]
            ratios.append(
                {
                    "numerator": comp.numerator,
                    "denominator": comp.denominator,
                    "label": comp.label,
                    "value": rc.value,
                    "text": rc.text,
                    "verdict": _verdict(rc.verdict),
                    "anchor": anchors.ratio(t.id, row.id, comp.numerator, comp.denominator),
                }
            )
        rows.append({"id": row.id, "label": row.label, "context": row.context, "values": values, "ratios": ratios})
    return {
        "kind": "measurements",
        "id": t.id,
        "title": t.title,
        "quantity": t.quantity,
        "unit": t.unit,
        "better": t.better,
        "provenance": t.provenance,
        "campaign": t.campaign,
        "csv": csv_file(t.id),
        "series": [
            {
                "id": s.id,
                "label": s.label,
                "option": s.option,
                "provenance": s.provenance or t.provenance,
                "campaign": s.campaign or t.campaign,
            }
            for s in t.series
        ],
        "comparisons": [
            {
                "numerator": c.numerator,
                "denominator": c.denominator,
                "label": c.label,
                "digits": t.digits,
                "verdict_column": c.verdict_column,
            }
            for c in t.comparisons
        ],
        "rows": rows,
    }


#: A text cell starting with one of these is a formula to a spreadsheet; it gets a leading ``'``.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def table_csv(d: Derived, t: schema.MeasurementTable | schema.FactTable) -> str:
    """One table as CSV: a header row, then one line per row (or fact); ratios are the computed values."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    if isinstance(t, schema.FactTable):
        w.writerow(["id", "label", "value", "unit", "approx", "provenance", "option"])
        for f in t.facts:
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
                    )
                ]
            )
        return out.getvalue()
    view = d.tables[t.id]
    w.writerow(
        [
            "row",
            "label",
            "context",
            *(f"{s.id} ({t.unit})" for s in t.series),
            *(f"{c.numerator}/{c.denominator}" for c in t.comparisons),
        ]
    )
    for r, row in enumerate(t.rows):
        ratios = [view.ratios[c.label][r] for c in t.comparisons]
        w.writerow(
            [
                _cell(x)
                for x in (
                    row.id,
                    row.label,
                    row.context or "",
                    *(_text(row.values[s.id]) for s in t.series),
                    *(schema.NOT_MEASURED if rc.value is None else repr(rc.value) for rc in ratios),
                )
            ]
        )
    return out.getvalue()


def downloads(d: Derived, page_of: dict[str, str]) -> dict[str, str]:
    """Every file of the download: ``site path -> text``."""
    from generator.render.data_format import json_schema  # the models cost start-up; only the schema needs them

    files = {
        JSON_FILE: json.dumps(guide_data(d, page_of), ensure_ascii=False, indent=1) + "\n",
        SCHEMA_FILE: json_schema(),
    }
    for t in d.data.tables:
        files[csv_file(t.id)] = table_csv(d, t)
    return files
