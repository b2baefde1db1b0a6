"""What a change does to the site's inputs besides the data: ``mkdocs.yml``, theme overrides, hand-written pages.

A pull request that leaves ``data/`` alone can still switch a protection off: point the theme at its own
templates (``theme.custom_dir``), add a script to every page (``extra_javascript``), run Python at build
time (``hooks:``), let raw HTML through (the decision-guide plugin's ``allow_raw_html: true``), list files
to publish that the plugin would refuse (its ``publish_files``), change the theme or drop a plugin. The
pull request's comment must say so. This module compares the configuration of both sides, as written
(tags kept as text, nothing resolved or run: :mod:`generator.read.yaml_config`), and the files under the
folders it names (the pages folder ``docs_dir``, the theme's ``custom_dir`` and ``overrides/``, the hook
files), read as git stores them (:func:`generator.diff.revisions.tree_entries`) or, for the working
tree, from disk without following links. Every change that lowers a protection says why.
"""

from __future__ import annotations

import os
import posixpath
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diff.inputs import changed_inputs, folder_prefix, runs_code, tree_digest
from generator.diff.model import short_pair
from generator.diff.revisions import Side, read_blobs, repository, run_git, tree_entries
from generator.errors import printable
from generator.read.yaml_config import read_config

#: The plugin whose options guard the pages.
PLUGIN = "decision-guide"
#: The plugin option that trusts settings as code (generator.adapters.config_gate).
TRUST_KEY = "trusted_configuration"
#: The plugin's options that are code, and why.
CODE_OPTIONS = {
    "templates": "generated pages are rendered with templates from the repository, outside the sanitizer",
    "plotly_js": "a script file copied into the site, which every page's policy trusts",
}
#: Files beside the configuration that pin what builds the site (the engine, MkDocs, the theme).
ENGINE_PINS = ("requirements.txt", "requirements.lock", "requirements-dev.lock", "pyproject.toml")
#: Files listed at most per comparison; the rest are counted.
MAX_LISTED = 200


@dataclass(frozen=True)
class SiteChange:
    """One change to the site's inputs: a file (``path``) or a setting of the configuration (``setting``)."""

    what: str
    """``file`` or ``setting``."""
    name: str
    """The file's path from the top of the repository, or the setting (``theme.custom_dir``)."""
    change: str
    """``added``, ``removed``, ``changed``; for a setting ``before → after`` as written."""
    lowers: str = ""
    """Why this lowers a protection, or ``""`` when it does not."""


@dataclass
class _Side:
    """One side's configuration (``None`` when absent or unreadable, with why) and a way to list files."""

    repo: Path
    commit: str | None
    config: Any = None
    problem: str = ""
    present: bool = False

    def files(self, folder: str) -> dict[str, str]:
        """path -> a digest of its content and kind, for every file under ``folder`` (a path from the top)."""
        if self.commit is not None:
            return {e.path: f"{e.mode}:{e.blob}" for e in tree_entries(self.repo, self.commit, folder)}
        out: dict[str, str] = {}
        top = self.repo / folder
        done = run_git(self.repo, "rev-parse", "--show-object-format")
        algorithm = "sha256" if done.returncode == 0 and done.stdout.strip() == "sha256" else "sha1"
        if top.is_symlink() or top.is_file():
            return {folder: tree_digest(top, algorithm)}
        for here, dirs, names in os.walk(top):  # a link to a folder is listed as a link, never walked into
            links = [d for d in dirs if Path(here, d).is_symlink()]
            dirs[:] = sorted(d for d in dirs if d != ".git" and d not in links)
            for name in sorted(names + links):
                path = Path(here, name)
                out[path.relative_to(self.repo).as_posix()] = tree_digest(path, algorithm)
        return out

    def read(self, path: str) -> bytes | None:
        if self.commit is not None:
            entries = [e for e in tree_entries(self.repo, self.commit, path) if e.path == path]
            if not entries or entries[0].is_link:
                return None
            return read_blobs(self.repo, [entries[0].blob]).get(entries[0].blob)
        target = self.repo / path
        try:
            if not stat.S_ISREG(os.lstat(target).st_mode):
                return None
            return target.read_bytes()
        except OSError:
            return None


def _load(side: _Side, config_path: str) -> None:
    raw = side.read(config_path)
    side.present = raw is not None
    if raw is None:
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        side.problem = f"{config_path}: not UTF-8 text"
        return
    data, problem = read_config(text, config_path)
    if problem is not None:
        side.problem = printable(problem.text())
    elif data is not None and not isinstance(data, dict):
        side.problem = f"{config_path}: not a mapping of settings"
    else:
        side.config = data or {}


def _get(config: Any, *keys: str) -> Any:
    for key in keys:
        config = config.get(key) if isinstance(config, dict) else None
    return config


def _theme(config: Any) -> dict[str, Any]:
    theme = _get(config, "theme")
    if isinstance(theme, str):
        return {"name": theme}
    return theme if isinstance(theme, dict) else {}


def _plugins(config: Any) -> dict[str, Any]:
    """Plugin name -> its options (a list of names or of one-key mappings, or a mapping)."""
    plugins = _get(config, "plugins")
    out: dict[str, Any] = {}
    if isinstance(plugins, dict):
        return {str(k): v for k, v in plugins.items()}
    for item in plugins if isinstance(plugins, list) else []:
        if isinstance(item, dict):
            out.update({str(k): v for k, v in item.items()})
        else:
            out[str(item)] = None
    return out


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _folder(config_dir: str, value: Any) -> str | None:
    """A folder the configuration names, as a path from the top of the repository (``None`` if it leaves it)."""
    if not isinstance(value, str) or not value.strip() or value.startswith("!"):
        return None
    joined = posixpath.normpath(posixpath.join(config_dir, value))
    return None if joined.startswith("../") or joined == ".." or posixpath.isabs(joined) else joined


def _setting(name: str, before: Any, after: Any, lowers: str = "") -> SiteChange:
    was, now = short_pair(before, after)
    return SiteChange("setting", name, f"{was} → {now}", lowers)


def _config_changes(config_path: str, base: _Side, head: _Side) -> list[SiteChange]:
    out: list[SiteChange] = []
    if head.problem:
        out.append(
            SiteChange(
                "setting", config_path, f"cannot be read: {head.problem}", "the build's settings cannot be checked"
            )
        )
        return out
    if not head.present:
        if base.present:
            out.append(SiteChange("file", config_path, "removed", "the site's settings are gone"))
        return out
    a, b = base.config or {}, head.config or {}
    ta, tb = _theme(a), _theme(b)
    if ta.get("name") != tb.get("name"):
        out.append(
            _setting(
                "theme.name",
                ta.get("name"),
                tb.get("name"),
                "another theme: its templates and scripts are not the ones the policy trusts",
            )
        )
    if tb.get("custom_dir") is not None and ta.get("custom_dir") != tb.get("custom_dir"):
        out.append(
            _setting(
                "theme.custom_dir",
                ta.get("custom_dir"),
                tb.get("custom_dir"),
                "the theme's templates come from the repository and are published as written, outside the sanitizer",
            )
        )
    for key, lowers in (
        ("extra_javascript", "a script on every page"),
        ("hooks", "Python from the repository runs during the build"),
    ):
        was, now = _as_list(a.get(key)), _as_list(b.get(key))
        if now != was:
            added = [x for x in now if x not in was]
            out.append(_setting(key, a.get(key), b.get(key), lowers if added else ""))
    if a.get("INHERIT") != b.get("INHERIT"):
        out.append(
            _setting(
                "INHERIT",
                a.get("INHERIT"),
                b.get("INHERIT"),
                "settings come from another file, not compared here" if b.get("INHERIT") else "",
            )
        )
    pa, pb = _plugins(a), _plugins(b)
    for name in pa:
        if name not in pb:
            out.append(SiteChange("setting", f"plugins.{name}", "removed", "a plugin no longer runs"))
    for name in pb:
        if name not in pa:
            out.append(SiteChange("setting", f"plugins.{name}", "added"))
    ga, gb = pa.get(PLUGIN), pb.get(PLUGIN)
    ga, gb = ga if isinstance(ga, dict) else {}, gb if isinstance(gb, dict) else {}
    for key in sorted(set(ga) | set(gb)):
        before, after = ga.get(key), gb.get(key)
        if before == after:
            continue
        lowers = ""
        if key == "allow_raw_html" and after not in (None, False, "false", "False"):
            lowers = "raw HTML in the hand-written pages is published without the sanitizer"
        elif key == "publish_files":
            lowers = "files the plugin would refuse to publish are listed to be published"
        elif key == "data_dir":
            lowers = "the guide's data comes from another folder, whose change this comparison of the data cannot show"
        elif key == TRUST_KEY:
            lowers = "runs code: the settings it lists build as code, unchecked"
        elif key in CODE_OPTIONS:
            lowers = f"runs code: {CODE_OPTIONS[key]}"
        out.append(_setting(f"plugins.{PLUGIN}.{key}", before, after, lowers))
    for name in sorted(set(pa) & set(pb) - {PLUGIN}):
        if pa[name] != pb[name]:
            out.append(_setting(f"plugins.{name}", pa[name], pb[name]))
    trusted = [str(t) for t in _as_list(gb.get(TRUST_KEY))]
    named = {"theme", "extra_javascript", "hooks", "INHERIT", "plugins"}
    for key in sorted((set(a) | set(b)) - named, key=str):
        if a.get(key) != b.get(key):
            out.append(_setting(str(key), a.get(key), b.get(key)))
    for key in sorted((set(ta) | set(tb)) - {"name", "custom_dir"}, key=str):
        if ta.get(key) != tb.get(key):
            out.append(_setting(f"theme.{key}", ta.get(key), tb.get(key)))
    return [_trusted_change(c, trusted) for c in out]


def _trusted_change(change: SiteChange, trusted: list[str]) -> SiteChange:
    """A changed setting the configuration trusts as code is named as running code."""
    name = change.name
    if change.what != "setting" or change.lowers or not any(name == t or name.startswith(t + ".") for t in trusted):
        return change
    return SiteChange(change.what, name, change.change, f"runs code: {TRUST_KEY} trusts this setting as code")


def _folders(config_path: str, side: _Side) -> dict[str, str]:
    """The folders and files of one side that make the site, path -> why a change there lowers a protection."""
    config_dir = posixpath.dirname(config_path)
    config = side.config if isinstance(side.config, dict) else {}
    out: dict[str, str] = {}
    docs = _folder(config_dir, config.get("docs_dir", "docs"))
    if docs:
        out[docs] = ""
    for folder in (_folder(config_dir, _theme(config).get("custom_dir")), _folder(config_dir, "overrides")):
        if folder:
            out[folder] = "a theme override: its templates are published as written, outside the sanitizer"
    for hook in _as_list(config.get("hooks")):
        path = _folder(config_dir, hook)
        if path:
            out[path] = "a build hook: Python that runs during the build"
    options = _plugins(config).get(PLUGIN)
    templates = options.get("templates") if isinstance(options, dict) else None
    if templates:
        path = _folder(config_dir, templates)
        if path:
            out[path] = "runs code: a template the plugin renders the generated pages with, outside the sanitizer"
    for name in ENGINE_PINS:
        path = _folder(config_dir, name)
        if path:
            out[path] = "runs code: the engine, theme or their versions that build the site"
    return out


YAML_SUFFIXES = (".yml", ".yaml", ".md", ".markdown")
_TAG_SCAN_BYTES = 1 << 20


def _yaml_tag(content: bytes | None) -> str:
    """Why a changed file's YAML tag is named (``!ENV`` aside), or ``""``: a tag makes a reader construct
    something else than text (MkDocs' loader resolves ``!!python/name:``). Markdown is scanned in its front
    matter only."""
    if not content or len(content) > _TAG_SCAN_BYTES:
        return ""
    text = content.decode("utf-8", errors="replace")
    if text.startswith("---"):
        end = text.find("\n---", 3)
        text = text[3:end] if end != -1 else ""
    import yaml

    try:
        for scanned in yaml.scan(text):
            if isinstance(scanned, yaml.TagToken) and scanned.value != ("!", "ENV"):
                handle, suffix = scanned.value
                tag = printable(str(handle or "") + str(suffix))
                return f"a YAML tag ({tag}) on its line {scanned.start_mark.line + 1}: a tag can make a reader run code"
    except yaml.YAMLError:
        return ""
    return ""


def _kept_restore(side: Side) -> str | None:
    """The command the side's ``guide.yml`` declares to restore its kept files (``kept_files.restore``), or
    ``None``: CI runs it, so a change to it runs code (:mod:`generator.restore`)."""
    kept = side.derived.data.guide.kept_files
    return kept.restore if kept is not None and kept.restore and kept.restore.strip() else None


def site_changes(data_dir: Path, old: Side, new: Side, config: Path | None = None) -> list[SiteChange]:
    """Every change from ``old`` to ``new`` (the two sides :func:`generator.diff.revisions.load_pair` read) to the
    site's configuration and the files it builds from, the ones that lower a protection first. ``config`` is the
    configuration file (default: ``mkdocs.yml`` beside the data folder)."""
    repo, data_path = repository(data_dir)
    if config is None:
        config_path = posixpath.join(posixpath.dirname(data_path), "mkdocs.yml")
    else:
        config_path = Path(os.path.abspath(config)).relative_to(repo).as_posix()
    sides = _Side(repo, old.revision.commit), _Side(repo, new.revision.commit)
    for side in sides:
        _load(side, config_path)
    out = _config_changes(config_path, *sides)
    folders = {**_folders(config_path, sides[0]), **_folders(config_path, sides[1])}
    data = folder_prefix(data_path)
    for folder, lowers in sorted(folders.items()):
        before, after = sides[0].files(folder), sides[1].files(folder)
        for path in sorted(set(before) | set(after)):
            if before.get(path) == after.get(path):
                continue
            change = "added" if path not in before else "removed" if path not in after else "changed"
            tagged = _yaml_tag(sides[1].read(path)) if path in after and path.endswith(YAML_SUFFIXES) else ""
            why = lowers or runs_code(path, data, folder.rstrip("/") + "/")  # the pages folder: pages, images inert
            out.append(SiteChange("file", path, change, tagged or (why if path in after else "")))
    if config_path not in {c.name for c in out}:
        a, b = sides[0].read(config_path), sides[1].read(config_path)
        if a != b and sides[1].present:
            out.append(SiteChange("file", config_path, "added" if a is None else "changed", _yaml_tag(b)))
    named = {c.name for c in out if c.what == "file"}
    for path, change in changed_inputs(repo, old.revision.commit, new.revision.commit, data_path).items():
        if path not in named:  # every other build input, none left out: the ones that run code say why
            tagged = _yaml_tag(sides[1].read(path)) if change != "removed" and path.endswith(YAML_SUFFIXES) else ""
            why = runs_code(path, data) if change != "removed" else ""
            out.append(SiteChange("file", path, change, tagged or why))
    was, now = (_kept_restore(side) for side in (old, new))  # as each side's guide read it, not parsed again
    if was != now:
        lowers = "runs code: CI runs this command to restore the kept files" if now else ""
        out.append(_setting("kept_files.restore", was, now, lowers))
    out.sort(key=lambda c: (not c.lowers, c.what != "setting", c.name))
    return out


__all__ = ["MAX_LISTED", "SiteChange", "site_changes"]
