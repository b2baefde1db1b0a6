"""The evidence behind measured values as HTML: runs, set-up and source of each value, and how to reproduce it.

Written in Python rather than as Jinja macros because every measured row carries a folded block
per value. Writes what the ``evidence_details`` and ``evidence_block`` macros of
``templates/_macros.j2`` wrote; every value from data passes through :func:`text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from generator import schema
from generator.derive.evidence import Sample
from generator.escaping import text
from generator.render.page_base import PageBase

_NOTHING = '<p class="dg-ns">Not measured: no value here has runs, a set-up or a source file to show.</p>\n'


def details(html: PageBase, anchor: str, title: str, entries: Sequence[tuple[str | None, Sample, str]]) -> str:
    """One row's folded evidence: a part per measured value (its lines, then a command to reproduce it)."""
    d = html.d
    out = [f'<details class="dg-ev" id="ev-{text(anchor)}"><summary>Evidence: {text(title)}</summary>\n']
    for label, sample, unit in entries:
        if not sample.measured:
            continue
        out.append('<div class="dg-ev-value">\n')
        if label:
            out.append(f'<p class="dg-ev-head">{text(label)}</p>')
        out.append('<dl class="dg-ev-list">')
        for line in d.evidence(sample, unit):
            value = f"<code>{text(line.text)}</code>" if line.code else text(line.text)
            ns = "" if line.stated else ' class="dg-ns"'
            out.append(f"<dt>{text(line.label)}</dt><dd{ns}>{value}</dd>")
        reproduce = d.reproduce(sample, title + (" · " + label if label else ""))
        out.append(
            '</dl>\n<div class="dg-reproduce copy"><p class="dg-ev-head">Reproduce</p>'
            f"<pre><code>{text(reproduce)}</code></pre></div>\n</div>\n"
        )
    if len(out) == 1:
        out.append(_NOTHING)
    out.append("</details>")
    return "".join(out)


def block(html: PageBase, t: schema.MeasurementTable) -> str:
    """The evidence of a measured table: how its spreads were found, then each row's details.

    It holds no link, so the same block serves every page that shows the table (see ``PageBase``).
    """
    d = html.d
    out = [f'<div class="dg-evidence">\n<p class="dg-spread-note">{text(d.spread_note(t))}</p>\n']
    for row in t.rows:
        out.append(details(html, f"{t.id}-{row.id}", row.label, d.evidence_entries(t, row)) + "\n")
    out.append("</div>")
    return "".join(out)


def cached_block(html: PageBase, t: schema.MeasurementTable) -> str:
    """:func:`block`, written once per guide (``html.evidence``)."""
    found = html.evidence.get(t.id)
    if found is None:
        found = html.evidence[t.id] = Markup(block(html, t))
    return str(found)
