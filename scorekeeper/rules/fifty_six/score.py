"""Fifty-six's standing: tables (tokens) moving between teams after each deal, game after
game, which deal may follow (F6, F10, F14–F17), whom the session goes to, and a tournament
table's round (rules/lengths.py): whether it is over, and its result. A deal's record is read in
record.py.

>>> tables_moved(40, made=False, double=2, doubling="multiply")
12
>>> settle((12, 12), contracting_team=1, amount=3, made=False, table=Table(2, 2))
((15, 9), [[1, 0, 3]])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from .. import lengths
from ..errors import InvalidInput
from ..game import Standing, ahead
from ..lengths import DEALS, GAMES, TableResult, deals_reached, finish_by_deals
from ..table import Table, team_label
from .auction import LOWEST_BID, StoredContract, parse_auction

# F15: (lowest bid, highest bid, tables if made, tables if lost).
SCHEDULE: tuple[tuple[int, int, int, int], ...] = (
    (28, 39, 1, 2),
    (40, 47, 2, 3),
    (48, 55, 3, 4),
    (56, 56, 4, 5),
)
# F16: by the double level 0 (none), 1 (doubled), 2 (redoubled).
MULTIPLIER = (1, 2, 4)  # doubling: multiply
ADDED = (0, 1, 2)  # doubling: additive

Transfer = list[int]  # [from team, to team, tables]


class DealContract(StoredContract):
    """A deal's contract in its row: as recorded (F10's 28 NT if all passed), and the team."""

    team: int


class FiftySixRow(TypedDict):
    """A deal's row in Fifty-six's standing: its contract, whether made, the tables moved."""

    made: bool
    transfers: list[Transfer]
    dealer: int
    contract: DealContract
    tables: list[int]  # each team's, after the deal
    game: int  # the game it was played in, from 1


class FiftySixStanding(Standing[FiftySixRow]):
    """Fifty-six's standing: each team's tables and who is out in the game on, games won."""

    tables: list[int]
    out: list[int]
    game: int  # the game on, from 1
    games: list[int]  # the winner of each game before it


def all_pass(seat: int) -> StoredContract:
    """F10: everyone passed: 28 no-trumps for the first bidder's team (`seat` bids first)."""
    return {"seat": seat, "value": LOWEST_BID, "trump": "NT", "double": 0}


def tables_moved(value: int, made: bool, double: int, doubling: str) -> int:
    """How many tables a contract of `value` moves to or from each other team (F15, F16)."""
    base = next(
        made_n if made else lost_n for low, high, made_n, lost_n in SCHEDULE if low <= value <= high
    )
    if doubling == "additive":
        return base + ADDED[double]
    return base * MULTIPLIER[double]


def after_in_order(table: Table, team: int) -> list[int]:
    """The other teams in playing order from `team` (F17).

    Reading of "in playing order from the payer": go round the seats from any seat of the
    payer; seat s + k belongs to team (s + k) mod T, so the teams come as team + 1, team + 2,
    … whichever of the payer's seats one starts from.
    """
    return [(team + k) % table.teams for k in range(1, table.teams)]


def settle(
    tables_by_team: Sequence[int], contracting_team: int, amount: int, made: bool, table: Table
) -> tuple[tuple[int, ...], list[Transfer]]:
    """The tables after a deal and the transfers [from, to, n], in the order paid (F15, F17)."""
    tables = list(tables_by_team)
    transfers: list[Transfer] = []
    out = {team for team, n in enumerate(tables) if n == 0}
    if contracting_team in out:
        return tuple(tables), transfers  # F6: a team that is out neither pays nor receives
    for other in after_in_order(table, contracting_team):
        if other in out:
            continue  # F6: a team that is out neither pays nor receives
        payer, payee = (other, contracting_team) if made else (contracting_team, other)
        # F17: a team that cannot pay in full pays what it has and is out at 0.
        paid = min(amount, tables[payer])
        if paid:
            tables[payer] -= paid
            tables[payee] += paid
            transfers.append([payer, payee, paid])
    return tuple(tables), transfers


def is_made(value: int, points: int) -> bool:
    """F14: the contract is made when the team's card points reach the bid."""
    return points >= value


def winner_of(tables: Sequence[int]) -> int | None:
    """F6: the last team holding tables wins."""
    holding = [team for team, n in enumerate(tables) if n > 0]
    return holding[0] if len(holding) == 1 else None


def next_seat_in(table: Table, seat: int, tables: Sequence[int]) -> int:
    """The next seat after `seat` whose team still holds tables (seats of teams out sit out)."""
    for _ in range(table.seats):
        seat = table.after(seat)
        if tables[table.team_of(seat)] > 0:
            return seat
    return table.after(seat)


def standing(
    table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
) -> FiftySixStanding:
    """Fold canonical deal records (see record.py), in order, into the session's standing.

    A session plays game after game: a deal marked `new_game` (or any deal after a game is
    won) starts the next game with every team back at the starting tables (F6).
    """
    start: tuple[int, ...] = (options["tables"],) * table.teams
    tables, games = start, list[int]()
    # F7: without a recorded dealer, the first dealer (seat 0 unless chosen) deals first, and
    # the deal passes on.
    dealer = options.get("first_dealer", 0)
    rows: list[FiftySixRow] = []
    for deal in deals:
        won = winner_of(tables)
        if won is not None or deal.get("new_game"):
            games += [] if won is None else [won]
            tables = start
        dealer = deal.get("dealer", dealer)
        contract: StoredContract = deal["contract"] or all_pass(next_seat_in(table, dealer, tables))
        team = table.team_of(contract["seat"])
        made = is_made(contract["value"], deal["points"])
        amount = tables_moved(contract["value"], made, contract["double"], options["doubling"])
        tables, transfers = settle(tables, team, amount, made, table)
        rows.append(
            {
                "made": made,
                "transfers": transfers,
                "dealer": dealer,
                "contract": {"team": team, **contract},
                "tables": list(tables),
                "game": len(games) + 1,
            }
        )
        # F7: the deal passes on; past the seats of teams out, or to anyone in a new game.
        won = winner_of(tables) is not None
        dealer = table.after(dealer) if won else next_seat_in(table, dealer, tables)
    winner = winner_of(tables)
    folded: FiftySixStanding = {
        "deals": rows,
        "tables": list(tables),
        "out": [team for team, n in enumerate(tables) if n == 0],
        "winner": winner,
        "finished": winner is not None,
        "ended": False,
        # F6: a session whose game is won goes to the team that won the most games.
        "session_winner": None if winner is None else most_games([*games, winner], table.teams),
        "next_dealer": dealer,
        "game": len(games) + 1,
        "games": games,
    }
    return finish_by_deals(table, options, folded, ended_winner)


def most_games(won: Sequence[int], teams: int) -> int | None:
    """The team that won strictly the most of these games (their winners), if one did (F6)."""
    return ahead([(won.count(team),) for team in range(teams)])


def ended_winner(
    table: Table, options: Mapping[str, Any], standing: FiftySixStanding
) -> int | None:
    """A session ended while a game is on goes to the team that won more games, then to the
    team with more tables in the game on; level, to nobody."""
    won = standing["games"]
    return ahead([(won.count(team), standing["tables"][team]) for team in range(table.teams)])


def round_over(options: Mapping[str, Any], standing: FiftySixStanding) -> bool:
    """Whether a tournament table's round is over: its options carry a length (`deals`, or
    `games: 1`) and no deal follows, its deals played or, with `games: 1`, its game won (F6)."""
    one_game = options.get(GAMES) == 1
    if options.get(DEALS) is None and not one_game:
        return False
    won = one_game and standing["winner"] is not None
    return won or deals_reached(options, len(standing["deals"]))


def table_result(
    table: Table, options: Mapping[str, Any], standing: FiftySixStanding
) -> TableResult:
    """A table's result (shared/API.md): the winner, by more tables — the team the finished
    session went to (a won game: its winner, who holds every table; its deals played: more
    games won in the round, then more tables in the game on, as a session the table ended
    goes), and while it is not finished, the team ahead so; level is a draw. Each team's game
    points: the tables it won minus the tables it lost, over every deal of the round (F15,
    F17: what each deal moved)."""
    margin = sum(
        n * ((to == 0) - (payer == 0))
        for row in standing["deals"]
        for payer, to, n in row["transfers"]
    )
    over = round_over(options, standing)
    return lengths.table_result(table, options, standing, margin, over, ended_winner)


def _check_auction(
    table: Table, options: Mapping[str, Any], deal: Mapping[str, Any], dealer: int, out: list[int]
) -> None:
    """Raise bad-auction unless the recorded calls are legal, over, and give the contract."""
    position = {"players": table.seats, "dealer": dealer, "teams": options["teams"], "out": out}
    done = parse_auction(position | {"calls": deal["auction"]})
    if not done.finished:
        raise InvalidInput(
            "bad-auction",
            "auction-not-over",
            {"why": "not-over", "seat": done.next_seat},
        )
    contract = None if done.standing is None else done.contract
    wanted = None if contract is None else contract.to_json()
    if wanted is not None:
        del wanted["team"]
    if wanted != deal["contract"]:
        raise InvalidInput(
            "bad-auction",
            "auction-passed-contract" if contract is None else "auction-other-contract",
            {"why": "other-contract", "contract": None if contract is None else contract.to_json()},
            said=None if contract is None else contract.to_json(),
        )


def check_next(
    table: Table,
    options: Mapping[str, Any],
    now: Mapping[str, Any],
    deal: Mapping[str, Any] | None,
    names: Sequence[str] | None = None,
) -> None:
    """Raise InvalidInput if canonical `deal` cannot follow the deals folded into `now`: the
    game is won and the deal does not start a new one, a new game while one is on, a
    contract by a team that is out (F6, F17), or a recorded auction that is not legal as the
    table stands. None asks whether any deal may follow: one may.
    """
    if deal is None:
        return
    teams = names or [team_label(team) for team in range(table.teams)]
    winner = now["winner"]
    if "auction" in deal:
        out = [] if deal.get("new_game") else now["out"]
        _check_auction(table, options, deal, deal.get("dealer", now["next_dealer"]), out)
    if deal.get("new_game"):
        if winner is None:
            raise InvalidInput("game-not-over", "game-not-over", game=now["game"])
        return
    if winner is not None:
        raise InvalidInput("game-over", "tables-won", game=now["game"], winner=teams[winner])
    contract = deal["contract"]
    if contract is not None and table.team_of(contract["seat"]) in now["out"]:
        team = table.team_of(contract["seat"])
        raise InvalidInput(
            "team-out",
            "team-out",
            {"seat": contract["seat"], "team": team},
            team_name=teams[team],
        )
