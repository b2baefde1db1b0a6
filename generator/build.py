"""The whole site in one call: ``build_site()`` returns its pages, navigation and assets.

Both front ends call it, so both produce the same site: the MkDocs adapter
(:mod:`generator.adapters.mkdocs_plugin`) hands the result to MkDocs, and the
command line (``python -m generator build``) writes it to a folder for another
engine. Nothing here knows MkDocs.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import escaping
from generator.derive.guide import Derived
from generator.errors import printable
from generator.pipeline import derive_guide, no_full_collections
from generator.render.compact import compact
from generator.render.data_export import downloads
from generator.render.nav import guide_nav, hand_written_pages
from generator.render.pages import DECIDE_URI, Renderer, page_url
from generator.render.plan_files import plans
from generator.render.script_parts import script_source
from generator.render.uris import option_uri

#: The "What changed in this PR" page (:data:`generator.diff.preview.CHANGES_URI`; a test checks they agree).
CHANGES_PAGE = "changes.md"

#: The engine's own browser files (under ``render/assets/``), added to every site by their address there: stylesheets
#: first, then scripts. ``yours.js`` and ``matrix.js`` are each joined from their parts
#: (:mod:`generator.render.script_parts` reads every one of these files).
ENGINE_CSS = ["stylesheets/guide.css", "stylesheets/charts.css", "stylesheets/decide.css", "stylesheets/reader.css"]
ENGINE_JS = ["javascripts/permalinks.js"]
#: Scripts copied but not loaded by every page: ``permalinks.js`` loads each on the pages that need it
#: (the matrix tools where the matrix is, the charts' script where a chart is, the decision helper's on its page,
#: the reader's own numbers on theirs).
ENGINE_ON_DEMAND = ["javascripts/matrix.js", "javascripts/charts.js", "javascripts/decide.js", "javascripts/yours.js"]

#: Where the charts' script (``javascripts/charts.js``) expects plotly.js: ``vendor/`` beside itself.
PLOTLY_DEST = "javascripts/vendor/plotly.min.js"

#: The fallback plotly.js bundle ``npm ci`` installs (relative to the project); copied into a site with charts, never
#: committed. The shipped mkdocs.yml points the plugin at the guide's own smaller bundle once built (tools/plotly).
PLOTLY_JS = "node_modules/plotly.js-basic-dist-min/plotly-basic.min.js"


#: The engine's own checkout or installation (where ``make setup`` put ``node_modules/``): a guide anywhere
#: else finds plotly.js there when it names none.
ENGINE_ROOT = Path(__file__).resolve().parents[1]
#: The guide's own smaller bundle ``make plotly-bundle`` builds, tried before the basic one.
PLOTLY_BUNDLE = "tools/plotly/dist/plotly-guide.min.js"
#: The bundle an installed wheel of the engine carries (``make wheel``, ``tools/wheel/stage.py``).
PACKAGED_PLOTLY = Path(__file__).resolve().parent / "vendor" / "plotly-guide.min.js"


class AssetError(Exception):
    """A file the site needs (plotly.js) is missing; the message says how to get it."""


def find_plotly(explicit: Path | None = None) -> Path:
    """The plotly.js bundle a site with charts copies: ``explicit`` (a guide's ``plotly_js``, the CLI's
    ``--plotly-js``) when given, else ``$GUIDE_PLOTLY_JS``, else the bundles of the project folder one runs
    in, else those of the engine's own folder, else the one its wheel carries; an :class:`AssetError` saying
    how to get one."""
    if explicit is not None:
        if explicit.is_file():
            return explicit.resolve()
        raise AssetError(
            f"plotly.js not found at {explicit.resolve()}: fix the plotly_js setting (or --plotly-js), or remove it"
            f" to use the engine's own bundle (`make setup` in {ENGINE_ROOT} installs it)"
        )
    named = os.environ.get("GUIDE_PLOTLY_JS")
    if named:
        if Path(named).is_file():
            return Path(named).resolve()
        raise AssetError(f"plotly.js not found at {Path(named).resolve()} (GUIDE_PLOTLY_JS)")
    tried = []
    for root in dict.fromkeys([Path.cwd(), ENGINE_ROOT]):
        for relative in (PLOTLY_BUNDLE, PLOTLY_JS):
            candidate = root / relative
            if candidate.is_file():
                return candidate.resolve()
            tried.append(str(candidate))
    if PACKAGED_PLOTLY.is_file():
        return PACKAGED_PLOTLY
    tried.append(str(PACKAGED_PLOTLY))
    raise AssetError(
        "plotly.js not found (tried " + ", ".join(tried) + "): run `make setup` in the engine's folder"
        f" ({ENGINE_ROOT}; it installs the charts' bundle with npm), set `plotly_js` for the decision-guide plugin"
        " in mkdocs.yml, or build without charts (`charts: false`, or --no-charts)"
    )


@dataclass
class Site:
    """One built guide: what an engine needs to publish it."""

    pages: dict[str, str]
    """Generated Markdown pages, ``src_uri -> text``."""
    nav: list[Any]
    """The navigation, in MkDocs ``nav`` form: generated pages first, then the hand-written ones."""
    assets: dict[str, Path] = field(default_factory=dict)
    """Files to copy into the site, ``destination uri -> source file`` (plotly.js)."""
    files: dict[str, str] = field(default_factory=dict)
    """Generated files that are not pages, ``destination uri -> text``: the engine's stylesheets
    (:data:`ENGINE_CSS`) and scripts (:data:`ENGINE_JS`), which every page must load, without their
    comments, the scripts loaded on demand (:data:`ENGINE_ON_DEMAND`), and the downloadable data."""
    name: str = ""
    """The site's name (``site_name`` or ``title`` of ``guide.yml``). Like the navigation's titles, the
    name, description and footer are made inert as HTML: themes print them without escaping."""
    description: str = ""
    """The site's description (the guide's tagline)."""
    footer: str = ""
    """A line for every page's footer, or empty."""
    derived: Derived | None = None


def unsafe_sources(docs_dir: Path) -> dict[Path, str]:
    """Entries of the hand-written pages folder that are not plain files or folders, and why.

    MkDocs follows links and copies what they point to: a link in ``site_src/`` to
    ``/proc/self/environ`` would publish the build's environment. Links (even to files inside
    the folder) and special files are refused; nothing under a link is looked at.
    """
    found: dict[Path, str] = {}
    for folder, dirs, files in os.walk(docs_dir, followlinks=False):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                found[path] = "a symbolic link; hand-written pages and assets must be plain files"
            elif not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                found[path] = "a special file (a pipe, socket or device); only plain files are published"
    return found


def describe_unsafe(docs_dir: Path, found: dict[Path, str]) -> str:
    shown = docs_dir.name
    lines = [
        f"  {shown}/{printable(path.relative_to(docs_dir).as_posix())}: {why}" for path, why in sorted(found.items())
    ]
    head = f"{shown}/ holds {len(found)} entr{'y' if len(found) == 1 else 'ies'} that would not be published:"
    return "\n".join([head, *lines])


def build_site(
    data_dir: Path,
    *,
    docs_dir: Path | None = None,
    directory_urls: bool = True,
    charts: bool = True,
    plotly_js: Path | None = None,
    templates: Path | None = None,
    diff_base: str = "",
    history_revisions: int = 0,
    history_since: str = "",
) -> Site:
    """Load, check, derive and render the guide in ``data_dir``.

    ``docs_dir`` holds the hand-written pages the navigation lists after the generated ones.
    ``templates`` is a folder searched before the engine's templates, so a guide can restyle
    a page without forking the engine. ``diff_base`` adds a "What changed in this PR" page
    comparing the data with its state at that git revision. ``history_revisions`` (0: none) adds
    the history of every verdict over at most that many commits of the data (none older than
    ``history_since``) and marks the matrix cells that changed in them; outside git there is none.

    Raises :class:`~generator.errors.GuideError` (every data problem),
    :class:`~generator.diff.revisions.RevisionError` (a bad ``diff_base``) or
    :class:`AssetError` (plotly.js missing while the guide has charts).
    """
    with no_full_collections():
        derived = derive_guide(data_dir, docs_dir)
        timeline = None
        if history_revisions > 0:
            # Imported here, like the diff below: a build without history pays nothing for it.
            from generator.diff.history import history

            timeline = history(data_dir, history_revisions, history_since)
        renderer = Renderer(
            derived, directory_urls=directory_urls, overrides=templates, charts=charts, history=timeline
        )
        pages = renderer.render()
    if diff_base:
        # Imported here: the diff machinery costs every other build ~25 ms of start-up.
        from generator.diff.preview import CHANGES_URI, changes_page, link_from_overview

        pages[CHANGES_URI] = changes_page(data_dir, diff_base)
        pages["index.md"] = link_from_overview(pages["index.md"])
    assets: dict[str, Path] = {}
    # The engine's stylesheets and scripts go out without their comments (a quarter of their weight), each
    # joined script as one file.
    shipped = [*ENGINE_CSS, *ENGINE_JS, *ENGINE_ON_DEMAND]
    engine = {uri: compact(uri, script_source(uri)) for uri in shipped}
    if renderer.charts.all():
        assets[PLOTLY_DEST] = find_plotly(plotly_js)
    hand_written = hand_written_pages(docs_dir) if docs_dir is not None else []
    changes = CHANGES_PAGE if CHANGES_PAGE in pages else None
    nav = guide_nav(derived, renderer.pages(), hand_written, changes)
    page_of = {o.id: page_url(option_uri(o.id), directory_urls) for o in derived.data.options}
    guide = derived.data.guide
    return Site(
        pages,
        nav,
        assets,
        {
            **engine,
            **downloads(derived, page_of, page_url(DECIDE_URI, directory_urls)),
            **plans(derived, page_url(DECIDE_URI, directory_urls)),
        },
        derived=derived,
        name=escaping.title(guide.site_name or guide.title),
        description=escaping.title(guide.tagline),
        footer=escaping.title(guide.footer) if guide.footer else "",
    )


def swap_in(staging: Path, out: Path) -> None:
    """Put the finished ``staging`` folder at ``out``, removing the previous one only afterwards, so a
    failed build never leaves a half-written site (the Zensical build and the quality gates' builds)."""
    old = None
    if os.path.lexists(out):
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.parent))
        out.rename(old / out.name)
    staging.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
