"""Each game's options as the engine declares them (rules/*/options.py `OPTIONS`): the one
declaration the form, its words and the API's schemas are built from."""

from __future__ import annotations

import pytest

from scorekeeper.rules import GAMES, Game, InvalidInput
from scorekeeper.rules.options import defaults_of


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_option_is_declared_once_with_its_rule(game: Game) -> None:
    names = [option.name for option in game.options]
    assert len(names) == len(set(names))
    assert set(names) == set(game.parse_options(None))
    for option in game.options:
        assert option.doc.startswith(option.rule), option.name
        assert (option.seat or bool(option.choices)) or option.low < option.high


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_default_and_choice_is_taken(game: Game) -> None:
    assert game.parse_options(None) == defaults_of(game.options)
    for option in game.options:
        for value in option.choices or (option.low, option.high):
            assert game.parse_options({option.name: value})[option.name] == value


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_a_value_beyond_the_declared_ones_is_refused(game: Game) -> None:
    for option in game.options:
        beyond = "nothing-such" if option.choices else option.high + 1
        with pytest.raises(InvalidInput) as refused:
            game.parse_options({option.name: beyond})
        assert refused.value.code == "bad-option"
