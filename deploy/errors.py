"""nginx's own error answers: the API's JSON error shape under /api/, a short page elsewhere.

These are the answers nginx gives before a request reaches the app (a malformed or too-large
request, a client too slow, gunicorn not answering). They carry the security headers like every
other answer (nginx.conf adds them to all), and 503s say when to come back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

HEADER_BUFFER = 8 * 1024  # nginx's large_client_header_buffers: the longest request line or header
UNFIT_TARGET = 490  # not HTTP's: nginx.conf's own status for a URL that gunicorn would refuse


@dataclass(frozen=True)
class Error:
    """One of nginx's own answers: the status nginx gives it, the status answered, the API's code
    and the sentence (a page for people says only its first sentence: the Idempotency-Key is for
    programs)."""

    seen: int
    status: int
    code: str
    sentence: str


def errors(largest_body: int) -> list[Error]:
    """nginx's own answers; those to a request over a limit name the limit's figure."""
    from scorekeeper.web.security import LONGEST_HEADERS, LONGEST_URL

    again = "A request sent with an Idempotency-Key is always safe to send again."
    return [
        Error(
            400, 400, "bad-request", "The request could not be read: it is not well-formed HTTP."
        ),
        Error(
            UNFIT_TARGET,
            400,
            "bad-request",
            "The address may hold only printable ASCII characters: percent-encode the others.",
        ),
        # nginx refuses TRACE itself; the app answers every other method.
        Error(405, 405, "method-not-allowed", "The method TRACE is not allowed."),
        Error(408, 408, "request-timeout", "The request came too slowly; send it again."),
        Error(
            413, 413, "too-large", f"The request's body is too large: at most {kb(largest_body)}."
        ),
        # The app refuses an address over LONGEST_URL itself: that is the figure to name.
        Error(
            414, 414, "uri-too-long", f"The address is too long: at most {LONGEST_URL} characters."
        ),
        Error(
            494,
            431,
            "headers-too-large",
            f"The request's headers are too large: at most {kb(HEADER_BUFFER)} each, and "
            f"{kb(LONGEST_HEADERS)} in all.",
        ),
        Error(500, 500, "internal", "The server failed to answer; try again in a moment."),
        Error(
            501,
            501,
            "not-implemented",
            "The request's Transfer-Encoding is not supported: send the body as it is, or chunked.",
        ),
        Error(
            502, 503, "unavailable", f"The server did not answer; try again in a moment. {again}"
        ),
        Error(503, 503, "unavailable", f"The server is busy; try again in a moment. {again}"),
        Error(
            504,
            503,
            "unavailable",
            "The server did not answer in time, so it is not known whether this was saved. "
            + again,
        ),
        Error(505, 505, "http-version", "The HTTP version is not supported: use HTTP/1.1 or 1.0."),
    ]


def kb(size: int) -> str:
    """A size in bytes as people read it: "256 KB"."""
    return f"{size // 1024} KB" if size % 1024 == 0 else f"{size} bytes"


PAGE = (
    '<!doctype html><html lang="en"><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{status}</title><h1>{sentence}</h1>"
    '<p><a href="/">Home</a></p></html>'
)


def error_pages(run: Path, largest_body: int) -> str:
    """error_page lines and their internal locations, for the server block."""
    answers = errors(largest_body)
    lines = [
        f"        error_page {e.seen} ={e.status} /_errors/$error_kind/{e.seen};" for e in answers
    ]
    for error in answers:
        lines += error_locations(error, run)
    return "\n".join(lines)


def error_locations(error: Error, run: Path) -> list[str]:
    """The internal locations of one answer: JSON for the API, a short page for people."""
    body = {
        "json": json.dumps({"error": error.code, "message": error.sentence}),
        "html": PAGE.format(status=error.status, sentence=first_sentence(error.sentence)),
    }
    lines = []
    for kind, text in body.items():
        mime = "application/json" if kind == "json" else "text/html"
        lines += [
            f"        location = /_errors/{kind}/{error.seen} {{",
            "            internal;",
            f"            default_type {mime};",
            *(
                [
                    f"            include {run}/security_headers.conf;",
                    '            add_header Retry-After "2" always;',
                ]
                if error.status == 503
                else []
            ),
            f'            return {error.status} "{quoted(text)}";',
            "        }",
        ]
    return lines


def first_sentence(text: str) -> str:
    """Up to the first full stop."""
    return text.split(". ", 1)[0].rstrip(".") + "."


def quoted(text: str) -> str:
    """Text for a double-quoted nginx string; `$` would start a variable there."""
    if "$" in text:
        raise ValueError(f"no $ in nginx text: {text!r}")
    return text.replace("\\", "\\\\").replace('"', '\\"')
