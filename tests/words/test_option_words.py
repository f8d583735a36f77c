"""Every option the engine declares has its words (words/options.py): its label, and a label
for each choice that is not a number shown as it is."""

from __future__ import annotations

import pytest

from scorekeeper.rules import GAMES, Game
from scorekeeper.words.options import OPTION_WORDS


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_option_and_choice_has_its_words(game: Game) -> None:
    words = OPTION_WORDS[game.name]
    assert set(words) == {option.name for option in game.options}
    for option in game.options:
        _label, named = words[option.name]
        words_of = [v for v in option.choices if v is None or isinstance(v, str)]
        assert set(named) >= set(words_of), option.name
        assert set(named) <= set(option.choices), option.name
