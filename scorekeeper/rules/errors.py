"""Errors the rules engine raises: bad input is not the same as an illegal move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class InvalidInput(ValueError):
    """Input that cannot be read: an unknown card, a card twice, a missing field.

    The engine says what is wrong as data: `code` is the API's error code, `key` names the
    sentence the web layer writes in the reader's language (scorekeeper/words/inputs.py),
    and `params` what it names (fields, the value as given, limits, cards as printed). A
    refusal the web layer raises itself passes a sentence it has written as `key`.
    """

    def __init__(
        self, code: str, key: str, params: Mapping[str, Any] | None = None, /, **named: Any
    ) -> None:
        self.code = code
        self.key = key
        self.params: dict[str, Any] = {**(params or {}), **named}
        super().__init__(f"{code}: {key} {self.params}" if self.params else f"{code}: {key}")

    def __reduce__(self) -> tuple[type[InvalidInput], tuple[str, str, dict[str, Any]]]:
        # A worker process's refusal comes back to the web process whole (pickled).
        return (InvalidInput, (self.code, self.key, self.params))
