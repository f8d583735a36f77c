"""Refusals that are not bad input: the request clashes with what another writer did."""

from __future__ import annotations

from typing import Any


class Conflict(Exception):
    """A write refused because the session moved on: 409, 412 or 422; nothing was stored.

    `deal` is the deal as it stands now, so that the client can show both versions.
    """

    def __init__(self, status: int, code: str, message: str, deal: Any = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.deal = deal
