"""``python -m generator serve-built SITE_DIR``: serve a built site at the address it was built for.

A built site trusts its scripts by their full address under ``site_url`` (its Content-Security-Policy,
:mod:`generator.adapters.script_files`): opened from any other address (a downloaded copy on another
port, a preview host) it runs none of them, and each page says so in one line. This serves the folder
at its own ``site_url`` (read from its ``sitemap.xml``: the shortest address there, the home page), on
this machine, with ``X-Content-Type-Options: nosniff`` on every answer (a browser then runs as a script
only what is served as JavaScript), so a download or a preview can be checked as readers will see it.
A ``site_url`` that is not on this machine (``https://example.org/guide/``) cannot be served here: the
message says to rebuild the site with ``SITE_URL=http://127.0.0.1:8000/`` instead.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

#: Host names a server on this machine can answer as.
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
_LOC = re.compile(r"<loc>\s*([^<\s]+)\s*</loc>")


class ServeError(Exception):
    """The folder cannot be served at its own address; the message says why and what to do."""


def built_for(site: Path) -> str:
    """The address ``site`` was built for (its ``site_url``): the shortest address of its sitemap."""
    sitemap = site / "sitemap.xml"
    try:
        found = _LOC.findall(sitemap.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ServeError(
            f"{sitemap}: cannot read it ({exc}): is {site} a built site (mkdocs build's folder)?"
        ) from None
    if not found:
        raise ServeError(f"{sitemap}: no <loc> address in it: is {site} a built site (mkdocs build's folder)?")
    return str(min(found, key=len))


def _handler(site: Path, prefix: str) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            # The site exists under its path only, as on a host that publishes it there.
            if not path.startswith(prefix):
                return str(site / "__outside_the_site__" / "missing")
            return super().translate_path("/" + path[len(prefix) :])

        def end_headers(self) -> None:
            self.send_header("X-Content-Type-Options", "nosniff")
            super().end_headers()

    return Handler


def server(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A server (not started yet) for ``site`` at its own address, and that address."""
    if not (site / "index.html").is_file():
        raise ServeError(f"{site}: no index.html: not a built site (give the folder mkdocs build wrote)")
    url = built_for(site)
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in LOCAL_HOSTS:
        raise ServeError(
            f"{site} was built for {url}, which is not an address on this machine: rebuild it for one "
            "(SITE_URL=http://127.0.0.1:8000/ mkdocs build), then serve that build"
        )
    prefix = parts.path if parts.path.endswith("/") else parts.path + "/"
    handler = functools.partial(_handler(site, prefix), directory=str(site))
    try:
        httpd = http.server.ThreadingHTTPServer((parts.hostname or "", parts.port or 80), handler)
    except OSError as exc:
        raise ServeError(f"{url}: cannot listen there ({exc.strerror}): stop what uses port {parts.port}") from None
    return httpd, url


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "serve-built", help="serve a built site at the address it was built for (its site_url), with nosniff"
    )
    parser.add_argument("site", type=Path, help="the built site's folder (what mkdocs build wrote)")


def run(args: argparse.Namespace) -> int:
    try:
        httpd, url = server(args.site)
    except ServeError as exc:
        print(f"error: {exc}", file=sys.stderr, flush=True)
        return 1
    print(f"{args.site} is at {url} (Ctrl-C stops)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
