"""What the Python-written parts of a page read about the page: its derived guide, links, prose and tables.

The partials (``cell_html``, ``verdict_html``, ``html_table``, ``evidence_html``, ``chart_html``,
``grid_html``) take a :class:`PageBase` and import it from here; :class:`generator.render.page_html.PageHtml`,
the object templates reach them through, extends it. So the imports run one way: templates' entry
points -> partials -> this module, never back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from markupsafe import Markup

from generator import schema
from generator.derive.guide import Derived
from generator.render.charts import Charts
from generator.render.history_view import History


class PageBase:
    """The links and prose of one page, and what its partials share (the evidence blocks of a guide)."""

    def __init__(
        self,
        d: Derived,
        link: Callable[..., str],
        md: Callable[[str | None], Markup],
        md_inline: Callable[[str | None], Markup],
        file_href: Callable[[str], str],
        table_href: Callable[[str], str],
        tables: dict[str, schema.MeasurementTable | schema.FactTable],
        charts: Charts,
        history: History | None,
        evidence: dict[str, Markup] | None = None,
    ) -> None:
        self.d = d
        self.link = link
        self.md = md
        self.md_inline = md_inline
        self.file_href = file_href
        self.table_href = table_href
        self.tables = tables
        self.charts = charts
        self.history = history
        #: Evidence blocks by table id, shared by the pages of one guide: a block holds no link, so it is
        #: the same on every page that shows its table (the results page and each option's page).
        self.evidence = {} if evidence is None else evidence

    @functools.cached_property
    def judgement_word(self) -> str:
        return self.d.judgement_word()
