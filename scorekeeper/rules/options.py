"""A game's options, declared once as data (`Option`), and reading a session's options.

Each game's options.py declares its `OPTIONS`; the web app builds the new-session form's
controls from them (sessions/setup.py) and the API's options schemas (api/option_schemas.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidInput
from .fields import integer

Value = str | int | None  # an option's value as the API sends it (None: open-ended)
Choices = tuple[Any, ...] | Callable[[object], Any]  # the allowed values, or a reader of a range


@dataclass(frozen=True)
class Option:
    """One option of a game: its name (the API's field and the form's control), the rule it
    changes, its default, and its values: `choices`, or else a whole number from `low` to
    `high` (a seat at the table when `seat`; null too when the default is null: open-ended);
    `doc` says what it does, as the API does."""

    name: str
    rule: str  # the rule's id in rules/*.md: "M2", "F7", "K12" …
    default: Value
    choices: tuple[Value, ...] = ()
    low: int = 0
    high: int = 0
    seat: bool = False  # a seat at the table: who deals first
    doc: str = ""


def choices_of(options: Iterable[Option]) -> dict[str, tuple[Value, ...]]:
    """The allowed values of each option that is a choice, by name."""
    return {o.name: o.choices for o in options if o.choices}


def defaults_of(options: Iterable[Option]) -> dict[str, Value]:
    """The default of each option, by name."""
    return {o.name: o.default for o in options}


def read_options(raw: object, options: Iterable[Option]) -> dict[str, Any]:
    """Check `raw` against the declared options and fill in their defaults (an unknown
    option's message lists the known ones in the order of `options`)."""
    declared = tuple(options)
    readers = {
        o.name: o.choices or _whole(o.name, o.low, o.high, o.default is None) for o in declared
    }
    return parse_choices(raw, readers, defaults_of(declared))


def _whole(name: str, low: int, high: int, open_ended: bool) -> Callable[[object], int | None]:
    """A reader of a whole-number option from `low` to `high` (or null, when `open_ended`)."""

    def read(value: object) -> int | None:
        if value is None and open_ended:
            return None
        try:
            return integer(value, name, low, high)
        except InvalidInput as error:
            raise InvalidInput(
                "bad-option", "option-range", option=name, low=low, high=high
            ) from error

    return read


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
