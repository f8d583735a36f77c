"""Errors the rules engine raises: bad input is not the same as an illegal move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class InvalidInput(ValueError):
    """Input that cannot be read: an unknown card, a card twice, a missing field."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        # What the sentence is about, as data (seats, teams, values), for the web layer to say
        # with the table's names; `message` is the API's sentence.
        self.params: dict[str, Any] = dict(params or {})
