"""After Zensical built the site: the hand-written pages checked again as Zensical published them, and each
page finished as the MkDocs plugin renders it (its Content-Security-Policy filled in, the content markers
taken out, the logo links' titles escaped once)."""

from __future__ import annotations

import html
import posixpath
import re

from generator.adapters import csp, published
from generator.adapters.search_cut import cap_zensical
from generator.adapters.zensical_config import ZensicalFailed, read_derived
from generator.adapters.zensical_project import Project
from generator.adapters.zensical_theme import base_url, trusted_files, zensical_templates
from generator.errors import Problem


def theme_scripts(project: Project) -> csp.ThemeScripts:
    """The inline scripts of the project's templates (the engine's and the guide's overrides, then
    Zensical's theme), rendered with the project's configuration: what each page's policy trusts."""
    folders = [project.root / "overrides", zensical_templates()]
    config = read_derived(project.config)
    return csp.ThemeScripts.of_theme(folders, None, {"config": config}, trusted_files(config, folders))


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
    site_url = str(read_derived(project.config).get("site_url") or "")
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
    cap_zensical(project.site)
