"""A tiny OpenAI-compatible chat server on 127.0.0.1 for running a real benchmark tool against.

It answers ``GET /v1/models`` and ``POST /v1/chat/completions`` (plain or streamed as server-sent
events, one word per chunk), generating exactly the number of tokens asked for
(``max_completion_tokens`` or ``max_tokens``) from a fixed word, with a short pause per token so
the numbers a benchmark measures are small but real.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: The one word every answer is made of; the test's tokenizer knows it as one token.
WORD = "the"
#: Pause per generated token, seconds.
TOKEN_PAUSE = 0.002


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "openai-stub/1"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def end_headers(self) -> None:
        self.send_header("X-Content-Type-Options", "nosniff")  # as every server this repository starts
        super().end_headers()

    def _json(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        if self.path.rstrip("/") == "/v1/models":
            self._json(200, {"object": "list", "data": [{"id": self.server.model, "object": "model"}]})  # type: ignore[attr-defined]
        else:
            self._json(404, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802 - the base class's name
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            self._json(400, {"error": "not JSON"})
            return
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._json(404, {"error": "not found"})
            return
        tokens = int(request.get("max_completion_tokens") or request.get("max_tokens") or 16)
        model = self.server.model  # type: ignore[attr-defined]
        if not request.get("stream"):
            time.sleep(TOKEN_PAUSE * tokens)
            message = {"role": "assistant", "content": " ".join([WORD] * tokens)}
            self._json(200, {"id": "c", "object": "chat.completion", "created": 0, "model": model,
                             "choices": [{"index": 0, "message": message, "finish_reason": "length"}]})  # fmt: skip
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for i in range(tokens):
            time.sleep(TOKEN_PAUSE)
            delta = {"content": (" " if i else "") + WORD}
            chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model,
                     "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}  # fmt: skip
            self._send_chunk(f"data: {json.dumps(chunk)}\n\n")
        self._send_chunk("data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _send_chunk(self, text: str) -> None:
        data = text.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()


class OpenAIStub:
    """``with OpenAIStub("tiny") as url: ...``: the server runs on a free port for the block."""

    def __init__(self, model: str) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.model = model  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
