"""``python -m generator serve-built SITE_DIR``: serve a built site at the address it was built for.

A built site trusts its scripts by their full address under ``site_url`` (its Content-Security-Policy,
:mod:`generator.adapters.script_files`): opened from any other address (a downloaded copy on another
port, a preview host) it runs none of them, and each page says so in one line. This serves the folder
at its own ``site_url`` (read from its ``sitemap.xml``: the shortest address there, the home page), on
this machine, with ``X-Content-Type-Options: nosniff`` on every answer (a browser then runs as a script
only what is served as JavaScript), so a download or a preview can be checked as readers will see it.
A ``site_url`` that is not on this machine (``https://example.org/guide/``) cannot be served here: the
message says to rebuild the site with ``SITE_URL=http://127.0.0.1:8000/`` instead.

Every byte of a downloaded preview is its author's, so it serves the built site only: a folder that holds
a symbolic or hard link or a special file (pipe, socket, device) is refused before anything is served,
naming each (as ``tools/deploy/publish.py`` refuses it), only the regular files found then are served
(opened without following a link), and a folder is served by its ``index.html`` or not at all (404, never
a listing). A sitemap or ``site_url`` that names no usable address (a port past 65535) is a located error.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import stat
import sys
from pathlib import Path
from urllib.parse import urlsplit

#: Host names a server on this machine can answer as.
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
_LOC = re.compile(r"<loc>\s*([^<\s]+)\s*</loc>")


class ServeError(Exception):
    """The folder cannot be served at its own address; the message says why and what to do."""


def built_for(site: Path) -> tuple[str, str]:
    """The address ``site`` was built for (its ``site_url``): the shortest address of its sitemap, and where
    it stands there (``sitemap.xml:LINE``)."""
    sitemap = site / "sitemap.xml"
    try:
        text = sitemap.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ServeError(
            f"{sitemap}: cannot read it ({exc}): is {site} a built site (mkdocs build's folder)?"
        ) from None
    found = [(m.group(1), text.count("\n", 0, m.start()) + 1) for m in _LOC.finditer(text)]
    if not found:
        raise ServeError(f"{sitemap}: no <loc> address in it: is {site} a built site (mkdocs build's folder)?")
    url, line = min(found, key=lambda pair: len(pair[0]))
    return url, f"{sitemap}:{line}"


def plain_tree(site: Path) -> tuple[frozenset[str], frozenset[str]]:
    """The regular files and the folders under ``site`` (relative, ``/``-separated, the top folder as
    ``""``), or ServeError naming every link and special file found."""
    files: set[str] = set()
    folders: set[str] = {""}
    problems: list[str] = []
    pending = [""]
    while pending:
        rel = pending.pop()
        with os.scandir(site / rel if rel else site) as entries:
            names = sorted(entry.name for entry in entries)
        for name in names:
            where = f"{rel}/{name}" if rel else name
            info = os.lstat(site / where)
            if stat.S_ISLNK(info.st_mode):
                problems.append(f"{where}: a symbolic link")
            elif stat.S_ISDIR(info.st_mode):
                folders.add(where)
                pending.append(where)
            elif not stat.S_ISREG(info.st_mode):
                problems.append(f"{where}: a special file (not a plain file or folder)")
            elif info.st_nlink != 1:
                problems.append(f"{where}: a hard link (the file has {info.st_nlink} names)")
            else:
                files.add(where)
    if problems:
        listed = "\n".join(f"  {site}/{problem}" for problem in sorted(problems))
        raise ServeError(f"{site}: refused, it holds what a built site does not (nothing was served):\n{listed}")
    return frozenset(files), frozenset(folders)


def _handler(site: Path, prefix: str) -> type[http.server.SimpleHTTPRequestHandler]:
    files, folders = plain_tree(site)

    class Handler(http.server.SimpleHTTPRequestHandler):
        def send_head(self):  # type: ignore[no-untyped-def]
            # The site exists under its path only, as on a host that publishes it there.
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if not path.startswith(prefix):
                self.send_error(404, "File not found")
                return None
            local = Path(self.translate_path("/" + path[len(prefix) :]))
            try:
                rel = local.relative_to(site).as_posix()
            except ValueError:
                rel = "__outside_the_site__"
            rel = "" if rel == "." else rel
            if rel in folders:
                if not path.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
                rel = f"{rel}/index.html" if rel else "index.html"
            if rel not in files:  # a folder without index.html, a link, anything added since: not the site
                self.send_error(404, "File not found")
                return None
            try:
                fd = os.open(site / rel, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
            except OSError:
                self.send_error(404, "File not found")
                return None
            f = os.fdopen(fd, "rb")
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                f.close()
                self.send_error(404, "File not found")
                return None
            self.send_response(200)
            self.send_header("Content-type", self.guess_type(rel))
            self.send_header("Content-Length", str(info.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(info.st_mtime)))
            self.end_headers()
            return f

        def list_directory(self, path):  # type: ignore[no-untyped-def]
            self.send_error(404, "File not found")  # never a listing
            return None

        def end_headers(self) -> None:
            self.send_header("X-Content-Type-Options", "nosniff")
            super().end_headers()

    return Handler


def server(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A server (not started yet) for ``site`` at its own address, and that address."""
    if not (site / "index.html").is_file():
        raise ServeError(f"{site}: no index.html: not a built site (give the folder mkdocs build wrote)")
    url, where = built_for(site)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise ServeError(f"{where}: site_url {url} is malformed ({exc}): rebuild the site for a valid one") from None
    if parts.scheme != "http" or parts.hostname not in LOCAL_HOSTS:
        raise ServeError(
            f"{site} was built for {url}, which is not an address on this machine: rebuild it for one "
            "(SITE_URL=http://127.0.0.1:8000/ mkdocs build), then serve that build"
        )
    prefix = parts.path if parts.path.endswith("/") else parts.path + "/"
    whole = Path(os.path.abspath(site))
    handler = functools.partial(_handler(whole, prefix), directory=str(whole))
    try:
        httpd = http.server.ThreadingHTTPServer((parts.hostname or "", port or 80), handler)
    except (OSError, OverflowError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ServeError(f"{url}: cannot listen there ({reason}): stop what uses port {port}") from None
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
