"""Small readers for fields of JSON records, raising InvalidInput that names the field.

`what` is the thing read, as the web layer's sentences name it (words/inputs.py WORDS: "A
move", or a field of the API such as "hand"); `about` gives what that phrase names (a team).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import InvalidInput


def record(raw: object, what: str, allowed: Collection[str], **about: object) -> Mapping[str, Any]:
    """`raw` as an object with no fields other than `allowed`."""
    if not isinstance(raw, dict):
        raise InvalidInput("bad-field", "not-object", about, what=what)
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise InvalidInput("unknown-field", "unknown-field", about, what=what, field=unknown[0])
    return raw


def required(raw: Mapping[str, Any], name: str, what: str, **about: object) -> Any:
    """The field `name`, which must be present."""
    if name not in raw:
        raise InvalidInput("missing-field", "missing-field", about, what=what, field=name)
    return raw[name]


def integer(value: object, name: str, low: int, high: int, **about: object) -> int:
    """A whole number from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput("bad-field", "not-whole-number", about, what=name, low=low, high=high)
    return value


def choice(value: object, name: str, allowed: Collection[str]) -> str:
    """One of the strings in `allowed`."""
    if value not in allowed or not isinstance(value, str):
        raise InvalidInput("bad-field", "not-a-choice", what=name, allowed=list(allowed))
    return value
