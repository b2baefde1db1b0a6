"""Rule: Contexts, columns, attributes and campaigns named by an option exist."""

from __future__ import annotations

from generator import schema
from generator.check.common import expect
from generator.errors import Problem
from generator.model import Data, at


def option_references(data: Data) -> list[Problem]:
    """Contexts, columns, attributes and campaigns named by an option exist."""
    contexts = {c.id for c in data.guide.contexts}
    columns = {c.id: c for c in data.guide.columns}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for o in data.options:
        for ctx in o.support:
            if ctx not in contexts:
                problems.append(at(data, o, ("support", ctx), expect(data.guide.context_noun, ctx, contexts)))
        for ctx in sorted(contexts - set(o.support)):
            problems.append(
                at(data, o, ("support",), f"no entry for {ctx!r}; say 'status: not measured' if the source is silent")
            )
        for key in ("needs", "failures"):
            for i, item in enumerate(getattr(o, key)):
                if item.context is not None and item.context not in contexts:
                    problems.append(at(data, o, (key, i, "context"), expect("context", item.context, contexts)))
        for key in ("judgements", "cell_notes"):
            for col in getattr(o, key):
                if col not in columns:
                    problems.append(at(data, o, (key, col), expect("column", col, columns)))
        for col_id in o.judgements:
            col = columns.get(col_id)
            if col is not None and not isinstance(col, schema.ComparisonColumn):
                problems.append(
                    at(
                        data,
                        o,
                        ("judgements", col_id),
                        "judgements are only for comparison columns; "
                        "other columns take their verdict from the record's fields",
                    )
                )
        for col in columns.values():
            if isinstance(col, schema.CategoryColumn):
                attr = o.attributes.get(col.attribute)
                if attr is None:
                    problems.append(
                        at(data, o, ("attributes",), f"missing attribute {col.attribute!r} (column {col.id!r})")
                    )
                elif attr.value not in col.categories:
                    problems.append(
                        at(
                            data,
                            o,
                            ("attributes", col.attribute, "value"),
                            expect("value", attr.value, set(col.categories)),
                        )
                    )
        known_attrs = {c.attribute for c in columns.values() if isinstance(c, schema.CategoryColumn)}
        for attr_id in o.attributes:
            if attr_id not in known_attrs:
                problems.append(at(data, o, ("attributes", attr_id), expect("attribute", attr_id, known_attrs)))
        if o.campaign is not None and o.campaign not in campaigns:
            problems.append(at(data, o, ("campaign",), expect("campaign", o.campaign, campaigns)))
    return problems
