"""The body of a measured table as HTML: a row per measured row, its values, then its computed ratios.

Written in Python rather than as Jinja macros because a table's cells are its rows × columns and
every table is shown on the results page and on the page of each option it measures. Writes what
the ``value_cell`` macro and the row loop of ``data_table`` in ``templates/_macros.j2`` wrote;
every value from data passes through :func:`text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator import schema
from generator.derive import anchors
from generator.escaping import text
from generator.render import chart_html, data_files, evidence_html, verdict_html
from generator.render.chart_model import Chart
from generator.render.page_base import PageBase
from generator.render.uris import option_uri

#: A measured table carries no search marker of its own: what of it the search index reads (its caption and
#: row names, not its values nor its rows' evidence) is chosen in one place, ``generator/adapters/search_cut.py``.

_STALE = '<span class="dg-stale-mark"><span class="dg-symbol" aria-hidden="true">↻</span> stale</span>'


def value_cell(html: PageBase, table_id: str, row: schema.Row, series_id: str) -> str:
    """One measured value: the value, its spread, its runs, a stale mark and the row's note for it."""
    sample = html.d.sample(table_id, row.id, series_id)
    ident = anchors.value(table_id, row.id, series_id)
    if not sample.measured:
        return f'<td id="{ident}" class="dg-nm">{text(sample.text())}</td>'
    out = [f'<td id="{ident}" class="dg-num-cell">{text(sample.text())}']
    spread = sample.spread_text()
    if spread:
        out.append(f' <span class="dg-spread">{text(spread)}</span>')
    if sample.runs is not None:
        out.append(f'<span class="dg-runs">{text(sample.runs_text())}</span>')
    if sample.stale:
        out.append(_STALE)
    note = row.notes.get(series_id)
    if note:
        out.append(f'<span class="dg-note">{html.md_inline(note)}</span>')
    out.append("</td>")
    return "".join(out)


def measured_rows(html: PageBase, t: schema.MeasurementTable) -> str:
    """Every ``<tr>`` of a measured table's body, each followed by a newline."""
    view = html.d.tables[t.id]
    table_id = view.table.id
    tid = text(t.id)
    out = []
    for r, row in enumerate(t.rows):
        rid = text(row.id)
        cells = [
            f'<tr id="{tid}-row-{rid}"><th scope="row">{text(row.label)}'
            f'<a class="dg-ev-link" href="#ev-{tid}-{rid}">evidence</a></th>'
        ]
        cells += [value_cell(html, table_id, row, s.id) for s in t.series]
        for comp in t.comparisons:
            rc = view.ratios[comp.label][r]
            ident = anchors.ratio(t.id, row.id, comp.numerator, comp.denominator)
            cells.append(f'<td id="{ident}" class="dg-num-cell">{text(rc.text)}')
            if rc.spread:
                cells.append(f' <span class="dg-spread">{text(rc.spread)}</span>')
            if rc.verdict:
                cells.append(" " + verdict_html.badge(html, rc.verdict))
            cells.append(verdict_html.noise_note(html, rc.judged, True))
            cells.append("</td>")
        cells.append("</tr>\n")
        out.append("".join(cells))
    return "".join(out)


def table_csv(html: PageBase, t: schema.MeasurementTable | schema.FactTable) -> str:
    """The link to download a table as CSV."""
    href = html.file_href(data_files.csv_file(t.id))
    return (
        f'<p class="dg-table-download"><a href="{text(href)}" type="text/csv">Download “{text(t.title)}” as CSV</a></p>'
    )


def data_table(html: PageBase, table_id: str, heading_level: int = 3, drawn: Sequence[Chart] = ()) -> str:
    """A table with its heading and summary, its CSV link, its conditions and evidence, and its charts."""
    t = html.tables[table_id]
    head = f"{'#' * heading_level} {text(t.title)} {{ #{text(t.id)} }}\n\n{html.md(t.summary)}\n\n"
    if isinstance(t, schema.MeasurementTable):
        return head + _measured(html, t, drawn)
    return head + _facts(html, t)


def _series_head(html: PageBase, t: schema.MeasurementTable, s: schema.Series) -> str:
    d = html.d
    label = text(s.label)
    out = [
        f'<th scope="col"><a href="{text(html.link(option_uri(s.option)))}">{label}</a>'
        if s.option
        else f'<th scope="col">{label}'
    ]
    if s.provenance:
        out.append(f' <span class="dg-prov">({text(s.provenance)})</span>')
    campaign = d.campaign(s.campaign) if s.campaign and s.campaign != t.campaign else None
    if campaign:
        out.append(f' <span class="dg-prov">({text(campaign.name)})</span>')
    out.append("</th>")
    return "".join(out)


def _measured(html: PageBase, t: schema.MeasurementTable, drawn: Sequence[Chart]) -> str:
    d = html.d
    campaign = d.campaign(t.campaign)
    on = f" ({text(campaign.name)})" if campaign else ""  # the name as written: no article of ours
    heads = "".join(_series_head(html, t, s) for s in t.series)
    heads += "".join(
        f'<th scope="col">{text(c.label)} <span class="dg-prov">(computed)</span></th>' for c in t.comparisons
    )
    out = [
        f'<div class="dg-table-wrap" id="{text(t.id)}-table" role="region" aria-label="{text(t.title)}" tabindex="0">\n'
        '<table class="dg-data">\n'
        f"<caption>{text(t.quantity)} in {text(t.unit)}, {text(t.better)} is better. Values: {text(t.provenance)}{on}."
        " Ratios: computed from these values.</caption>\n"
        f'<thead><tr><th scope="col">Row</th>{heads}</tr></thead>\n'
        f"<tbody>\n{measured_rows(html, t)}</tbody>\n</table>\n</div>\n{table_csv(html, t)}\n"
    ]
    for comp in t.comparisons:
        if comp.across_campaigns:
            out.append(
                f'<p class="dg-across"><strong>{text(comp.label)} compares runs of different campaigns:</strong> '
                f"{html.md_inline(comp.across_campaigns)}</p>\n"
            )
    if t.conditions or t.repetitions or t.variance_below_pct:
        out.append('<ul class="dg-conditions">\n')
        out += [f"<li>{html.md_inline(c)}</li>" for c in t.conditions]
        if t.repetitions:
            out.append(f"<li>at least {text(t.repetitions)} repetitions per cell</li>")
        if t.variance_below_pct:
            of = f"{text(t.variance_of)} " if t.variance_of else ""
            out.append(f"<li>{of}run-to-run variance under {text(d.raw(t.variance_below_pct))}%</li>")
        out.append("</ul>\n")
    out.append(f"{evidence_html.cached_block(html, t)}\n")
    out += [f"\n{chart_html.figure(html, c)}\n" for c in html.charts.for_table(t.id, drawn)]
    return "".join(out)


def _facts(html: PageBase, t: schema.FactTable) -> str:
    d = html.d
    tid = text(t.id)
    out = [
        f'<div class="dg-table-wrap" role="region" aria-label="{text(t.title)}" tabindex="0">\n'
        '<table class="dg-data">\n<caption>Single quantities, with their provenance.</caption>\n'
        '<thead><tr><th scope="col">Quantity</th><th scope="col">Value</th><th scope="col">Provenance</th>'
        '<th scope="col">Note</th></tr></thead>\n<tbody>\n'
    ]
    for f in t.facts:
        fid = text(f.id)
        stale = _STALE if d.sample(t.id, f.id).stale else ""
        out.append(
            f'<tr id="{fid}"><th scope="row">{html.md_inline(f.label)}<a class="dg-ev-link" href="#ev-{tid}-{fid}">'
            f'evidence</a></th><td id="{anchors.fact(t.id, f.id)}" class="dg-num-cell">{text(d.numbers[f.id].text)}'
            f"{stale}</td><td>{text(f.provenance)}</td><td>{html.md_inline(f.note)}</td></tr>\n"
        )
    out.append(f"</tbody>\n</table>\n</div>\n{table_csv(html, t)}\n")
    out.append(
        '<div class="dg-evidence">\n<p class="dg-spread-note">Runs: not stated. The source gives each of these as '
        "one figure, without the runs behind it or a spread.</p>\n"
    )
    for f in t.facts:
        entries = [(None, d.sample(t.id, f.id), f.unit)]
        out.append(evidence_html.details(html, f"{t.id}-{f.id}", f.label, entries) + "\n")
    out.append("</div>\n")
    return "".join(out)
