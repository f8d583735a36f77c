"""The new-session form's option controls are the engine's declared options (sessions/setup.py
`controls`): each choice sent comes back as the value the engine declares."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.rules import GAMES
from scorekeeper.sessions.games import PAGES
from scorekeeper.sessions.setup import Number, Radio, Seat, as_field, value_of


@pytest.mark.parametrize("name", GAMES)
def test_each_control_sends_the_declared_values(app: Flask, name: str) -> None:
    setup = PAGES[name].session_form.setup
    declared = {option.name: option for option in GAMES[name].options}
    assert [c.name for c in setup.options if c.name != setup.shaped_by] == [
        n for n in declared if n != setup.shaped_by
    ]
    if setup.shaped_by:
        assert setup.options[0].name == setup.shaped_by
    for control in setup.options:
        option = declared[control.name]
        if isinstance(control, Radio):
            sent = [value_of(text) for text, _label in control.choices]
            assert sent == list(option.choices)
            assert value_of(control.default) == option.default
            assert [str(as_field(v)) for v in sent] == [t for t, _ in control.choices]
        elif isinstance(control, Number):
            assert (control.low, control.high, control.default) == (
                option.low,
                option.high,
                option.default,
            )
        else:
            assert isinstance(control, Seat) and option.seat
