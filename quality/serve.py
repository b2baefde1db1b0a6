"""A static file server on 127.0.0.1 (a free port), optionally gzip-compressing text, as a host would.

Used by the Lighthouse benchmark and the screenshot command: Lighthouse judges what a reader downloads,
so text files are sent compressed, like any production static host does.

Every answer carries ``X-Content-Type-Options: nosniff`` (a browser then runs as a script only a file
served as JavaScript), as a host that can send it should; ``nosniff=False`` serves as a host that cannot
(GitHub Pages lets a site set no header), for the tests of the page policy, which holds without it.

``built_for``: the address a site was built for (its ``site_url``), written in its pages, sitemap and
policy (which names the site's script files by address); each text file is served with it replaced by the
server's own, as a build for that address would write it (``tests/conftest.retargeted`` does the same on
disk, checked against a real build by ``tests/test_site.py``).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import threading
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit

COMPRESSIBLE = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".map"}
#: The files whose text names the site's address.
RETARGETED = {".html", ".xml", ".json", ".js", ".txt", ".csv"}
#: The address the shipped and example guides are built for unless ``SITE_URL`` says otherwise.
BUILT_FOR = "http://127.0.0.1:8000/"


class _Handler(http.server.SimpleHTTPRequestHandler):
    # HTTP/1.1 keeps connections open, as every real host does; with HTTP/1.0 each file would cost
    # a new connection, and Lighthouse's network simulation charges each one a round trip.
    protocol_version = "HTTP/1.1"
    compress = False
    prefix = "/"
    nosniff = True
    built_for = ""
    url = ""
    _cache: dict[tuple[str, float, bool], bytes] = {}

    def translate_path(self, path: str) -> str:
        """Under a ``prefix`` the site exists there only, as on a host serving a sub-path: elsewhere, 404."""
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_the_prefix__" / "missing")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        if self.nosniff:
            self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        """Like the base class, but a compressible file asked for with gzip is sent gzipped."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the base class redirects to the address with a slash
            path = path / "index.html"
        wants_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        gzipped = self.compress and wants_gzip and path.suffix in COMPRESSIBLE
        retarget = bool(self.built_for) and self.built_for != self.url and path.suffix in RETARGETED
        if not (path.is_file() and (gzipped or retarget)):
            return super().send_head()
        key = (str(path), path.stat().st_mtime, gzipped)
        body = self._cache.get(key)
        if body is None:
            body = path.read_bytes()
            if retarget:
                body = body.replace(self.built_for.encode(), self.url.encode())
            if gzipped:
                body = gzip.compress(body, compresslevel=9, mtime=0)
            self._cache[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class StaticServer:
    """Serve ``root`` on ``http://127.0.0.1:<port>{prefix}`` until closed (a context manager).

    ``port`` 0 picks a free one; with a ``prefix`` other than ``/`` only URLs under it exist; ``nosniff``
    False leaves out ``X-Content-Type-Options: nosniff``, as a host that cannot send it; text files are
    served with ``built_for`` (the address the site was built for, :data:`BUILT_FOR` unless told; ``""``
    serves every file as it is) replaced by the server's address.
    """

    def __init__(
        self,
        root: Path,
        compress: bool = False,
        prefix: str = "/",
        port: int = 0,
        *,
        nosniff: bool = True,
        built_for: str = BUILT_FOR,
    ) -> None:
        attributes = {"compress": compress, "prefix": prefix, "_cache": {}, "nosniff": nosniff}
        handler: type[_Handler] = type("Handler", (_Handler,), attributes)
        address = ("127.0.0.1", port)
        self.httpd = http.server.ThreadingHTTPServer(address, functools.partial(handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}{prefix}"
        handler.url, handler.built_for = self.url, built_for
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> StaticServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
