"""Small readers for fields of JSON records, raising InvalidInput with a clear message."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from .errors import InvalidInput


def record(raw: object, what: str, allowed: Collection[str]) -> Mapping[str, Any]:
    """`raw` as an object with no fields other than `allowed`."""
    if not isinstance(raw, dict):
        raise InvalidInput("bad-field", f"{what} must be an object.")
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise InvalidInput("unknown-field", f"{what} has an unknown field {unknown[0]!r}.")
    return raw


def required(raw: Mapping[str, Any], name: str, what: str) -> Any:
    """The field `name`, which must be present."""
    if name not in raw:
        raise InvalidInput("missing-field", f"{what} needs the field {name!r}.")
    return raw[name]


def integer(value: object, name: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput("bad-field", f"{name} must be a whole number from {low} to {high}.")
    return value


def choice(value: object, name: str, allowed: Collection[str]) -> str:
    """One of the strings in `allowed`."""
    if value not in allowed or not isinstance(value, str):
        raise InvalidInput("bad-field", f"{name} must be one of {', '.join(allowed)}.")
    return value
