"""Reading a game's options: each option is a name with its allowed values."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import InvalidInput

Choices = tuple[Any, ...] | Callable[[object], Any]  # the allowed values, or a reader of a range


def parse_choices(
    raw: object, choices: Mapping[str, Choices], defaults: Mapping[str, Any]
) -> dict[str, Any]:
    """Check `raw` against the allowed values (or readers) and fill in the defaults."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidInput("bad-options", 'options must be an object such as {"target": 100}.')
    unknown = sorted(set(raw) - set(choices))
    if unknown:
        known = ", ".join(choices)
        raise InvalidInput("unknown-option", f"Unknown option {unknown[0]!r}; known: {known}.")
    options = dict(defaults)
    for name, value in raw.items():
        allowed = choices[name]
        if callable(allowed):
            options[name] = allowed(value)
            continue
        # Compare types too: True == 1 and 100.0 == 100, but neither is a valid choice.
        if not any(type(value) is type(a) and value == a for a in allowed):
            shown = ", ".join("open-ended" if a is None else str(a) for a in allowed)
            raise InvalidInput("bad-option", f"Option {name} cannot be {value!r}; choose {shown}.")
        options[name] = value
    return options
