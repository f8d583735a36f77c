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
        raise InvalidInput("bad-options", "options-not-object")
    unknown = sorted(set(raw) - set(choices))
    if unknown:
        raise InvalidInput(
            "unknown-option", "unknown-option", option=unknown[0], known=list(choices)
        )
    options = dict(defaults)
    for name, value in raw.items():
        allowed = choices[name]
        if callable(allowed):
            options[name] = allowed(value)
            continue
        # Compare types too: True == 1 and 100.0 == 100, but neither is a valid choice.
        if not any(type(value) is type(a) and value == a for a in allowed):
            # None in `allowed` is an open-ended choice (no limit), which the sentence words.
            raise InvalidInput(
                "bad-option", "option-value", option=name, value=value, choices=list(allowed)
            )
        options[name] = value
    return options
