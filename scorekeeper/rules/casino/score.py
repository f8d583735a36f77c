"""Casino's standing: points per deal and the race to 21, which deal may follow (K11–K13),
whom a game the table ended before 21 goes to, and a tournament table's round (rules/lengths.py):
whether it is over, and its result.

>>> deal = {"cards": [26, 26], "spades": [7, 6], "aces": [0, 1, 1, 0],
...         "big_casino": 1, "little_casino": 0}
>>> deal_points(deal, 2)
([4, 4], {'cards': None, 'spades': 0})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from .. import lengths
from ..errors import InvalidInput
from ..game import Standing, ahead, over_at_winner
from ..lengths import DEALS, GAMES, TableResult, deals_reached, finish_by_deals
from ..table import Table

TARGET = 21  # K13
# K11: most cards 3, most spades 1, each ace 1, big casino (10♦) 2, little casino (2♠) 1.
MOST_CARDS, MOST_SPADES, ACE, BIG_CASINO, LITTLE_CASINO = 3, 1, 1, 2, 1
SWEEP = 1  # K12
ACES = ("AS", "AC", "AH", "AD")  # the order of a record's `aces` and of counting out (K13)
# K13: no deal follows a won game: a rematch starts the next one.
check_next = over_at_winner(
    lambda winner: InvalidInput("game-over", "race-won", winner=winner, target=TARGET)
)


class Most(TypedDict):
    """The side that had most cards and most spades; None for a tie, which scores nothing."""

    cards: int | None
    spades: int | None


class CasinoRow(TypedDict):
    """A deal's row in Casino's standing: each side's points, who had most, the totals after."""

    points: list[int]
    most: Most
    scores: list[int]
    dealer: int


class Won(TypedDict):
    """How the game was won: in which deal, and by the higher total, by reaching the target
    first or by counting out at an item (K13)."""

    deal: int
    by: str
    at: str | None  # the item counted out at (by "count_out"); None by total


class CasinoStanding(Standing[CasinoRow]):
    """Casino's standing: the race to the target (K13)."""

    scores: list[int]
    won: Won | None
    tied: bool  # a side reached the target, level with another: play on
    target: int


def most(counts: Sequence[int]) -> int | None:
    """The side with strictly the most, or None on a tie for the most (K11)."""
    top = max(counts)
    tops = [side for side, n in enumerate(counts) if n == top]
    return tops[0] if len(tops) == 1 else None


def deal_items(deal: Mapping[str, Any], sides: int) -> list[tuple[str, list[int]]]:
    """The deal's points item by item, in the counting-out order of K13: cards, spades, big
    casino, little casino, aces (♠ ♣ ♥ ♦), sweeps."""

    def to(side: int | None, points: int) -> list[int]:
        return [points if s == side else 0 for s in range(sides)]

    items = [
        ("cards", to(most(deal["cards"]), MOST_CARDS)),
        ("spades", to(most(deal["spades"]), MOST_SPADES)),
        ("big_casino", to(deal["big_casino"], BIG_CASINO)),
        ("little_casino", to(deal["little_casino"], LITTLE_CASINO)),
    ]
    items += [(ace, to(side, ACE)) for ace, side in zip(ACES, deal["aces"], strict=True)]
    items.append(("sweeps", [n * SWEEP for n in deal.get("sweeps", [0] * sides)]))
    return items


def deal_points(deal: Mapping[str, Any], sides: int) -> tuple[list[int], Most]:
    """Each side's points for the deal (K11, K12), and who had most cards and most spades."""
    return added(deal_items(deal, sides)), leaders(deal)


def leaders(deal: Mapping[str, Any]) -> Most:
    """Who had most cards and most spades; None for a tie, which scores nothing (K11)."""
    return {"cards": most(deal["cards"]), "spades": most(deal["spades"])}


def added(items: Sequence[tuple[str, list[int]]]) -> list[int]:
    """Each side's points over the items."""
    return [sum(column) for column in zip(*(points for _, points in items), strict=True)]


def race(totals: Sequence[int]) -> int | None:
    """K13: once a side reaches 21, the highest total wins; equal highest totals play on."""
    return most(totals) if max(totals) >= TARGET else None


def count_out(
    before: Sequence[int], items: Sequence[tuple[str, list[int]]]
) -> tuple[int, str] | None:
    """K13 counting out: the first side to reach 21 as the items are counted, and the item.

    Every item but sweeps goes to one side, so only sweeps can bring two sides to 21 at
    once; then, as without counting out, the higher total wins and equal totals play on.
    """
    totals = list(before)
    for name, points in items:
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        winner = race(totals)
        if winner is not None:
            return winner, name
    return None


def standing(
    table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
) -> CasinoStanding:
    """Fold canonical deal records, in order, into the race to 21 (K11–K13).

    Seats are numbered from the seat after the first dealer (K1), so seat n - 1 deals first;
    the deal then passes on round the table.
    """
    sides, counting_out = table.teams, options["count_out"] == "on"
    scores, winner, won = [0] * sides, None, None
    dealer = table.before(0)
    rows: list[CasinoRow] = []
    for number, deal in enumerate(deals, 1):
        items = deal_items(deal, sides)
        points = added(items)
        before, scores = scores, [s + p for s, p in zip(scores, points, strict=True)]
        if winner is None:
            winner, won = _decide(before, scores, items, counting_out, number)
        rows.append({"points": points, "most": leaders(deal), "scores": scores, "dealer": dealer})
        dealer = table.after(dealer)
    folded: CasinoStanding = {
        "deals": rows,
        "scores": scores,
        "winner": winner,
        "finished": winner is not None,
        "ended": False,
        "session_winner": winner,
        "won": won,
        "tied": winner is None and any(s >= TARGET for s in scores),
        "next_dealer": dealer,
        "target": TARGET,
    }
    return finish_by_deals(table, options, folded, ended_winner)


def ended_winner(table: Table, options: Mapping[str, Any], standing: CasinoStanding) -> int | None:
    """A game the table ended before anyone won the race (K13) goes to the side with the
    higher score; level at the top, to nobody."""
    return ahead([(score,) for score in standing["scores"]])


def round_over(options: Mapping[str, Any], standing: CasinoStanding) -> bool:
    """Whether a tournament table's round is over: its options carry a length (`deals`, or
    `games: 1`) and no deal follows, its deals played or the race to 21 won (K13)."""
    if options.get(DEALS) is None and options.get(GAMES) != 1:
        return False
    return standing["winner"] is not None or deals_reached(options, len(standing["deals"]))


def table_result(table: Table, options: Mapping[str, Any], standing: CasinoStanding) -> TableResult:
    """A table's result (shared/API.md): the winner, by the higher score — the side the finished
    session went to (its deals played: the higher score; the race won: its winner by K13, who
    also has the higher score unless counting out let a side win with less, when K13's winner
    stands), and while it is not finished, the higher score; equal scores are a draw. Each
    side's game points: its points minus the other side's."""
    scores = standing["scores"]
    margin = scores[0] - scores[1] if table.teams == 2 else 0
    over = round_over(options, standing)
    return lengths.table_result(table, options, standing, margin, over, ended_winner)


def _decide(
    before: Sequence[int],
    after: Sequence[int],
    items: Sequence[tuple[str, list[int]]],
    counting_out: bool,
    number: int,
) -> tuple[int | None, Won | None]:
    """Who wins in this deal, if anyone, and how: by total or at an item counted out."""
    if counting_out:
        found = count_out(before, items)
        if found is None:
            return None, None
        return found[0], {"deal": number, "by": "count_out", "at": found[1]}
    winner = race(after)
    if winner is None:
        return None, None
    several = sum(total >= TARGET for total in after) > 1
    return winner, {"deal": number, "by": "higher" if several else "first", "at": None}
