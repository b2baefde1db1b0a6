"""Headers every development server of the engine sends: ``X-Content-Type-Options: nosniff``, so the browser
runs as a script only what is served as JavaScript (docs/previews.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def send_nosniff(server: Any) -> None:
    """Every answer of MkDocs' development server (a WSGI server: ``get_app``/``set_app``) says
    ``X-Content-Type-Options: nosniff``; a server of another shape is left as it is."""
    if not (hasattr(server, "get_app") and hasattr(server, "set_app")):
        return
    app = server.get_app()

    def with_nosniff(environ: Any, start_response: Callable[..., Any]) -> Any:
        def start(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            return start_response(status, [*headers, ("X-Content-Type-Options", "nosniff")], *rest)

        return app(environ, start)

    server.set_app(with_nosniff)
