"""gunicorn's gthread worker, answering a header it cannot read with the API's JSON error.

Behind nginx, the one malformed request gunicorn still refuses itself is a header whose value
holds a control character (nginx passes it on, and cannot look at every header): gunicorn would
answer with an HTML page. It refuses before the request line is kept, so the path is unknown;
no browser can send such a header (fetch() refuses it), so the answer is for a program: JSON.
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.http.errors import InvalidHeader  # type: ignore[import-untyped]
from gunicorn.http.message import TOKEN_RE  # type: ignore[import-untyped]
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]


class Worker(ThreadWorker):
    """gthread, with JSON for a header that cannot be read."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """A header that cannot be read: 400 in the API's shape; anything else as gunicorn does."""
        if not isinstance(exc, InvalidHeader):
            super().handle_error(req, client, addr, exc)
            return
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, answer(header_problem(exc)))
        except Exception:  # the client went away: nothing to tell it
            self.log.debug("Failed to send error message.")


def header_problem(exc: InvalidHeader) -> str:
    """The sentence naming the header (never repeating a line that is not a header's name)."""
    name = str(exc.hdr)
    if len(name) > 64 or not TOKEN_RE.fullmatch(name):
        return "A header line could not be read."
    return f"The header {name.title()} could not be read: its value may hold no control characters."


def answer(message: str) -> bytes:
    """A whole 400 answer in the API's error shape, closing the connection."""
    body = json.dumps({"error": "bad-request", "message": message}).encode()
    head = (
        "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body
