"""The decision-guide plugin's options in ``mkdocs.yml`` (which of them are data and which are code:
:mod:`generator.adapters.config_rules`)."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class GuideConfig(Config):  # type: ignore[no-untyped-call]
    data_dir = c.Type(str, default="data")
    """Data folder, relative to ``mkdocs.yml``."""
    charts = c.Type(bool, default=True)
    """Draw charts; ``false`` renders the tables alone (and ships no plotly.js)."""
    plotly_js = c.Type(str, default="")  # empty: $GUIDE_PLOTLY_JS, this project's bundle, else the engine's
    """plotly.js bundle installed by ``npm ci`` (relative to ``mkdocs.yml``); copied into the site, never committed."""
    diff_base = c.Type(str, default="")
    """A git revision: when set, add a "What changed in this PR" page comparing the data with it."""
    templates = c.Type(str, default="")
    """A folder of templates (relative to ``mkdocs.yml``) searched before the engine's own: restyle a page."""
    history_revisions = c.Type(int, default=0)
    """Walk at most this many git commits of the data for the history page and "changed" marks (0: off)."""
    history_since = c.Type(str, default="")
    """And none older than this (anything ``git log --since`` takes: ``2026-01-01``, ``6 months ago``)."""
    allow_raw_html = c.Type(bool, default=False)
    """No longer honoured: ``true`` is refused (hand-written pages are always cleaned by the allow-list)."""
    publish_files = c.Type(list, default=[])
    """Files of ``docs_dir`` published as they are although their kind is not on the allow-list
    (``generator.adapters.static_files``): scripts, HTML, SVG, a replacement of a theme asset."""
    trusted_configuration = c.Type(list, default=[])
    """Settings of ``mkdocs.yml`` trusted as code, by dotted name (``generator.adapters.config_gate``)."""
