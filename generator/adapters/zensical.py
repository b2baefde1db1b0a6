"""Zensical adapter: the same guide, built and served by Zensical instead of MkDocs.

Zensical (the successor of Material for MkDocs) reads ``mkdocs.yml`` but runs no MkDocs
plugins. So this adapter does beforehand, into a project folder, what the plugin does
during a MkDocs build, from the same :func:`~generator.build.build_site` call:

* ``docs/``: the hand-written pages and assets of ``docs_dir``, the generated pages and the
  assets the plugin adds (plotly.js, the changes page when a diff base is set);
* ``overrides/``: the theme overrides, less the ones that are Material's alone
  (:data:`MATERIAL_ONLY`, each with its reason);
* ``mkdocs.yml``: the project's, with the plugin's navigation written in, the plugin removed,
  and the folders pointed at the above. Site name, palette, features, CSS and scripts are
  the project's own, unchanged.

``python -m generator.adapters.zensical build [-f mkdocs.yml] [--out build/zensical]`` builds
the site into ``OUT/site`` (atomically: a failed build keeps the last good one);
``... serve`` serves it and regenerates the pages when ``data/`` changes.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import yaml

from generator.adapters import (
    config_gate,
    csp,
    handwritten,
    live_reload,
    published,
    sanitize,
    script_files,
    static_files,
)
from generator.adapters.config_where import where
from generator.adapters.live_reload import ZensicalReload
from generator.build import (
    ENGINE_CSS,
    ENGINE_JS,
    AssetError,
    Site,
    build_site,
    describe_unsafe,
    swap_in,
    unsafe_sources,
)
from generator.errors import GuideError, Problem, RevisionError
from generator.output_dir import OutputRefused, check_output, mark

#: The engine's overrides of Material's templates (the MkDocs plugin adds the same folder to the theme).
THEME_OVERRIDES = Path(__file__).parent / "material"

#: The plugin's name in ``mkdocs.yml`` (its ``mkdocs.plugins`` entry point in pyproject.toml).
PLUGIN = "decision-guide"

#: Theme overrides (relative to ``custom_dir``) that only fit Material for MkDocs, and why Zensical goes without.
MATERIAL_ONLY: dict[str, str] = {
    "partials/search.html": (
        "Material 9's search dialog, reproduced to give it an accessible name; Zensical's header has its own "
        "search button and dialog, which already carry that name, and Material's markup breaks it"
    ),
}

#: Settings of ``mkdocs.yml`` Zensical does not use, dropped from the derived copy.
DROPPED = ("exclude_docs", "strict")

#: Material's look in Zensical (its default "modern" variant restyles every page).
VARIANT = "classic"


class ZensicalFailed(Exception):
    """Zensical (or the project folder it needs) failed; the message says what happened."""


@dataclass
class Project:
    """A Zensical project folder: its config, and where the site goes."""

    root: Path
    config: Path
    site: Path
    publish_files: tuple[str, ...] = ()
    """The files the guide's configuration lists to publish whatever their kind (for the PR's comment)."""
    pages: dict[str, published.Handwritten] = field(default_factory=dict)
    """The hand-written pages, by their path in the docs folder: checked again as Zensical published them."""
    directory_urls: bool = True
    marker: published.Marker | None = None
    """The markers around each page's content, when the build checks what Zensical published."""


def read_config(path: Path) -> dict[str, Any]:
    """``mkdocs.yml`` (and what it inherits) as the configuration gate read and checked it, ``!ENV`` resolved:
    the one reading Zensical is handed (``config_gate.checked``); a refused configuration stops here."""
    tree, found = config_gate.checked(path)
    if tree is None:
        raise ZensicalFailed(config_gate.describe(found))
    return dict(tree.data())


def _derived(path: Path) -> dict[str, Any]:
    """The project's own ``mkdocs.yml``, as :func:`prepare` wrote it (plain YAML)."""
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


def plugin_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The decision-guide plugin's options in ``config`` (its ``plugins:`` entry), or ``{}``."""
    for entry in config.get("plugins") or []:
        if isinstance(entry, dict) and PLUGIN in entry:
            return dict(entry[PLUGIN] or {})
        if entry == PLUGIN:
            return {}
    raise ZensicalFailed(f"the {PLUGIN} plugin is not in the plugins of mkdocs.yml: nothing says where the data is")


def without_plugin(plugins: list[Any]) -> list[Any]:
    return [p for p in plugins if p != PLUGIN and not (isinstance(p, dict) and PLUGIN in p)]


def guide_site(config_file: Path, config: Mapping[str, Any]) -> Site:
    """The guide of ``config_file`` as the plugin would build it (same options, same defaults)."""
    root = config_file.parent
    options = plugin_options(config)
    templates = options.get("templates") or ""
    return build_site(
        root / str(options.get("data_dir", "data")),
        docs_dir=root / str(config.get("docs_dir", "docs")),
        directory_urls=bool(config.get("use_directory_urls", True)),
        charts=bool(options.get("charts", True)),
        plotly_js=root / str(options["plotly_js"]) if options.get("plotly_js") else None,
        templates=(root / str(templates)) if templates else None,
        diff_base=str(options.get("diff_base") or ""),
        history_revisions=int(options.get("history_revisions") or 0),
        history_since=str(options.get("history_since") or ""),
    )


def derived_config(
    config: Mapping[str, Any], nav: list[Any], *, custom_dir: str | None, site: Site | None = None
) -> dict[str, Any]:
    """The project's settings for Zensical: the plugin's nav, chrome, stylesheets and scripts in, the plugin
    out, folders in the project."""
    out = {key: value for key, value in config.items() if key not in DROPPED}
    out["docs_dir"] = "docs"
    out["site_dir"] = "site"
    if out.get("nav") is None:
        out["nav"] = nav
    if site is not None:  # what the plugin sets: the guide's own name, description and footer
        out["site_name"] = site.name
        if site.description:
            out["site_description"] = site.description
        if site.footer:
            out["copyright"] = site.footer
    css = [str(c) for c in out.get("extra_css") or []]
    out["extra_css"] = [*css, *(uri for uri in ENGINE_CSS if uri not in css)]
    js = list(out.get("extra_javascript") or [])
    out["extra_javascript"] = [*js, *(uri for uri in ENGINE_JS if uri not in {str(j) for j in js})]
    out["plugins"] = without_plugin(list(config.get("plugins") or []))
    theme = dict(out.get("theme") or {})
    theme.setdefault("variant", VARIANT)
    if custom_dir is None:
        theme.pop("custom_dir", None)
    else:
        theme["custom_dir"] = custom_dir
    out["theme"] = theme
    return out


def _tree(source: Path, skip: set[Path]) -> dict[str, Path]:
    """Files under ``source`` (``relative path -> file``), less those in or under ``skip``."""
    found: dict[str, Path] = {}
    for folder, dirs, files in os.walk(source):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if (here / d).resolve() not in skip)
        for name in sorted(files):
            path = here / name
            if path.resolve() not in skip:
                found[path.relative_to(source).as_posix()] = path
    return found


def with_banner(markdown: str, banner: str) -> str:
    """``markdown`` with the error ``banner`` (HTML) at the top of its body, after any front matter."""
    front = _FRONT_MATTER.match(markdown)
    start = front.end() if front else 0
    return markdown[:start] + banner + "\n" + markdown[start:]


_FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


_URL_ATTR = re.compile(r'(\s(?:href|src)=")([^"]*)(")')


def page_url(uri: str) -> str:
    """Where MkDocs and Zensical (with directory URLs) publish the page ``uri``: ``a/b.md`` -> ``a/b/``."""
    stem = uri[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def for_zensical(uri: str, markdown: str) -> str:
    """The generated page ``uri`` with its HTML links relative to the Markdown file, as Zensical reads them.

    The generator writes links in its HTML relative to the published page (``options/uccl/``), which
    is how MkDocs leaves them. Zensical treats a relative URL in HTML as relative to the Markdown file
    (``options/``), as it does a Markdown link, and adds the ``../`` the published page needs; so
    ``../pplx/`` would become ``../../pplx/``. Each relative URL is therefore rewritten relative to the
    file's folder: the published site links where the MkDocs one does.
    """
    page = page_url(uri)
    folder = posixpath.dirname(uri)
    if page.rstrip("/") == folder:  # an index page: published in its own folder, nothing to change
        return markdown

    def rewrite(match: re.Match[str]) -> str:
        url = match.group(2)
        parts = urlsplit(url)
        if not url or url.startswith(("#", "/")) or parts.scheme or parts.netloc:
            return match.group(0)
        target = posixpath.normpath(posixpath.join(page, parts.path))
        relative = posixpath.relpath(target, folder or ".")
        if parts.path.endswith("/") or parts.path in ("", "."):
            relative = relative.rstrip("/") + "/"
        rebuilt = urlunsplit(("", "", relative, parts.query, parts.fragment))
        return match.group(1) + rebuilt + match.group(3)

    return _URL_ATTR.sub(rewrite, markdown)


def docs_contents(site: Site, docs_dir: Path, skip: set[Path], banner: str = "") -> dict[str, bytes]:
    """What Zensical's ``docs/`` holds: the hand-written files of ``docs_dir`` (less ``skip``), then the
    generated pages and the assets; every page starts with ``banner`` when one is given."""
    files: dict[str, bytes] = {uri: path.read_bytes() for uri, path in _tree(docs_dir, skip).items()}
    for uri, text in site.pages.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a generated page; rename or remove it")
        files[uri] = (for_zensical(uri, text) if uri.endswith(".md") else text).encode("utf-8")
    for uri, source in site.assets.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a file the generator adds")
        files[uri] = source.read_bytes()
    for uri, text in site.files.items():
        if uri in files:
            raise ZensicalFailed(f"{docs_dir.name}/{uri} clashes with a file the generator adds")
        files[uri] = text.encode("utf-8")
    if banner:
        for uri, content in files.items():
            if uri.endswith(".md"):
                files[uri] = with_banner(content.decode("utf-8"), banner).encode("utf-8")
    return files


def sync(target: Path, files: dict[str, bytes], *, prune: bool = True) -> list[str]:
    """Make ``target`` hold exactly ``files``: write what changed, remove what is gone; return what changed.

    Only changed files are touched, so a watching server rebuilds only what an edit changed.
    """
    changed: list[str] = []
    for uri, content in files.items():
        dest = target / uri
        if dest.is_file() and dest.read_bytes() == content:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp")
        tmp.write_bytes(content)
        tmp.replace(dest)
        changed.append(uri)
    if prune and target.is_dir():
        for uri in sorted(set(_tree(target, set())) - set(files)):
            (target / uri).unlink()
            changed.append(uri)
    return changed


def _material_only(folder: Path) -> set[Path]:
    return {(folder / path).resolve() for path in MATERIAL_ONLY}


def write_overrides(custom_dir: Path, target: Path) -> None:
    """The theme overrides of ``custom_dir`` that fit Zensical (all but :data:`MATERIAL_ONLY`)."""
    skip = {(custom_dir / path).resolve() for path in MATERIAL_ONLY}
    sync(target, {uri: path.read_bytes() for uri, path in _tree(custom_dir, skip).items()})


def prepare(
    config_file: Path,
    root: Path,
    site: Site | None = None,
    banner: str = "",
    marker: published.Marker | None = None,
    reload: ZensicalReload | None = None,
) -> Project:
    """Write the Zensical project of ``config_file`` (an ``mkdocs.yml`` with the plugin) into ``root``.

    ``site`` is the guide to write (default: built now from the data); ``banner`` (HTML) goes at the
    top of every page; ``marker``, when given, goes around each page's content, for :func:`check_published`; ``reload``
    (``zensical serve`` only) is the server's live-reload script, which the pages' policy then allows.
    Files already up to date are left alone, so a watching Zensical rebuilds little.
    """
    config_file = config_file.resolve()
    config = read_config(config_file)
    docs_dir = (config_file.parent / str(config.get("docs_dir", "docs"))).resolve()
    unsafe = unsafe_sources(docs_dir)
    if unsafe:
        raise ZensicalFailed(describe_unsafe(docs_dir, unsafe))
    if site is None:
        site = guide_site(config_file, config)
    theme = config.get("theme") or {}
    custom = theme.get("custom_dir") if isinstance(theme, dict) else None
    custom_dir = (config_file.parent / str(custom)).resolve() if custom else None
    skip = {custom_dir} if custom_dir is not None else set()
    options = plugin_options(config)
    if options.get(handwritten.RAW_HTML_OPTION):
        raise ZensicalFailed(handwritten.RAW_HTML_REFUSED)
    listed = tuple(str(path) for path in options.get(static_files.OPTION) or [])
    # The same checks as the MkDocs plugin's, before Zensical runs: files by kind, front matter, and
    # each page rendered with the guide's Markdown extensions (as Zensical renders it, with Python-Markdown)
    # and cleaned by the allow-list; whatever that removes refuses the page, so what Zensical publishes
    # is HTML the allow-list keeps whole. Independent of where Zensical writes pages (use_directory_urls).
    # Zensical reads only a YAML block as front matter: MultiMarkdown `Key: value` lines are its content.
    # A build checks again what Zensical published (check_published); `zensical serve` has this check only.
    setup = markdown_setup(config)
    sources = handwritten.read_sources(docs_dir, *setup, publish_files=listed, multimarkdown_meta=False)
    if sources.broken:
        raise ZensicalFailed(sanitize.describe(sorted(sources.broken.values())))
    if sources.problems():
        raise ZensicalFailed(sanitize.describe(sources.problems()))
    root.mkdir(parents=True, exist_ok=True)
    docs = docs_contents(site, docs_dir, skip, banner)
    sync(root / "docs", docs)
    # The engine's theme overrides, then the guide's own over them (all but :data:`MATERIAL_ONLY`).
    overrides = {
        uri: path.read_bytes() for uri, path in _tree(THEME_OVERRIDES, _material_only(THEME_OVERRIDES)).items()
    }
    if custom_dir is not None:
        overrides.update({uri: p.read_bytes() for uri, p in _tree(custom_dir, _material_only(custom_dir)).items()})
    if marker is not None:
        overrides[published.CONTENT_TEMPLATE] = _marked_content(overrides, marker)
    derived = derived_config(config, site.nav, custom_dir="overrides", site=site)
    if reload is not None:
        overrides = live_reload.serve_overrides(reload, overrides, docs, derived)
    sync(root / "overrides", overrides)
    target = root / "mkdocs.yml"
    text = f"# Written by generator.adapters.zensical from {config_file.name}; do not edit.\n"
    sync(
        root,
        {"mkdocs.yml": (text + yaml.safe_dump(derived, sort_keys=False, allow_unicode=True)).encode()},
        prune=False,
    )
    pages = {uri: published.Handwritten(f"{docs_dir.name}/{uri}", text) for uri, text in sources.texts.items()}
    directory_urls = bool(config.get("use_directory_urls", True))
    return Project(root, target, root / "site", listed, pages, directory_urls, marker)


def _marked_content(overrides: Mapping[str, bytes], marker: published.Marker) -> bytes:
    """The template that shows a page's content (the guide's override, or Zensical's), with ``marker`` around it."""
    name = published.CONTENT_TEMPLATE
    if name in overrides:
        text = overrides[name].decode("utf-8", errors="replace")
    else:
        import zensical

        text = (Path(zensical.__file__).parent / "templates" / name).read_text(encoding="utf-8")
    try:
        return published.marked_template(text, marker, name).encode("utf-8")
    except published.Unmarkable as exc:
        raise ZensicalFailed(str(exc)) from None


#: The Markdown extensions MkDocs (and Zensical) load whatever ``mkdocs.yml`` says.
BUILTIN_EXTENSIONS = ("toc", "tables", "fenced_code")


def markdown_setup(config: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The Markdown extensions and their settings of ``mkdocs.yml`` (its ``markdown_extensions``), as MkDocs
    reads them."""
    extensions, configs = list(BUILTIN_EXTENSIONS), {}
    for entry in config.get("markdown_extensions") or []:
        items = entry.items() if isinstance(entry, dict) else [(entry, None)]
        for name, settings in items:
            if str(name) not in extensions:
                extensions.append(str(name))
            if isinstance(settings, dict):
                configs[str(name)] = settings
    return extensions, configs


def zensical_command(config: Path, *, serve: bool = False, addr: str = "") -> list[str]:
    if serve:
        return [sys.executable, "-m", "zensical", "serve", "-f", str(config), *(["-a", addr] if addr else [])]
    return [sys.executable, "-m", "zensical", "build", "--clean", "--strict", "-f", str(config)]


def run_zensical(project: Project, timeout: float = 600) -> None:
    done = subprocess.run(
        zensical_command(project.config),
        capture_output=True,
        text=True,
        cwd=project.root,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0 or not (project.site / "index.html").is_file():
        raise ZensicalFailed(f"zensical build failed:\n{done.stdout}{done.stderr}")


def theme_scripts(project: Project) -> csp.ThemeScripts:
    """The inline scripts of the project's templates (the engine's and the guide's overrides, then
    Zensical's theme), rendered with the project's configuration: what each page's policy trusts."""
    folders = [project.root / "overrides", zensical_templates()]
    config = _derived(project.config)
    return csp.ThemeScripts.of_theme(folders, None, {"config": config}, trusted_files(config, folders))


def trusted_files(config: Mapping[str, Any], folders: list[Path]) -> script_files.TrustedFiles:
    """The script files the policy names, under the configuration's ``site_url`` (checked before the build)."""
    extra = [str(s.get("path", "") if isinstance(s, dict) else s) for s in config.get("extra_javascript") or []]
    return script_files.trusted_files(str(config.get("site_url") or ""), folders, extra)


def zensical_templates() -> Path:
    """The installed Zensical's theme templates."""
    import zensical

    return Path(zensical.__file__).parent / "templates"


def check_site_url(config_file: Path) -> None:
    """Before anything is written: the page policy names script files under ``site_url``, so it must be one."""
    try:
        script_files.site_base(str(read_config(config_file).get("site_url") or ""))
    except script_files.SiteUrlRefused as refused:
        raise ZensicalFailed(f"{where(config_file, 'site_url')}: {refused}") from None


def base_url(rel: str, site_url: str) -> str:
    """The ``base_url`` the theme renders a built file with (as MkDocs: error pages get the site's path)."""
    if rel == "404.html":
        return urlsplit(site_url or "/").path or "/"
    return posixpath.relpath(".", posixpath.dirname(rel) or ".")


#: The logo links' ``title``, which Zensical's header and nav escape (``| e``) though the site name given
#: to it is already escaped HTML (as the plugin gives it to Material): ``R&D`` would read ``R&amp;D``.
_LOGO_TITLE = re.compile(r'(<a [^>]*?title=")([^"]*)("[^>]*class="md-(?:header|nav)__button md-logo")')


def _logo_titles_once(page: str) -> str:
    """``page`` with the logo links' titles escaped once, like every other place the site name is shown.
    A title that would hold markup or a quote once unescaped (it was escaped only once) stays as it is:
    this finishing step runs after the published pages were checked, and must not undo an escape."""

    def once(m: re.Match[str]) -> str:
        title = html.unescape(m.group(2))
        return m.group(1) + (m.group(2) if any(c in title for c in '<>"') else title) + m.group(3)

    return _LOGO_TITLE.sub(once, page)


def check_published(project: Project) -> None:
    """After Zensical built the site: each hand-written page's content as Zensical rendered it, through the
    same allow-list as before the build (:mod:`~generator.adapters.published`); anything it would remove
    refuses the build."""
    if project.marker is None:
        return
    found = published.check_site(project.site, project.pages, project.marker, directory_urls=project.directory_urls)
    if found:
        raise ZensicalFailed(published.describe(found))


def finish(project: Project) -> None:
    """After Zensical built the site: fill in each page's Content-Security-Policy (the MkDocs plugin does
    it while rendering), take out the content markers, and escape the site name in the logo links' titles
    once. A page left without the policy (but a file the configuration lists to publish as it is) refuses
    the build."""
    scripts = theme_scripts(project)
    site_url = str(_derived(project.config).get("site_url") or "")
    listed = {posixpath.normpath(path).lstrip("/") for path in project.publish_files}
    bare: list[Problem] = []
    for path in sorted(project.site.rglob("*.html")):
        rel = path.relative_to(project.site).as_posix()
        text = path.read_text(encoding="utf-8")
        filled = _logo_titles_once(published.finished(scripts.fill(text, base_url(rel, site_url)), project.marker))
        if rel not in listed and not csp.has_policy(filled):
            bare.append(Problem(rel, 0, "", "Zensical wrote it without the page's Content-Security-Policy"))
        if filled != text:
            path.write_text(filled, encoding="utf-8")
    if bare:
        raise ZensicalFailed(published.describe(bare))


@dataclass
class Timings:
    """Where a build's time went: the guide's Markdown, project folder and finishing of the pages (this
    process, ``project_*``), and ``zensical build`` (``zensical_*``)."""

    project_s: float = 0.0
    project_cpu_s: float = 0.0
    zensical_s: float = 0.0
    zensical_cpu_s: float = 0.0
    """User + system seconds of the ``zensical build`` child (its threads included)."""


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (0 where the platform has no ``resource`` module)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(config_file: Path, out: Path, timings: Timings | None = None) -> Path:
    """Build the guide of ``config_file`` with Zensical into ``out/site`` (``out`` holds the project).

    Atomic: the project is written and built in a fresh folder beside ``out``, which replaces
    ``out`` only when Zensical succeeded; a data error or a failed build keeps the last good site.
    ``timings``, when given, is filled in with where the time went.
    """
    times = timings if timings is not None else Timings()
    check_output(out, [config_file])
    refused = config_gate.problems(config_file)
    if refused:
        raise ZensicalFailed(config_gate.describe(refused))
    check_site_url(config_file)
    out = out.absolute()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        project = prepare(config_file, staging, marker=published.Marker.fresh())
        times.project_s, times.project_cpu_s = time.perf_counter() - wall, time.process_time() - cpu
        wall, cpu = time.perf_counter(), _children_cpu()
        run_zensical(project)
        times.zensical_s, times.zensical_cpu_s = time.perf_counter() - wall, _children_cpu() - cpu
        wall, cpu = time.perf_counter(), time.process_time()
        check_published(project)
        finish(project)
        mark(staging)
        times.project_s += time.perf_counter() - wall
        times.project_cpu_s += time.process_time() - cpu
        swap_in(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return out / "site"


def shown(data_dir: Path, root: Path) -> str:
    """``data/`` when the data folder is under the project, else its full path, with a slash (for messages)."""
    try:
        return data_dir.resolve().relative_to(root.resolve()).as_posix() + "/"
    except ValueError:
        return data_dir.as_posix().rstrip(os.sep) + "/"


def data_prefix(config_file: Path) -> str:
    """How messages name the data folder of ``config_file``'s guide (``data/``)."""
    root = config_file.resolve().parent
    try:
        return shown(root / str(plugin_options(read_config(config_file)).get("data_dir", "data")), root)
    except ZensicalFailed:
        return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.adapters.zensical", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "serve"])
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"))
    parser.add_argument(
        "--out", type=Path, default=Path("build/zensical"), help="the project folder (site in OUT/site)"
    )
    parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="serve: address and port")
    parser.add_argument("--timings", type=Path, help="build: write where the time went to this file (JSON)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            started = time.perf_counter()
            times = Timings()
            site = build(args.config_file, args.out, times)
            print(
                f"zensical: built {site} in {time.perf_counter() - started:.2f} s (the guide's pages and project "
                f"{times.project_s:.2f} s, zensical build {times.zensical_s:.2f} s)"
            )
            if args.timings:
                args.timings.write_text(json.dumps(asdict(times)) + "\n", encoding="utf-8")
            return 0
        from generator.adapters.zensical_serve import serve

        return serve(args.config_file, args.out, args.dev_addr)
    except GuideError as exc:
        print(exc.report(data_prefix(args.config_file)), file=sys.stderr)
    except (RevisionError, AssetError, ZensicalFailed, OutputRefused) as exc:
        print(str(exc), file=sys.stderr)
    except OSError as exc:
        print(f"cannot write {exc.filename or 'the output'}: {exc.strerror or exc}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
