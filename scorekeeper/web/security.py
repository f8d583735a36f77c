"""Headers, cookies and size limits that every answer gets."""

from __future__ import annotations

import base64
import copy
import functools
import math
import time
from collections.abc import Callable
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import Flask, Request, Response, abort, request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadData

from ..data.memo import Recent
from ..data.setup import memos
from ..words import gettext

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
COOKIE_KEY_PURPOSE = b"scorekeeper session cookie, Fernet, v1"


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie is encrypted, so that no one can read the tokens it holds (issue 22),
    and Secure whenever the page came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure if configured so, or if this request is HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_signing_serializer(self, app: Flask) -> SealedCookie | None:  # type: ignore[override]
        """What writes and reads the cookie: encrypting, not only signing; None without a key."""
        if not app.secret_key:
            return None
        keys = [app.secret_key, *reversed(app.config.get("SECRET_KEY_FALLBACKS") or [])]
        return SealedCookie(_fernet(tuple(keys)), self.serializer)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The browser's session, read from its cookie only when the request first looks into
        it: most requests (an API call, a poll's 304, a move check) never do, and skip the
        decryption (issue 34)."""
        if not app.secret_key:
            return None  # no secret key: Flask's null session says why
        return LazySession(lambda: self._read(app, request.cookies.get(self.get_cookie_name(app))))

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Write the cookie as Flask does, unless nothing in the session changed: then the
        browser's cookie stays as it is (and the answer varies by it if it was read)."""
        if isinstance(session, LazySession) and not session.loaded:
            return
        if not session.modified and not self.should_set_cookie(app, session):
            response.vary.add("Cookie")  # looked into, not changed: the cookie stays
            return
        super().save_session(app, session, response)

    def _read(self, app: Flask, value: str | None) -> tuple[dict[str, Any], bool]:
        """The cookie's data, empty if it is tampered with, expired or not ours; and whether
        it must be written back (encrypted).

        A cookie signed before the cookie was encrypted is read once, and sent back encrypted,
        so that no keeper loses a session on the deploy."""
        sealed = self.get_signing_serializer(app)
        if not value or sealed is None:
            return {}, False
        max_age = int(app.permanent_session_lifetime.total_seconds())
        try:
            return sealed.loads(value, max_age), False
        except InvalidToken:
            pass
        signed = super().get_signing_serializer(app)
        try:
            data = signed.loads(value, max_age=max_age) if signed else None
        except (BadData, ValueError, TypeError):
            return {}, False
        if not isinstance(data, dict):
            return {}, False
        return data, True  # written back encrypted with this answer


class LazySession(SecureCookieSession):
    """A session whose cookie is decrypted when it is first looked into, not before."""

    def __init__(self, read: Callable[[], tuple[dict[str, Any], bool]]) -> None:
        super().__init__()
        self._read: Callable[[], tuple[dict[str, Any], bool]] | None = read

    @property
    def loaded(self) -> bool:
        """Whether the cookie has been read (the request looked into the session)."""
        return self._read is None

    def load(self) -> None:
        """Read the cookie into the session, once."""
        if self._read is None:
            return
        read, self._read = self._read, None
        data, rewrite = read()
        dict.update(self, data)  # as the session was sent: not a change of it
        if rewrite:
            self.modified = True


def _loading(name: str) -> Callable[..., Any]:
    """The dict method `name` of a session, reading the cookie first."""
    method = getattr(SecureCookieSession, name)

    def loaded(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        self.load()
        return method(self, *args, **kwargs)

    loaded.__name__ = name
    return loaded


# Every way to look into or change a dict; a dict's C methods would otherwise see it empty.
for _name in (
    "__contains__", "__delitem__", "__eq__", "__getitem__", "__ior__", "__iter__", "__len__",
    "__ne__", "__or__", "__repr__", "__reversed__", "__setitem__", "clear", "copy", "get",
    "items", "keys", "pop", "popitem", "setdefault", "update", "values",
):  # fmt: skip
    setattr(LazySession, _name, _loading(_name))


class SealedCookie:
    """The session's data as JSON (Flask's tagged JSON), encrypted and authenticated with
    Fernet (AES-CBC and HMAC-SHA256) under keys derived from SECRET_KEY."""

    def __init__(self, fernet: MultiFernet, serializer: TaggedJSONSerializer) -> None:
        self.fernet, self.serializer = fernet, serializer

    def dumps(self, data: dict[str, Any]) -> str:
        """The cookie's value: nothing in it can be read without the key."""
        return self.fernet.encrypt(self.serializer.dumps(data).encode()).decode("ascii")

    def loads(self, value: str, max_age: int | None = None) -> dict[str, Any]:
        """The data again; InvalidToken unless it was sealed here within `max_age` seconds."""
        key = (self.fernet, value)  # the keys themselves: a later key never meets these
        kept = OPENED.get(key)
        if kept is not None and time.time() <= kept[1]:
            return _copied(kept[0])
        token = value.encode("latin-1")
        try:
            data = self.serializer.loads(self.fernet.decrypt(token, ttl=max_age).decode())
        except (UnicodeError, ValueError, TypeError) as error:
            raise InvalidToken from error
        if not isinstance(data, dict):
            raise InvalidToken
        expires = math.inf if max_age is None else self.fernet.extract_timestamp(token) + max_age
        OPENED.put(key, (data, expires))
        return _copied(data)


OPENED_KEPT = 1024
# Cookies opened lately, by value: a phone polling every 2 s sends the same one each time, and
# opening it (AES, HMAC and JSON) was a tenth of a poll's cost (issue 34). Safe to keep: the
# exact value was authenticated when it was opened, so it needs no check again, only its age.
# Listed by the app factory (register).
OPENED: Recent[tuple[MultiFernet, str], tuple[dict[str, Any], float]] = Recent(OPENED_KEPT)


def _copied(data: dict[str, Any]) -> dict[str, Any]:
    """A session's data to change freely: its values' lists and dicts copied too (a flash
    appends to its list in place)."""
    return {key: copy.copy(value) for key, value in data.items()}


# A pure function of the app's secret keys (the current one and any fallbacks), which a process
# sets once: deriving them at every request would cost a poll two HKDFs.
@functools.lru_cache(maxsize=8)
def _fernet(secrets: tuple[str | bytes, ...]) -> MultiFernet:
    """Fernet keys derived from the secret keys (the current first), for the cookie alone."""
    return MultiFernet([Fernet(_derived_key(secret)) for secret in secrets])


def _derived_key(secret: str | bytes) -> bytes:
    # HKDF with a purpose label: the cookie's key is not the key that signs anything else.
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=COOKIE_KEY_PURPOSE)
    return base64.urlsafe_b64encode(
        hkdf.derive(secret.encode() if isinstance(secret, str) else secret)
    )


def register(app: Flask) -> None:
    """Add the headers, cookie rules and limits to the app, and list its memo of cookies."""
    # Flask's defaults hold the key already (as None), so setdefault() would not set it.
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.session_interface = SessionCookies()
    memos(app)["opened"] = OPENED
    app.before_request(_limit_sizes)
    app.after_request(_add_headers)


def _limit_sizes() -> None:
    if len(request.full_path) > LONGEST_URL:
        message = gettext("The address is too long: at most %(most)d characters.", most=LONGEST_URL)
        abort(414, description=message)
    # From the environ, not request.headers: every request pays for this (issue 34).
    size = sum(len(k) - 5 + len(v) for k, v in request.environ.items() if k.startswith("HTTP_"))
    if size > LONGEST_HEADERS:
        message = gettext(
            "The request's headers are too large: at most %(size)d KB in all.",
            size=LONGEST_HEADERS // 1024,
        )
        abort(431, description=message)


def _add_headers(response: Response) -> Response:
    # One look at the headers a view set, not one per header added (every request's floor).
    present = {name.lower() for name, _value in response.headers}
    response.headers.extend([(n, v) for n, v in HEADERS.items() if n.lower() not in present])
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response
