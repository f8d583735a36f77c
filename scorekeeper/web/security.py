"""Headers, cookies and size limits that every answer gets."""

from __future__ import annotations

from flask import Flask, Response, abort, request
from flask.sessions import SecureCookieSessionInterface

# No inline script or style anywhere: pages load /static files only.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
LONGEST_URL = 4096  # the server lets longer lines through, so the answer here is JSON
LONGEST_HEADERS = 16 * 1024


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the page came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure if configured so, or if this request is HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def register(app: Flask) -> None:
    """Add the headers, cookie rules and limits to the app."""
    # Flask's defaults hold the key already (as None), so setdefault() would not set it.
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.session_interface = SessionCookies()
    app.before_request(_limit_sizes)
    app.after_request(_add_headers)


def _limit_sizes() -> None:
    if len(request.full_path) > LONGEST_URL:
        abort(414, description=f"The address is too long: at most {LONGEST_URL} characters.")
    size = sum(len(name) + len(value) for name, value in request.headers.items())
    if size > LONGEST_HEADERS:
        abort(431, description="The request's headers are too large.")


def _add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response
