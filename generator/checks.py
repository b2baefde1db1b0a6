"""Cross-record checks: references between records, uniqueness, completeness.

Each check is a small pure function from :class:`~generator.validate.Data` to a
list of problems. :func:`run_checks` runs all of them; a check that crashes is
reported as a failure of that check, never as a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from generator import schema
from generator.errors import Problem
from generator.validate import Data
from generator.yaml_source import Loc

TOKEN = re.compile(r"\[\[([^\[\]]*)\]\]")
Check = Callable[[Data], list[Problem]]


def at(data: Data, record: Any, loc: Loc, message: str) -> Problem:
    """A problem located at ``loc`` inside the document ``record`` came from."""
    doc = data.doc(record)
    field = ""
    for part in loc:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    return Problem(doc.file, doc.line_of(loc), field, message)


def _expect(kind: str, name: str, known: Iterable[str]) -> str:
    listed = ", ".join(sorted(known)) or "none"
    return f"unknown {kind} {name!r}; expected one of: {listed}"


def measurement_tables(data: Data) -> list[schema.MeasurementTable]:
    return [t for t in data.tables if isinstance(t, schema.MeasurementTable)]


def facts(data: Data) -> list[tuple[schema.FactTable, int, schema.Fact]]:
    return [(t, i, f) for t in data.tables if isinstance(t, schema.FactTable) for i, f in enumerate(t.facts)]


# --- checks ----------------------------------------------------------------


def unique_ids(data: Data) -> list[Problem]:
    """Two records of one kind never share an id; claims and facts share one namespace."""
    problems: list[Problem] = []
    groups: list[tuple[str, list[tuple[Any, Loc, str]]]] = [
        ("option", [(o, ("id",), o.id) for o in data.options]),
        ("campaign", [(c, ("id",), c.id) for c in data.campaigns]),
        ("table", [(t, ("id",), t.id) for t in data.tables]),
        (
            "claim or fact",
            [(data.claims, ("claims", i, "id"), c.id) for i, c in enumerate(data.claims.claims)]
            + [(t, ("facts", i, "id"), f.id) for t, i, f in facts(data)],
        ),
        ("column", [(data.guide, ("columns", i, "id"), c.id) for i, c in enumerate(data.guide.columns)]),
        ("context", [(data.guide, ("contexts", i, "id"), c.id) for i, c in enumerate(data.guide.contexts)]),
    ]
    for kind, items in groups:
        seen: dict[str, str] = {}
        for record, loc, ident in items:
            here = at(data, record, loc, "")
            if ident in seen:
                problems.append(at(data, record, loc, f"duplicate {kind} id {ident!r} (also in {seen[ident]})"))
            else:
                seen[ident] = f"{here.file}:{here.line}"
    return problems


def option_file_names(data: Data) -> list[Problem]:
    """An option's file is named after its id, so its page URL is predictable."""
    return [
        at(data, o, ("id",), f"id {o.id!r} does not match the file name (expected options/{o.id}.yml)")
        for o in data.options
        if data.doc(o).file != f"options/{o.id}.yml"
    ]


def order_lists_every_option(data: Data) -> list[Problem]:
    ids = [o.id for o in data.options]
    known = set(ids)
    first: dict[str, int] = {}
    for i, ident in enumerate(data.guide.order):
        first.setdefault(ident, i)
    problems = []
    for i, ident in enumerate(data.guide.order):
        if ident not in known:
            problems.append(at(data, data.guide, ("order", i), _expect("option", ident, ids)))
        elif first[ident] != i:
            problems.append(at(data, data.guide, ("order", i), f"option {ident!r} is listed twice"))
    for ident in ids:
        if ident not in first:
            problems.append(at(data, data.guide, ("order",), f"option {ident!r} is missing from the order"))
    return problems


def levels_complete(data: Data) -> list[Problem]:
    needed = ["good", "mid", "bad", "unknown"]
    comparison = {c.id for c in data.guide.columns if isinstance(c, schema.ComparisonColumn)}
    if any(comparison & set(o.judgements) for o in data.options):
        needed.append("judged")
    missing = [lv for lv in needed if lv not in data.guide.levels]
    problems = [at(data, data.guide, ("levels",), f"level {lv!r} is not styled") for lv in missing]
    judged = data.guide.levels.get("judged")
    if judged is not None and any(
        judged.colour == data.guide.levels[lv].colour for lv in needed if lv in data.guide.levels and lv != "judged"
    ):
        problems.append(
            at(
                data,
                data.guide,
                ("levels", "judged", "colour"),
                "a judgement must not look like a measured level; give it a colour of its own",
            )
        )
    return problems


def judgements_look_like_judgements(data: Data) -> list[Problem]:
    """A judgement takes a band that a number defines only by stating that number."""
    columns = {c.id: c for c in data.guide.columns}
    problems = []
    for o in data.options:
        for col_id, j in o.judgements.items():
            col = columns.get(col_id)
            if not isinstance(col, schema.ComparisonColumn):
                continue
            if j.value is None and j.level != "judged":
                problems.append(
                    at(
                        data,
                        o,
                        ("judgements", col_id, "level"),
                        f"level {j.level!r} is a band of column {col_id!r} that a number decides; "
                        "state that number with `value:` (a ratio the source gives) or remove `level`",
                    )
                )
            elif j.value is not None:
                computed = next(b for b in col.bands if b.min is None or j.value >= b.min).level
                if j.level not in ("judged", computed):
                    problems.append(
                        at(
                            data,
                            o,
                            ("judgements", col_id, "level"),
                            f"the stated value {j.value} falls in the {computed!r} band "
                            f"of column {col_id!r}, not {j.level!r}",
                        )
                    )
    return problems


def stated_verdicts_cite_the_source(data: Data) -> list[Problem]:
    """A verdict no number decides cites the source; a negative support answer says what or why."""
    columns = [c for c in data.guide.columns if isinstance(c, schema.CategoryColumn)]
    problems = []
    for o in data.options:
        for col in columns:
            attr = o.attributes.get(col.attribute)
            outcome = col.categories.get(attr.value) if attr is not None else None
            if attr is not None and outcome is not None and outcome.level != "unknown" and attr.source is None:
                problems.append(
                    at(
                        data,
                        o,
                        ("attributes", col.attribute),
                        f"{col.label!r} is {outcome.word!r} by the record's word alone; cite the source with "
                        "`source: {quote: ...}` or use a value the source does not decide",
                    )
                )
        for ctx, entry in o.support.items():
            if entry.status in ("no", "cannot run") and not entry.note:
                what = "what failed" if entry.status == "no" else "why it cannot run"
                problems.append(
                    at(data, o, ("support", ctx, "status"), f"status {entry.status!r} needs a note saying {what}")
                )
    return problems


def bands_descend(data: Data) -> list[Problem]:
    problems = []
    for ci, col in enumerate(data.guide.columns):
        if not isinstance(col, schema.ComparisonColumn):
            continue
        mins = [b.min for b in col.bands]
        if mins[-1] is not None:
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "the last band must have no min"))
        if any(m is None for m in mins[:-1]):
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "only the last band may omit min"))
        given = [m for m in mins if m is not None]
        if given != sorted(given, reverse=True) or len(set(given)) != len(given):
            problems.append(at(data, data.guide, ("columns", ci, "bands"), "band minimums must strictly decrease"))
    return problems


def option_references(data: Data) -> list[Problem]:
    """Contexts, columns, attributes and campaigns named by an option exist."""
    contexts = {c.id for c in data.guide.contexts}
    columns = {c.id: c for c in data.guide.columns}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for o in data.options:
        for ctx in o.support:
            if ctx not in contexts:
                problems.append(at(data, o, ("support", ctx), _expect(data.guide.context_noun, ctx, contexts)))
        for ctx in sorted(contexts - set(o.support)):
            problems.append(
                at(data, o, ("support",), f"no entry for {ctx!r}; say 'status: not measured' if the source is silent")
            )
        for key in ("needs", "failures"):
            for i, item in enumerate(getattr(o, key)):
                if item.context is not None and item.context not in contexts:
                    problems.append(at(data, o, (key, i, "context"), _expect("context", item.context, contexts)))
        for key in ("judgements", "cell_notes"):
            for col in getattr(o, key):
                if col not in columns:
                    problems.append(at(data, o, (key, col), _expect("column", col, columns)))
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
                            _expect("value", attr.value, set(col.categories)),
                        )
                    )
        known_attrs = {c.attribute for c in columns.values() if isinstance(c, schema.CategoryColumn)}
        for attr_id in o.attributes:
            if attr_id not in known_attrs:
                problems.append(at(data, o, ("attributes", attr_id), _expect("attribute", attr_id, known_attrs)))
        if o.campaign is not None and o.campaign not in campaigns:
            problems.append(at(data, o, ("campaign",), _expect("campaign", o.campaign, campaigns)))
    return problems


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
            problems.append(at(data, t, ("campaign",), _expect("campaign", t.campaign, campaigns)))
        if isinstance(t, schema.FactTable):
            for i, f in enumerate(t.facts):
                if f.option is not None and f.option not in options:
                    problems.append(at(data, t, ("facts", i, "option"), _expect("option", f.option, options)))
            continue
        series = [s.id for s in t.series]
        for i, s in enumerate(t.series):
            if series.index(s.id) != i:
                problems.append(at(data, t, ("series", i, "id"), f"duplicate series id {s.id!r}"))
            if s.option is not None and s.option not in options:
                problems.append(at(data, t, ("series", i, "option"), _expect("option", s.option, options)))
        row_ids: list[str] = []
        for r_i, row in enumerate(t.rows):
            if row.id in row_ids:
                problems.append(at(data, t, ("rows", r_i, "id"), f"duplicate row id {row.id!r}"))
            row_ids.append(row.id)
            if row.context is not None and row.context not in contexts:
                problems.append(at(data, t, ("rows", r_i, "context"), _expect("context", row.context, contexts)))
            for key in row.values:
                if key not in series:
                    problems.append(at(data, t, ("rows", r_i, "values", key), _expect("series", key, series)))
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
                    problems.append(at(data, t, ("rows", r_i, "notes", key), _expect("series", key, series)))
        for c_i, comp in enumerate(t.comparisons):
            for side in ("numerator", "denominator"):
                name = getattr(comp, side)
                if name not in series:
                    problems.append(at(data, t, ("comparisons", c_i, side), _expect("series", name, series)))
            if comp.numerator == comp.denominator:
                problems.append(at(data, t, ("comparisons", c_i), "a comparison needs two different series"))
            if comp.verdict_column is not None and comp.verdict_column not in comparison_columns:
                problems.append(
                    at(
                        data,
                        t,
                        ("comparisons", c_i, "verdict_column"),
                        _expect("comparison column", comp.verdict_column, comparison_columns),
                    )
                )
        for tag in t.tags:
            if tag not in comparison_tags:
                problems.append(at(data, t, ("tags",), f"tag {tag!r} is not used by any comparison column"))
    return problems


def claim_references(data: Data) -> list[Problem]:
    tables = {t.id: t for t in measurement_tables(data)}
    problems = []
    for i, c in enumerate(data.claims.claims):
        t = tables.get(c.table)
        if t is None:
            problems.append(at(data, data.claims, ("claims", i, "table"), _expect("measured table", c.table, tables)))
            continue
        series = {s.id for s in t.series}
        for side in ("numerator", "denominator"):
            if getattr(c, side) not in series:
                problems.append(at(data, data.claims, ("claims", i, side), _expect("series", getattr(c, side), series)))
        comparison_columns = {col.id for col in data.guide.columns if isinstance(col, schema.ComparisonColumn)}
        if c.phrase is not None and c.phrase.column is not None and c.phrase.column not in comparison_columns:
            problems.append(
                at(
                    data,
                    data.claims,
                    ("claims", i, "phrase", "column"),
                    _expect("comparison column", c.phrase.column, comparison_columns),
                )
            )
        if c.phrase is not None and c.aggregate == "range":
            problems.append(at(data, data.claims, ("claims", i, "phrase"), "a range cannot be read as one comparison"))
        rows = {r.id for r in t.rows}
        for r_i, row in enumerate(c.rows):
            if row not in rows:
                problems.append(at(data, data.claims, ("claims", i, "rows", r_i), _expect("row", row, rows)))
    return problems


def recommendation_references(data: Data) -> list[Problem]:
    options = {o.id for o in data.options}
    problems = []
    for i, rec in enumerate(data.recommendation.recommended):
        if rec.option not in options:
            problems.append(
                at(data, data.recommendation, ("recommended", i, "option"), _expect("option", rec.option, options))
            )
    for i, case in enumerate(data.recommendation.cases):
        for p_i, pick in enumerate(case.pick):
            if pick not in options:
                problems.append(
                    at(data, data.recommendation, ("cases", i, "pick", p_i), _expect("option", pick, options))
                )
    return problems


def _strings(value: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(value, str):
        yield loc, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, (*loc, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, (*loc, i))


def prose_tokens(data: Data) -> list[Problem]:
    """Every ``[[token]]`` in any text names a claim, a fact or ``option:<id>``."""
    numbers = {c.id for c in data.claims.claims} | {f.id for _, _, f in facts(data)}
    options = {o.id for o in data.options}
    problems = []
    records: list[Any] = [data.guide, data.recommendation, *data.options, *data.campaigns, *data.tables]
    if data.decisions is not None:
        records.append(data.decisions)
    for record in records:
        doc = data.doc(record)
        for loc, text in _strings(doc.data, ()):
            for match in TOKEN.finditer(text):
                name = match.group(1).strip()
                if name.startswith("option:"):
                    if name[7:] not in options:
                        problems.append(at(data, record, loc, _expect("option", name[7:], options)))
                elif name not in numbers:
                    problems.append(at(data, record, loc, _expect("claim or fact", name, numbers)))
    return problems


def _hardware(campaign: schema.Campaign | None) -> str:
    if campaign is None:
        return "unknown hardware"
    h = campaign.hardware
    nics = f"{h.nics_per_node} NIC{'s' if h.nics_per_node != 1 else ''} per node"
    return f"{h.nodes}× {h.instance} on {h.fabric}, {nics}"


def _across(data: Data, sides: list[tuple[str, str, str]]) -> str:
    """Where each side of a ratio ran, from ``[(role, series, campaign), ...]``."""
    campaigns = {c.id: c for c in data.campaigns}
    parts = [f"{role} {series!r} ran on campaign {camp!r}" for role, series, camp in sides]
    hardware = [_hardware(campaigns.get(camp)) for _, _, camp in sides]
    same = "same hardware" if len(set(hardware)) == 1 else "different hardware: " + " vs ".join(hardware)
    return f"{' and '.join(parts)} ({same})"


def series_campaigns(table: schema.MeasurementTable) -> dict[str, str]:
    """Series id -> the campaign it ran on: its own if it names one, else the table's."""
    return {s.id: s.campaign or table.campaign for s in table.series}


def comparisons_within_a_campaign(data: Data) -> list[Problem]:
    """An A/B ratio divides values of one campaign, unless ``across_campaigns`` says why mixing is fair."""
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for t in measurement_tables(data):
        where = series_campaigns(t)
        for i, s in enumerate(t.series):
            if s.campaign is not None and s.campaign not in campaigns:
                problems.append(at(data, t, ("series", i, "campaign"), _expect("campaign", s.campaign, campaigns)))
        for c_i, comp in enumerate(t.comparisons):
            num, den = where.get(comp.numerator), where.get(comp.denominator)
            if num not in campaigns or den not in campaigns:  # unknown series or campaign: reported elsewhere
                continue
            if num == den and comp.across_campaigns is not None:
                message = f"both sides ran on campaign {num!r}; remove across_campaigns"
                problems.append(at(data, t, ("comparisons", c_i, "across_campaigns"), message))
            elif num != den and comp.across_campaigns is None:
                sides = [("numerator", comp.numerator, num), ("denominator", comp.denominator, den)]
                message = f"{_across(data, sides)}; say why the comparison is fair in across_campaigns"
                problems.append(at(data, t, ("comparisons", c_i), message))
    return problems


def claims_within_a_campaign(data: Data) -> list[Problem]:
    """A claim across campaigns quotes a ratio its table declares as a comparison across campaigns."""
    tables = {t.id: t for t in measurement_tables(data)}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for i, claim in enumerate(data.claims.claims):
        t = tables.get(claim.table)
        where = series_campaigns(t) if t else {}
        num, den = where.get(claim.numerator), where.get(claim.denominator)
        if t is None or num not in campaigns or den not in campaigns or num == den:
            continue
        pair = {claim.numerator, claim.denominator}
        if not any({c.numerator, c.denominator} == pair and c.across_campaigns for c in t.comparisons):
            sides = [("numerator", claim.numerator, num), ("denominator", claim.denominator, den)]
            message = f"{_across(data, sides)}; declare this pair in table {t.id!r} with across_campaigns first"
            problems.append(at(data, data.claims, ("claims", i), message))
    return problems


def best_within_a_campaign(data: Data) -> list[Problem]:
    """A column that ranks each row's series against the best ranks series of one campaign only."""
    best = {c.tag for c in data.guide.columns if isinstance(c, schema.ComparisonColumn) and c.against == "best"}
    campaigns = {c.id for c in data.campaigns}
    problems = []
    for t in measurement_tables(data):
        where = series_campaigns(t)
        ranked = [s.id for s in t.series if s.option is not None and where[s.id] in campaigns]
        if not best & set(t.tags) or len({where[s] for s in ranked}) < 2:
            continue
        first = ranked[0]
        for i, s in enumerate(t.series):
            if s.id in ranked and where[s.id] != where[first]:
                sides = [("series", first, where[first]), ("series", s.id, where[s.id])]
                message = f"{_across(data, sides)}; the table is ranked against its best value, so move this series"
                problems.append(at(data, t, ("series", i, "campaign"), message + " to a table of its own"))
    return problems


CHECKS: list[Check] = [
    unique_ids,
    option_file_names,
    order_lists_every_option,
    levels_complete,
    judgements_look_like_judgements,
    stated_verdicts_cite_the_source,
    bands_descend,
    option_references,
    table_references,
    claim_references,
    recommendation_references,
    prose_tokens,
    comparisons_within_a_campaign,
    claims_within_a_campaign,
    best_within_a_campaign,
]


def run_checks(data: Data, checks: Iterable[Check] | None = None) -> list[Problem]:
    """Run ``checks`` (default: :data:`CHECKS`) and collect every problem."""
    problems: list[Problem] = []
    for check in CHECKS if checks is None else checks:
        try:
            problems += check(data)
        except Exception as exc:  # noqa: BLE001 - a broken check is reported, not raised
            problems.append(Problem("(generator)", 0, check.__name__, f"check crashed: {exc!r}"))
    return problems
