"""The data layer's refusals, raised as domain errors: the web layer answers them (web/errors.py).

Bad input is rules.InvalidInput (400); these are the rest: what is asked for is not there, or
the request clashes with what another writer did. Each says what happened as data, as the
engine does: `key` names the sentence scorekeeper/words/refusals.py writes in the reader's
language, `params` what it names. A refusal the web floor raises itself passes a sentence it
has written as `key`.
"""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A refusal said as data: a key and what it names."""

    def __init__(self, key: str, params: dict[str, Any]) -> None:
        super().__init__(f"{key}: {params}" if params else key)
        self.key = key
        self.params = params


class NotFound(Refused):
    """A session, club, deal or live deal that is not there (404); `key` says which."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key, params)


class Conflict(Refused):
    """A write refused because the session moved on: 409, 412 or 422; nothing was stored.

    `deal` is the deal (a models.Deal) as it stands now, so that the client can show both.
    """

    def __init__(
        self, status: int, code: str, key: str, deal: object = None, /, **params: Any
    ) -> None:
        super().__init__(key, params)
        self.status = status
        self.code = code
        self.deal = deal
