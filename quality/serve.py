"""A static file server on 127.0.0.1 (a free port), optionally gzip-compressing text, as a host would.

Used by the Lighthouse benchmark and the screenshot command: Lighthouse judges what a reader downloads,
so text files are sent compressed, like any production static host does.
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


class _Handler(http.server.SimpleHTTPRequestHandler):
    # HTTP/1.1 keeps connections open, as every real host does; with HTTP/1.0 each file would cost
    # a new connection, and Lighthouse's network simulation charges each one a round trip.
    protocol_version = "HTTP/1.1"
    compress = False
    prefix = "/"
    _cache: dict[tuple[str, float], bytes] = {}

    def translate_path(self, path: str) -> str:
        """Under a ``prefix`` the site exists there only, as on a host serving a sub-path: elsewhere, 404."""
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_the_prefix__" / "missing")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

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
        if not (self.compress and wants_gzip and path.is_file() and path.suffix in COMPRESSIBLE):
            return super().send_head()
        key = (str(path), path.stat().st_mtime)
        body = self._cache.get(key)
        if body is None:
            body = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
            self._cache[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class StaticServer:
    """Serve ``root`` on ``http://127.0.0.1:<port>{prefix}`` until closed (a context manager).

    ``port`` 0 picks a free one; with a ``prefix`` other than ``/`` only URLs under it exist.
    """

    def __init__(self, root: Path, compress: bool = False, prefix: str = "/", port: int = 0) -> None:
        handler = type("Handler", (_Handler,), {"compress": compress, "prefix": prefix, "_cache": {}})
        address = ("127.0.0.1", port)
        self.httpd = http.server.ThreadingHTTPServer(address, functools.partial(handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}{prefix}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> StaticServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
