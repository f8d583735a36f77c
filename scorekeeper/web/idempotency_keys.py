"""The Idempotency-Key as the web floor reads it: from the request's header or a form's field,
checked, and a key sent again with other data refused in the reader's words.

The writing itself, exactly once, is scorekeeper.data.idempotency's: it is handed the key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import request

from ..data import idempotency
from ..data.errors import Conflict
from ..data.idempotency import (
    LEAST_ALNUM,
    LEAST_DISTINCT,
    LONGEST_KEY,
    Answer,
    KeyReused,
    is_unguessable,
)
from ..data.models import GameSession
from ..rules import InvalidInput
from ..words import gettext


def request_key() -> str | None:
    """The request's Idempotency-Key, if it sent one; a 400 if it is malformed."""
    return checked_key(request.headers.get("Idempotency-Key"))


def checked_key(key: str | None) -> str | None:
    """A key as given (None for none); a 400 unless it is unguessable (is_unguessable)."""
    if key is None:
        return None
    if not is_unguessable(key):
        message = gettext(
            "Idempotency-Key must be at most %(longest)d printable ASCII characters, with at "
            "least %(alnum)d letters or digits and at least %(distinct)d different ones among "
            "them (a random UUID will do): a key that can be guessed would let someone else "
            "repeat the request and read its answer.",
            longest=LONGEST_KEY,
            alnum=LEAST_ALNUM,
            distinct=LEAST_DISTINCT,
        )
        raise InvalidInput("bad-idempotency-key", message)
    return key


def once(
    scope: str, key: str | None, body: Any, write: Callable[[], Answer]
) -> tuple[Answer, bool]:
    """data.idempotency's `once`, a key reused for other data refused as a 422."""
    with _reuse_refused():
        return idempotency.once(scope, key, body, write)


def start_session(
    scope: str,
    key: str | None,
    body: Any,
    shown: Callable[[GameSession], dict[str, Any]],
    new_club: str | None = None,
) -> tuple[Answer, str, bool]:
    """data.idempotency's `start_session`, a key reused for other data refused as a 422."""
    with _reuse_refused():
        return idempotency.start_session(scope, key, body, shown, new_club)


@contextmanager
def _reuse_refused() -> Iterator[None]:
    """KeyReused (the data floor's fact) as the Conflict every page and the API answer."""
    try:
        yield
    except KeyReused:
        message = gettext(
            "This Idempotency-Key was used for another request; send a new key with new data."
        )
        raise Conflict(422, "idempotency-key-reused", message) from None
