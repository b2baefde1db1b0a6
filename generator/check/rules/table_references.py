"""Rule: Series, rows and comparisons of a table point at things that exist."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def table_references(data: Data) -> list[Problem]:
    """Series, rows and comparisons of a table point at things that exist."""
    options = {o.id for o in data.options}
    contexts = {c.id for c in data.guide.contexts}
    campaigns = {c.id for c in data.campaigns}
    comparison_columns = {c.id for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)}
    comparison_tags = {c.tag for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)}
    problems = []
    for t in data.tables:
        if t.campaign not in campaigns:
            problems.append(at(data, t, ("campaign",), expect("campaign", t.campaign, campaigns)))
        if isinstance(t, schema.FactTable):
            for i, f in enumerate(t.facts):
                if f.option is not None and f.option not in options:
                    problems.append(at(data, t, ("facts", i, "option"), expect("option", f.option, options)))
            continue
        series = [s.id for s in t.series]
        for i, s in enumerate(t.series):
            if series.index(s.id) != i:
                problems.append(at(data, t, ("series", i, "id"), f"duplicate series id {s.id!r}"))
            if s.option is not None and s.option not in options:
                problems.append(at(data, t, ("series", i, "option"), expect("option", s.option, options)))
        row_ids: list[str] = []
        for r_i, row in enumerate(t.rows):
            if row.id in row_ids:
                problems.append(at(data, t, ("rows", r_i, "id"), f"duplicate row id {row.id!r}"))
            row_ids.append(row.id)
            if row.context is not None and row.context not in contexts:
                problems.append(at(data, t, ("rows", r_i, "context"), expect("context", row.context, contexts)))
            for key in row.values:
                if key not in series:
                    problems.append(at(data, t, ("rows", r_i, "values", key), expect("series", key, series)))
            for key in series:
                if key not in row.values:
                    problems.append(
                        at(
                            data,
                            t,
                            ("rows", r_i, "values"),
                            f"no value for series {key!r}; write 'not measured' if there is none",
                        )
                    )
            for key in row.notes:
                if key not in series:
                    problems.append(at(data, t, ("rows", r_i, "notes", key), expect("series", key, series)))
            for key in row.sources:
                if key not in series:
                    problems.append(at(data, t, ("rows", r_i, "sources", key), expect("series", key, series)))
        for c_i, comp in enumerate(t.comparisons):
            for side in ("numerator", "denominator"):
                name = getattr(comp, side)
                if name not in series:
                    problems.append(at(data, t, ("comparisons", c_i, side), expect("series", name, series)))
            if comp.numerator == comp.denominator:
                problems.append(at(data, t, ("comparisons", c_i), "a comparison needs two different series"))
            if comp.verdict_column is not None and comp.verdict_column not in comparison_columns:
                problems.append(
                    at(
                        data,
                        t,
                        ("comparisons", c_i, "verdict_column"),
                        expect("comparison column", comp.verdict_column, comparison_columns),
                    )
                )
        for tag in t.tags:
            if tag not in comparison_tags:
                problems.append(at(data, t, ("tags",), f"tag {tag!r} is not used by any comparison column"))
    return problems
