"""nginx's own error answers: the API's JSON error shape under /api/, a short page elsewhere.

These are the answers nginx gives before a request reaches the app (a malformed or too-large
request, a client too slow, gunicorn not answering). They carry the security headers like every
other answer (nginx.conf adds them to all), and 503s say when to come back.
"""

from __future__ import annotations

import json
from pathlib import Path

# nginx's status, the status answered, the API's code, and the sentence (a page for people says
# only its first sentence: the Idempotency-Key is for programs).
ERRORS = [
    (400, 400, "bad-request", "The request could not be read."),
    (408, 408, "request-timeout", "The request came too slowly; send it again."),
    (413, 413, "too-large", "The request's body is too large."),
    (414, 414, "uri-too-long", "The address is too long."),
    (494, 431, "headers-too-large", "The request's headers are too large."),
    (
        502,
        503,
        "unavailable",
        "The server did not answer; try again in a moment. A request "
        "sent with an Idempotency-Key is always safe to send again.",
    ),
    (
        503,
        503,
        "unavailable",
        "The server is busy; try again in a moment. A request sent "
        "with an Idempotency-Key is always safe to send again.",
    ),
    (
        504,
        503,
        "unavailable",
        "The server did not answer in time, so it is not known whether "
        "this was saved. A request sent with an Idempotency-Key is always safe to send again.",
    ),
]
PAGE = (
    '<!doctype html><html lang="en"><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{status}</title><h1>{sentence}</h1>"
    '<p><a href="/">Home</a></p></html>'
)


def error_pages(run: Path) -> str:
    """error_page lines and their internal locations, for the server block."""
    lines = []
    for seen, status, _code, _sentence in ERRORS:
        lines.append(f"        error_page {seen} ={status} /_errors/$error_kind/{seen};")
    for seen, status, code, sentence in ERRORS:
        body = {
            "json": json.dumps({"error": code, "message": sentence}),
            "html": PAGE.format(status=status, sentence=first_sentence(sentence)),
        }
        for kind, text in body.items():
            mime = "application/json" if kind == "json" else "text/html"
            lines += [
                f"        location = /_errors/{kind}/{seen} {{",
                "            internal;",
                f"            default_type {mime};",
                *(
                    [
                        f"            include {run}/security_headers.conf;",
                        '            add_header Retry-After "2" always;',
                    ]
                    if status == 503
                    else []
                ),
                f'            return {status} "{quoted(text)}";',
                "        }",
            ]
    return "\n".join(lines)


def first_sentence(text: str) -> str:
    """Up to the first full stop."""
    return text.split(". ", 1)[0].rstrip(".") + "."


def quoted(text: str) -> str:
    """Text for a double-quoted nginx string; `$` would start a variable there."""
    if "$" in text:
        raise ValueError(f"no $ in nginx text: {text!r}")
    return text.replace("\\", "\\\\").replace('"', '\\"')
