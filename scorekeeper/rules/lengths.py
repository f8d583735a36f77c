"""A round's length, as a tournament table's session options carry it, and a table's result
(shared/API.md, "A table's round ends").

A tournament table is an ordinary session whose options carry the round's length: `deals: n`,
an option every game has (the session is finished after its nth deal), or the game's own end of
a game: Seep's `baazis: 1` (M4), Fifty-six's and Casino's `games: 1` (F6, K13). Each game's
score.py folds `deals` into its standing and says, from a standing, whether the round is over
(`round_over`) and the table's result (`table_result`); what they share is here.

>>> deals_reached({"deals": 2}, 2), deals_reached({"deals": None}, 99)
(True, False)
>>> two_sided(Table(2, 2), None, 7)
{'winner': None, 'game_points': [7, -7]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from .limits import MOST_DEALS
from .options import Option
from .table import Table

if TYPE_CHECKING:  # game.py reads this module's TableResult
    from .game import Standing

Folded = TypeVar("Folded", bound="Standing[Any]")
# (table, options, standing): whom a session not won by its rules goes to (ScoreRoom.ended_winner).
EndedWinner = Callable[[Table, Mapping[str, Any], Folded], int | None]

# Readings of shared/API.md where it leaves a choice:
# - A round's length is what the options carry: `deals` set, Seep's `baazis` 1, or `games` 1.
#   A session without one is no tournament round: its won game answers as it always did (400
#   `session-over` or `game-over`, Fifty-six's next game). Seep's `baazis: 1` cannot be told
#   from a table's, so every one-baazi session's end is a round's (409 `round-over`).
# - The round is over once no deal may follow: its deals played, or its game won (with a
#   length set, a game won before the deals also ends it: Seep's M4 at a table that also counts
#   baazis, Casino's race to 21). A session the table ended before then did not reach its
#   length, so round_over says no; a tournament counts it over all the same, its result the
#   deals so far (data/tournaments.py: a keeper ends a table that runs long).
# - The winner is the team the finished session went to, the scoreboard's: by the game's own
#   rules when they decided it (so Casino's counting out, K13, may give it to the side with the
#   lower total), else by API.md's order, which is each game's `ended_winner` (Fifty-six counts
#   games won in the round before tables, as a session the table ends does). Before the end,
#   the result so far is worked out the same way, with `over` false.
# - Game points count every deal folded into the standing, and Seep's margins are the deals'
#   points with sweeps (E2), under-9 deals too.
DEALS = "deals"  # the option every game has: the session is finished after its nth deal
GAMES = "games"  # Fifty-six's and Casino's: 1, the session is finished when a game is won


def deals_option(rule: str) -> Option:
    """The `deals` option, declared alike in every game's options.py: `rule` is the game's
    rule of when a session ends (M4, F6, K13), which it adds to."""
    return Option(
        DEALS,
        rule,
        None,
        low=1,
        high=MOST_DEALS,
        doc=f"{rule}, and shared/API.md's round length: the session is finished after its nth "
        "deal (a tournament table's round), and a further deal answers 409 `round-over`; null "
        "(the default): no number of deals ends it.",
    )


def deals_reached(options: Mapping[str, Any], played: int) -> bool:
    """Whether `played` deals reach the session's `deals` (none set: never). Read with .get:
    a session stored before the option was declared has no `deals` (no length)."""
    most = options.get(DEALS)
    return most is not None and played >= most


class Result(TypedDict):
    """A two-sided table's result: the side that won it (None: a draw) and each side's game
    points, the tie-break of the tournament's standings (shared/API.md)."""

    winner: int | None
    game_points: list[int]


class TableResult(Result):
    """A table's result, and whether it stands: `over` once the round's length is reached."""

    over: bool


def two_sided(table: Table, winner: int | None, margin: int) -> Result:
    """The result of a table of two sides: `winner`, and side 0's game points `margin` against
    side 1's -margin. Every tournament table has two sides (shared/API.md); another table has
    no table result, and asking for one is a mistake of the caller (ValueError)."""
    if table.teams != 2:
        raise ValueError(f"a table's result is of two sides, not {table.teams}")
    return {"winner": winner, "game_points": [margin, -margin]}


def finish_by_deals(
    table: Table, options: Mapping[str, Any], folded: Folded, ended_winner: EndedWinner[Folded]
) -> Folded:
    """A standing whose game is still on when the round's deals are played: finished, and gone
    to the team ahead (`ended_winner`), as a session the table ended is."""
    if folded["winner"] is None and deals_reached(options, len(folded["deals"])):
        folded["finished"] = True
        folded["session_winner"] = ended_winner(table, options, folded)
    return folded


def table_result(
    table: Table,
    options: Mapping[str, Any],
    standing: Folded,
    margin: int,
    over: bool,
    so_far: EndedWinner[Folded],
) -> TableResult:
    """A two-sided table's result: the team the finished session went to, and before then the
    team ahead (`so_far`, the game's ended_winner); side 0's game points `margin`; whether the
    round is `over` (the game's round_over)."""
    finished = standing["finished"]
    winner = standing["session_winner"] if finished else so_far(table, options, standing)
    return {**two_sided(table, winner, margin), "over": over}
