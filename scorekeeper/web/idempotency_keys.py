"""The Idempotency-Key as the web floor reads it: from the request's header or a form's field,
checked, and a key sent again with other data refused in the reader's words.

The writing itself, exactly once, is scorekeeper.data.idempotency's: it is handed the key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from flask import request

from ..data import idempotency
from ..data.errors import Conflict
from ..data.idempotency import (
    LEAST_ALNUM,
    LEAST_DISTINCT,
    LONGEST_KEY,
    KeyReused,
    is_unguessable,
)
from ..rules import InvalidInput
from ..words import gettext

P = ParamSpec("P")
R = TypeVar("R")


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


def _reuse_refused(write: Callable[P, R]) -> Callable[P, R]:
    """`write`, KeyReused (the data floor's fact) answered as the Conflict every page and the
    API answer: a 422."""

    @wraps(write)
    def refused(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return write(*args, **kwargs)
        except KeyReused:
            message = gettext(
                "This Idempotency-Key was used for another request; send a new key with new data."
            )
            raise Conflict(422, "idempotency-key-reused", message) from None

    return refused


# A write once per key, and a session started once per key, as data.idempotency does them.
once = _reuse_refused(idempotency.once)
start_session = _reuse_refused(idempotency.start_session)
