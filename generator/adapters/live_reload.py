"""Live reload under the page's Content-Security-Policy, on a development server only.

``mkdocs serve`` and ``zensical serve`` each add an inline script to every page they serve, which polls
(MkDocs) or listens on a WebSocket (Zensical) and reloads the page when the site is rebuilt. The published
policy allows no inline script but the theme's own, so the browser refused it and an open page never
reloaded. Under serve, and only there, each page's policy also allows the server's own script, by its
sha256, and nothing else: a built site never goes through this module.

* **MkDocs** injects the script into each HTML answer (``LiveReloadServer._inject_js_into_html``, before
  ``</body>``, with the build's epoch and a per-request id in it). :func:`allow_mkdocs_reload` wraps that
  method of the running server: each answer's policy gets the hash of exactly the script injected into it.
  An answer that does not look as MkDocs 1.6 makes it is left alone (the policy then refuses the script).
* **Zensical** appends ``<script type="module">const path = "<the page's path>";`` and a fixed body after
  each page it serves from disk, so the policy has to be in the page before the server sends it.
  :func:`zensical_script` learns the script from Zensical itself (a throwaway server on a one-page project,
  before the guide's own starts); :meth:`ZensicalReload.policy` is then the policy element for the pages
  of the project (the theme's scripts at each of their depths, and the reload script of each page's path),
  which the serve loop writes into the theme override in place of the placeholder.
"""

from __future__ import annotations

import json
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from generator.adapters import csp

_OPEN, _CLOSE = b"<script>", b"</script>"


def allow_mkdocs_reload(server: Any) -> bool:
    """Make the running ``mkdocs serve`` server's answers allow the live-reload script it injects; False
    when the server injects none the way MkDocs 1.6 (and ProperDocs) do."""
    inject = getattr(server, "_inject_js_into_html", None)
    if not callable(inject):
        return False

    def injected_and_allowed(content: bytes, epoch: int) -> bytes:
        return allow_injected(content, inject(content, epoch))

    server._inject_js_into_html = injected_and_allowed
    return True


def allow_injected(before: bytes, after: bytes) -> bytes:
    """``after`` (the page ``before`` with MkDocs' script injected) with that one script allowed by its policy.

    MkDocs 1.6 puts ``<script>...</script>`` right before the last ``</body>`` (or at the end); anything
    else is returned as it is, so the policy refuses it.
    """
    at = before.rfind(b"</body>")
    at = len(before) if at < 0 else at
    end = at + len(after) - len(before)
    script = after[at:end]
    if (
        after[:at] != before[:at]
        or after[end:] != before[at:]
        or not (script.startswith(_OPEN) and script.endswith(_CLOSE))
        or script.count(_CLOSE) != 1
    ):
        return after
    try:
        head, text = before[:at].decode("utf-8"), script[len(_OPEN) : -len(_CLOSE)].decode("utf-8")
    except UnicodeDecodeError:
        return after
    return csp.also_allowing(head, [text]).encode("utf-8") + after[at:]


#: How Zensical's script starts: the page's path, as a JSON string, then the fixed body.
_PATH_LINE = "const path = "
#: Zensical escapes these in the path beyond JSON (``\u0026\u003c\u003e\u2028\u2029``).
_ESCAPES = {"&": "\\u0026", "<": "\\u003c", ">": "\\u003e", "\u2028": "\\u2028", "\u2029": "\\u2029"}
#: The element Zensical appends after ``</html>``.
_MODULE_OPEN, _MODULE_CLOSE = '<script type="module">', "</script>"


def _js_string(path: str) -> str:
    text = json.dumps(path, ensure_ascii=False)
    for char, escaped in _ESCAPES.items():
        text = text.replace(char, escaped)
    return text


@dataclass(frozen=True)
class ZensicalReload:
    """The live-reload script of one Zensical version, for any page path."""

    body: str
    """What follows the path's line: the same on every page."""
    origin: str = ""
    """Where ``zensical serve`` answers (``http://127.0.0.1:8000``): the served pages name the script files
    under it, not under ``site_url``'s origin (MkDocs' server sets ``site_url`` to its own address too)."""

    def script(self, path: str) -> str:
        """The script Zensical appends to the page served at ``path`` (``/options/x/``)."""
        return f"{_PATH_LINE}{_js_string(path)};\n{self.body}"

    def policy(self, theme: csp.ThemeScripts, pages: Iterable[str], site_url: str) -> str:
        """The policy element for every page of a project whose Markdown files are ``pages`` (``a/b.md``).

        One element serves every page (Zensical renders the theme once for all): it allows the theme's
        scripts at each depth the pages have, and the reload script of each page's path (with and without
        ``index.html``: both are served), so a page's own script is always among them.
        """
        from generator.adapters.zensical_docs import page_url
        from generator.adapters.zensical_theme import base_url

        prefix = urlsplit(site_url or "/").path.rstrip("/") + "/"
        hashes: dict[str, None] = {}
        by_depth: dict[str, list[str]] = {}  # the theme rendered once per base_url, not once per page
        for rel in sorted({"404.html", *(page_url(uri) + "index.html" for uri in pages if uri.endswith(".md"))}):
            base = base_url(rel, site_url)
            if base not in by_depth:
                by_depth[base] = theme.hashes(base)
            hashes.update(dict.fromkeys(by_depth[base]))
            if rel != "404.html":
                for path in (rel[: -len("index.html")], rel):
                    hashes[csp.script_hash(self.script(quote(prefix + path)))] = None
        return csp.meta(hashes, theme.files)


def served_with(page: str, path: str) -> ZensicalReload | None:
    """The reload script Zensical appended to ``page`` (served at ``path``), or None if there is none
    that reads as expected."""
    start = page.rfind(_MODULE_OPEN)
    if start < 0 or not page.endswith(_MODULE_CLOSE) or page.count(_MODULE_CLOSE, start) != 1:
        return None
    script = page[start + len(_MODULE_OPEN) : -len(_MODULE_CLOSE)]
    first, _, body = script.partition("\n")
    if first != f"{_PATH_LINE}{_js_string(path)};":
        return None
    return ZensicalReload(body)


_PROBE_CONFIG = "site_name: probe\ndocs_dir: docs\nsite_dir: site\n"


def zensical_script(command: Any, seconds: float = 60) -> ZensicalReload | None:
    """Learn Zensical's live-reload script from a throwaway ``zensical serve`` of a one-page project.

    ``command(config, addr)`` is the argument list that serves ``config`` at ``addr``. None if Zensical
    appends no script that reads as expected, or does not answer within ``seconds``.
    """
    with tempfile.TemporaryDirectory(prefix="dg-reload-") as folder:
        root = Path(folder)
        (root / "docs").mkdir()
        (root / "docs" / "index.md").write_text("# probe\n", encoding="utf-8")
        (root / "mkdocs.yml").write_text(_PROBE_CONFIG, encoding="utf-8")
        port = _free_port()
        server = subprocess.Popen(
            command(root / "mkdocs.yml", f"127.0.0.1:{port}"),
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline and server.poll() is None:
                page = _get(f"http://127.0.0.1:{port}/")
                if page is not None:
                    return served_with(page, "/")
                time.sleep(0.2)
            return None
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:  # noqa: S310 - our own loopback server
            return str(answer.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError, UnicodeDecodeError):
        return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def with_policy(overrides: Mapping[str, bytes], policy: str) -> dict[str, bytes]:
    """The theme ``overrides`` with the policy placeholder replaced by ``policy`` (serve only)."""
    placeholder = csp.PLACEHOLDER.encode("utf-8")
    return {uri: text.replace(placeholder, policy.encode("utf-8")) for uri, text in overrides.items()}


def serve_overrides(
    reload: ZensicalReload, overrides: Mapping[str, bytes], docs: Mapping[str, bytes], config: Mapping[str, Any]
) -> dict[str, bytes]:
    """The theme ``overrides`` of a Zensical project whose docs folder holds ``docs``, for ``zensical serve``:
    the policy placeholder replaced by one that also allows the reload script on each page (``config`` is
    the project's, as the theme renders with it)."""
    from generator.adapters import script_files
    from generator.adapters.zensical_theme import trusted_files, zensical_templates

    texts = [text.decode("utf-8", "replace") for uri, text in overrides.items() if uri.endswith(".html")]
    scripts = csp.scripts_in(texts) + csp.template_scripts([zensical_templates()])
    site_url = str(config.get("site_url") or "")
    if reload.origin:
        site_url = reload.origin + (urlsplit(site_url).path or "/")
    try:  # the theme's and the engine's script files by address, under the address the pages are served at
        files = trusted_files({**config, "site_url": site_url}, [zensical_templates()])
    except script_files.SiteUrlRefused:
        files = None  # refused with its line by the build that comes first
    theme = csp.ThemeScripts(dict.fromkeys(scripts), None, {"config": config}, files)
    return with_policy(overrides, reload.policy(theme, docs, str(config.get("site_url") or "")))
