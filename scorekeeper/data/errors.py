"""The data layer's refusals, raised as domain errors: the web layer answers them (web/errors.py).

Bad input is rules.InvalidInput (400); these are the rest: what is asked for is not there, or
the request clashes with what another writer did.
"""

from __future__ import annotations


class NotFound(Exception):
    """A session, club, deal or live deal that is not there (404); `message` says which."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Conflict(Exception):
    """A write refused because the session moved on: 409, 412 or 422; nothing was stored.

    `deal` is the deal (a models.Deal) as it stands now, so that the client can show both.
    """

    def __init__(self, status: int, code: str, message: str, deal: object = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.deal = deal
