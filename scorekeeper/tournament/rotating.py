"""Rotating partners: individuals seated four to a table, partners in seats 0 and 2 and in
seats 1 and 3, new partners every round while that can be avoided, and opponents spread.

The method, measured on this 2-core machine (bench/tournament_pairing.py; issue 37):
OR-Tools' CP-SAT, given the schedule exactly (a boolean for each player's side in each round,
each two players' partnerships and meetings derived from them), takes 9 s to find 8 players'
7 rounds of new partners and opponents twice each, finds no 12-player 5-round schedule with
opponents at most once in 30 s, and needs 22 s just to build 64 players' 7 rounds (no
schedule 30 s later); a time limit would also make its result depend on the machine's load.
So the schedule is planned by simulated annealing over seat swaps (annealing.py): a fixed,
seeded number of moves, the same result on any machine, stopping early at a bound no
schedule can beat. 64 players' 7 rounds reach that bound (no partner twice, no two players
opponents twice) in about 0.4 s; 8 to 13 players over 3 to 6 rounds never partner twice and
never meet as opponents more than twice as often as the least met two (counting two who
never met as once). Where the field allows a whist tournament (whist.py: every two players
partners once and opponents twice; 5 to 24 players but 6, 7, 10, 11, 14, 15, 18, 19, 22 and
23), the search starts from that published design, which it could not find reliably itself.

Who sits out is decided first, by turn: those with the fewest byes, then the longest since
their last, then the later in the list of players. Planning looks ahead: the next round is
planned together with the rounds left, so that round-by-round play does not paint itself
into a corner (a round chosen alone can leave no new partners for the last ones).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from .annealing import Seating, anneal
from .rounds import Pair, Round, Table, byes_had, meetings, partnerships
from .whist import whist_rounds

MOVES_PER_SEAT = 400  # moves tried per seat of each planned round
MOST_MOVES = 200_000  # about 2 s of search at most


@dataclass(frozen=True)
class Spread:
    """How often the two players who met most and the two who met least faced each other."""

    most: int
    fewest: int


def rotating_schedule(players: Sequence[int], rounds: int, seed: int = 0) -> list[Round]:
    """A whole schedule of `rounds` rounds for `players` (the same seed, the same schedule)."""
    return plan(players, (), rounds, seed)


def next_rotating_round(
    players: Sequence[int], history: Sequence[Round], rounds_left: int = 1, seed: int = 0
) -> Round:
    """The next round for the players still playing, planned with the rounds left in view."""
    return plan(players, history, rounds_left, seed)[0]


def opponent_spread(rounds: Iterable[Round], players: Collection[int]) -> Spread:
    """The most and the fewest opponent meetings of any two of `players`."""
    met = meetings(rounds)
    ordered = sorted(players)
    counts = [met[frozenset((a, b))] for i, a in enumerate(ordered) for b in ordered[i + 1 :]]
    return Spread(max(counts, default=0), min(counts, default=0))


def sit_outs(players: Sequence[int], history: Sequence[Round], horizon: int) -> list[list[int]]:
    """Who sits out each planned round (beyond a multiple of four), by turn."""
    had = byes_had(history)
    place = {player: n for n, player in enumerate(players)}
    last = dict.fromkeys(players, -1)
    for number, played in enumerate(history):
        last.update((player, number) for player in played.byes if player in last)
    planned = []
    for number in range(len(history), len(history) + horizon):
        turn = sorted(players, key=lambda p: (had[p], last[p], -place[p]))
        out = turn[: len(players) % 4]
        for player in out:
            had[player] += 1
            last[player] = number
        planned.append(out)
    return planned


def plan(players: Sequence[int], history: Sequence[Round], horizon: int, seed: int) -> list[Round]:
    """The next `horizon` rounds for the players, after the rounds played."""
    if len(players) < 4 or len(set(players)) != len(players):
        raise ValueError("rotating partners needs at least four different players")
    if horizon < 1:
        raise ValueError("no rounds to plan")
    rng = random.Random(seed)
    index = {player: i for i, player in enumerate(players)}
    outs = sit_outs(players, history, horizon)
    most = len(history) + horizon
    seating = Seating(len(players), starting_rows(players, history, outs, rng), most)
    seating.count(as_indices(partnerships(history), index), as_indices(meetings(history), index))
    moves = min(MOST_MOVES, MOVES_PER_SEAT * len(seating.rows[0]) * horizon)
    anneal(seating, rng, moves)
    return [
        Round(tables_of(players, row), tuple(out))
        for row, out in zip(seating.rows, outs, strict=True)
    ]


def tables_of(players: Sequence[int], row: list[int]) -> tuple[Table, ...]:
    """A row of seats (player indices) as tables of players, four by four."""
    return tuple(Table(tuple(players[i] for i in row[s : s + 4])) for s in range(0, len(row), 4))


def as_indices(counts: Counter[Pair], index: dict[int, int]) -> list[tuple[int, int]]:
    """Each meeting of two of the players, once per meeting, as their indices."""
    found = []
    for pair, times in counts.items():
        if pair <= index.keys():  # a withdrawn player's meetings count for nothing
            one, other = pair
            found.extend([(index[one], index[other])] * times)
    return found


def starting_rows(
    players: Sequence[int], history: Sequence[Round], outs: list[list[int]], rng: random.Random
) -> list[list[int]]:
    """Where the search starts: the whist design's next rounds while the rounds played are its
    first ones, else each round's players shuffled."""
    design = design_rows(players, history)
    rows = []
    for number, out in enumerate(outs, start=len(history)):
        playing = sorted(i for i, player in enumerate(players) if player not in out)
        if design is not None and number < len(design) and sorted(design[number]) == playing:
            rows.append(list(design[number]))
        else:
            rng.shuffle(playing)
            rows.append(playing)
    return rows


def design_rows(players: Sequence[int], history: Sequence[Round]) -> list[list[int]] | None:
    """The whist design's rounds as rows of player indices, if the rounds played follow it.

    Design point p is player n − 1 − p: round g of a design for 4m + 1 players leaves out
    point g, the player whose turn it is (`sit_outs`).
    """
    n = len(players)
    rounds = whist_rounds(n)
    if rounds is None or len(history) > len(rounds):
        return None
    rows = [[n - 1 - point for table in tables for point in table] for tables in rounds]
    for played, row in zip(history, rows, strict=False):
        if shape(played.tables) != shape(tables_of(players, row)):
            return None
    return rows


def shape(tables: Iterable[Table]) -> frozenset[frozenset[frozenset[int]]]:
    """Tables as who sits with whom: each table's two sides, whatever the seat order."""
    return frozenset(frozenset(frozenset(side) for side in table.sides) for table in tables)
