"""The rules engine: pure Python, no web and no database.

Every game is registered once in GAMES and looked up by name: its entry (rules/game.py's
`Game`) is built by the game's package from its rooms, the same rooms in every game.
"""

from __future__ import annotations

from .casino import CASINO
from .errors import InvalidInput
from .fifty_six import FIFTY_SIX
from .game import Game
from .seep import SEEP
from .table import Table

GAMES: dict[str, Game] = {game.name: game for game in (SEEP, FIFTY_SIX, CASINO)}


def get_game(name: object) -> Game:
    """The registered game called `name`; raise InvalidInput otherwise."""
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidInput("unknown-game", "unknown-game", value=name, known=list(GAMES))
    return GAMES[name]


__all__ = ["GAMES", "Game", "InvalidInput", "Table", "get_game"]
