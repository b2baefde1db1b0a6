"""The derived guide as downloadable data: one JSON file (format in :mod:`.data_format`) and a CSV per table
(:mod:`.data_csv`).

The JSON holds what the pages show, computed by the same derivation: a verdict here is the verdict
of the matrix cell, a ratio is the ratio printed in the table, with the same rounding in ``text``.
Every value carries the anchor of the cell that shows it, so a program can link a reader to it.
"""

from __future__ import annotations

import json
from typing import Any

from generator import decide, dimensions, number_range, schema
from generator.derive import anchors
from generator.derive.columns import kind
from generator.derive.evidence import Sample
from generator.derive.guide import Derived, Verdict
from generator.derive.noise import Judged
from generator.escaping import unmarked
from generator.model import load_label, load_of
from generator.render import decide_view
from generator.render.data_csv import table_csv
from generator.render.data_files import DATA_SCHEMA, FORMAT_VERSION, JSON_FILE, SCHEMA_FILE, csv_file


def _verdict(v: Verdict | None) -> dict[str, Any] | None:
    return None if v is None else {"level": v.level, "word": v.word, "symbol": v.symbol, "judged": v.judged}


def _judged(j: Judged | None) -> dict[str, Any] | None:
    if j is None:
        return None
    return {"ratio": j.value, "low": j.low, "high": j.high, "confidence": j.confidence, "why": j.why, "stale": j.stale}


def _value(sample: Sample, anchor: str, note: str | None) -> dict[str, Any]:
    """A table value as the page shows it, with the runs and spread behind it."""
    spread = None
    if sample.spread is not None and sample.low is not None and sample.high is not None:
        spread = {"kind": sample.spread, "low": sample.low, "high": sample.high, "text": sample.spread_text()}
    return {
        "value": sample.value,
        "text": sample.text(),
        "anchor": anchor,
        "note": note,
        "statistic": sample.statistic,
        "runs": list(sample.runs) if sample.runs is not None else None,
        "runs_text": sample.runs_text(),
        "spread": spread,
        "stale": [s.reason for s in sample.stale],
        "source": _source(sample.source),
    }


def _source(source: schema.Source | None) -> dict[str, Any] | None:
    """Where a number comes from, as the data states it (every field, ``null`` where not stated)."""
    if source is None:
        return None
    out = source.model_dump(mode="json")
    out["text"] = source.text()
    return out


def _judgement(j: schema.Judgement) -> dict[str, Any]:
    source = {"quote": j.source.quote, "where": j.source.where}
    return {"word": j.word, "level": j.level, "value": j.value, "contexts": list(j.contexts), "against": j.against,
            "reason": j.reason, "source": source}  # fmt: skip


def _uncited(option: schema.Option, column: schema.Column) -> bool:
    """A category verdict that rests on the record's word alone, its source not yet quoted."""
    if not isinstance(column, schema.CategoryColumn):
        return False
    attr = option.attributes.get(column.attribute)
    return attr is not None and attr.uncited and attr.source is None


def guide_data(d: Derived, page_of: dict[str, str], decide_page: str = "decide/") -> dict[str, Any]:
    """The guide as a JSON-ready dict; ``page_of`` maps option ids to their page URLs, ``decide_page`` is the
    decision helper's."""
    g = d.data.guide
    places = _row_places(d)
    columns = []
    for col in g.columns:
        entry: dict[str, Any] = {"id": col.id, "label": col.label, "kind": col.kind, "meaning": col.meaning}
        entry.update(kind(col).export(col))
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
                        "regimes": [
                            {"name": r.name, "table": r.table, "row": r.row, "swept": r.swept} for r in p.regimes
                        ],
                        "against": p.against,
                        "opponent": p.opponent,
                        "word": p.word,
                    }
                    for p in c.parts
                ],
                "summary": c.summary,
                "coverage": c.coverage,
                "ranks": list(c.ranks) if c.ranks else None,
                "campaigns": d.cell_campaigns(c),
                "judged": _judged(c.judged),
                "uncited": _uncited(option, c.column),
            }
            for c in d.cells[option.id]
        ]
        support = [
            {
                "context": s.context.id,
                "status": s.status,
                "verdict": _verdict(s.verdict),
                "note": s.note,
                "note_text": None if s.note is None else unmarked(s.note),
            }
            for s in d.support[option.id]
        ]
        needs = [{"kind": n.kind, "value": n.value, "context": n.context, "note": n.note} for n in option.needs]
        options.append(
            {
                "id": option.id,
                "name": option.name,
                "label": option.label,
                "short": option.short,
                "page": page_of[option.id],
                "cells": cells,
                "support": support,
                "needs": needs,
                "platforms": list(option.platforms),
                "judgements": {col: [_judgement(j) for j in option.judgements_for(col)] for col in option.judgements},
            }
        )
    return {
        "format": "decision-guide-data",
        "format_version": FORMAT_VERSION,
        "guide": {
            "title": g.title,
            "option_noun": g.option_noun,
            "context_noun": g.context_noun,
            "context_noun_plural": g.context_noun_plural,
        },
        "levels": {
            name: {"colour": lv.colour, "symbol": lv.symbol, "meaning": lv.meaning, "word": lv.word}
            for name, lv in g.levels.items()
        },
        "contexts": [{"id": c.id, "name": c.name} for c in g.contexts],
        "campaigns": [
            {
                "id": c.id,
                "name": c.name,
                "setup": [{"label": f.label, "value": f.value} for f in c.environment],
                "line": d.setup_line(c.id),
            }
            for c in d.data.campaigns
        ],  # fmt: skip
        "columns": columns,
        "options": options,
        "tables": [_table(d, t, places) for t in d.data.tables],
        "quoted": [
            {"id": n.id, "text": n.text, "table": n.table, "provenance": n.provenance} for n in d.numbers.values()
        ],
        "claims": [_claim(d, c) for c in d.data.claims.claims],
        "decisions": _decisions(d, decide_page),
        "number_range": number_range.exported(),
        "envelope": [
            {"id": e.id, "label": e.label, "word": e.word, "values": [{"id": v.id, "label": v.label} for v in e.values]}
            for e in g.envelope
        ],
    }


def _row_places(d: Derived) -> dict[tuple[str, str], dict[str, str | None]]:
    """(table, row) -> its value on each envelope dimension: the one its measured values state, ``None`` where they
    state none or differ (since 1.9: "Your numbers" counts a reader's row only where its place matches)."""
    dims = [e.id for e in d.data.guide.envelope]
    seen: dict[tuple[str, str], dict[str, set[str | None]]] = {}
    for p in dimensions.places(d.data):
        if p.row is not None:
            got = seen.setdefault((p.table, p.row), {k: set() for k in dims})
            for k in dims:
                got[k].add(p.at.get(k))
    return {key: {k: next(iter(vs)) if len(vs) == 1 else None for k, vs in got.items()} for key, got in seen.items()}


def _claim(d: Derived, c: schema.RatioClaim) -> dict[str, Any]:
    """How a quoted ratio is computed from its table (since 1.3)."""
    beyond = c.range_beyond if "range_beyond" in c.model_fields_set else d.data.claims.range_beyond
    phrase = c.phrase
    return {
        "id": c.id,
        "table": c.table,
        "numerator": c.numerator,
        "denominator": c.denominator,
        "rows": list(c.rows),
        "aggregate": c.aggregate,
        "range_beyond": beyond,
        "phrase": None
        if phrase is None
        else {"more": phrase.more, "less": phrase.less, "tie": phrase.tie, "column": phrase.column},
    }


def _sentence(sentence: decide.Sentence) -> list[Any]:
    return [p if isinstance(p, str) else {"claim": p.claim} for p in sentence]


def _leaf_quotes(d: Derived, rule: schema.Rule, context: str | None, fixed: dict[str, str]) -> list[Any] | None:
    """The rule's quoting sentences as this answer shows them, where they differ from the rule's own: a number
    measured on another context's rows followed by "(measured on …)" (:func:`generator.decide.labelled`)."""
    text = decide.labelled(d.data, rule.why, context)
    return None if text == rule.why else [_sentence(s) for s in decide.quotes(d.data, text, fixed)]


def _decisions(d: Derived, page: str) -> dict[str, Any] | None:
    """The decision helper's answers, with the parts of each that measured values change (since 1.3)."""
    view = decide_view.decision_view(d)
    if view is None:
        return None
    fixed = {ident: n.text for ident, n in d.numbers.items()}
    questions = view.decisions.questions
    rules = {r.id: r for r in view.decisions.rules}
    return {
        "page": page,
        "rules": [
            {"id": r.id, "quotes": [_sentence(s) for s in decide.quotes(d.data, r.why, fixed)]}
            for r in view.decisions.rules
        ],
        "leaves": [
            {
                "id": leaf.id,
                "situation": view.situation(leaf),
                "rule": leaf.outcome.rule,
                "picks": [{"option": p.option, "role": p.role} for p in leaf.outcome.picks],
                "at": {q.dimension: list(leaf_at[q.id]) for q in questions if q.dimension and q.id in leaf_at},
                "quotes": _leaf_quotes(d, rules[leaf.outcome.rule], leaf.outcome.context, fixed),
            }
            for leaf in view.table
            for leaf_at in [dict(leaf.when)]
        ],
    }


def _table(
    d: Derived, t: schema.MeasurementTable | schema.FactTable, places: dict[tuple[str, str], dict[str, str | None]]
) -> dict[str, Any]:
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
                    "stale": [s.reason for s in d.sample(t.id, f.id).stale],
                    "source": _source(d.sample(t.id, f.id).source),
                }
                for f in t.facts
            ],
        }
    view = d.tables[t.id]
    rows = []
    for r, row in enumerate(t.rows):
        values = {
            s.id: _value(d.sample(t.id, row.id, s.id), anchors.value(t.id, row.id, s.id), row.notes.get(s.id))
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
                    "spread": rc.spread,
                    "verdict": _verdict(rc.verdict),
                    "judged": _judged(rc.judged),
                    "anchor": anchors.ratio(t.id, row.id, comp.numerator, comp.denominator),
                }
            )
        rows.append(
            {
                "id": row.id,
                "label": row.label,
                "context": row.context,
                "load": load_of(t, row),
                "at": places.get((t.id, row.id), dict.fromkeys(e.id for e in d.data.guide.envelope)),
                "values": values,
                "ratios": ratios,
            }
        )
    return {
        "kind": "measurements",
        "id": t.id,
        "title": t.title,
        "label": t.label,
        "quantity": t.quantity,
        "unit": t.unit,
        "better": t.better,
        "tags": list(t.tags),
        "digits": t.digits,
        "statistic": t.statistic,
        "spread": t.spread,
        "repetitions": t.repetitions,
        "variance_below_pct": t.variance_below_pct,
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
                "value_digits": s.value_digits if s.value_digits is not None else t.value_digits,
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
        "sweep": None if t.sweep is None else {"load": t.sweep.load, "label": load_label(t), "versus": t.sweep.versus},
    }


def downloads(d: Derived, page_of: dict[str, str], decide_page: str = "decide/") -> dict[str, str]:
    """Every file of the download: ``site path -> text``."""
    files = {
        JSON_FILE: json.dumps(guide_data(d, page_of, decide_page), ensure_ascii=False, indent=1, allow_nan=False)
        + "\n",
        SCHEMA_FILE: DATA_SCHEMA.read_text(encoding="utf-8"),
    }
    for t in d.data.tables:
        files[csv_file(t.id)] = table_csv(d, t)
    return files
