"""The serve-only policy addition for live reload, without a server: exactly the injected script, or nothing."""

from __future__ import annotations

import re

from mkdocs.livereload import LiveReloadServer

from generator.adapters import csp, live_reload
from generator.adapters.script_files import TrustedFiles

FILES = TrustedFiles(("http://127.0.0.1:8000/assets/bundle.js",), ())
PAGE = f"<html><head>{csp.meta(['sha256-theme'], FILES)}</head><body><p>x</p></body></html>".encode()
SOURCES = re.compile(r"script-src([^;]*);")


def _script_src(page: bytes) -> list[str]:
    found = SOURCES.search(page.decode())
    assert found is not None
    return found.group(1).split()


def test_the_policy_of_an_answer_allows_exactly_the_script_mkdocs_injected_into_it() -> None:
    served = LiveReloadServer._inject_js_into_html(None, PAGE, 7)  # type: ignore[arg-type]
    allowed = live_reload.allow_injected(PAGE, served)
    script = re.search(rb"<script>(.*)</script></body>", served, re.DOTALL)
    assert script is not None and b"livereload(7, " in script.group(1)
    assert _script_src(allowed) == [*FILES.scripts, "sha256-theme", csp.script_hash(script.group(1).decode())]
    # Nothing else of the answer changes.
    assert allowed.replace(b" " + csp.script_hash(script.group(1).decode()).encode(), b"", 1) == served


def test_an_injection_that_is_not_mkdocs_own_shape_is_not_allowed() -> None:
    """Anything but one ``<script>`` right before ``</body>`` is left as the server sent it: the policy refuses it."""
    for served in (
        PAGE.replace(b"<head>", b"<head><script>evil()</script>"),
        PAGE.replace(b"</body>", b"<script>a()</script><script>b()</script></body>"),
        PAGE.replace(b"</body>", b'<script src="x.js"></script></body>'),
    ):
        assert live_reload.allow_injected(PAGE, served) == served


def test_zensicals_script_is_learnt_from_a_served_page_and_rebuilt_for_any_path() -> None:
    body = "(() => {\n  if (ev.data == path) { location.reload() }\n})()\n"
    served = f'<html><body></body></html><script type="module">const path = "/";\n{body}</script>'
    reload = live_reload.served_with(served, "/")
    assert reload is not None and reload.script("/") == f'const path = "/";\n{body}'
    assert reload.script("/a&b/") == f'const path = "/a\\u0026b/";\n{body}'
    assert live_reload.served_with(served, "/other/") is None
    assert live_reload.served_with(served.replace("const path", "let path"), "/") is None
    theme = csp.ThemeScripts(["fixed()"], None, {"config": {}})
    policy = reload.policy(theme, ["index.md", "options/x.md", "about.png"], "https://example.org/guide/")
    paths = ("/guide/", "/guide/index.html", "/guide/options/x/", "/guide/options/x/index.html")
    for path in paths:
        assert csp.script_hash(reload.script(path)) in policy, path
    assert csp.script_hash("fixed()") in policy
    assert policy.count("'sha256-") == len(paths) + 1  # each page path's reload script and the theme's one


def test_a_server_that_injects_no_script_the_mkdocs_way_is_left_alone() -> None:
    class Other:
        pass

    server = Other()
    assert live_reload.allow_mkdocs_reload(server) is False and not hasattr(server, "_inject_js_into_html")
